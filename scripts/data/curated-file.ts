// Reads one hand-curated data file (scripts/data/curated/*.json) and checks it against its
// schema. The files are edited by hand, so a bad entry must say where it is and what is wrong
// with it, and stop the build before anything is written.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";

/** The folder of the curated data files. */
export const CURATED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "curated");

/** A curated file that cannot be read, is not JSON, or breaks its schema. */
export class CuratedDataError extends Error {
  override name = "CuratedDataError";
}

/** The entry a path points into, named so the error can be found in the file ("Apache Storm"). */
function entryName(data: unknown, at: readonly PropertyKey[]): string | null {
  let node: unknown = data;
  let name: string | null = null;
  for (const key of at) {
    if (node === null || typeof node !== "object") break;
    node = (node as Record<PropertyKey, unknown>)[key];
    const named = node !== null && typeof node === "object" ? (node as { name?: unknown }).name : undefined;
    if (typeof named === "string") name = named;
  }
  return name;
}

/** Every problem of `data` against `schema`, one line each, with its place in the file. */
export function describeIssues(file: string, data: unknown, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const at = issue.path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");
    const name = entryName(data, issue.path);
    return `  ${at.replace(/^\./, "") || "(top)"}${name ? ` ("${name}")` : ""}: ${issue.message}`;
  });
  return `${file}: ${error.issues.length} bad ${error.issues.length === 1 ? "entry" : "entries"}\n${lines.join("\n")}`;
}

/** Parses `text` (the contents of `file`) against `schema`; throws a CuratedDataError listing every problem. */
export function parseCurated<T extends z.ZodType>(file: string, text: string, schema: T): z.output<T> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new CuratedDataError(`${file}: not valid JSON: ${(e as Error).message}`);
  }
  const result = schema.safeParse(data);
  if (!result.success) throw new CuratedDataError(describeIssues(file, data, result.error));
  return result.data;
}

/** Reads and checks `scripts/data/curated/<name>`. */
export function readCurated<T extends z.ZodType>(name: string, schema: T): z.output<T> {
  const file = path.join(CURATED_DIR, name);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new CuratedDataError(`${file}: cannot be read: ${(e as Error).message}`);
  }
  return parseCurated(path.relative(process.cwd(), file) || file, text, schema);
}
