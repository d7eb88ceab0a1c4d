import { createHash } from "node:crypto";
import type { ColumnType, Generated, Kysely } from "kysely";
import { startOfUtcMonth } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";

/**
 * The free plan's meter: analyses *run* in the current UTC calendar month. Each run leaves a row
 * in `analysis_run` (migration 0005) that deleting the analysis does not remove, so deleting an
 * analysis never gives its slot back. Runs are written under the user's write lock together with
 * the analysis (see createAnalysis), so the count and the insert cannot be split by a racing run.
 */

/** One analysis run; `analysis_id` is cleared when the analysis is deleted, the row stays. */
export type AnalysisRunTable = {
  id: Generated<number>;
  user_id: string;
  analysis_id: number | null;
  /** requestKey() of the request's Idempotency-Key; null without one. */
  request_key: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

type RunTables = { analysis_run: AnalysisRunTable };

/** The query builder with the run table known to it (its type lives with the behaviour it serves). */
export function withRunTable(kysely: Kysely<Database>): Kysely<Database & RunTables> {
  return kysely.withTables<RunTables>();
}

/**
 * How long an `Idempotency-Key` of POST /api/analyze answers with the analysis it already made
 * instead of running (and counting) again: a retried request, a resubmitted form, a double-click
 * that got past the disabled button. A day, as payment APIs keep theirs.
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How a client's Idempotency-Key is stored: hashed, so any text the client sends fits the column. */
export function requestKey(idempotencyKey: string): string {
  return createHash("sha256").update(idempotencyKey).digest("hex");
}

/** Analyses the user ran in the current UTC calendar month, deleted ones included. */
export async function countAnalysesRunThisMonth(
  executor: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<number> {
  const row = await withRunTable(executor)
    .selectFrom("analysis_run")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("created_at", ">=", startOfUtcMonth(now))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The user's analysis made under the same idempotency key within IDEMPOTENCY_WINDOW_MS, if it is still kept. */
export async function recentAnalysisFor(
  executor: Kysely<Database>,
  { userId, key, now }: { userId: string; key: string; now: Date },
): Promise<{ id: number; resumeId: number | null; jobDescription: string } | null> {
  const row = await withRunTable(executor)
    .selectFrom("analysis_run")
    .innerJoin("analysis", "analysis.id", "analysis_run.analysis_id")
    .select(["analysis.id", "analysis.resume_id", "analysis.job_description"])
    .where("analysis_run.user_id", "=", userId)
    .where("analysis.user_id", "=", userId)
    .where("analysis_run.request_key", "=", key)
    .where("analysis_run.created_at", ">=", new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString())
    .orderBy("analysis_run.id", "desc")
    .executeTakeFirst();
  return row ? { id: row.id, resumeId: row.resume_id, jobDescription: row.job_description } : null;
}

/** Records a run; call it in the same transaction as the analysis insert. */
export async function recordRun(
  executor: Kysely<Database>,
  run: { userId: string; analysisId: number; key: string | null; createdAt: string },
): Promise<void> {
  await withRunTable(executor)
    .insertInto("analysis_run")
    .values({
      user_id: run.userId,
      analysis_id: run.analysisId,
      request_key: run.key,
      created_at: run.createdAt,
    })
    .execute();
}
