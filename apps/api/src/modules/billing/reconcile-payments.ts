import type { Db } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import { errorFields } from "../../lib/logger.ts";
import { settlePayment } from "./billing.service.ts";
import type { PaymentProvider } from "./payment-provider.ts";

/** Unfulfilled payments older than this are left to support: an intent is not paid weeks later. */
export const RECONCILE_MAX_AGE_DAYS = 30;
/** Most payments one start-up re-reads, so a start-up's cost has a bound whatever the table holds. */
export const RECONCILE_MAX_PAYMENTS = 500;

/**
 * Settles, through the one fulfilment path (settlePayment), every recent payment that is not yet
 * fulfilled (no paid_at) and not cancelled: a test payment charged just before a crash, or a
 * Stripe intent that succeeded while the process was down and whose webhook never arrived (or
 * arrived at a process that died). Each one is re-read from its provider, so only a succeeded,
 * genuine payment grants, and settlePayment's idempotency makes a second run change nothing.
 * One payment's failure (Stripe unreachable, say) is logged and skips only that payment.
 */
export async function reconcilePayments({
  db,
  provider,
  now,
  logger,
}: {
  db: Db;
  provider: PaymentProvider;
  now: Date;
  logger: Logger;
}): Promise<{ checked: number; fulfilled: number; failed: number }> {
  const since = new Date(now.getTime() - RECONCILE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const rows = await db.kysely
    .selectFrom("payment")
    .select(["id", "user_id"])
    .where("provider", "=", provider.mode)
    .where("paid_at", "is", null)
    .where("status", "!=", "canceled")
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .limit(RECONCILE_MAX_PAYMENTS)
    .execute();
  let fulfilled = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const outcome = await settlePayment({ db, provider, intentId: row.id, now, logger });
      if (outcome.status === "succeeded") fulfilled++;
    } catch (error) {
      failed++;
      logger.warn("payment reconciliation failed; the next start-up or the user's return retries", {
        paymentId: row.id,
        userId: row.user_id,
        ...errorFields(error),
      });
    }
  }
  if (rows.length > 0) {
    logger.info("payments reconciled", { checked: rows.length, fulfilled, failed, mode: provider.mode });
  }
  return { checked: rows.length, fulfilled, failed };
}

/**
 * Start-up: reconciles before the server takes requests, waiting at most `waitMs` so that a
 * payment-provider outage cannot hold the start-up; past that the reconciliation goes on in the
 * background. Never throws.
 */
export async function reconcilePaymentsOnStart(
  deps: { db: Db; payments: PaymentProvider; now: () => Date; logger: Logger },
  { waitMs = 5_000 }: { waitMs?: number } = {},
): Promise<void> {
  const run = reconcilePayments({
    db: deps.db,
    provider: deps.payments,
    now: deps.now(),
    logger: deps.logger,
  }).catch((error: unknown) => {
    deps.logger.error("payment reconciliation could not run", errorFields(error));
  });
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
    timer.unref();
  });
  await Promise.race([run, gaveUp]);
  clearTimeout(timer);
}
