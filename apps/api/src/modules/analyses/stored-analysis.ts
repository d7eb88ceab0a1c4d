import { type TAnalysisResult, type TStoredAnalysis, ZAnalysisResult } from "@resumelens/contract";

/*
 * The one reader of a stored analysis (the `analysis.result_json` column). Every analysis is
 * stored as the engine produced it, and every reader checks it against the contract, so an
 * analysis stored by an older engine reads the same way everywhere: the analysis page, the export
 * package and the career path. Depends on the contract only: the worker pool imports it too.
 */

/** An analysis row's columns, as the database gives them (created_at already as ISO). */
export type StoredAnalysisRow = {
  id: number;
  resumeId: number | null;
  jobDescription: string;
  resultJson: string;
  createdAt: string;
};

/** The stored result, checked against the contract; null when it is not JSON or no longer fits it. */
export function parseStoredResult(resultJson: string): TAnalysisResult | null {
  let value: unknown;
  try {
    value = JSON.parse(resultJson);
  } catch {
    return null;
  }
  const parsed = ZAnalysisResult.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * GET /api/analysis/{id}'s JSON body (a TStoredAnalysis), made from the stored row without parsing
 * its result: the result was checked against the contract in the worker that made it (worker.ts), so
 * here it is only copied, the row's own fields added after it. Parsing and re-serialising a stored
 * result on the request thread cost ~0.5 s per 10 MB, and every other request waited. A stored
 * result that is not a JSON object throws (a server error), as an unreadable one always did.
 */
export function storedAnalysisBody(row: StoredAnalysisRow): string {
  const json = row.resultJson.trim();
  if (!json.startsWith("{") || !json.endsWith("}"))
    throw new Error(`analysis ${row.id} has an unreadable result`);
  const fields = json.slice(1, -1).trim();
  const own = [
    `"id":${row.id}`,
    `"createdAt":${JSON.stringify(row.createdAt)}`,
    `"resumeId":${row.resumeId === null ? "null" : row.resumeId}`,
    `"jobDescription":${JSON.stringify(row.jobDescription)}`,
  ].join(",");
  return `{${fields}${fields === "" ? "" : ","}${own}}`;
}

/** The stored analysis as the API answers it; an unreadable stored result throws (a server error). */
export function readStoredAnalysis(row: StoredAnalysisRow): TStoredAnalysis {
  const result = parseStoredResult(row.resultJson);
  if (!result) throw new Error(`analysis ${row.id} has an unreadable result`);
  return {
    ...result,
    id: row.id,
    createdAt: row.createdAt,
    resumeId: row.resumeId,
    jobDescription: row.jobDescription,
  };
}
