import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildLinkedInExportZip } from "../../apps/api/test/linkedin-fixtures.ts";
import { totp } from "../../apps/api/test/totp.ts";
import { signedInPage } from "../support/account.ts";
import { axeViolations, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

withAppAndBrowser();

/** A code the server has not seen yet: after one is used, wait for the authenticator's next one. */
async function nextCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = totp(secret);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe("settings, end to end in a real browser", () => {
  it("saves the profile, turns on 2FA and signs in with a code, syncs LinkedIn, opens two career paths and deletes the account", async () => {
    const email = `settings-${Date.now()}@example.com`;
    const password = "journey-pass-1";
    const page = await signedInPage(browser, server, email);
    // The wrong code typed on purpose is answered 401; the browser logs that as an error.
    const errors = watchErrors(page, server.baseUrl, {
      ignore: [`${server.baseUrl}/api/auth/two-factor/verify-totp`],
    });
    const base = server.baseUrl;

    // Profile.
    await page.goto(`${base}/settings`);
    await page.getByLabel("First name").fill("Avery");
    await page.getByLabel("Last name").fill("Quinn");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Profile Updated").first().waitFor();
    await page.getByText("Email cannot be changed").waitFor();
    await expectNoAxeViolations(page);

    // Two-factor: enrol with the password, the secret and a code; backup codes are shown once.
    const used = new Set<string>();
    await page.getByRole("button", { name: "Enable" }).click();
    const enrol = page.getByRole("dialog");
    await enrol.getByLabel("Password", { exact: true }).fill(password);
    await enrol.getByRole("button", { name: "Continue" }).click();
    const secret = ((await enrol.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await enrol.getByLabel("6-digit code").fill(await nextCode(secret, used));
    await enrol.getByRole("button", { name: "Verify and turn on" }).click();
    const backupCodes = enrol.getByRole("list", { name: "Backup codes" });
    await backupCodes.waitFor();
    expect(await backupCodes.getByRole("listitem").count()).toBeGreaterThanOrEqual(8);
    await enrol.getByRole("button", { name: "Done" }).click();

    // Sign out; signing in with the password now asks for the code.
    await page.getByRole("button", { name: /account menu/i }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/auth`);
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password").fill(password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    const second = page.getByRole("form", { name: "Two-factor authentication" });
    await second.getByLabel("Authentication code").fill("000000");
    await second.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.url()).toBe(`${base}/auth`);
    await second.getByLabel("Authentication code").fill(await nextCode(secret, used));
    await second.getByRole("button", { name: "Verify" }).click();
    // Signed in: off /auth (to / or, when the sign-out raced the settings page's guard, back to
    // /settings, the page the guard remembered).
    await page.waitForURL((url) => url.pathname !== "/auth");
    await page.getByRole("button", { name: /account menu/i }).waitFor();

    // LinkedIn: import the data export, then sync the profile URL.
    await page.goto(`${base}/settings?tab=linkedin`);
    await page.getByRole("button", { name: "Sync Profile" }).click();
    await page.getByText("Invalid URL").first().waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: "Basic_LinkedInDataExport_01-02-2026.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(buildLinkedInExportZip()),
    });
    await page.getByText("LinkedIn Profile Synced").first().waitFor();
    await page.getByLabel("LinkedIn profile URL").fill("https://www.linkedin.com/in/avery-quinn-example");
    await page.getByRole("button", { name: "Sync Profile" }).click();
    await expect.poll(() => page.getByText("LinkedIn Profile Synced").count()).toBeGreaterThan(0);
    await page.getByText("Avery Quinn").first().waitFor();
    const skills = page.getByRole("list", { name: "LinkedIn skills" });
    expect(await skills.getByRole("listitem").count()).toBeLessThanOrEqual(8);
    expect(await skills.getByRole("listitem").count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // Career paths: the default role, then a nurse's, picked with the search box.
    await page.goto(`${base}/settings?tab=career`);
    await page.getByRole("heading", { level: 2, name: /to Software Engineer$/ }).waitFor();
    await page
      .getByRole("img", { name: /salary/i })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    const search = page.getByRole("combobox", { name: "Target role" });
    await search.fill("registered nurse");
    await page
      .getByRole("option", { name: /Registered Nurse/ })
      .first()
      .click();
    await page.getByRole("heading", { level: 2, name: /to Registered Nurse$/ }).waitFor();
    await page.getByText("U.S. national wage percentiles, BLS OEWS May 2025").first().waitFor();

    // Sessions: this browser is listed and marked; the data export downloads through a POST.
    await page.goto(`${base}/settings`);
    const sessions = page.getByRole("list", { name: "Signed-in sessions" });
    await sessions.getByText("This device").waitFor();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download my data" }).click();
    expect((await download).suggestedFilename()).toMatch(/^resumelens-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await page.getByText("Export Successful").first().waitFor();

    // Delete the account: type the email, the password and a code (two-factor is on), and the
    // browser is back on the landing page.
    await page.getByRole("button", { name: "Delete Account" }).click();
    const confirm = page.getByRole("dialog");
    const erase = confirm.getByRole("button", { name: "Delete my account" });
    expect(await erase.isDisabled()).toBe(true);
    await confirm.getByLabel("Type your email to confirm").fill(email);
    await confirm.getByLabel("Password", { exact: true }).fill(password);
    expect(await erase.isDisabled()).toBe(true);
    await confirm.getByLabel("Authentication code").fill(await nextCode(secret, used));
    await expectNoAxeViolations(page);
    await erase.click();
    await page.waitForURL(`${base}/`);
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    const again = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password }),
    });
    expect(again.status).toBe(401);
    expect(errors).toEqual([]);
  });
});
