// The common-word rule behind `ambiguous` and `caseSensitive`.
//
// A word is COMMON when it appears in lower case at least COMMON_MIN_COUNT times in O*NET's
// Task Statements (3.4 MB of plain occupational English; a plural "tasks" also counts for
// "task"), or when it is in CURATED_COMMON_WORDS (everyday words the task statements happen not
// to use, such as "swift" or "slack"). Lower-case occurrences only (plus the capitalised verb
// that opens each statement): "Python" or "Excel" written with a capital are names, not words.
import { CURATED_COMMON_WORDS } from "./curated.ts";

export const COMMON_MIN_COUNT = 3;

/** Builds the common-word set from the task statements plus the curated list. */
export function buildCommonWords(taskStatements: string[]): Set<string> {
  const counts = new Map<string, number>();
  const add = (w: string) => counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const text of taskStatements) {
    const tokens = text.match(/[A-Za-z][A-Za-z']*/g) ?? [];
    tokens.forEach((token, i) => {
      // The first word of a statement is a capitalised verb ("Dig trenches…"): still a word.
      const word = i === 0 && /^[A-Z][a-z']+$/.test(token) ? token.toLowerCase() : token;
      if (word !== word.toLowerCase()) return;
      const w = word.replace(/'s$/, "");
      add(w);
      if (w.endsWith("ies")) add(`${w.slice(0, -3)}y`);
      else if (w.endsWith("es")) {
        add(w.slice(0, -2));
        add(w.slice(0, -1));
      } else if (w.endsWith("s") && !w.endsWith("ss")) add(w.slice(0, -1));
    });
  }
  const common = new Set<string>();
  for (const [w, n] of counts) if (n >= COMMON_MIN_COUNT) common.add(w);
  for (const w of CURATED_COMMON_WORDS) common.add(w);
  return common;
}
