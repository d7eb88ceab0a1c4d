import { ZBilling, ZPaymentIntentResponse } from "@resumelens/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import { FAKE_CARDS, type StripeFake, signedWebhook, startStripeFake } from "../../../test/stripe-fake.ts";
import { reconcilePayments } from "./reconcile-payments.ts";

/**
 * A payment is never taken without its plan: the test mode charges and grants in one transaction,
 * and at start-up every recent unfulfilled payment is re-read from its provider and fulfilled once.
 */

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

async function startCheckout(client: TestClient) {
  const response = await client.post("/api/create-payment-intent", { amount: 10 });
  expect(response.status).toBe(200);
  return ZPaymentIntentResponse.parse(await response.json());
}

async function billing(client: TestClient) {
  return ZBilling.parse(await (await client.get("/api/billing")).json());
}

function reconcile(h: Harness) {
  return reconcilePayments({
    db: h.deps.db,
    provider: h.deps.payments,
    now: new Date(),
    logger: h.deps.logger,
  });
}

/** Makes the database fail the plan grant, as a crash between the charge and the grant would. */
async function failPlanGrants(h: Harness, on: boolean) {
  const db = h.deps.db;
  if (db.kind === "postgres") {
    if (on) {
      await sql`create or replace function crash_before_grant() returns trigger language plpgsql as
        $$ begin raise exception 'simulated crash before the grant'; end $$`.execute(db.kysely);
      await sql`create trigger crash_before_grant before update on plan for each row
        when (new.plan = 'lifetime') execute function crash_before_grant()`.execute(db.kysely);
    } else {
      await sql`drop trigger crash_before_grant on plan`.execute(db.kysely);
    }
  } else if (on) {
    await sql`create trigger crash_before_grant before update on plan when new.plan = 'lifetime'
      begin select raise(abort, 'simulated crash before the grant'); end`.execute(db.kysely);
  } else {
    await sql`drop trigger crash_before_grant`.execute(db.kysely);
  }
}

describe("test-payment mode", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("charges and grants in one transaction: a failure between them leaves the card uncharged", async () => {
    const { client, userId } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    await failPlanGrants(h, true);
    try {
      const paid = await client.post("/api/test-payments/confirm", { paymentIntentId, ...GOOD_CARD });
      expect(paid.status).toBe(500);
    } finally {
      await failPlanGrants(h, false);
    }
    const row = await h.deps.db.kysely
      .selectFrom("payment")
      .select(["status", "paid_at"])
      .where("id", "=", paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", paid_at: null });
    expect((await billing(client)).subscription).toBe("free");

    // The customer tries again and it goes through, once.
    const again = await client.post("/api/test-payments/confirm", { paymentIntentId, ...GOOD_CARD });
    expect(again.status).toBe(200);
    const after = await billing(client);
    expect(after.subscription).toBe("lifetime");
    expect(after.payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
    const plan = await h.deps.db.kysely
      .selectFrom("plan")
      .select("payment_ref")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(plan.payment_ref).toBe(paymentIntentId);
  });

  it("fulfils at start-up a payment a crash left charged but unfulfilled, exactly once", async () => {
    const { client, userId } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    // The state an interrupted fulfilment leaves: the card network said yes, no plan yet.
    await h.deps.db.kysely
      .updateTable("payment")
      .set({ status: "succeeded" })
      .where("id", "=", paymentIntentId)
      .execute();
    expect((await billing(client)).subscription).toBe("free");

    const first = await reconcile(h);
    expect(first.fulfilled).toBeGreaterThanOrEqual(1);
    const after = await billing(client);
    expect(after.subscription).toBe("lifetime");
    const [payment] = after.payments;
    expect(payment).toMatchObject({ id: paymentIntentId, status: "succeeded" });
    expect(payment?.receiptNumber).toMatch(/^RL-\d{6}-[0-9A-F]{8}$/);

    // Start-up again: nothing left to do, nothing changes.
    const second = await reconcile(h);
    const mine = await h.deps.db.kysely
      .selectFrom("payment")
      .select(["paid_at", "receipt_number"])
      .where("user_id", "=", userId)
      .execute();
    expect(second.fulfilled).toBe(0);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.receipt_number).toBe(payment?.receiptNumber);
    expect(await billing(client)).toEqual(after);
  });

  it("leaves unpaid and declined payments as they are", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    const declined = await client.post("/api/test-payments/confirm", {
      paymentIntentId,
      ...GOOD_CARD,
      cardNumber: "4000 0000 0000 0002",
    });
    expect(declined.status).toBe(402);
    await reconcile(h);
    const after = await billing(client);
    expect(after.subscription).toBe("free");
    expect(after.payments.map((p) => p.status)).toEqual(["failed"]);
  });
});

describe("Stripe", () => {
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

  it("fulfils an intent that succeeded while no webhook reached us, and the late webhook counts nothing more", async () => {
    const { client, userId } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    expect(stripe.pay(paymentIntentId).status).toBe(200);
    expect((await billing(client)).subscription).toBe("free");

    // Stripe is unreachable at the first start-up: that payment waits for the next one.
    stripe.failReads(10);
    const outage = await reconcile(h);
    stripe.failReads(0);
    expect(outage.failed).toBeGreaterThanOrEqual(1);
    expect((await billing(client)).subscription).toBe("free");

    await reconcile(h);
    const after = await billing(client);
    expect(after.subscription).toBe("lifetime");
    expect(after.payments.filter((p) => p.status === "succeeded")).toHaveLength(1);

    const { payload, signature } = signedWebhook({
      secret: KEYS.STRIPE_WEBHOOK_SECRET,
      type: "payment_intent.succeeded",
      intent: { ...stripe.intents.get(paymentIntentId), id: paymentIntentId, status: "succeeded" },
    });
    const delivered = await h.app.request("/api/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
    expect(delivered.status).toBe(200);
    expect(await billing(client)).toEqual(after);
    const plan = await h.deps.db.kysely
      .selectFrom("plan")
      .select(["plan", "payment_ref"])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(plan).toEqual({ plan: "lifetime", payment_ref: paymentIntentId });
  });

  it("grants nothing for an intent that was declined or never paid", async () => {
    const { client } = await signUpVerified(h);
    const { paymentIntentId } = await startCheckout(client);
    stripe.pay(paymentIntentId, FAKE_CARDS.declined);
    await reconcile(h);
    const after = await billing(client);
    expect(after.subscription).toBe("free");
    expect(after.payments.map((p) => p.status)).toEqual(["failed"]);
  });
});
