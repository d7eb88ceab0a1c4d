import type { Db } from "../../db/database.ts";
import { findOwnedAnalysis } from "../analyses/analyses.service.ts";
import { ownedResume } from "../documents/documents.service.ts";
import { type DocumentPool, documentPool } from "../documents/pool.ts";
import type { StoredExport } from "./package.ts";

/**
 * The caller's analysis and its resume (if still there), as stored; someone else's is "not
 * found", as a missing one. Parsing the stored result is left to the worker (packageInputFrom).
 */
export async function loadStoredExport(db: Db, userId: string, id: number): Promise<StoredExport> {
  const row = await findOwnedAnalysis(db, userId, id);
  const resume =
    row.resumeId === null
      ? undefined
      : await ownedResume(db, userId, row.resumeId).select(["filename", "text"]).executeTakeFirst();
  return { ...row, resume: resume ?? null };
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
