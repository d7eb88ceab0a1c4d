import { TEST_CARDS, ZBilling, ZPaymentIntentResponse } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../../test/harness.ts";

/**
 * POST /api/create-payment-intent answered twice (a double click on 'Upgrade to Lifetime', a
 * reload of /checkout, a retried request): the same intent, made once, counted once.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("creating a payment intent is idempotent", () => {
  it("answers a double request with one intent, one payment row and one attempt used", async () => {
    const { client, userId } = await signUpVerified(h);
    const [first, second] = await Promise.all([
      client.post("/api/create-payment-intent", { amount: 10 }),
      client.post("/api/create-payment-intent", { amount: 10 }),
    ]);
    expect(first?.status).toBe(200);
    expect(second?.status).toBe(200);
    const a = ZPaymentIntentResponse.parse(await first?.json());
    const b = ZPaymentIntentResponse.parse(await second?.json());
    expect(b.paymentIntentId).toBe(a.paymentIntentId);
    expect(b.clientSecret).toBe(a.clientSecret);
    const rows = await h.deps.db.kysely
      .selectFrom("payment")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(rows).toEqual([{ id: a.paymentIntentId }]);
  });

  it("does not spend the card-attempt budget on the same intent answered again", async () => {
    const { client } = await signUpVerified(h);
    // Reopening the checkout a dozen times used to hit the 10-attempt limit and refuse the payment.
    const ids = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const response = await client.post("/api/create-payment-intent", { amount: 10 });
      expect(response.status, `request ${i + 1}`).toBe(200);
      ids.add(ZPaymentIntentResponse.parse(await response.json()).paymentIntentId);
    }
    expect(ids.size).toBe(1);
    const [paymentIntentId] = [...ids];

    // One intent made, so 9 of the 10 attempts are left: 8 declines, then the good card goes through.
    for (let i = 0; i < 8; i++) {
      const declined = await client.post("/api/test-payments/confirm", {
        paymentIntentId,
        cardNumber: TEST_CARDS.declined,
        expiry: "12 / 34",
        cvc: "123",
      });
      expect(declined.status).toBe(402);
    }
    const paid = await client.post("/api/test-payments/confirm", {
      paymentIntentId,
      cardNumber: TEST_CARDS.success,
      expiry: "12 / 34",
      cvc: "123",
    });
    expect(paid.status).toBe(200);
    const billing = ZBilling.parse(await (await client.get("/api/billing")).json());
    expect(billing.subscription).toBe("lifetime");
    expect(billing.payments).toHaveLength(1);
  });

  it("still limits how many new intents a user can make", async () => {
    const { client, userId } = await signUpVerified(h);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await client.post("/api/create-payment-intent", { amount: 10 });
      statuses.push(response.status);
      if (response.status !== 200) break;
      // Cancel it, so the next request has to make a new one.
      await h.deps.db.kysely
        .updateTable("payment")
        .set({ status: "canceled" })
        .where("user_id", "=", userId)
        .execute();
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
