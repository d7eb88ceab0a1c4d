import { LIMITS, type THistoryItem } from "@resumelens/contract";
import { type Db, toIso } from "../../db/database.ts";
import { type DocumentPool, documentPool } from "../documents/pool.ts";

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
 * compares analyses for the same role. The titles are the engine's reading of each excerpt (up to
 * ~0.7 ms of CPU each on hostile text, a page of 100 up to ~70 ms): read in the worker pool.
 */

export type HistoryPage = { items: THistoryItem[]; nextOffset: number | null };

/** One page of the caller's history, newest first; `nextOffset` is null on the last page. */
export async function listHistory({
  db,
  userId,
  limit,
  offset,
  pool = documentPool(),
}: {
  db: Db;
  userId: string;
  limit: number;
  offset: number;
  pool?: DocumentPool;
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
  const items = rows.slice(0, limit);
  const titles =
    items.length === 0
      ? []
      : await pool.postingTitles(
          items.map((row) => row.excerpt),
          { owner: userId },
        );
  return {
    items: items.map((row, i) => ({
      id: row.id,
      createdAt: toIso(row.created_at),
      overallScore: row.overall_score,
      jobDescription: row.excerpt.slice(0, LIMITS.historyExcerptChars),
      resumeName: row.resume_name ?? null,
      jobTitle: titles[i] ?? null,
      comparisonId: row.comparison_id ?? null,
    })),
    nextOffset: rows.length > limit ? offset + limit : null,
  };
}
