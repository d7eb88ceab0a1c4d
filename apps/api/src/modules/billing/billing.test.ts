import { TEST_CARDS, ZBilling, ZPaymentIntentResponse } from "@resumelens/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import { SAMPLE_JOB, SAMPLE_RESUME } from "../exports/test-fixtures.ts";

/** The local test-payment mode (no Stripe keys): the default for `npm start` and these tests. */

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const GOOD_CARD: { cardNumber: string; expiry: string; cvc: string } = {
  cardNumber: TEST_CARDS.success,
  expiry: "12 / 34",
  cvc: "123",
};

async function startCheckout(client: TestClient) {
  const response = await client.post("/api/create-payment-intent", { amount: 10 });
  expect(response.status).toBe(200);
  return ZPaymentIntentResponse.parse(await response.json());
}

function payByCard(client: TestClient, paymentIntentId: string, card: Partial<typeof GOOD_CARD> = {}) {
  return client.post("/api/test-payments/confirm", { paymentIntentId, ...GOOD_CARD, ...card });
}

async function billing(client: TestClient) {
  const response = await client.get("/api/billing");
  expect(response.status).toBe(200);
  return ZBilling.parse(await response.json());
}

let jobs = 0;
async function analyze(client: TestClient) {
  const resume = await client.post("/api/create-text-resume", { content: SAMPLE_RESUME });
  const { id } = (await resume.json()) as { id: number };
  // A different job each time: the same one again within seconds is the same request, counted once.
  jobs += 1;
  return client.post("/api/analyze", { resumeId: id, jobDescription: `${SAMPLE_JOB}\n(${jobs})` });
}

/** unpdf takes ownership of (detaches) the buffer it reads: pass a copy. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

describe("plans and the test-payment checkout", () => {
  it("announces the test-payment mode in the config", async () => {
    const config = await (await h.client().get("/api/config")).json();
    expect(config).toMatchObject({ paymentMode: "test", stripePublishableKey: null });
  });

  it("asks for a session on every billing call", async () => {
    const anonymous = h.client();
    for (const [method, path] of [
      ["GET", "/api/billing"],
      ["POST", "/api/create-payment-intent"],
      ["POST", "/api/billing/confirm"],
      ["POST", "/api/test-payments/confirm"],
      ["POST", "/api/upgrade-plan"],
      ["GET", "/api/billing/invoice"],
      ["GET", "/api/billing/receipts/tpi_x"],
    ] as const) {
      const response =
        method === "GET"
          ? await anonymous.get(path)
          : await anonymous.post(path, { amount: 10, plan: "lifetime" });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("starts a free user on the free plan with an empty history", async () => {
    const { client } = await signUpVerified(h);
    expect(await billing(client)).toEqual({
      subscription: "free",
      purchasedAt: null,
      currentMonth: { analyses: 0, maxAnalyses: 3 },
      payments: [],
    });
  });

  it("never grants Lifetime through /api/upgrade-plan: 402 for lifetime, 'free' is a no-op", async () => {
    const { client } = await signUpVerified(h);
    const lifetime = await client.post("/api/upgrade-plan", { plan: "lifetime" });
    expect(lifetime.status).toBe(402);
    expect(await lifetime.json()).toEqual({
      error: {
        code: "PAYMENT_REQUIRED",
        message: "Lifetime Access is a one-time payment of $10. Complete it at checkout to upgrade.",
      },
    });
    const free = await client.post("/api/upgrade-plan", { plan: "free" });
    expect(free.status).toBe(200);
    expect(await free.json()).toEqual({ success: true, subscription: "free" });
    expect((await client.post("/api/upgrade-plan", { plan: "gold" })).status).toBe(400);
    expect((await billing(client)).subscription).toBe("free");
  });

  it("takes the amount from the server: only the spec's {amount: 10} is accepted", async () => {
    const { client } = await signUpVerified(h);
    for (const amount of [1, 0, -10, 1000, "10", null]) {
      const response = await client.post("/api/create-payment-intent", { amount });
      expect(response.status, String(amount)).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: "BAD_REQUEST", message: "Lifetime Access costs $10." },
      });
    }
    const intent = await startCheckout(client);
    expect(intent).toMatchObject({ mode: "test", amountCents: 1000, currency: "usd" });
    expect(intent.clientSecret).toMatch(/^tpi_[0-9a-f]+_secret_[0-9a-f]+$/);
  });

  it("gives the same intent to every tab of one user, so nobody can pay twice", async () => {
    const { client } = await signUpVerified(h);
    const intents = await Promise.all(Array.from({ length: 5 }, () => startCheckout(client)));
    expect(new Set(intents.map((intent) => intent.paymentIntentId)).size).toBe(1);
    expect((await startCheckout(client)).paymentIntentId).toBe(intents[0]?.paymentIntentId);
  });

  it("upgrades on a good test card: Lifetime, unlimited analyses, a succeeded payment with a receipt", async () => {
    const { client } = await signUpVerified(h);
    for (let i = 0; i < 3; i++) expect((await analyze(client)).status).toBe(200);
    const blocked = await analyze(client);
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ error: { message: "Monthly limit reached" } });

    const intent = await startCheckout(client);
    const paid = await payByCard(client, intent.paymentIntentId);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ status: "succeeded", subscription: "lifetime", message: null });

    expect(await (await client.get("/api/user/analytics")).json()).toEqual({
      currentMonth: { analyses: 3, maxAnalyses: 999 },
      subscription: "lifetime",
    });
    expect((await analyze(client)).status).toBe(200);

    const after = await billing(client);
    expect(after.subscription).toBe("lifetime");
    expect(after.purchasedAt).not.toBeNull();
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({
      id: intent.paymentIntentId,
      amountCents: 1000,
      currency: "usd",
      status: "succeeded",
      description: "ResumeLens Lifetime Access",
    });
    expect(after.payments[0]?.receiptNumber).toMatch(/^RL-\d{6}-[0-9A-F]{8}$/);

    // Paying the same intent again changes nothing; a new checkout is refused.
    expect(await (await payByCard(client, intent.paymentIntentId)).json()).toMatchObject({
      status: "succeeded",
    });
    expect((await billing(client)).payments).toHaveLength(1);
    const again = await client.post("/api/create-payment-intent", { amount: 10 });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: "CONFLICT", message: "You already have Lifetime Access." },
    });
  });

  it("declines the decline test cards with the provider's words, keeps the user free and lets them retry", async () => {
    const { client } = await signUpVerified(h);
    const intent = await startCheckout(client);
    const cases = [
      [TEST_CARDS.declined, "Your card was declined."],
      [TEST_CARDS.insufficientFunds, "Your card has insufficient funds."],
      ["4242 4242 4242 4241", "Your card number is invalid."],
      [
        "5555 5555 5555 4444",
        "Your card was declined. In test-payment mode use the test card 4242 4242 4242 4242.",
      ],
    ] as const;
    for (const [cardNumber, message] of cases) {
      const response = await payByCard(client, intent.paymentIntentId, { cardNumber });
      expect(response.status, cardNumber).toBe(402);
      expect(await response.json()).toEqual({ error: { code: "PAYMENT_REQUIRED", message } });
    }
    const expired = await payByCard(client, intent.paymentIntentId, { expiry: "01/20" });
    expect(await expired.json()).toMatchObject({
      error: { message: "Your card's expiration date is in the past." },
    });
    const malformed = await payByCard(client, intent.paymentIntentId, { cvc: "1" });
    expect(malformed.status).toBe(400);

    const failed = await billing(client);
    expect(failed.subscription).toBe("free");
    expect(failed.payments).toMatchObject([
      {
        status: "failed",
        failureMessage: "Your card's expiration date is in the past.",
        receiptNumber: null,
      },
    ]);

    // The same intent is still payable; the retry succeeds.
    expect((await startCheckout(client)).paymentIntentId).toBe(intent.paymentIntentId);
    expect((await payByCard(client, intent.paymentIntentId)).status).toBe(200);
    expect((await billing(client)).payments).toMatchObject([{ status: "succeeded", failureMessage: null }]);
  });

  it("never lets a user pay, confirm or read the receipt of someone else's payment", async () => {
    const owner = await signUpVerified(h);
    const stranger = await signUpVerified(h);
    const intent = await startCheckout(owner.client);

    expect((await payByCard(stranger.client, intent.paymentIntentId)).status).toBe(404);
    const confirm = await stranger.client.post("/api/billing/confirm", {
      paymentIntentId: intent.paymentIntentId,
    });
    expect(confirm.status).toBe(404);
    expect((await billing(stranger.client)).subscription).toBe("free");
    expect((await billing(owner.client)).subscription).toBe("free");

    await payByCard(owner.client, intent.paymentIntentId);
    expect((await stranger.client.get(`/api/billing/receipts/${intent.paymentIntentId}`)).status).toBe(404);
    expect((await owner.client.get(`/api/billing/receipts/${intent.paymentIntentId}`)).status).toBe(200);
    expect((await billing(stranger.client)).subscription).toBe("free");
  });

  it("confirms on return to /billing with the same idempotent fulfilment", async () => {
    const { client } = await signUpVerified(h);
    const intent = await startCheckout(client);
    const unpaid = await client.post("/api/billing/confirm", { paymentIntentId: intent.paymentIntentId });
    expect(await unpaid.json()).toEqual({ status: "pending", subscription: "free", message: null });
    await payByCard(client, intent.paymentIntentId);
    const results = await Promise.all(
      Array.from({ length: 5 }, async () =>
        (await client.post("/api/billing/confirm", { paymentIntentId: intent.paymentIntentId })).json(),
      ),
    );
    for (const result of results)
      expect(result).toEqual({ status: "succeeded", subscription: "lifetime", message: null });
    expect((await billing(client)).payments).toHaveLength(1);
  });

  it("limits card attempts per user", async () => {
    const { client } = await signUpVerified(h);
    const intent = await startCheckout(client);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await payByCard(client, intent.paymentIntentId, { cardNumber: TEST_CARDS.declined })).status,
      );
    }
    expect(statuses.slice(0, 9).every((status) => status === 402)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("downloads the free plan's $0.00 text invoice, and a lifetime user's PDF receipt", async () => {
    const { client, email } = await signUpVerified(h);
    const invoice = await client.get("/api/billing/invoice");
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(invoice.headers.get("content-disposition")).toMatch(
      /^attachment; filename="resumelens-invoice-\d{4}-\d{2}\.txt"$/,
    );
    const text = await invoice.text();
    expect(text).toContain("Free plan (3 analyses per month)");
    expect(text).toContain("This is a free-plan invoice of $0.00.");
    expect(text).toMatch(/Total due\s+\$0\.00/);
    expect(text).toContain(email);

    const intent = await startCheckout(client);
    await payByCard(client, intent.paymentIntentId);
    const { payments } = await billing(client);
    const receiptNumber = payments[0]?.receiptNumber ?? "";

    const receipt = await client.get("/api/billing/invoice");
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
    expect(receipt.headers.get("content-disposition")).toBe(
      `attachment; filename="resumelens-receipt-${receiptNumber}.pdf"`,
    );
    const bytes = new Uint8Array(await receipt.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = await pdfText(bytes.slice());
    for (const expected of [
      "Receipt",
      receiptNumber,
      email,
      "ResumeLens Lifetime Access",
      "$10.00 USD",
      "TEST PAYMENT",
      intent.paymentIntentId,
    ]) {
      expect(pdf).toContain(expected);
    }
    // The same receipt from the history row's link, byte for byte.
    const again = await client.get(`/api/billing/receipts/${intent.paymentIntentId}`);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
  });

  it("answers 404 for the Stripe webhook when Stripe is not configured", async () => {
    const response = await h.client().request("/api/webhooks/stripe", {
      method: "POST",
      body: "{}",
      headers: { "stripe-signature": "t=1,v1=x", "content-type": "application/json" },
    });
    expect(response.status).toBe(404);
  });
});
