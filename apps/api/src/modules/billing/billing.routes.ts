import {
  PAYMENT_ID_PATTERN,
  ZConfirmPayment,
  ZCreatePaymentIntent,
  ZTestCardPayment,
  ZUpgradePlan,
} from "@resumelens/contract";
import type { Context } from "hono";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { notFound } from "../../lib/errors.ts";
import { attachment } from "../../lib/http.ts";
import { apiRouter, jsonBody, privateRoute, publicRoute } from "../../lib/openapi.ts";
import { enforceRateLimit, rateLimitKey } from "../../lib/rate-limit.ts";
import { countAnalysesRunThisMonth } from "../usage/monthly-usage.ts";
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

function limitPaymentAttempts<E extends AppContext>(c: Context<E>, userId: string): Promise<void> {
  const { db, now } = c.get("deps");
  return enforceRateLimit({
    db,
    key: rateLimitKey("payment", userId),
    rule: PAYMENT_ATTEMPTS,
    message: "Too many payment attempts. Please wait a few minutes and try again.",
    now: now(),
  });
}

/**
 * A receipt's id: only what a provider's payment id can look like reaches the query (no NUL, nothing
 * unbounded); anything else is a receipt that does not exist.
 */
const ZReceiptIdParam = z.object({
  id: z
    .string()
    .superRefine((id, ctx) => {
      if (!PAYMENT_ID_PATTERN.test(id)) {
        ctx.addIssue({ code: "custom", message: "Receipt not found", params: { code: "NOT_FOUND" } });
      }
    })
    .meta({ description: "The payment's id (Stripe's pi_…, or the test mode's tpi_…)." }),
});

function seller<E extends AppContext>(c: Context<E>) {
  const { env } = c.get("deps");
  return { name: "ResumeLens", supportEmail: env.SUPPORT_EMAIL, website: env.BASE_URL };
}

async function receiptResponse<E extends AppContext>(
  c: Context<E>,
  userId: string,
  email: string,
  paymentId?: string,
) {
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

export const billingRoutes = apiRouter()
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/billing",
      summary: "The caller's plan, this month's usage and payments",
      responses: { 200: { description: "Billing overview" } },
    }),
    async (c) => {
      const { db, now } = c.get("deps");
      return c.json(await getBilling({ db, userId: c.var.user.userId, now: now() }));
    },
  )
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/create-payment-intent",
      summary: "Start (or resume) the caller's Lifetime payment",
      request: { body: jsonBody(ZCreatePaymentIntent) },
      responses: { 200: { description: "The payment intent" } },
    }),
    async (c) => {
      const { userId, email } = c.var.user;
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
    },
  )
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/billing/confirm",
      summary: "Settle a payment the provider confirmed",
      request: { body: jsonBody(ZConfirmPayment) },
      responses: { 200: { description: "The payment's outcome" } },
    }),
    async (c) => {
      const { paymentIntentId } = c.req.valid("json");
      const { db, payments, now, logger } = c.get("deps");
      return c.json(
        await settlePayment({
          db,
          provider: payments,
          intentId: paymentIntentId,
          expectedUserId: c.var.user.userId,
          now: now(),
          logger,
        }),
      );
    },
  )
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/test-payments/confirm",
      summary: "Pay with a test card (test-payment mode only)",
      request: { body: jsonBody(ZTestCardPayment) },
      responses: { 200: { description: "The payment's outcome" } },
    }),
    async (c) => {
      const { userId } = c.var.user;
      const card = c.req.valid("json");
      await limitPaymentAttempts(c, userId);
      const { db, payments, now, logger } = c.get("deps");
      return c.json(await payWithTestCard({ db, provider: payments, userId, card, now: now(), logger }));
    },
  )
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/upgrade-plan",
      summary: "Change the caller's plan",
      request: { body: jsonBody(ZUpgradePlan) },
      responses: { 200: { description: "The new plan" } },
    }),
    async (c) => {
      const { plan } = c.req.valid("json");
      return c.json(await upgradePlan({ db: c.get("deps").db, userId: c.var.user.userId, plan }));
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/billing/invoice",
      summary: "The latest receipt (PDF), or this month's plan statement (text)",
      responses: { 200: { description: "A download" } },
    }),
    async (c) => {
      const { userId, email } = c.var.user;
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
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/billing/receipts/{id}",
      summary: "The receipt (PDF) of one of the caller's payments",
      request: { params: ZReceiptIdParam },
      responses: { 200: { description: "The receipt PDF" } },
    }),
    async (c) => {
      const { userId, email } = c.var.user;
      const receipt = await receiptResponse(c, userId, email, c.req.valid("param").id);
      if (!receipt) throw notFound("Receipt");
      return receipt;
    },
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/api/webhooks/stripe",
      summary: "Stripe's webhook (signed; the raw body is read for the signature)",
      responses: { 200: { description: "Received" } },
    }),
    async (c) => {
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
    },
  );
