import { type Db, toIso } from "../../db/database.ts";
import { notFound } from "../../lib/errors.ts";
import { type DocumentPool, documentPool } from "../documents/pool.ts";
import type { StoredExport } from "./package.ts";

/**
 * The caller's analysis and its resume (if still there), as stored; someone else's is "not
 * found", as a missing one. Parsing the stored result is left to the worker (packageInputFrom).
 */
export async function loadStoredExport(db: Db, userId: string, id: number): Promise<StoredExport> {
  const row = await db.kysely
    .selectFrom("analysis")
    .select(["id", "resume_id", "job_description", "result_json", "created_at"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("Analysis");
  const resume =
    row.resume_id === null
      ? undefined
      : await db.kysely
          .selectFrom("resume")
          .select(["filename", "text"])
          .where("id", "=", row.resume_id)
          .where("user_id", "=", userId)
          .executeTakeFirst();
  return {
    id: row.id,
    resumeId: row.resume_id,
    jobDescription: row.job_description,
    resultJson: row.result_json,
    createdAt: toIso(row.created_at),
    resume: resume ?? null,
  };
}

/**
 * The caller's export package. Reading the stored result and rendering (PDF, HTML, Markdown, ZIP)
 * are CPU work of tens of milliseconds, so they run in the worker pool as the user's job, never on
 * the request thread.
 */
export async function exportPackage(
  db: Db,
  userId: string,
  id: number,
  pool: DocumentPool = documentPool(),
): Promise<Uint8Array> {
  return pool.renderExport(await loadStoredExport(db, userId, id), { owner: userId });
}
