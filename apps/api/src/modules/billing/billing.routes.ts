import {
  PAYMENT_ID_PATTERN,
  ZConfirmPayment,
  ZCreatePaymentIntent,
  ZTestCardPayment,
  ZUpgradePlan,
} from "@resumelens/contract";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { attachment, readJson, requireUser } from "../../lib/http.ts";
import { consumeRateLimit } from "../../lib/rate-limit.ts";
import { countAnalysesRunThisMonth } from "../analyses/monthly-usage.ts";
import { subscriptionOf } from "../users/users.service.ts";
import {
  createPaymentIntent,
  getBilling,
  handleWebhook,
  paidPayment,
  payWithTestCard,
  settlePayment,
  upgradePlan,
} from "./billing.service.ts";
import { renderPlanInvoiceText, renderReceiptPdf } from "./documents.ts";

/** Card attempts per user: enough for typos, too few for testing stolen card numbers. */
const PAYMENT_ATTEMPTS = { limit: 10, windowMs: 15 * 60 * 1000 };

async function limitPaymentAttempts(c: Context<AppContext>, userId: string): Promise<void> {
  const { db, now } = c.get("deps");
  const result = await consumeRateLimit(db, `payment:${userId}`, PAYMENT_ATTEMPTS, now().getTime());
  if (!result.allowed) {
    c.header("Retry-After", String(result.retryAfterSeconds));
    throw new AppError("RATE_LIMITED", "Too many payment attempts. Please wait a few minutes and try again.");
  }
}

function seller(c: Context<AppContext>) {
  const { env } = c.get("deps");
  return { name: "ResumeLens", supportEmail: env.SUPPORT_EMAIL, website: env.BASE_URL };
}

async function receiptResponse(c: Context<AppContext>, userId: string, email: string, paymentId?: string) {
  const { db } = c.get("deps");
  const payment = await paidPayment({ db, userId, paymentId });
  if (!payment?.receiptNumber || !payment.paidAt) return null;
  const profile = await db.kysely
    .selectFrom("profile")
    .select(["first_name", "last_name"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(" ") || null;
  const pdf = await renderReceiptPdf({
    receiptNumber: payment.receiptNumber,
    paymentId: payment.id,
    paidAt: new Date(payment.paidAt),
    amountCents: payment.amountCents,
    currency: payment.currency,
    description: payment.description,
    billedTo: { email, name },
    provider: payment.provider,
    seller: seller(c),
  });
  return attachment(pdf, "application/pdf", `resumelens-receipt-${payment.receiptNumber}.pdf`);
}

export const billingRoutes = new Hono<AppContext>()
  .get("/api/billing", async (c) => {
    const { userId } = await requireUser(c);
    const { db, now } = c.get("deps");
    return c.json(await getBilling({ db, userId, now: now() }));
  })
  .post("/api/create-payment-intent", async (c) => {
    const { userId, email } = await requireUser(c);
    await readJson(c, ZCreatePaymentIntent);
    const { db, payments, now, logger } = c.get("deps");
    return c.json(
      await createPaymentIntent({
        db,
        provider: payments,
        userId,
        email,
        now: now(),
        logger,
        // Only a new intent counts: the same one answered again (double click, reload) is free.
        beforeNewIntent: () => limitPaymentAttempts(c, userId),
      }),
    );
  })
  .post("/api/billing/confirm", async (c) => {
    const { userId } = await requireUser(c);
    const { paymentIntentId } = await readJson(c, ZConfirmPayment);
    const { db, payments, now, logger } = c.get("deps");
    return c.json(
      await settlePayment({
        db,
        provider: payments,
        intentId: paymentIntentId,
        expectedUserId: userId,
        now: now(),
        logger,
      }),
    );
  })
  .post("/api/test-payments/confirm", async (c) => {
    const { userId } = await requireUser(c);
    const card = await readJson(c, ZTestCardPayment);
    await limitPaymentAttempts(c, userId);
    const { db, payments, now, logger } = c.get("deps");
    return c.json(await payWithTestCard({ db, provider: payments, userId, card, now: now(), logger }));
  })
  .post("/api/upgrade-plan", async (c) => {
    const { userId } = await requireUser(c);
    const { plan } = await readJson(c, ZUpgradePlan);
    return c.json(await upgradePlan({ db: c.get("deps").db, userId, plan }));
  })
  .get("/api/billing/invoice", async (c) => {
    const { userId, email } = await requireUser(c);
    const { db, now } = c.get("deps");
    const receipt = await receiptResponse(c, userId, email);
    if (receipt) return receipt;
    const issuedAt = now();
    const text = renderPlanInvoiceText({
      subscription: await subscriptionOf(db, userId),
      email,
      issuedAt,
      analysesUsed: await countAnalysesRunThisMonth(db.kysely, userId, issuedAt),
      seller: seller(c),
    });
    const month = issuedAt.toISOString().slice(0, 7);
    return attachment(text, "text/plain; charset=utf-8", `resumelens-invoice-${month}.txt`);
  })
  .get("/api/billing/receipts/:id", async (c) => {
    const { userId, email } = await requireUser(c);
    const id = c.req.param("id");
    // Only what a provider's id can look like reaches the query (no NUL, nothing unbounded).
    const receipt = PAYMENT_ID_PATTERN.test(id) ? await receiptResponse(c, userId, email, id) : null;
    if (!receipt) throw notFound("Receipt");
    return receipt;
  })
  .post("/api/webhooks/stripe", async (c) => {
    const { db, payments, now, logger } = c.get("deps");
    const rawBody = await c.req.text();
    return c.json(
      await handleWebhook({
        db,
        provider: payments,
        rawBody,
        signature: c.req.header("stripe-signature"),
        now: now(),
        logger,
      }),
    );
  });
