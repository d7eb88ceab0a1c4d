import { createHash } from "node:crypto";
import { LIMITS, MESSAGES, scoreBand, type TAnalytics, type TStoredAnalysis } from "@resumelens/contract";
import type { Kysely } from "kysely";
import type { AppDeps } from "../../app-context.ts";
import type { Db, OwnedRecord } from "../../db/database.ts";
import { toBool, toIso, withUserWriteLock } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { errorFields, type Logger } from "../../lib/logger.ts";
import { actionEmail, type Mailer } from "../../lib/mailer.ts";
import { ownedResume } from "../documents/documents.service.ts";
import { type DocumentPool, documentPool } from "../documents/pool.ts";
import { storedLayout } from "../documents/stored-layout.ts";
import { getLinkedInProfile } from "../linkedin/linkedin.service.ts";
import { analysisRate, assertAnalysisStorageAvailable } from "../usage/analysis-limits.ts";
import { assertMonthlyAllowance, monthlyAllowanceOf, monthlyUsage } from "../usage/monthly-allowance.ts";
import { recentAnalysisFor, recordRun, requestKey } from "../usage/monthly-usage.ts";
import { subscriptionOf } from "../users/users.service.ts";
import { type LlmSettings, llmSettings, rewriteProse } from "./rewrite-prose.ts";
import { readStoredAnalysis, type StoredAnalysisRow, storedAnalysisBody } from "./stored-analysis.ts";

/**
 * How long a repeated analyze without an Idempotency-Key (same user, same resume, same job text)
 * answers the analysis the first one made instead of running and counting again: a double click,
 * a form sent twice, a client retrying on its own. Uploads use the same window (DUPLICATE_WINDOW_MS);
 * nobody re-runs an identical analysis on purpose within ten seconds, and the engine is deterministic.
 */
export const REPEAT_WINDOW_MS = 10_000;

/** Identical analyze requests (user, resume, job text) running right now: later ones share the first's answer. */
const inFlight = new Map<string, Promise<TStoredAnalysis>>();

/** Who asks for an analysis run and what running it needs: one analysis or a comparison's postings. */
export type AnalysisRun = {
  db: Db;
  userId: string;
  email: string;
  now: Date;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  pool?: DocumentPool;
  /** The optional LLM that may reword recommendations (`llmSettings(env)`); absent or null, none. */
  llm?: LlmSettings | null;
};

/** An analysis run's context from the request: the signed-in caller and the app's parts. */
export function analysisRun(user: { userId: string; email: string }, deps: AppDeps): AnalysisRun {
  const { db, now, mailer, logger, env } = deps;
  return {
    db,
    userId: user.userId,
    email: user.email,
    now: now(),
    mailer,
    logger,
    baseUrl: env.BASE_URL,
    llm: llmSettings(env),
  };
}

/** One analyze request and what serving it needs. */
type AnalyzeRequest = AnalysisRun & {
  resumeId: number;
  jobDescription: string;
  /** The client's Idempotency-Key header, if it sent one. */
  idempotencyKey?: string;
  /**
   * The comparison run this analysis is one posting of (docs/product.md#multi-posting). The
   * comparison has already reserved its postings against the per-minute rate and answers repeats of
   * the whole run itself, and sends one email for all of them; so this analysis is always run and
   * stored (with its `comparison_id`), is not counted against the rate again, and sends no email.
   */
  comparison?: { id: number };
};

/**
 * POST /api/analyze: analyses the caller's resume against a job in the worker pool and stores
 * the result. Free users are limited to analyses *run* per UTC calendar month (deleting one does
 * not give its slot back, see monthly-usage.ts): checked before the (costly) engine run, and
 * again, atomically with the insert, after it. A request repeating an earlier one's
 * Idempotency-Key (a retry, a resubmitted form) answers that analysis without running or
 * counting again, also when both arrive at once; so does one repeating the same resume and job text
 * within REPEAT_WINDOW_MS, with or without a key.
 */
export async function createAnalysis(request: AnalyzeRequest): Promise<TStoredAnalysis> {
  const { db, userId, resumeId, jobDescription, idempotencyKey, now } = request;
  const pool = request.pool ?? documentPool();
  const resume = await ownedResume(db, userId, resumeId)
    .select(["id", "text", "layout_json"])
    .executeTakeFirst();
  if (!resume) throw notFound("Resume");

  const key = idempotencyKey === undefined ? null : requestKey(idempotencyKey);
  const sameRequest = <T extends { resumeId: number | null; jobDescription: string } | null>(run: T): T => {
    // A key names one request: the same key with another resume or job is a client bug, not a retry.
    if (run && (run.resumeId !== resume.id || run.jobDescription !== jobDescription)) {
      throw new AppError(
        "CONFLICT",
        "This Idempotency-Key was already used for a different analysis request.",
      );
    }
    return run;
  };
  const repeated =
    key === null ? null : sameRequest(await recentAnalysisFor(db.kysely, { userId, key, now }));
  if (repeated !== null) return getAnalysis({ db, userId, id: repeated.id });

  // The imported LinkedIn profile's skills let recommendations name ones the resume leaves out. They
  // are an input too: after an import the same resume and job is a new request, not a repeat.
  const profile = await getLinkedInProfile({ db, userId });
  const profileSkills = profile?.skills ?? [];
  const same = { userId, resumeId: resume.id, jobDescription, now, since: profile?.importedAt ?? null };

  // One posting of a comparison: the comparison answers repeats of the whole run (comparisons.service.ts).
  if (request.comparison) {
    return runAnalysis({ ...request, pool, same, profileSkills, resume, key, sameRequest });
  }
  // The same request already running (a double click, a retry racing the first): share its answer.
  const sameContent = createHash("sha256")
    .update(JSON.stringify([userId, resume.id, jobDescription, profileSkills]))
    .digest("hex");
  const pending = inFlight.get(sameContent);
  if (pending) return pending;
  const work = (async () => {
    const recent = await recentSameRequest(db.kysely, same);
    if (recent !== null) return getAnalysis({ db, userId, id: recent });
    return runAnalysis({ ...request, pool, same, profileSkills, resume, key, sameRequest });
  })();
  inFlight.set(sameContent, work);
  try {
    return await work;
  } finally {
    inFlight.delete(sameContent);
  }
}

/** The part of createAnalysis that runs the engine, counts the run and stores the analysis. */
async function runAnalysis(
  run: Omit<AnalyzeRequest, "resumeId" | "idempotencyKey" | "pool"> & {
    pool: DocumentPool;
    /** What makes a request the same as an earlier one (recentSameRequest). */
    same: SameRequest;
    profileSkills: string[];
    resume: { id: number; text: string; layout_json: string | null };
    key: string | null;
    sameRequest: <T extends { resumeId: number | null; jobDescription: string } | null>(run: T) => T;
  },
): Promise<TStoredAnalysis> {
  const { same, profileSkills, db, userId, email, resume, jobDescription, key, sameRequest, now } = run;
  const { mailer, logger, baseUrl, pool, llm, comparison } = run;
  const subscription = await subscriptionOf(db, userId);
  // Cheap early answer, so a user at the limit does not cost an engine run.
  await assertMonthlyAllowance(db.kysely, { userId, subscription, now });
  // Without a monthly allowance, runs per minute are bounded instead, before the engine runs.
  if (monthlyAllowanceOf(subscription) === null && !comparison) await analysisRate.check({ db, userId, now });

  // What the extractor saw of an uploaded file (columns, tables…) feeds the ATS review; pasted
  // text has none. A resume's layout never changes, so repeats of this request may share answers.
  // One user's analyses take their fair share of the pool, not all of it.
  const layout = storedLayout(resume.layout_json);
  const engineResult = await pool.analyze(
    { resumeText: resume.text, jobDescription, profileSkills, ...(layout && { layout }) },
    { now, owner: userId },
  );
  // Before storing, so the analysis is kept (and answered) as the user will see it. Bounded by the
  // LLM budget and never failing; without an LLM the engine's result is stored as it is.
  const result = await rewriteProse(engineResult, llm, logger, (checked, answer) =>
    pool.checkRewrites(checked, answer, { owner: userId }),
  );
  const createdAt = now.toISOString();

  const outcome = await withUserWriteLock(db, userId, async (executor) => {
    // A twin request that finished first while this one ran: answer its analysis, count nothing.
    const twin = key === null ? null : sameRequest(await recentAnalysisFor(executor, { userId, key, now }));
    if (twin !== null) return { id: twin.id, created: false };
    // The same request from another process (or one that finished meanwhile) within the window.
    const repeat = comparison ? null : await recentSameRequest(executor, same);
    if (repeat !== null) return { id: repeat, created: false };
    await assertMonthlyAllowance(executor, { userId, subscription, now });
    const resultJson = JSON.stringify(result);
    // The worker refuses an engine result past the ceiling; a reworded one is checked here too.
    if (Buffer.byteLength(resultJson) > LIMITS.analysisResultMaxBytes) {
      throw new AppError("UNPROCESSABLE", MESSAGES.analysisTooLarge);
    }
    await assertAnalysisStorageAvailable(executor, userId, jobDescription.length + resultJson.length);
    const inserted = await executor
      .insertInto("analysis")
      .values({
        user_id: userId,
        resume_id: resume.id,
        job_description: jobDescription,
        result_json: resultJson,
        engine_version: result.engineVersion,
        overall_score: result.overallScore,
        comparison_id: comparison?.id ?? null,
        created_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordRun(executor, { userId, analysisId: inserted.id, key, createdAt });
    return { id: inserted.id, created: true };
  });
  if (!outcome.created) return getAnalysis({ db, userId, id: outcome.id });
  const { id } = outcome;

  if (!comparison && (await wantsNotifications(db, userId))) {
    // Fire-and-forget: a mail problem is logged and never fails the analysis. Sent once the
    // analysis is on disk, so the mail never points to one a power loss could take back.
    void db
      .durable()
      .then(() => mailer.send(analysisReadyEmail({ email, id, score: result.overallScore, baseUrl })))
      .catch((error: unknown) => {
        logger.warn("analysis-ready email failed", { analysisId: id, ...errorFields(error) });
      });
  }

  return { ...result, id, createdAt, resumeId: resume.id, jobDescription };
}

type SameRequest = {
  userId: string;
  resumeId: number;
  jobDescription: string;
  now: Date;
  /** When the LinkedIn profile the analysis reads was imported (ISO), if there is one. */
  since: string | null;
};

/**
 * The user's analysis of this resume against this exact job text made within REPEAT_WINDOW_MS
 * before `now`, and after the LinkedIn profile it reads was imported, if it is still kept.
 */
async function recentSameRequest(
  executor: Kysely<Database>,
  { userId, resumeId, jobDescription, now, since }: SameRequest,
): Promise<number | null> {
  let query = executor
    .selectFrom("analysis")
    .select("id")
    .where("user_id", "=", userId)
    .where("resume_id", "=", resumeId)
    .where("job_description", "=", jobDescription)
    .where("created_at", ">=", new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString());
  if (since !== null) query = query.where("created_at", ">", since);
  const row = await query.orderBy("id").executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The profile's email preference; no profile row means the default, which is on. */
export async function wantsNotifications(db: Db, userId: string): Promise<boolean> {
  const profile = await db.kysely
    .selectFrom("profile")
    .select("email_notifications")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return !profile || toBool(profile.email_notifications);
}

function analysisReadyEmail({
  email,
  id,
  score,
  baseUrl,
}: {
  email: string;
  id: number;
  score: number;
  baseUrl: string;
}) {
  return actionEmail({
    to: email,
    subject: "Your analysis is ready",
    intro: `Your resume analysis is ready: an overall score of ${score}/100 (${scoreBand(score).label}).`,
    action: "View your analysis",
    url: `${baseUrl.replace(/\/$/, "")}/analysis/${id}`,
  });
}

/** The caller's analysis row; anyone else's (or a missing) id is 404, the same answer. */
export async function findOwnedAnalysis(db: Db, userId: string, id: number): Promise<StoredAnalysisRow> {
  const row = await db.kysely
    .selectFrom("analysis")
    .select(["id", "resume_id", "job_description", "result_json", "created_at"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("Analysis");
  return {
    id: row.id,
    resumeId: row.resume_id,
    jobDescription: row.job_description,
    resultJson: row.result_json,
    createdAt: toIso(row.created_at),
  };
}

/** The owner's stored analysis, parsed (a repeated request's answer); anyone else's id is 404. */
export async function getAnalysis({ db, userId, id }: OwnedRecord): Promise<TStoredAnalysis> {
  return readStoredAnalysis(await findOwnedAnalysis(db, userId, id));
}

/**
 * GET /api/analysis/:id: the owner's stored analysis as its JSON body, never parsed here (see
 * storedAnalysisBody); anyone else's (or a missing) id is 404.
 */
export async function getAnalysisBody({ db, userId, id }: OwnedRecord): Promise<string> {
  return storedAnalysisBody(await findOwnedAnalysis(db, userId, id));
}

/** DELETE /api/analysis/:id: removes the owner's analysis; anyone else's (or a missing) id is 404. */
export async function deleteAnalysis({ db, userId, id }: OwnedRecord): Promise<void> {
  const result = await db.kysely
    .deleteFrom("analysis")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("Analysis");
}

/** GET /api/user/analytics: this UTC month's usage (analyses run) against the plan's allowance. */
export async function getAnalytics({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<TAnalytics> {
  const subscription = await subscriptionOf(db, userId);
  const { used, max } = await monthlyUsage(db.kysely, { userId, subscription, now });
  return { currentMonth: { analyses: used, maxAnalyses: max }, subscription };
}
