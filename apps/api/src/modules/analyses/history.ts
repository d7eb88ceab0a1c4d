import { LIMITS, type THistoryItem } from "@resumelens/contract";
import { parseJobDescription } from "@resumelens/engine";
import { type Db, toIso } from "../../db/database.ts";

/*
 * GET /api/user/analyses: the caller's history, newest first, one page at a time.
 *
 * A history item (docs/product.md#history-limits) is { id, createdAt, overallScore, jobDescription } and the
 * History page
 * shows the job description as a ~140-character excerpt; a stored job description may be 20,000
 * characters, so the full texts of 200 analyses made a 3.75 MB answer. An item carries the first
 * LIMITS.historyExcerptChars characters (cut in the database) and a page at most
 * LIMITS.historyPageMax items; the full text stays at GET /api/analysis/{id}.
 *
 * Rows also carry the resume's file name (joined on the owner too, so another user's resume can
 * never lend its name) and the posting's title, so that rows can be told apart and the score trend
 * compares analyses for the same role.
 */

export type HistoryPage = { items: THistoryItem[]; nextOffset: number | null };

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
    .leftJoin("resume", (join) =>
      join.onRef("resume.id", "=", "analysis.resume_id").onRef("resume.user_id", "=", "analysis.user_id"),
    )
    .select((eb) => [
      "analysis.id as id",
      "analysis.created_at as created_at",
      "analysis.overall_score as overall_score",
      "resume.filename as resume_name",
      "analysis.comparison_id as comparison_id",
      eb
        .fn<string>("substr", ["analysis.job_description", eb.val(1), eb.val(LIMITS.historyExcerptChars)])
        .as("excerpt"),
    ])
    .where("analysis.user_id", "=", userId)
    .orderBy("analysis.created_at", "desc")
    .orderBy("analysis.id", "desc")
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
      resumeName: row.resume_name ?? null,
      jobTitle: titleOf(row.excerpt),
      comparisonId: row.comparison_id ?? null,
    })),
    nextOffset: rows.length > limit ? offset + limit : null,
  };
}

/** The posting's title as the engine reads it from the excerpt (titles lead a posting), or null. */
export function titleOf(excerpt: string): string | null {
  const title = parseJobDescription(excerpt).title?.replace(/\s+/g, " ").trim();
  return title ? title.slice(0, 120) : null;
}
