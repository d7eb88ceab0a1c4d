import { parseJobDescription } from "@resumelens/engine";

/*
 * A posting's title for History rows and comparison tables. Engine work on user text, so it runs in
 * the worker pool (worker.ts), never on the request thread.
 */

/** The posting's title as the engine reads it from the excerpt (titles lead a posting), or null. */
export function titleOf(excerpt: string): string | null {
  const title = parseJobDescription(excerpt).title?.replace(/\s+/g, " ").trim();
  return title ? title.slice(0, 120) : null;
}
