import { createHash } from "node:crypto";
import {
  LIFETIME_PRODUCT,
  LIMITS,
  type TBilling,
  type TPayment,
  type TPaymentIntentResponse,
  type TPaymentOutcome,
  type TPaymentStatus,
  type TSubscription,
  type TTestCardPayment,
} from "@resumelens/contract";
import type { Kysely } from "kysely";
import type { Db } from "../../db/database.ts";
import { toIso, withUserWriteLock } from "../../db/database.ts";
import type { Database, PaymentTable } from "../../db/schema.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { monthlyUsage } from "../usage/monthly-allowance.ts";
import { subscriptionOf } from "../users/users.service.ts";
import type { PaymentProvider, ProviderIntent } from "./payment-provider.ts";
import { testCardOutcome } from "./test-provider.ts";

type PaymentRow = Pick<
  PaymentTable,
  | "id"
  | "user_id"
  | "provider"
  | "product"
  | "amount_cents"
  | "currency"
  | "status"
  | "failure_message"
  | "receipt_number"
> & { created_at: Date | string; paid_at: Date | string | null };

export const ALREADY_LIFETIME_MESSAGE = "You already have Lifetime Access.";

/** Webhook event types we act on; every other type is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = new Set([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "payment_intent.processing",
]);

const alreadyLifetime = () => new AppError("CONFLICT", ALREADY_LIFETIME_MESSAGE);

/** A short, stable receipt number derived from the payment id: one payment, one number. */
export function receiptNumberFor(paymentId: string, paidAt: Date): string {
  const month = `${paidAt.getUTCFullYear()}${String(paidAt.getUTCMonth() + 1).padStart(2, "0")}`;
  const hash = createHash("sha256").update(paymentId).digest("hex").slice(0, 8).toUpperCase();
  return `RL-${month}-${hash}`;
}

/**
 * POST /api/create-payment-intent: the intent the checkout pays. The amount is the product's,
 * never the client's. A user has at most one payable intent at a time: opening the checkout in
 * two tabs, or twice, gives the same one, so nobody can pay twice; a new intent (new attempt
 * number, hence new idempotency key) is made only when the last one can no longer be paid.
 * That makes a repeated request (a double click, a reload, a retry) idempotent without a client
 * key: it answers the same intent. `beforeNewIntent` runs only when a new intent is about to be
 * made, so the attempt limit counts intents made, not the same one answered again.
 */
export async function createPaymentIntent({
  db,
  provider,
  userId,
  email,
  now,
  logger,
  beforeNewIntent,
}: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  email: string;
  now: Date;
  logger: Logger;
  beforeNewIntent?: () => Promise<void>;
}): Promise<TPaymentIntentResponse> {
  if ((await subscriptionOf(db, userId)) === "lifetime") throw alreadyLifetime();

  // One read decides: the latest attempt is reused while it can be paid; otherwise the next
  // attempt number is taken from that same row, so racing requests agree on it.
  const latest = await db.kysely
    .selectFrom("payment")
    .select(["id", "attempt", "status"])
    .where("user_id", "=", userId)
    .where("provider", "=", provider.mode)
    .orderBy("attempt", "desc")
    .executeTakeFirst();
  if (latest && latest.status !== "canceled") {
    const intent = await provider.retrieveIntent(latest.id);
    if (intent) {
      await recordStatus(db, intent, now);
      if (intent.status === "succeeded") {
        // Paid, but the fulfilment has not reached us yet: fulfil now rather than charge again.
        await settlePayment({ db, provider, intentId: intent.id, expectedUserId: userId, now, logger });
        throw alreadyLifetime();
      }
      if (intent.status === "processing") {
        throw new AppError("CONFLICT", "Your payment is being processed. Please check Billing in a moment.");
      }
      if (intent.payable && intent.clientSecret) return intentResponse(provider, intent);
    }
  }
  const attempt = (latest?.attempt ?? 0) + 1;
  await beforeNewIntent?.();
  const intent = await provider.createIntent({
    userId,
    email,
    product: LIFETIME_PRODUCT.id,
    description: LIFETIME_PRODUCT.name,
    amountCents: LIFETIME_PRODUCT.amountCents,
    currency: LIFETIME_PRODUCT.currency,
    attempt,
  });
  await db.kysely
    .insertInto("payment")
    .values({
      id: intent.id,
      user_id: userId,
      provider: provider.mode,
      attempt,
      product: LIFETIME_PRODUCT.id,
      amount_cents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      client_secret: provider.mode === "test" ? intent.clientSecret : null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Two requests racing for the same attempt: the first row written wins, and both answer with it.
  const winner = await db.kysely
    .selectFrom("payment")
    .select("id")
    .where("user_id", "=", userId)
    .where("provider", "=", provider.mode)
    .where("attempt", "=", attempt)
    .executeTakeFirstOrThrow();
  if (winner.id === intent.id) return intentResponse(provider, intent);
  const won = await provider.retrieveIntent(winner.id);
  if (!won?.clientSecret) throw new AppError("CONFLICT", "Please try again.");
  return intentResponse(provider, won);
}

function intentResponse(provider: PaymentProvider, intent: ProviderIntent): TPaymentIntentResponse {
  return {
    clientSecret: intent.clientSecret ?? "",
    paymentIntentId: intent.id,
    mode: provider.mode,
    amountCents: intent.amountCents,
    currency: intent.currency,
  };
}

/** Mirrors the provider's view of an unpaid intent into its row; a paid row is never changed back. */
async function recordStatus(db: Db, intent: ProviderIntent, now: Date): Promise<void> {
  if (intent.status === "succeeded") return;
  await db.kysely
    .updateTable("payment")
    .set({ status: intent.status, failure_message: intent.failureMessage, updated_at: now.toISOString() })
    .where("id", "=", intent.id)
    .where("status", "!=", "succeeded")
    .execute();
}

/** Throws FORBIDDEN unless the provider's intent is the one we sold: our row's user and product, at its price. */
function assertSold({
  row,
  intent,
  logger,
}: {
  row: { id: string; user_id: string; product: string };
  intent: ProviderIntent;
  logger: Logger;
}): void {
  const genuine =
    intent.userId === row.user_id &&
    intent.product === row.product &&
    intent.product === LIFETIME_PRODUCT.id &&
    intent.amountCents === LIFETIME_PRODUCT.amountCents &&
    intent.currency === LIFETIME_PRODUCT.currency;
  if (!genuine) {
    logger.warn("payment does not match what we sold; nothing granted", {
      paymentId: row.id,
      userId: row.user_id,
    });
    throw new AppError("FORBIDDEN", "This payment cannot be used for Lifetime Access.");
  }
}

/**
 * Marks a succeeded payment fulfilled and grants Lifetime, inside the caller's user write lock.
 * Idempotent: paid_at is set once, and the plan update only touches a plan that is not lifetime.
 */
async function fulfil(
  executor: Kysely<Database>,
  { paymentId, userId, now, logger }: { paymentId: string; userId: string; now: Date; logger: Logger },
): Promise<void> {
  const paidAt = now.toISOString();
  await executor
    .updateTable("payment")
    .set({
      status: "succeeded",
      failure_message: null,
      paid_at: paidAt,
      receipt_number: receiptNumberFor(paymentId, now),
      updated_at: paidAt,
    })
    .where("id", "=", paymentId)
    .where("paid_at", "is", null)
    .execute();
  await executor
    .insertInto("plan")
    .values({ user_id: userId, plan: "free" })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const granted = await executor
    .updateTable("plan")
    .set({ plan: "lifetime", purchased_at: paidAt, payment_ref: paymentId })
    .where("user_id", "=", userId)
    .where("plan", "!=", "lifetime")
    .executeTakeFirst();
  if (Number(granted.numUpdatedRows) > 0) {
    logger.info("lifetime access granted", { userId, paymentId });
  }
}

/**
 * The one fulfilment path, used by the webhook, the return to /billing and the test-payment mode.
 * It trusts nothing it is told: it re-reads the intent from the provider, and grants Lifetime only
 * when that intent is one we created, for this user, for this product at its price, and succeeded.
 * Idempotent: settling a settled payment changes nothing.
 */
export async function settlePayment({
  db,
  provider,
  intentId,
  expectedUserId,
  now,
  logger,
}: {
  db: Db;
  provider: PaymentProvider;
  intentId: string;
  /** The signed-in user asking (return to /billing); absent for webhooks. */
  expectedUserId?: string;
  now: Date;
  logger: Logger;
}): Promise<TPaymentOutcome> {
  const row = await db.kysely
    .selectFrom("payment")
    .select(["id", "user_id", "product", "amount_cents", "currency", "status"])
    .where("id", "=", intentId)
    .where("provider", "=", provider.mode)
    .executeTakeFirst();
  // Someone else's payment is as unknown to the caller as one that does not exist.
  if (!row || (expectedUserId !== undefined && row.user_id !== expectedUserId)) throw notFound("Payment");

  const intent = await provider.retrieveIntent(intentId);
  if (!intent) throw notFound("Payment");
  assertSold({ row, intent, logger });

  if (intent.status !== "succeeded") {
    await recordStatus(db, intent, now);
    return {
      status: row.status === "succeeded" ? "succeeded" : intent.status,
      subscription: await subscriptionOf(db, row.user_id),
      message: intent.failureMessage,
    };
  }

  await withUserWriteLock(db, row.user_id, (executor) =>
    fulfil(executor, { paymentId: intentId, userId: row.user_id, now, logger }),
  );
  return { status: "succeeded", subscription: "lifetime", message: null };
}

/** POST /api/test-payments/confirm: the test card network's answer, then the same fulfilment. */
export async function payWithTestCard({
  db,
  provider,
  userId,
  card,
  now,
  logger,
}: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  card: TTestCardPayment;
  now: Date;
  logger: Logger;
}): Promise<TPaymentOutcome> {
  if (provider.mode !== "test")
    throw new AppError("NOT_FOUND", "Test payments are off: this server uses Stripe.");
  const row = await db.kysely
    .selectFrom("payment")
    .select(["id", "status", "product"])
    .where("id", "=", card.paymentIntentId)
    .where("user_id", "=", userId)
    .where("provider", "=", "test")
    .executeTakeFirst();
  if (!row) throw notFound("Payment");
  if (row.status === "succeeded" || row.status === "canceled") {
    return settlePayment({ db, provider, intentId: row.id, expectedUserId: userId, now, logger });
  }
  const declined = testCardOutcome(card, now);
  if (declined) {
    await db.kysely
      .updateTable("payment")
      .set({ status: "failed", failure_message: declined, updated_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("status", "!=", "succeeded")
      .execute();
    throw new AppError("PAYMENT_REQUIRED", declined);
  }
  const intent = await provider.retrieveIntent(row.id);
  if (!intent) throw notFound("Payment");
  assertSold({ row: { id: row.id, user_id: userId, product: row.product }, intent, logger });
  // The charge and its fulfilment are one transaction: a crash (kill -9, power loss) between
  // them leaves neither, never a paid payment on a free plan. Only a payable intent can be
  // charged, and only once: the row changes from payable to paid.
  await withUserWriteLock(db, userId, async (executor) => {
    const charged = await executor
      .updateTable("payment")
      .set({ status: "succeeded", failure_message: null, updated_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("status", "in", ["pending", "failed"])
      .executeTakeFirst();
    if (Number(charged.numUpdatedRows) > 0) {
      await fulfil(executor, { paymentId: row.id, userId, now, logger });
    }
  });
  return settlePayment({ db, provider, intentId: row.id, expectedUserId: userId, now, logger });
}

/**
 * POST /api/webhooks/stripe. The signature is checked over the raw body; each event id is claimed
 * once (a replay is acknowledged and skipped); if handling fails the claim is released so Stripe's
 * retry can succeed. Events about intents we never created are acknowledged and grant nothing.
 */
export async function handleWebhook({
  db,
  provider,
  rawBody,
  signature,
  now,
  logger,
}: {
  db: Db;
  provider: PaymentProvider;
  rawBody: string;
  signature: string | undefined;
  now: Date;
  logger: Logger;
}): Promise<{ received: true; handled: boolean }> {
  if (provider.mode !== "stripe") throw new AppError("NOT_FOUND", "Webhooks are only used with Stripe.");
  if (!signature) throw new AppError("BAD_REQUEST", "Missing Stripe-Signature header.");
  let event: Awaited<ReturnType<PaymentProvider["verifyWebhook"]>>;
  try {
    event = await provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    logger.warn("webhook refused: bad signature", {
      reason: error instanceof Error ? error.message.slice(0, 200) : "unknown",
    });
    throw new AppError("BAD_REQUEST", "Invalid webhook signature.");
  }
  if (!HANDLED_EVENT_TYPES.has(event.type) || !event.intentId) return { received: true, handled: false };

  const claimed = await db.kysely
    .insertInto("webhook_event")
    .values({ id: event.id, type: event.type, received_at: now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!claimed) return { received: true, handled: false };

  try {
    await settlePayment({ db, provider, intentId: event.intentId, now, logger });
  } catch (error) {
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "FORBIDDEN")) {
      logger.warn("webhook about a payment we did not sell; ignored", {
        eventId: event.id,
        type: event.type,
      });
      return { received: true, handled: false };
    }
    await db.kysely.deleteFrom("webhook_event").where("id", "=", event.id).execute();
    throw error;
  }
  return { received: true, handled: true };
}

function toPayment(row: PaymentRow): TPayment {
  return {
    id: row.id,
    createdAt: toIso(row.created_at),
    paidAt: row.paid_at ? toIso(row.paid_at) : null,
    description: LIFETIME_PRODUCT.name,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status as TPaymentStatus,
    failureMessage: row.failure_message,
    receiptNumber: row.receipt_number,
  };
}

const PAYMENT_COLUMNS = [
  "id",
  "user_id",
  "provider",
  "product",
  "amount_cents",
  "currency",
  "status",
  "failure_message",
  "receipt_number",
  "created_at",
  "paid_at",
] as const;

/** GET /api/billing: plan, this month's usage and the payments the user tried or made. */
export async function getBilling({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<TBilling> {
  // A read: no plan row simply means the default free plan (no write on this path).
  const plan = await db.kysely
    .selectFrom("plan")
    .select(["plan", "purchased_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const subscription: TSubscription = plan?.plan === "lifetime" ? "lifetime" : "free";
  const payments = await db.kysely
    .selectFrom("payment")
    .select(PAYMENT_COLUMNS)
    .where("user_id", "=", userId)
    .where("status", "!=", "pending")
    .orderBy("created_at", "desc")
    .execute();
  const usage = await monthlyUsage(db.kysely, { userId, subscription, now });
  return {
    subscription,
    purchasedAt: plan?.purchased_at ? toIso(plan.purchased_at) : null,
    currentMonth: { analyses: usage.used, maxAnalyses: usage.max },
    payments: payments.map(toPayment),
  };
}

/** A succeeded payment of the user's, for its receipt; anyone else's is not found. */
export async function paidPayment({
  db,
  userId,
  paymentId,
}: {
  db: Db;
  userId: string;
  paymentId?: string;
}): Promise<(TPayment & { provider: "stripe" | "test" }) | null> {
  let query = db.kysely
    .selectFrom("payment")
    .select(PAYMENT_COLUMNS)
    .where("user_id", "=", userId)
    .where("status", "=", "succeeded");
  if (paymentId !== undefined) query = query.where("id", "=", paymentId);
  const row = await query.orderBy("paid_at", "asc").executeTakeFirst();
  return row ? { ...toPayment(row), provider: row.provider } : null;
}

/**
 * POST /api/upgrade-plan. The product lists it (docs/product.md#billing-flow), but Lifetime is bought, never
 * asked for: 'lifetime'
 * without a payment is 402, 'free' changes nothing (there is no downgrade).
 */
export async function upgradePlan({
  db,
  userId,
  plan,
}: {
  db: Db;
  userId: string;
  plan: TSubscription;
}): Promise<{ success: true; subscription: TSubscription }> {
  const current = await subscriptionOf(db, userId);
  if (plan === "lifetime" && current !== "lifetime") {
    throw new AppError(
      "PAYMENT_REQUIRED",
      `Lifetime Access is a one-time payment of $${LIMITS.lifetimePriceUsd}. Complete it at checkout to upgrade.`,
    );
  }
  return { success: true, subscription: current };
}
