/**
 * A posting's words turned into requirement names: a label without its framing, the terms of a
 * list line, a label as a phrase.
 */
import { LEAD_INS, trimFunctionWords } from "./phrases.ts";

/** What a label says once its framing is gone: "Knowledge of Safety Procedures" → "Safety Procedures". */
export function cleanLabel(label: string): string {
  return trimFunctionWords(
    label
      .replace(LEAD_INS, "")
      .replace(/\s*\((?:required|preferred|must|a plus|optional)\)\s*$/i, "")
      .replace(
        /\s+(?:skills?|abilities|ability|knowledge|experience|proficiency|expertise|techniques?)$/i,
        "",
      )
      .replace(LEAD_INS, "")
      .trim(),
  );
}

/** The terms of a list line with where each stands: "A, B and C" → A, B, C. */
export function listItems(text: string): { text: string; start: number; end: number }[] {
  const items: { text: string; start: number; end: number }[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    let item = raw
      .trim()
      .replace(/^(?:and|or|&)\s+/i, "")
      .replace(/[.;:]+$/, "");
    let from = start + lead;
    // A parenthesis the list splits: "Advanced SQL (joins" is "joins", "CTEs)" is "CTEs".
    const open = item.lastIndexOf("(");
    if (open >= 0 && !item.includes(")", open)) {
      from += item.length - item.slice(open + 1).trimStart().length;
      item = item.slice(open + 1).trimStart();
    }
    if (item.endsWith(")") && !item.includes("(")) item = item.slice(0, -1).trimEnd();
    if (item) items.push({ text: item, start: from, end });
  };
  for (let i = 0; i < text.length; i++) {
    if (",;|•·".includes(text[i] ?? "")) {
      push(i);
      start = i + 1;
    }
  }
  push(text.length);
  // "Conversant with JBoss, Linux": the first term carries the line's lead-in.
  const first = items[0];
  if (first && first.text.split(/\s+/).length > 2) {
    const m = /^(?:.*?\s)?(?:with|in|of|on|for|including)\s+(?=\S)/i.exec(first.text);
    if (m)
      items[0] = { text: first.text.slice(m[0].length), start: first.start + m[0].length, end: first.end };
  }
  // "inspection, cleaning and testing": the last two terms are joined by "and".
  const last = items[items.length - 1];
  const pair = last && /^(\S+)\s+(?:and|or|&)\s+(\S+)$/i.exec(last.text);
  if (last && pair?.[1] && pair[2] && items.length >= 2) {
    items.splice(-1, 1, { ...last, text: pair[1] }, { ...last, text: pair[2] });
  }
  return items;
}

/** A label as a phrase requirement: the posting's words, lower case unless they are a name. */
export function labelPhrase(label: string): string {
  return /^[A-Z0-9&/-]{2,8}s?$/.test(label) ? label : label.toLowerCase();
}
