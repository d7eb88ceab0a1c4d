import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeFake, signedWebhook, startStripeFake } from "../../apps/api/test/stripe-fake.ts";
import { signedInPage } from "../support/account.ts";
import { axeViolations, launchBrowser, watchErrors } from "../support/browser.ts";
import { type AppServer, startServer } from "../support/server.ts";
import { routeStripe } from "../support/stripe.ts";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer", name), "utf8");
const resume = fixture("resume.txt");
const job = fixture("job.txt");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

let runs = 0;

/** Runs one analysis through the analyzer with a pasted resume and returns to a fresh analyzer. */
async function analyzeOnce(page: Page, baseUrl: string) {
  // A different posting each run: the same resume and job again within seconds is one request.
  runs += 1;
  await page.goto(`${baseUrl}/`);
  await page.getByRole("tab", { name: "Paste Text" }).click();
  await page.getByRole("textbox", { name: "Resume text" }).fill(resume);
  await page.getByRole("button", { name: "Use Text Resume" }).click();
  await page.getByRole("textbox", { name: /job description/i }).fill(`${job}\n\nPosting ${runs}`);
  await page.getByRole("button", { name: "Analyze Resume with AI" }).click();
  await page.getByText("Analysis Results").first().waitFor({ timeout: 60_000 });
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

describe("the lifetime upgrade in test-payment mode", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("uses 3 free analyses, is stopped at the 4th, upgrades at checkout, analyzes again and downloads the receipt", async () => {
    const page = await signedInPage(browser, server);
    // The declined test card is answered 402 on purpose; the browser logs that as an error.
    const errors = watchErrors(page, server.baseUrl, {
      ignore: [`${server.baseUrl}/api/test-payments/confirm`],
    });

    for (let i = 0; i < 3; i++) await analyzeOnce(page, server.baseUrl);

    // The 4th: the limit alert (docs/product.md#monthly-limit), and no call to the server.
    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId("usage-count").filter({ hasText: "3 / 3" }).waitFor();
    await page.getByRole("tab", { name: "Paste Text" }).click();
    await page.getByRole("textbox", { name: "Resume text" }).fill(resume);
    await page.getByRole("button", { name: "Use Text Resume" }).click();
    await page.getByRole("textbox", { name: /job description/i }).fill(job);
    let analyzeCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/analyze")) analyzeCalls += 1;
    });
    const alerts: string[] = [];
    page.once("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    // Disabled up front with the reason beside it (aria-disabled, so Playwright will not click it
    // unforced); a click anyway still gives the limit alert and no call.
    const analyze = page.getByRole("button", { name: "Analyze Resume with AI" });
    expect(await analyze.getAttribute("aria-disabled")).toBe("true");
    await analyze.click({ force: true });
    await expect
      .poll(() => alerts)
      .toEqual(["You have reached your monthly analysis limit. Please upgrade to continue."]);
    expect(analyzeCalls).toBe(0);

    // Pricing → checkout.
    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole("button", { name: "Upgrade to Lifetime" }).click();
    await page.waitForURL(`${server.baseUrl}/checkout`);
    await page.getByRole("heading", { name: "Complete Your Purchase" }).waitFor();
    await page
      .getByText(/Test payment mode/i)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A declined card first: the provider's message, and the user stays free.
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel(/Expir/).fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay $10" }).click();
    await page.getByText("Payment Failed").first().waitFor();
    await page.getByText("Your card was declined.").first().waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/checkout`);

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $10" }).click();
    await page.getByText("Payment Successful").first().waitFor();
    await page.getByText("Welcome to Lifetime Access!").first().waitFor();
    await page.waitForURL(`${server.baseUrl}/billing`);
    await page.getByText("$10.00").first().waitFor();

    // Back at the analyzer: Lifetime, unlimited, and the 5th analysis of the month goes through.
    await page.goto(`${server.baseUrl}/`);
    await page.getByText("Lifetime", { exact: true }).first().waitFor();
    await page.getByText("Unlimited usage").waitFor();
    await analyzeOnce(page, server.baseUrl);

    // The receipt: a real PDF for the payment.
    await page.goto(`${server.baseUrl}/billing`);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download Invoice" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^resumelens-receipt-RL-\d{6}-[0-9A-F]{8}\.pdf$/);
    const receipt = await pdfText(new Uint8Array(readFileSync((await file.path()) ?? "")));
    expect(receipt).toContain("ResumeLens Lifetime Access");
    expect(receipt).toContain("$10.00 USD");
    expect(receipt).toContain("TEST PAYMENT");

    // A lifetime user who opens the checkout is told so and is never asked to pay.
    let intentCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/create-payment-intent")) intentCalls += 1;
    });
    await page.goto(`${server.baseUrl}/checkout`);
    await page
      .getByText(/already (have|own)/i)
      .first()
      .waitFor();
    expect(await page.getByRole("button", { name: "Pay $10" }).count()).toBe(0);
    expect(intentCalls).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("the lifetime upgrade with Stripe", () => {
  const keys = {
    STRIPE_SECRET_KEY: "sk_test_e2e_fake_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_fake_0123456789",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e_fake_0123456789",
  };
  let server: AppServer;
  let stripe: StripeFake;
  beforeAll(async () => {
    stripe = await startStripeFake({
      secretKey: keys.STRIPE_SECRET_KEY,
      publishableKey: keys.STRIPE_PUBLISHABLE_KEY,
    });
    server = await startServer({ ...keys, STRIPE_API_URL: stripe.url });
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  it("pays through the Payment Element, is declined once, then becomes Lifetime; the signed webhook is accepted over HTTP", async () => {
    const page = await signedInPage(browser, server);
    // The provider's own answers (a 402 for the declined card) are not errors of our page.
    const errors = watchErrors(page, server.baseUrl, { ignore: ["https://api.stripe.com/"] });
    const stripeJs = await routeStripe(page, stripe.url);

    await page.goto(`${server.baseUrl}/billing`);
    await page
      .getByRole("button", { name: /^Upgrade/ })
      .first()
      .click();
    await page.getByRole("dialog", { name: "Choose Your Plan" }).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Upgrade to Lifetime" }).click();
    await page.waitForURL(`${server.baseUrl}/checkout`);

    const element = page.getByTestId("fake-payment-element");
    await element.waitFor();
    expect(stripeJs.scriptLoads()).toBeGreaterThan(0);
    const [intent] = [...stripe.intents.values()];
    expect(intent).toMatchObject({ amount: 1000, currency: "usd", status: "requires_payment_method" });

    await element.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $10" }).click();
    await page.getByText("Payment Failed").first().waitFor();
    await page.getByText("Your card was declined.").first().waitFor();

    await element.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $10" }).click();
    await page.getByText("Payment Successful").first().waitFor();
    await page.waitForURL(`${server.baseUrl}/billing`);
    expect(stripe.intents.get(intent?.id ?? "")?.status).toBe("succeeded");
    await page.getByText("$10.00").first().waitFor();

    // Stripe's own delivery of the event reaches the bundle's raw-body path and is accepted.
    const event = signedWebhook({
      secret: keys.STRIPE_WEBHOOK_SECRET,
      type: "payment_intent.succeeded",
      intent: { id: intent?.id ?? "", status: "succeeded" },
    });
    const delivered = await fetch(`${server.baseUrl}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.payload,
    });
    expect(delivered.status).toBe(200);
    const forged = await fetch(`${server.baseUrl}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.payload.replace("succeeded", "canceled"),
    });
    expect(forged.status).toBe(400);

    const me = await page.request.get(`${server.baseUrl}/api/user/analytics`);
    expect(await me.json()).toEqual({
      currentMonth: { analyses: 0, maxAnalyses: 999 },
      subscription: "lifetime",
    });
    expect(errors).toEqual([]);
  });
});
