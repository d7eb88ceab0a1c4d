import { createHash } from "node:crypto";
import { MESSAGES, type TComparison } from "@resumelens/contract";
import type { Kysely } from "kysely";
import type { Db, OwnedRecord } from "../../db/database.ts";
import { toIso, withUserWriteLock } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { errorFields, type Logger } from "../../lib/logger.ts";
import { actionEmail } from "../../lib/mailer.ts";
import {
  type AnalysisRun,
  createAnalysis,
  REPEAT_WINDOW_MS,
  wantsNotifications,
} from "../analyses/analyses.service.ts";
import { ownedResume } from "../documents/documents.service.ts";
import { type DocumentPool, documentPool } from "../documents/pool.ts";
import { DocumentRefused } from "../documents/types.ts";
import { analysisRate, assertAnalysisStorageAvailable } from "../usage/analysis-limits.ts";
import { IDEMPOTENCY_WINDOW_MS, requestKey, withRunTable } from "../usage/monthly-usage.ts";
import { subscriptionOf } from "../users/users.service.ts";

/*
 * One resume against several postings in one run (docs/product.md#multi-posting). Each posting is a
 * full analysis made by createAnalysis, the path of POST /api/analyze (worker pool, LLM, storage
 * limit, run counting); the comparison row only ties them together.
 *
 * All or nothing: everything that can refuse the run is checked before any engine work (the
 * request's shape, duplicate postings, the resume, the plan, the per-minute rate for *all* the
 * postings, the storage the postings alone need). A posting that still fails while running (the
 * storage limit reached by the results, a worker timeout) takes the whole run back: the analyses it
 * made, their runs on the plan's meter and the comparison are deleted together, the per-minute rate
 * it reserved is given back, and the error is answered (a worker's refusal as 503 busy); so the user
 * never holds half a comparison, each posting counts once and only when the whole run succeeds, and
 * the same request (or Idempotency-Key) may simply be sent again. Not retried here: see
 * docs/decisions/2026-11-27-pool-cpu-time.md.
 */

/**
 * Comparison runs in progress in this process, by user and key (or content without one): a double
 * click shares the first's answer. `hash` is the running request's content, to tell a reused key.
 */
const inFlight = new Map<string, { hash: string; work: Promise<TComparison> }>();

type ComparisonRequest = AnalysisRun & {
  resumeId: number;
  jobDescriptions: string[];
  idempotencyKey?: string;
};

/**
 * POST /api/comparisons: runs one analysis per posting and answers the comparison. A repeated
 * Idempotency-Key (within IDEMPOTENCY_WINDOW_MS), or the same resume and postings again within
 * REPEAT_WINDOW_MS, answers the first run's comparison without running or counting again; a key
 * reused for another request is 409.
 */
export async function createComparison(request: ComparisonRequest): Promise<TComparison> {
  const { db, userId, resumeId, jobDescriptions, idempotencyKey, now } = request;
  if (new Set(jobDescriptions).size !== jobDescriptions.length) {
    throw new AppError("BAD_REQUEST", MESSAGES.comparisonDuplicatePostings);
  }
  const resume = await ownedResume(db, userId, resumeId).select("id").executeTakeFirst();
  if (!resume) throw notFound("Resume");
  if ((await subscriptionOf(db, userId)) !== "lifetime") {
    throw new AppError("PAYMENT_REQUIRED", MESSAGES.comparisonNeedsLifetime);
  }

  const key = idempotencyKey === undefined ? null : requestKey(idempotencyKey);
  const hash = createHash("sha256")
    .update(JSON.stringify([resumeId, jobDescriptions]))
    .digest("hex");
  const earlier = await earlierRun(db.kysely, { userId, key, hash, now });
  if (earlier !== null) return getComparison({ db, userId, id: earlier, pool: request.pool });

  const flightKey = JSON.stringify([userId, key ?? hash]);
  const pending = inFlight.get(flightKey);
  if (pending) {
    // The same key still running: the same request shares it, another one is a client bug.
    if (pending.hash !== hash) throw keyReused();
    return pending.work;
  }
  const work = runComparison({ ...request, key, hash });
  inFlight.set(flightKey, { hash, work });
  try {
    return await work;
  } finally {
    inFlight.delete(flightKey);
  }
}

const keyReused = () =>
  new AppError("CONFLICT", "This Idempotency-Key was already used for a different comparison request.");

/**
 * The comparison an earlier run of this request made: the same Idempotency-Key within
 * IDEMPOTENCY_WINDOW_MS (409 when that run was another request), or without a key the same content
 * within REPEAT_WINDOW_MS.
 */
async function earlierRun(
  executor: Kysely<Database>,
  { userId, key, hash, now }: { userId: string; key: string | null; hash: string; now: Date },
): Promise<number | null> {
  if (key !== null) {
    const row = await executor
      .selectFrom("comparison")
      .select(["id", "request_hash"])
      .where("user_id", "=", userId)
      .where("request_key", "=", key)
      .where("created_at", ">=", new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString())
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (row && row.request_hash !== hash) throw keyReused();
    return row ? row.id : null;
  }
  const row = await executor
    .selectFrom("comparison")
    .select("id")
    .where("user_id", "=", userId)
    .where("request_hash", "=", hash)
    .where("created_at", ">=", new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString())
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? row.id : null;
}

async function runComparison(
  request: ComparisonRequest & { key: string | null; hash: string },
): Promise<TComparison> {
  const { db, userId, email, resumeId, jobDescriptions, key, hash, now, mailer, logger, baseUrl } = request;
  // Cheap up-front refusal: the postings alone would not fit in the analyses' storage.
  await assertAnalysisStorageAvailable(
    db.kysely,
    userId,
    jobDescriptions.reduce((sum, text) => sum + text.length, 0),
  );
  await reserveRate(db, userId, jobDescriptions.length, now);

  // The comparison row first, under the user's write lock, so a twin run in another process
  // (same key or content) that got there first is answered instead of running again.
  const created = await withUserWriteLock(db, userId, async (executor) => {
    const twin = await earlierRun(executor, { userId, key, hash, now });
    if (twin !== null) return { id: twin, created: false };
    const row = await executor
      .insertInto("comparison")
      .values({
        user_id: userId,
        resume_id: resumeId,
        request_key: key,
        request_hash: hash,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, created: true };
  });
  if (!created.created) {
    await refundRate(db, userId, jobDescriptions.length);
    return getComparison({ db, userId, id: created.id, pool: request.pool });
  }
  const comparisonId = created.id;

  const runs = await Promise.allSettled(
    jobDescriptions.map((jobDescription) =>
      createAnalysis({
        db,
        userId,
        email,
        resumeId,
        jobDescription,
        now,
        mailer,
        logger,
        baseUrl,
        pool: request.pool,
        llm: request.llm,
        comparison: { id: comparisonId },
      }),
    ),
  );
  const failures = runs.flatMap((run) => (run.status === "rejected" ? [run.reason as unknown] : []));
  if (failures.length > 0) {
    await takeBack(db, userId, comparisonId);
    await refundRate(db, userId, jobDescriptions.length);
    throw answerFor(failures, { logger, comparisonId });
  }

  if (await wantsNotifications(db, userId)) {
    void db
      .durable()
      .then(() =>
        mailer.send(
          comparisonReadyEmail({ email, id: comparisonId, postings: jobDescriptions.length, baseUrl }),
        ),
      )
      .catch((error: unknown) => {
        logger.warn("comparison-ready email failed", { comparisonId, ...errorFields(error) });
      });
  }
  return getComparison({ db, userId, id: comparisonId, pool: request.pool });
}

/**
 * Deletes what a failed run made, in one transaction: its analyses' runs (so the plan's meter counts
 * none of its postings), its analyses and the comparison row.
 */
async function takeBack(db: Db, userId: string, comparisonId: number): Promise<void> {
  await withUserWriteLock(db, userId, async (executor) => {
    const made = executor
      .selectFrom("analysis")
      .select("id")
      .where("user_id", "=", userId)
      .where("comparison_id", "=", comparisonId);
    await withRunTable(executor)
      .deleteFrom("analysis_run")
      .where("user_id", "=", userId)
      .where("analysis_id", "in", made)
      .execute();
    await executor
      .deleteFrom("analysis")
      .where("user_id", "=", userId)
      .where("comparison_id", "=", comparisonId)
      .execute();
    await executor.deleteFrom("comparison").where("id", "=", comparisonId).execute();
  });
}

/**
 * What a failed run answers: a refusal the user can act on (storage full, busy) as it is; a
 * worker's refusal of an engine run (time limit, worker lost) as 503 busy, logged with its detail;
 * anything else (an engine bug) unchanged, for the app's 500.
 */
function answerFor(failures: unknown[], { logger, comparisonId }: { logger: Logger; comparisonId: number }) {
  const refusal = failures.find((error): error is AppError => error instanceof AppError);
  if (refusal) return refusal;
  const refused = failures.find((error): error is DocumentRefused => error instanceof DocumentRefused);
  if (refused) {
    logger.warn("comparison posting refused by the worker pool", { comparisonId, ...errorFields(refused) });
    return new AppError("UNAVAILABLE", MESSAGES.serverBusy);
  }
  return failures[0];
}

/**
 * Counts all `postings` against the per-minute analysis rate before any of them runs, or none: past
 * the limit every hit this run took is given back and the run is refused (429), so a run the rate
 * allows only part of never starts.
 */
async function reserveRate(db: Db, userId: string, postings: number, now: Date): Promise<void> {
  for (let taken = 0; taken < postings; taken++) {
    try {
      await analysisRate.check({ db, userId, now });
    } catch (error) {
      // The refused hit was counted too.
      await refundRate(db, userId, taken + 1);
      throw error;
    }
  }
}

async function refundRate(db: Db, userId: string, hits: number): Promise<void> {
  for (let i = 0; i < hits; i++) await analysisRate.refund({ db, userId });
}

function comparisonReadyEmail({
  email,
  id,
  postings,
  baseUrl,
}: {
  email: string;
  id: number;
  postings: number;
  baseUrl: string;
}) {
  return actionEmail({
    to: email,
    subject: "Your comparison is ready",
    intro: `Your resume has been analysed against ${postings} job postings, ranked by how well it matches each.`,
    action: "View your comparison",
    url: `${baseUrl.replace(/\/$/, "")}/compare/${id}`,
  });
}

/** GET /api/comparisons/:id: the owner's comparison from its remaining analyses; anyone else's id is 404. */
export async function getComparison({
  db,
  userId,
  id,
  pool = documentPool(),
}: OwnedRecord & { pool?: DocumentPool }): Promise<TComparison> {
  const comparison = await db.kysely
    .selectFrom("comparison")
    .select(["id", "resume_id", "created_at"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!comparison) throw notFound("Comparison");
  const rows = await db.kysely
    .selectFrom("analysis")
    .select(["id", "job_description", "result_json"])
    .where("comparison_id", "=", id)
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  // Stored results are read in the worker pool, never parsed on the request thread.
  const view = await pool.comparisonView(
    rows.map((row) => ({ id: row.id, jobDescription: row.job_description, resultJson: row.result_json })),
    { owner: userId },
  );
  return {
    id: comparison.id,
    createdAt: toIso(comparison.created_at),
    resumeId: comparison.resume_id,
    ...view,
  };
}
