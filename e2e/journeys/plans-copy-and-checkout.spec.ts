import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { axeViolations, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer", name), "utf8");
const SHOTS = process.env.JOURNEY_SHOTS ?? "/tmp";

withAppAndBrowser();

/** The card around a plan's heading (its nearest `relative` ancestor, as PlanCard draws it). */
function planCard(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole("heading", { name, exact: true })
    .locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' relative ')][1]");
}

/** What every plan gets is not sold as Lifetime's; what Lifetime adds is. */
async function expectTruePlans(scope: Page | Locator) {
  const free = (await planCard(scope, "Free").textContent()) ?? "";
  const lifetime = (await planCard(scope, "Lifetime").textContent()) ?? "";
  expect(free).toContain("PDF and ZIP export of your reports");
  expect(lifetime).not.toMatch(/PDF|Advanced recommendations|Priority email notifications/);
  expect(lifetime).toContain("Unlimited analyses");
  expect(lifetime).toContain("Score trends in your analysis history");
  expect(lifetime).toContain("Priority support");
}

describe("plans: copy true to each plan, and a checkout that charges once", () => {
  it("sells Lifetime only what it adds, on /pricing (1280 and 390 px), /billing and the dialog; a free user does export the PDF", async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/pricing`);
      await page.getByRole("heading", { level: 2, name: "Lifetime" }).waitFor();
      await expectTruePlans(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: `${SHOTS}/plans-pricing-${viewport.width}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }

    const page = await signedInPage(browser, server, `plans-${Date.now()}@example.com`);
    const errors = watchErrors(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/billing`);
    await page.getByText("Unlimited analyses, score trends in your history and priority support").waitFor();
    await page.getByRole("button", { name: "Upgrade", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Choose Your Plan" });
    await dialog.waitFor();
    await expectTruePlans(dialog);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/plans-dialog-390.png` });
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The Free plan really does export: a free user's analysis downloads its PDF report package.
    const resume = await page.request.post(`${server.baseUrl}/api/create-text-resume`, {
      data: { content: fixture("resume.txt") },
      headers: { origin: server.baseUrl },
    });
    const { id: resumeId } = (await resume.json()) as { id: number };
    const analysis = await page.request.post(`${server.baseUrl}/api/analyze`, {
      data: { resumeId, jobDescription: fixture("job.txt") },
      headers: { origin: server.baseUrl },
    });
    const { id } = (await analysis.json()) as { id: number };
    await page.goto(`${server.baseUrl}/history`);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export" }).first().click();
    expect((await download).suggestedFilename()).toBe(`analysis-report-${id}.zip`);
    await page.getByText("Export Successful").first().waitFor();
    expect(errors).toEqual([]);
  });

  it("double clicks and reloads the checkout: one intent, the attempt limit untouched, one payment of $10", async () => {
    const page = await signedInPage(browser, server, `checkout-${Date.now()}@example.com`);
    const errors = watchErrors(page, server.baseUrl);
    const intents: string[] = [];
    let confirms = 0;
    page.on("response", async (response) => {
      if (response.url().endsWith("/api/create-payment-intent")) {
        intents.push(
          response.ok()
            ? ((await response.json()) as { paymentIntentId: string }).paymentIntentId
            : "refused",
        );
      }
    });
    page.on("request", (request) => {
      if (request.url().endsWith("/api/test-payments/confirm")) confirms += 1;
    });

    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole("button", { name: "Upgrade to Lifetime" }).dblclick();
    await page.waitForURL(`${server.baseUrl}/checkout`);
    await page.getByLabel("Card number").waitFor();
    // Reopening the checkout a dozen times (a flaky connection, a doubtful user) used to spend the
    // 10 payment attempts and then send the user back to Billing with 'Payment Failed'.
    for (let i = 0; i < 11; i++) {
      await page.reload();
      await page.getByLabel("Card number").waitFor();
    }
    await expect.poll(() => intents.length).toBe(12);
    expect(new Set(intents)).toEqual(new Set([intents[0]]));
    expect(intents[0]).not.toBe("refused");
    expect(page.url()).toBe(`${server.baseUrl}/checkout`);

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel(/Expir/).fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay $10" }).dblclick();
    await page.getByText("Payment Successful").first().waitFor();
    await page.waitForURL(`${server.baseUrl}/billing`);
    expect(confirms).toBe(1);
    const billing = (await (await page.request.get(`${server.baseUrl}/api/billing`)).json()) as {
      subscription: string;
      payments: { amountCents: number }[];
    };
    expect(billing.subscription).toBe("lifetime");
    expect(billing.payments.map((payment) => payment.amountCents)).toEqual([1000]);
    expect(errors).toEqual([]);
  });
});
