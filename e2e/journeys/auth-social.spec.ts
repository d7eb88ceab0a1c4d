import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider } from "../../apps/api/test/oidc.ts";
import { signedInPage } from "../support/account.ts";
import { axeViolations, launchBrowser, watchErrors } from "../support/browser.ts";
import { type AppServer, freePort, startServer } from "../support/server.ts";

/*
 * Issue 15: social buttons say up front which providers this server can use (Google is configured
 * here, the others are not), the same on /auth and in Settings; and a provider sign-in started from
 * a deep link comes back to that page.
 */

const SHOTS = process.env.AUTH_SHOTS_DIR ?? "/tmp/auth-shots";

let server: AppServer;
let browser: Browser;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const port = await freePort();
  idp = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/callback/test-oidc`);
  server = await startServer(
    {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      GOOGLE_CLIENT_ID: "journey-google-client",
      GOOGLE_CLIENT_SECRET: "journey-google-secret",
    },
    { port },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
});

async function expectAxeClean(page: Page, screen: string) {
  await page.waitForTimeout(350);
  const violations = await axeViolations(page);
  expect(
    violations.map(
      (v) => `${screen}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

const UNAVAILABLE_NOTE =
  "GitHub, Facebook and LinkedIn sign-in are not configured on this server. Use your email and password instead.";

describe("social buttons show which providers work", () => {
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    it(`on /auth (${viewport.name}): unconfigured ones are disabled with the reason, a configured one starts`, async () => {
      const page = await (await browser.newContext({ viewport })).newPage();
      const errors = watchErrors(page, server.baseUrl);
      await page.goto(`${server.baseUrl}/auth`);
      const note = page.getByText(UNAVAILABLE_NOTE);
      await note.waitFor();
      const noteId = await note.getAttribute("id");
      for (const name of ["GitHub", "Facebook", "LinkedIn"]) {
        const button = page.getByRole("button", { name, exact: true });
        expect(await button.isDisabled(), name).toBe(true);
        expect(await button.getAttribute("aria-describedby")).toBe(noteId);
      }
      const google = page.getByRole("button", { name: "Google", exact: true });
      expect(await google.isDisabled()).toBe(false);
      await page.screenshot({ path: `${SHOTS}/social-auth-${viewport.name}.png`, fullPage: true });
      await expectAxeClean(page, `/auth social (${viewport.name})`);

      // Google has credentials here: its button leaves for Google (answered offline by the test).
      let authorizeUrl: URL | null = null;
      await page.route("https://accounts.google.com/**", async (route) => {
        authorizeUrl = new URL(route.request().url());
        await route.fulfill({ status: 200, contentType: "text/html", body: "<title>Google</title>" });
      });
      await google.click();
      await page.waitForURL((url) => url.hostname === "accounts.google.com");
      expect(authorizeUrl).not.toBeNull();
      expect((authorizeUrl as unknown as URL).searchParams.get("redirect_uri")).toBe(
        `${server.baseUrl}/api/auth/callback/google`,
      );
      expect(errors).toEqual([]);
    });
  }

  it("in Settings, with the same reason for each provider that cannot be connected", async () => {
    const page = await signedInPage(browser, server, `social-settings-${Date.now()}@example.com`);
    await page.goto(`${server.baseUrl}/settings`);
    const list = page.getByRole("list", { name: "Connected accounts" });
    await list.getByText("GitHub sign-in is not configured on this server.").waitFor();
    await list.getByText("LinkedIn sign-in is not configured on this server.").waitFor();
    expect(await list.getByRole("button", { name: "Connect GitHub" }).isDisabled()).toBe(true);
    expect(await list.getByRole("button", { name: "Connect LinkedIn" }).isDisabled()).toBe(true);
    expect(await list.getByRole("button", { name: "Connect Google" }).isDisabled()).toBe(false);
    expect(await list.getByText("Google sign-in is not configured on this server.").count()).toBe(0);
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/social-settings-desktop.png` });
  });
});

describe("provider sign-in from a deep link", () => {
  it("opens /history signed out, signs in with the provider and comes back to /history", async () => {
    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page, server.baseUrl);
    const email = `sso-deep-${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/history`);
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByRole("button", { name: "Continue with test SSO" }).click();
    await page.waitForURL((url) => url.toString().startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill("anything");
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click(); // consent
    await page.waitForURL(`${server.baseUrl}/history`);
    await page.getByRole("heading", { level: 1, name: "Analysis History" }).waitFor();
    expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
  });
});
