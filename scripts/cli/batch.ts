/**
 * `batch`: JSON Lines in, JSON Lines out. One output line per non-blank input line, in input
 * order; a bad line or a failing analysis becomes an `{"id","error"}` line and the batch goes on.
 */
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { TAnalysisResult } from "@resumelens/contract";

type Id = string | number | null;

/** One output line. */
export type BatchOutput = { id: Id; result: TAnalysisResult } | { id: Id; error: string };

export type BatchOptions = {
  input: Readable;
  /** Writes one line (without its newline); may return a promise to apply backpressure. */
  write: (line: string) => void | Promise<void>;
  /** The analysis to run: the engine's analyzeResume with the CLI's clock already bound. */
  analyze: (input: { resumeText: string; jobDescription: string }) => TAnalysisResult;
};

/** Runs a batch line by line without buffering the input; resolves with the counts. */
export async function runBatch({
  input,
  write,
  analyze,
}: BatchOptions): Promise<{ ok: number; failed: number }> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let ok = 0;
  let failed = 0;
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const output = processLine(line, analyze);
    if ("error" in output) failed++;
    else ok++;
    await write(JSON.stringify(output));
  }
  return { ok, failed };
}

/** One input line to one output record; never throws. */
export function processLine(line: string, analyze: BatchOptions["analyze"]): BatchOutput {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return { id: null, error: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { id: null, error: 'Each line must be a JSON object {"id","resumeText","jobDescription"}' };
  }
  const record = parsed as Record<string, unknown>;
  const id: Id = typeof record.id === "string" || typeof record.id === "number" ? record.id : null;
  const problems: string[] = [];
  if (!("id" in record)) problems.push('"id" is missing');
  else if (id === null) problems.push('"id" must be a string or a number');
  for (const field of ["resumeText", "jobDescription"] as const) {
    if (typeof record[field] !== "string")
      problems.push(`"${field}" ${field in record ? "must be a string" : "is missing"}`);
    else if ((record[field] as string).trim() === "") problems.push(`"${field}" is empty`);
  }
  if (problems.length) return { id, error: problems.join("; ") };
  try {
    const result = analyze({
      resumeText: record.resumeText as string,
      jobDescription: record.jobDescription as string,
    });
    return { id, result };
  } catch (error) {
    return { id, error: `Analysis failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
