import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

withAppAndBrowser();

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

describe("an account, end to end in a real browser", () => {
  it("signs up, verifies by email, signs in, sees the user menu and logs out to /", async () => {
    const { page, errors } = await newPage();
    const email = `journey-${Date.now()}@example.com`;
    const password = "journey-pass-1";

    await page.goto(`${server.baseUrl}/`);
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await page.waitForURL(`${server.baseUrl}/auth`);

    await page.getByRole("tab", { name: "Sign Up" }).click();
    const signUp = page.getByRole("form", { name: "Sign up" });
    await signUp.getByLabel("Email").fill(email);
    await signUp.getByLabel("Password", { exact: true }).fill(password);
    await signUp.getByLabel("Confirm password").fill("not-the-same");
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => signUp.getByText("Passwords do not match").count()).toBe(1);

    await signUp.getByLabel("Confirm password").fill(password);
    const before = server.outboxCount();
    const alert = page.waitForEvent("dialog");
    await signUp.getByRole("button", { name: "Create Account" }).click();
    const dialog = await alert;
    expect(dialog.message()).toBe("Check your email for a confirmation link!");
    await dialog.accept();

    const link = await server.mailLink(email, { after: before });
    await page.goto(link);
    await page.waitForURL(`${server.baseUrl}/`);
    const menu = page.getByRole("button", { name: /account menu/i });
    await menu.waitFor();

    // Log out, then sign in with the password.
    await menu.click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();

    await page.goto(`${server.baseUrl}/auth`);
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password").fill("wrong-password");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => page.getByText("Invalid email or password").count()).toBeGreaterThan(0);
    await signIn.getByLabel("Password").fill(password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    await page.getByRole("button", { name: /account menu/i }).click();
    const localPart = email.split("@")[0] ?? "";
    await page.getByRole("menu").getByText(localPart, { exact: true }).waitFor();
    await page.getByRole("menu").getByText(email, { exact: true }).waitFor();
    for (const item of ["History", "Settings", "Billing", "Log out"]) {
      await page.getByRole("menuitem", { name: item }).waitFor();
    }
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();

    // Signed out: a private page sends the visitor to /auth.
    await page.goto(`${server.baseUrl}/history`);
    await page.waitForURL(`${server.baseUrl}/auth`);
    expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
  });

  it("shows '404 Page Not Found' with HTTP 404 for an unknown path", async () => {
    const { page } = await newPage();
    const response = await page.goto(`${server.baseUrl}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    await page.getByText("404 Page Not Found").waitFor();
  });

  it.each(["/", "/pricing", "/privacy", "/auth"])(
    "has no serious accessibility violation on %s",
    async (route) => {
      const { page } = await newPage();
      await page.goto(`${server.baseUrl}${route}`);
      await page.locator("main").waitFor();
      const violations = await axeViolations(page);
      expect(
        violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      ).toEqual([]);
    },
  );
});
