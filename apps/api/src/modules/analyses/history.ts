import { LIMITS, type THistoryItem } from "@resumelens/contract";
import { type Db, toIso } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";

/*
 * GET /api/user/analyses: the caller's history, newest first, one page at a time.
 *
 * The spec's history item is { id, createdAt, overallScore, jobDescription } and the History page
 * shows the job description as a ~140-character excerpt; a stored job description may be 20,000
 * characters, so the full texts of 200 analyses made a 3.75 MB answer. An item carries the first
 * LIMITS.historyExcerptChars characters (cut in the database) and a page at most
 * LIMITS.historyPageMax items; the full text stays at GET /api/analysis/{id}.
 */

export type HistoryPage = { items: THistoryItem[]; nextOffset: number | null };

/** Reads `?limit=` and `?offset=` (whole numbers; limit 1–historyPageMax); anything else is BAD_REQUEST. */
export function parseHistoryPaging(query: { limit?: string; offset?: string }): {
  limit: number;
  offset: number;
} {
  const whole = (raw: string | undefined, fallback: number, max: number, name: string): number => {
    if (raw === undefined) return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) > max) {
      throw new AppError(
        "BAD_REQUEST",
        `${name} must be a whole number from ${name === "limit" ? 1 : 0} to ${max}.`,
      );
    }
    return Number(raw);
  };
  const limit = whole(query.limit, LIMITS.historyPageDefault, LIMITS.historyPageMax, "limit");
  if (limit < 1)
    throw new AppError("BAD_REQUEST", `limit must be a whole number from 1 to ${LIMITS.historyPageMax}.`);
  return { limit, offset: whole(query.offset, 0, 100_000_000, "offset") };
}

/** One page of the caller's history, newest first; `nextOffset` is null on the last page. */
export async function listHistory({
  db,
  userId,
  limit,
  offset,
}: {
  db: Db;
  userId: string;
  limit: number;
  offset: number;
}): Promise<HistoryPage> {
  const rows = await db.kysely
    .selectFrom("analysis")
    .select((eb) => [
      "id",
      "created_at",
      "overall_score",
      eb
        .fn<string>("substr", ["job_description", eb.val(1), eb.val(LIMITS.historyExcerptChars)])
        .as("excerpt"),
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    // One more than asked: whether a next page exists, without counting.
    .limit(limit + 1)
    .offset(offset)
    .execute();
  return {
    items: rows.slice(0, limit).map((row) => ({
      id: row.id,
      createdAt: toIso(row.created_at),
      overallScore: row.overall_score,
      jobDescription: row.excerpt.slice(0, LIMITS.historyExcerptChars),
    })),
    nextOffset: rows.length > limit ? offset + limit : null,
  };
}
