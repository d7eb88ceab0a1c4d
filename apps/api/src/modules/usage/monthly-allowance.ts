import { LIMITS, MESSAGES, maxAnalysesFor, type TSubscription } from "@resumelens/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { countAnalysesRunThisMonth } from "./monthly-usage.ts";

/*
 * The plan's monthly allowance of analyses, in one place on the server: what the plan allows (the
 * contract's maxAnalysesFor, which the web app shows too), what the user ran this month
 * (monthly-usage.ts), and the refusal when the two meet.
 */

/** The analyses `subscription` may run per UTC month; null when it has no monthly allowance (Lifetime). */
export function monthlyAllowanceOf(subscription: TSubscription): number | null {
  const max = maxAnalysesFor(subscription);
  return max === LIMITS.unlimitedSentinel ? null : max;
}

/** This month's usage as the spec shows it: runs so far and the plan's maximum (999: unlimited). */
export async function monthlyUsage(
  executor: Kysely<Database>,
  { userId, subscription, now }: { userId: string; subscription: TSubscription; now: Date },
): Promise<{ used: number; max: number }> {
  return {
    used: await countAnalysesRunThisMonth(executor, userId, now),
    max: maxAnalysesFor(subscription),
  };
}

/**
 * The refusal of a run past the allowance: 403 LIMIT_REACHED with 'Monthly limit reached'
 * (docs/product.md#monthly-limit).
 */
export const monthlyLimitReached = () => new AppError("LIMIT_REACHED", MESSAGES.monthlyLimitReached);

/**
 * Throws monthlyLimitReached when `userId` has run their plan's allowance this month; a plan without
 * one (Lifetime) never counts. Call it early (a cheap answer before an engine run) and again under
 * the user's write lock with that transaction's executor, so racing runs cannot both pass.
 */
export async function assertMonthlyAllowance(
  executor: Kysely<Database>,
  { userId, subscription, now }: { userId: string; subscription: TSubscription; now: Date },
): Promise<void> {
  const allowance = monthlyAllowanceOf(subscription);
  if (allowance === null) return;
  if ((await countAnalysesRunThisMonth(executor, userId, now)) >= allowance) throw monthlyLimitReached();
}
