import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { axeViolations, phoneContextLike, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

/*
 * Several postings at once (docs/product.md#multi-posting), in a real browser: a Lifetime user runs
 * a real corpus resume against three postings from the analyzer, reads the ranked table (cards on a
 * phone) and opens a row's full analysis; History links the rows to their comparison; a Free user
 * sees the feature and the way to Lifetime.
 */
const root = path.resolve(import.meta.dirname, "../..");
const corpus = path.resolve(root, "../shared/corpus/pdfs");
const hasCorpus = existsSync(corpus);
if (!hasCorpus) console.log(`multi-posting journey: ${corpus} is missing, skipping`);
const job = (role: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures", role, "job.txt"), "utf8");
const POSTINGS = [job("software-engineer"), job("data-analyst"), job("project-manager")];
const shots = process.env.JOURNEY_SHOTS ?? "/tmp/shots/e";

withAppAndBrowser();

/** Pays for Lifetime with the test card through the test-payment API, as the billing journeys do. */
async function becomeLifetime(page: Page): Promise<void> {
  const headers = { origin: server.baseUrl };
  const intent = await page.request.post(`${server.baseUrl}/api/create-payment-intent`, {
    data: { amount: 10 },
    headers,
  });
  expect(intent.status()).toBe(200);
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await page.request.post(`${server.baseUrl}/api/test-payments/confirm`, {
    data: { paymentIntentId, cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" },
    headers,
  });
  expect(paid.status()).toBe(200);
}

async function scores(page: Page): Promise<number[]> {
  const texts = await page.getByTestId("comparison-band").locator("xpath=..").allInnerTexts();
  return texts.map((text) => Number(/(\d+)\s*\/100/.exec(text)?.[1] ?? Number.NaN));
}

describe.skipIf(!hasCorpus)("several postings at once, in a real browser", () => {
  it("a Lifetime user compares a corpus resume with three postings, reads the ranking and opens a row", async () => {
    mkdirSync(shots, { recursive: true });
    const page = await signedInPage(browser, server, `compare-${Date.now()}@example.com`);
    const errors = watchErrors(page, server.baseUrl);
    await becomeLifetime(page);
    await page.reload();

    const pdf = path.join(
      corpus,
      readdirSync(corpus).find((f) => f.includes("weasyprint-cairo-classic")) ?? "",
    );
    await page.locator('input[type="file"]').setInputFiles(pdf);
    await page.getByText("Upload successful").first().waitFor();
    await page.getByRole("textbox", { name: /job description/i }).fill(POSTINGS[0] ?? "");
    await page.getByRole("button", { name: "Compare several postings" }).click();
    await page.getByRole("textbox", { name: "Job posting 2" }).fill(POSTINGS[1] ?? "");
    await page.getByRole("button", { name: "Add another posting" }).click();
    await page.getByRole("textbox", { name: "Job posting 3" }).fill(POSTINGS[2] ?? "");
    await page.getByTestId("compare-postings").screenshot({ path: path.join(shots, "form-desktop.png") });

    await page.getByRole("button", { name: "Compare 3 postings" }).click();
    await page.getByRole("dialog", { name: "Analyzing Your Resume" }).waitFor();
    await page.screenshot({ path: path.join(shots, "overlay-desktop.png") });
    // The comparison opens, or the run failed and the toast says why (shown in the assertion).
    const failed = page.getByText("Comparison Failed").locator("xpath=..");
    await Promise.race([
      page.waitForURL(/\/compare\/\d+$/, { timeout: 90_000 }),
      failed.waitFor({ timeout: 90_000 }).then(async () => {
        await page.screenshot({ path: path.join(shots, "failed-desktop.png") });
        throw new Error(`the comparison failed: ${await failed.textContent()}`);
      }),
    ]);
    const comparisonUrl = page.url();

    const table = page.getByRole("table", { name: /ranked by how well your resume matches/ });
    await table.waitFor();
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBe(3);
    const ranked = await scores(page);
    expect(ranked.slice(0, 3)).toEqual([...ranked.slice(0, 3)].sort((a, b) => b - a));
    expect((await rows.nth(0).locator("td").first().textContent())?.trim()).toBe("1");
    await page.getByRole("heading", { name: "What the postings share" }).waitFor();
    await page.screenshot({ path: path.join(shots, "comparison-desktop.png"), fullPage: true });
    const serious = (await axeViolations(page)).filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(serious).toEqual([]);

    // A row opens its full analysis.
    await rows
      .nth(0)
      .getByRole("link", { name: /^View Analysis/ })
      .click();
    await page.waitForURL(/\/analysis\/\d+$/);
    await page.getByRole("heading", { name: "Analysis Results" }).waitFor({ timeout: 30_000 });

    // History: each posting is an analysis of its own, linked to the comparison.
    await page.goto(`${server.baseUrl}/history`);
    await page.getByRole("heading", { level: 1, name: "Analysis History" }).waitFor();
    const links = page.getByRole("link", { name: "Part of a comparison" });
    await expect.poll(() => links.count()).toBe(3);
    await page.screenshot({ path: path.join(shots, "history-desktop.png") });
    await links.first().click();
    await page.waitForURL(comparisonUrl);
    await table.waitFor();

    // On a phone: the same ranking as cards, no table to scroll sideways.
    const phone = await phoneContextLike(browser, page);
    const mobile = await phone.newPage();
    const mobileErrors = watchErrors(mobile, server.baseUrl);
    await mobile.goto(comparisonUrl);
    const cards = mobile.getByRole("list", { name: "Job postings ranked by match" });
    await cards.waitFor();
    expect(await cards.locator(":scope > li").count()).toBe(3);
    expect(await mobile.getByRole("table").isVisible()).toBe(false);
    const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await mobile.screenshot({ path: path.join(shots, "comparison-phone.png"), fullPage: true });
    await cards
      .locator(":scope > li")
      .first()
      .getByRole("link", { name: /^View Analysis/ })
      .click();
    await mobile.getByRole("heading", { name: "Analysis Results" }).waitFor({ timeout: 30_000 });
    await phone.close();

    expect(errors).toEqual([]);
    expect(mobileErrors).toEqual([]);
  });

  it("a Free user sees the feature with the way to Lifetime, on desktop and phone", async () => {
    const page = await signedInPage(browser, server, `compare-free-${Date.now()}@example.com`);
    const errors = watchErrors(page, server.baseUrl);
    await page.getByRole("button", { name: "Compare several postings" }).click();
    const card = page.getByTestId("compare-postings");
    await card.getByText(/part of the Lifetime plan/).waitFor();
    expect(await card.getByRole("textbox").count()).toBe(0);
    await card.screenshot({ path: path.join(shots, "free-upgrade-desktop.png") });

    const phone = await phoneContextLike(browser, page);
    const mobile = await phone.newPage();
    await mobile.goto(server.baseUrl);
    await mobile.getByRole("button", { name: "Compare several postings" }).click();
    await mobile
      .getByTestId("compare-postings")
      .getByText(/part of the Lifetime plan/)
      .waitFor();
    await mobile.getByTestId("compare-postings").scrollIntoViewIfNeeded();
    await mobile.screenshot({ path: path.join(shots, "free-upgrade-phone.png") });
    await phone.close();

    await card.getByRole("link", { name: "Upgrade to Lifetime" }).click();
    await page.waitForURL(`${server.baseUrl}/checkout`);
    expect(errors).toEqual([]);
  });
});
