import { LIMITS, MESSAGES } from "@resumelens/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { perUserRate } from "../../lib/rate-limit.ts";

/*
 * What one user's analyses may cost beyond the plan's monthly allowance (monthly-usage.ts), which a
 * Lifetime plan does not have: runs per minute (each is an engine run in the worker pool) and the
 * bytes their saved analyses hold (a 20,000-character job description and its result: ~100 KB).
 */

/**
 * Analyses run per minute by a user without a monthly allowance (Lifetime; the free plan's three a
 * month bound it already); a repeated request that shares a run counts once.
 */
export const analysisRate = perUserRate(
  "analyses",
  { limit: LIMITS.analysesPerMinute, windowMs: 60_000 },
  MESSAGES.analysisRateLimited,
);

/** Characters the user's saved analyses hold: job descriptions plus results. */
export async function analysisStorageUsed(executor: Kysely<Database>, userId: string): Promise<number> {
  const row = await executor
    .selectFrom("analysis")
    .select(sql<number | string | null>`sum(length(job_description) + length(result_json))`.as("chars"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.chars ?? 0);
}

/**
 * Throws AppError PAYLOAD_TOO_LARGE (413) with MESSAGES.analysisStorageReached when saving `adding`
 * more characters would take `userId` past LIMITS.analysisStorageMaxBytes. Deleting analyses frees it.
 */
export async function assertAnalysisStorageAvailable(
  executor: Kysely<Database>,
  userId: string,
  adding: number,
): Promise<void> {
  if ((await analysisStorageUsed(executor, userId)) + adding > LIMITS.analysisStorageMaxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", MESSAGES.analysisStorageReached);
  }
}
