import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider } from "../../apps/api/test/oidc.ts";
import { launchBrowser, watchErrors } from "../support/browser.ts";
import { type AppServer, freePort, startServer } from "../support/server.ts";

let server: AppServer;
let browser: Browser;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  const port = await freePort();
  idp = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/callback/test-oidc`);
  server = await startServer(
    { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret },
    { port },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
});

/** Plays the user on the provider's own (development) login and consent pages. */
async function loginAtProvider(page: import("playwright-core").Page, email: string) {
  await page.waitForURL((url) => url.toString().startsWith(idp.issuer));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click(); // consent
}

describe("third-party sign-in in a real browser", () => {
  it("signs a new user in through the provider and back to /", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page, server.baseUrl);
    const email = `sso-${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/auth`);
    await page.getByRole("button", { name: "Continue with test SSO" }).click();
    await loginAtProvider(page, email);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("button", { name: /account menu/i }).click();
    await page.getByRole("menu").getByText(email, { exact: true }).waitFor();
    expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
  });

  it("opens the conflict dialog when the email already has a password account", async () => {
    const email = `clash-${Date.now()}@example.com`;
    const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify({ email, password: "clash-pass-1", name: "" }),
    });
    expect(signUp.status).toBe(200);

    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}/auth`);
    await page.getByRole("button", { name: "Continue with test SSO" }).click();
    await loginAtProvider(page, email);
    await page.waitForURL((url) => url.pathname === "/auth");

    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "This email already has an account" }).waitFor();
    const steps = dialog.getByRole("listitem");
    expect(await steps.count()).toBe(6);
    for (let step = 0; step < 6; step++) {
      await dialog.getByRole("button", { name: "Mark Step Complete" }).click();
    }
    await dialog.getByRole("link", { name: "Get Help" }).waitFor();
    expect(await dialog.getByRole("link", { name: "Get Help" }).getAttribute("href")).toMatch(/^mailto:/);
    // The failed sign-in left nobody signed in.
    const session = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.status));
    expect(session).toBe(401);
  });

  it("says clearly when a social provider is not configured, before anyone clicks it", async () => {
    // Issue 15: the button is shown unavailable with the reason (more in auth-social.spec.ts).
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}/auth`);
    await page
      .getByText(/Google, GitHub, Facebook and LinkedIn sign-in are not configured on this server/)
      .waitFor();
    expect(await page.getByRole("button", { name: "Google", exact: true }).isDisabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/auth");
  });
});
