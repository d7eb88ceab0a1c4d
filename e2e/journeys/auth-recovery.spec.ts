import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, watchErrors } from "../support/browser.ts";
import { type AppServer, startServer } from "../support/server.ts";

/*
 * Issue 15: a lost password, an unconfirmed address and a deep link, as a job seeker meets them.
 * Screenshots go to SHOTS for a person to look at.
 */

const SHOTS = process.env.AUTH_SHOTS_DIR ?? "/tmp/auth-shots";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify(body),
  });
}

/** A confirmed account made through the API (its link opened outside any browser). */
async function confirmedAccount(email: string, password: string): Promise<void> {
  const before = server.outboxCount();
  expect((await post("/api/auth/sign-up/email", { email, password, name: "" })).status).toBe(200);
  const link = await server.mailLink(email, { after: before });
  expect((await fetch(link, { redirect: "manual" })).status).toBe(302);
}

async function expectAxeClean(page: Page, screen: string) {
  await page.waitForTimeout(350);
  const violations = await axeViolations(page);
  expect(
    violations.map(
      (v) => `${screen}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

const path = (page: Page) => new URL(page.url()).pathname;

describe("forgot password", () => {
  it("locked out after a stranger's guesses, the owner resets by mail and signs in with the new password", async () => {
    const email = `reset-${Date.now()}@example.com`;
    await confirmedAccount(email, "old-password-1");
    // Eight wrong guesses from elsewhere lock sign-in for this address.
    for (let i = 0; i < 8; i++) {
      expect((await post("/api/auth/sign-in/email", { email, password: `guess-${i}` })).status).toBe(401);
    }

    const { page, errors } = await newPage();
    await page.goto(`${server.baseUrl}/auth`);
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password", { exact: true }).fill("old-password-1");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await signIn.getByText(/Too many sign-in attempts/).waitFor();

    await signIn.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${server.baseUrl}/auth/forgot-password`);
    const request = page.getByRole("form", { name: "Reset your password" });
    // The address typed on the sign-in tab comes along.
    expect(await request.getByLabel("Email").inputValue()).toBe(email);
    await page.screenshot({ path: `${SHOTS}/forgot-desktop.png` });
    await expectAxeClean(page, "forgot password");
    const before = server.outboxCount();
    await request.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    const sentText = await page.locator("main").textContent();
    expect(sentText).toContain(`If an account exists for ${email}`);
    expect(await page.getByRole("button", { name: "Send again" }).isDisabled()).toBe(true);
    await page.getByText(/You can send again in \d+ s/).waitFor();
    await page.screenshot({ path: `${SHOTS}/forgot-sent-desktop.png` });

    const link = await server.mailLink(email, { after: before });
    await page.goto(link);
    await page.waitForURL(`${server.baseUrl}/auth/reset-password`);
    // The token does not stay in the address bar.
    expect(page.url()).not.toContain("token");
    const reset = page.getByRole("form", { name: "Choose a new password" });
    await reset.getByLabel("New password", { exact: true }).fill("new-password-1");
    await reset.getByLabel("Confirm new password").fill("new-password-2");
    await reset.getByRole("button", { name: "Update password" }).click();
    await reset.getByText("Passwords do not match").waitFor();
    await reset.getByLabel("New password", { exact: true }).fill("12345");
    await reset.getByLabel("Confirm new password").fill("12345");
    await reset.getByRole("button", { name: "Update password" }).click();
    await reset.getByText("Password must be at least 6 characters").waitFor();
    await page.screenshot({ path: `${SHOTS}/reset-errors-desktop.png` });
    await expectAxeClean(page, "reset password");
    await reset.getByLabel("New password", { exact: true }).fill("new-password-1");
    await reset.getByLabel("Confirm new password").fill("new-password-1");
    await reset.getByRole("button", { name: "Update password" }).click();

    // On sign-in, with a success toast; the lock is lifted and the new password works.
    await page.waitForURL(`${server.baseUrl}/auth`);
    await page.getByText("Password updated").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/reset-done-desktop.png` });
    const again = page.getByRole("form", { name: "Sign in" });
    // The address the reset was for is filled in.
    expect(await again.getByLabel("Email").inputValue()).toBe(email);
    await again.getByLabel("Password", { exact: true }).fill("new-password-1");
    await again.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("button", { name: /account menu/i }).waitFor();

    // The used link now says so, and offers a new one.
    await page.goto(link);
    await page.getByRole("heading", { name: "This reset link no longer works" }).waitFor();
    await page.getByRole("link", { name: "Send a new link" }).waitFor();
    expect(errors.filter((e) => !/40[01]|429/.test(e))).toEqual([]);
  });

  it("answers an address without an account exactly as one with an account", async () => {
    const { page } = await newPage();
    const texts: string[] = [];
    const known = `known-${Date.now()}@example.com`;
    await confirmedAccount(known, "known-pass-1");
    for (const email of [known, `nobody-${Date.now()}@example.com`]) {
      await page.goto(`${server.baseUrl}/auth/forgot-password`);
      const form = page.getByRole("form", { name: "Reset your password" });
      await form.getByLabel("Email").fill(email);
      await form.getByRole("button", { name: "Send reset link" }).click();
      await page.getByRole("heading", { name: "Check your email" }).waitFor();
      texts.push(
        ((await page.locator("main").textContent()) ?? "").replace(email, "<email>").replace(/\d+ s/, "N s"),
      );
    }
    expect(texts[1]).toBe(texts[0]);
  });

  it("works on a phone: the forgot and reset pages fit 390 px and pass axe", async () => {
    const email = `phone-${Date.now()}@example.com`;
    await confirmedAccount(email, "phone-pass-1");
    const { page } = await newPage(PHONE);
    await page.goto(`${server.baseUrl}/auth`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const form = page.getByRole("form", { name: "Reset your password" });
    await form.getByLabel("Email").fill(email);
    const before = server.outboxCount();
    await form.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/forgot-sent-phone.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page, "forgot password, sent (phone)");

    await page.goto(await server.mailLink(email, { after: before }));
    await page.getByRole("form", { name: "Choose a new password" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/reset-phone.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page, "reset password (phone)");
  });
});

describe("confirm-email reminder", () => {
  it("stays after sign-up, through a reload, counts down, resends, and goes once the address is confirmed", async () => {
    const { page, errors } = await newPage(PHONE);
    const email = `remind-${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const signUp = page.getByRole("form", { name: "Sign up" });
    await signUp.getByLabel("Email").fill(email);
    await signUp.getByLabel("Password", { exact: true }).fill("remind-pass-1");
    await signUp.getByLabel("Confirm password").fill("remind-pass-1");
    // The sign-up alert is accepted before the page moves on (a navigation would close it first).
    const alert = page.waitForEvent("dialog");
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await (await alert).accept();

    const reminder = page.getByRole("region", { name: "Confirm your email address" });
    await reminder.getByText(email).waitFor();
    const resend = reminder.getByRole("button", { name: "Resend" });
    expect(await resend.isDisabled()).toBe(true);
    const first = await reminder.getByText(/You can resend in \d+ s/).textContent();
    await page.screenshot({ path: `${SHOTS}/reminder-phone.png`, fullPage: true });
    await expectAxeClean(page, "confirm-email reminder (phone)");
    // A second later the countdown has moved.
    await expect.poll(() => reminder.getByText(/You can resend in \d+ s/).textContent()).not.toBe(first);

    await page.reload();
    await reminder.getByText(email).waitFor();

    // A minute on (moved forward rather than waited for), 'Resend' mails a new link.
    await page.evaluate(() => {
      const key = "resumelens.pending-verification";
      const value = JSON.parse(localStorage.getItem(key) ?? "{}") as { sentAt: number };
      localStorage.setItem(key, JSON.stringify({ ...value, sentAt: value.sentAt - 61_000 }));
    });
    await page.reload();
    await expect.poll(() => resend.isDisabled()).toBe(false);
    const before = server.outboxCount();
    await resend.click();
    await page.getByText("Confirmation email sent").first().waitFor();
    await reminder.getByText(/You can resend in \d+ s/).waitFor();
    const link = await server.mailLink(email, { after: before });

    await page.goto(link);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("button", { name: /account menu/i }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("resumelens.pending-verification"))).toBeNull();
    expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
  });
});

describe("deep links", () => {
  it("signs in from /history and lands on /history, not /", async () => {
    const email = `deep-${Date.now()}@example.com`;
    await confirmedAccount(email, "deep-pass-1");
    const { page } = await newPage();
    await page.goto(`${server.baseUrl}/history?page=1`);
    await page.waitForURL((url) => url.pathname === "/auth");
    // A reload of /auth keeps where the person was going.
    await page.reload();
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password", { exact: true }).fill("deep-pass-1");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.baseUrl}/history?page=1`);
    await page.getByRole("heading", { level: 1, name: "Analysis History" }).waitFor();
  });

  it("keeps the return path through 'Forgot password?' and back", async () => {
    const email = `detour-${Date.now()}@example.com`;
    await confirmedAccount(email, "detour-pass-1");
    const { page } = await newPage();
    await page.goto(`${server.baseUrl}/billing`);
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page
      .getByRole("form", { name: "Reset your password" })
      .getByRole("link", { name: "Sign in" })
      .click();
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password", { exact: true }).fill("detour-pass-1");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.baseUrl}/billing`);
  });

  it("signs up from /settings and the confirmation link lands on /settings", async () => {
    const { page } = await newPage();
    const email = `deep-signup-${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/settings`);
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const signUp = page.getByRole("form", { name: "Sign up" });
    await signUp.getByLabel("Email").fill(email);
    await signUp.getByLabel("Password", { exact: true }).fill("deep-signup-1");
    await signUp.getByLabel("Confirm password").fill("deep-signup-1");
    const before = server.outboxCount();
    // The sign-up alert is accepted before the page moves on (a navigation would close it first).
    const alert = page.waitForEvent("dialog");
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await (await alert).accept();
    await page.goto(await server.mailLink(email, { after: before }));
    await page.waitForURL(`${server.baseUrl}/settings`);
  });

  it("refuses a return address off this site and lands on / instead", async () => {
    const email = `evil-${Date.now()}@example.com`;
    await confirmedAccount(email, "evil-pass-1");
    for (const next of [
      "//evil.example/history",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "/.//evil.example",
    ]) {
      const { page } = await newPage();
      await page.goto(`${server.baseUrl}/auth?next=${encodeURIComponent(next)}`);
      const signIn = page.getByRole("form", { name: "Sign in" });
      await signIn.getByLabel("Email").fill(email);
      await signIn.getByLabel("Password", { exact: true }).fill("evil-pass-1");
      await signIn.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      expect(path(page), next).toBe("/");
      await page.context().close();
    }
  });
});
