import { type TStoredAnalysis, ZAnalysisResult } from "@resumelens/contract";
import { type Db, toIso } from "../../db/database.ts";
import { notFound } from "../../lib/errors.ts";
import { type DocumentPool, documentPool } from "../documents/pool.ts";
import type { PackageInput } from "./package.ts";

/** The caller's analysis and its resume (if still there); someone else's is "not found", as a missing one. */
export async function loadExportInput(db: Db, userId: string, id: number): Promise<PackageInput> {
  const row = await db.kysely
    .selectFrom("analysis")
    .select(["id", "resume_id", "job_description", "result_json", "created_at"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("Analysis");
  const parsed = ZAnalysisResult.safeParse(JSON.parse(row.result_json));
  if (!parsed.success) throw new Error(`analysis ${id} has an unreadable result`);
  const analysis: TStoredAnalysis = {
    ...parsed.data,
    id: row.id,
    createdAt: toIso(row.created_at),
    resumeId: row.resume_id,
    jobDescription: row.job_description,
  };
  const resume =
    row.resume_id === null
      ? undefined
      : await db.kysely
          .selectFrom("resume")
          .select(["filename", "text"])
          .where("id", "=", row.resume_id)
          .where("user_id", "=", userId)
          .executeTakeFirst();
  return { analysis, resume: resume ?? null };
}

/**
 * The caller's export package. Rendering (PDF, HTML, Markdown, ZIP) is CPU work of tens of
 * milliseconds, so it runs in the worker pool as the user's job, never on the request thread.
 */
export async function exportPackage(
  db: Db,
  userId: string,
  id: number,
  pool: DocumentPool = documentPool(),
): Promise<Uint8Array> {
  const input = await loadExportInput(db, userId, id);
  return pool.renderExport(input, { owner: userId });
}
