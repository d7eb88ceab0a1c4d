import { ZBilling, ZPaymentIntentResponse } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import { FAKE_CARDS, type StripeFake, signedWebhook, startStripeFake } from "../../../test/stripe-fake.ts";

/**
 * The Stripe path, offline: the real `stripe` SDK talks to a local stand-in of Stripe's API, and
 * webhooks are signed with the SDK's own generateTestHeaderString.
 */

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_resumelens_fake_0123456789",
  STRIPE_PUBLISHABLE_KEY: "pk_test_resumelens_fake_0123456789",
  STRIPE_WEBHOOK_SECRET: "whsec_resumelens_fake_0123456789",
};

let h: Harness;
let stripe: StripeFake;

beforeAll(async () => {
  stripe = await startStripeFake({
    secretKey: KEYS.STRIPE_SECRET_KEY,
    publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
  });
  h = await createHarness({ ...KEYS, STRIPE_API_URL: stripe.url });
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

async function startCheckout(client: TestClient) {
  const response = await client.post("/api/create-payment-intent", { amount: 10 });
  expect(response.status).toBe(200);
  return ZPaymentIntentResponse.parse(await response.json());
}

async function subscription(client: TestClient) {
  return ZBilling.parse(await (await client.get("/api/billing")).json()).subscription;
}

/** Delivers a webhook the way Stripe does: no cookies, no Origin, the raw JSON body. */
function deliver(payload: string, signature: string | null) {
  return h.app.request("/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
  });
}

function succeededEvent(
  intentId: string,
  options: { eventId?: string; timestamp?: number; secret?: string } = {},
) {
  return signedWebhook({
    secret: options.secret ?? KEYS.STRIPE_WEBHOOK_SECRET,
    type: "payment_intent.succeeded",
    intent: { ...stripe.intents.get(intentId), id: intentId, status: "succeeded" },
    eventId: options.eventId,
    timestamp: options.timestamp,
  });
}

describe("Stripe payments", () => {
  it("tells the browser to use Stripe, with the publishable key only", async () => {
    const config = await (await h.client().get("/api/config")).json();
    expect(config).toMatchObject({
      paymentMode: "stripe",
      stripePublishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
    });
    expect(JSON.stringify(config)).not.toContain(KEYS.STRIPE_SECRET_KEY);
  });

  it("creates one $10.00 USD intent bound to the user, whatever the number of tabs", async () => {
    const { client, userId, email } = await signUpVerified(h);
    const before = stripe.creations;
    const intents = await Promise.all(Array.from({ length: 4 }, () => startCheckout(client)));
    expect(new Set(intents.map((intent) => intent.paymentIntentId)).size).toBe(1);
    expect(stripe.creations - before).toBe(1);
    const intent = intents[0];
    const atStripe = stripe.intents.get(intent?.paymentIntentId ?? "");
    expect(atStripe).toMatchObject({
      amount: 1000,
      currency: "usd",
      receipt_email: email,
      metadata: { userId, product: "lifetime", attempt: "1" },
    });
    expect(intent).toMatchObject({
      mode: "stripe",
      clientSecret: atStripe?.client_secret,
      amountCents: 1000,
    });
  });

  it("grants Lifetime on the signed payment_intent.succeeded webhook, once per event id", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    stripe.pay(paymentIntentId);
    const event = succeededEvent(paymentIntentId);

    const first = await deliver(event.payload, event.signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, handled: true });
    expect(await subscription(client)).toBe("lifetime");

    // A replay of the same event is acknowledged and not handled again (no second read from Stripe).
    const reads = stripe.retrievals(paymentIntentId);
    const replay = await deliver(event.payload, event.signature);
    expect(await replay.json()).toEqual({ received: true, handled: false });
    expect(stripe.retrievals(paymentIntentId)).toBe(reads);

    // The return to /billing runs the same fulfilment, which finds nothing left to do.
    const confirm = await client.post("/api/billing/confirm", { paymentIntentId });
    expect(await confirm.json()).toEqual({ status: "succeeded", subscription: "lifetime", message: null });
    const { payments } = ZBilling.parse(await (await client.get("/api/billing")).json());
    expect(payments).toMatchObject([{ id: paymentIntentId, status: "succeeded", amountCents: 1000 }]);
    expect((await client.get("/api/billing/invoice")).headers.get("content-type")).toBe("application/pdf");
  });

  it("grants Lifetime on the return to /billing when the webhook has not arrived", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    stripe.pay(paymentIntentId);
    const confirm = await client.post("/api/billing/confirm", { paymentIntentId });
    expect(await confirm.json()).toEqual({ status: "succeeded", subscription: "lifetime", message: null });
    const again = await client.post("/api/create-payment-intent", { amount: 10 });
    expect(again.status).toBe(409);
  });

  it("refuses tampered, stale, unsigned and wrongly signed webhooks", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    stripe.pay(paymentIntentId);

    const genuine = succeededEvent(paymentIntentId);
    const tampered = genuine.payload.replace('"livemode":false', '"livemode":true');
    const stale = succeededEvent(paymentIntentId, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const foreignSecret = succeededEvent(paymentIntentId, { secret: "whsec_someone_else" });
    for (const [payload, signature] of [
      [tampered, genuine.signature],
      [stale.payload, stale.signature],
      [foreignSecret.payload, foreignSecret.signature],
      [genuine.payload, "t=1,v1=deadbeef"],
      [genuine.payload, null],
    ] as const) {
      const response = await deliver(payload, signature);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("BAD_REQUEST");
    }
    expect(await subscription(client)).toBe("free");
    // The genuine delivery still works afterwards: refused ones claimed nothing.
    expect(await (await deliver(genuine.payload, genuine.signature)).json()).toEqual({
      received: true,
      handled: true,
    });
    expect(await subscription(client)).toBe("lifetime");
  });

  it("re-reads the intent from Stripe: a 'succeeded' event for an unpaid intent grants nothing", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    const event = succeededEvent(paymentIntentId);
    expect((await deliver(event.payload, event.signature)).status).toBe(200);
    expect(await subscription(client)).toBe("free");
  });

  it("grants nothing for intents we did not sell, or sold to someone else", async () => {
    const victim = await signUpVerified(h);
    const buyer = await signUpVerified(h);

    // Made at Stripe directly, naming the victim: not one of our payments.
    const outside = stripe.createIntent({
      amount: 1000,
      currency: "usd",
      metadata: { userId: victim.userId, product: "lifetime" },
    });
    stripe.pay(outside.id);
    const event = succeededEvent(outside.id);
    expect(await (await deliver(event.payload, event.signature)).json()).toEqual({
      received: true,
      handled: false,
    });
    expect((await victim.client.post("/api/billing/confirm", { paymentIntentId: outside.id })).status).toBe(
      404,
    );

    // Our intent for the buyer whose metadata at Stripe now names the victim.
    const { paymentIntentId } = await startCheckout(buyer.client);
    const atStripe = stripe.intents.get(paymentIntentId);
    if (atStripe) atStripe.metadata.userId = victim.userId;
    stripe.pay(paymentIntentId);
    const rebound = succeededEvent(paymentIntentId);
    expect(await (await deliver(rebound.payload, rebound.signature)).json()).toEqual({
      received: true,
      handled: false,
    });
    const confirm = await buyer.client.post("/api/billing/confirm", { paymentIntentId });
    expect(confirm.status).toBe(403);
    expect(await subscription(victim.client)).toBe("free");
    expect(await subscription(buyer.client)).toBe("free");
  });

  it("acknowledges event types it does not handle", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    stripe.pay(paymentIntentId);
    const other = signedWebhook({
      secret: KEYS.STRIPE_WEBHOOK_SECRET,
      type: "charge.refunded",
      intent: { id: paymentIntentId },
    });
    expect(await (await deliver(other.payload, other.signature)).json()).toEqual({
      received: true,
      handled: false,
    });
    expect(await subscription(client)).toBe("free");
  });

  it("records a decline with Stripe's message and keeps the same intent payable", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    stripe.pay(paymentIntentId, FAKE_CARDS.declined);
    const failed = signedWebhook({
      secret: KEYS.STRIPE_WEBHOOK_SECRET,
      type: "payment_intent.payment_failed",
      intent: { id: paymentIntentId },
    });
    expect(await (await deliver(failed.payload, failed.signature)).json()).toEqual({
      received: true,
      handled: true,
    });
    const billing = ZBilling.parse(await (await client.get("/api/billing")).json());
    expect(billing.payments).toMatchObject([{ status: "failed", failureMessage: "Your card was declined." }]);
    expect((await startCheckout(client)).paymentIntentId).toBe(paymentIntentId);

    stripe.pay(paymentIntentId);
    const confirm = await client.post("/api/billing/confirm", { paymentIntentId });
    expect(await confirm.json()).toMatchObject({ status: "succeeded", subscription: "lifetime" });
  });

  it("releases the event when Stripe cannot be read, so Stripe's retry succeeds", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    stripe.pay(paymentIntentId);
    const event = succeededEvent(paymentIntentId);
    stripe.failReads(10);
    const during = await deliver(event.payload, event.signature);
    expect(during.status).toBe(500);
    expect(await subscription(client)).toBe("free");
    stripe.failReads(0);
    expect(await (await deliver(event.payload, event.signature)).json()).toEqual({
      received: true,
      handled: true,
    });
    expect(await subscription(client)).toBe("lifetime");
  }, 20_000);

  it("refuses test-card payments when Stripe is configured", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    const response = await client.post("/api/test-payments/confirm", {
      paymentIntentId,
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
    });
    expect(response.status).toBe(404);
    expect(await subscription(client)).toBe("free");
  });
});
