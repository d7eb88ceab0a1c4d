/**
 * Builds the "weakened twin" of a well-matched resume the way an independent judge would:
 * delete the surface forms of a few required skills, tidy the punctuation that deletion leaves
 * behind, and shorten one role's dates. Plain text surgery — never rewriting — so the engine is
 * measured on what is and is not on the page.
 */

export type WeakenSpec = {
  /** 2–4 required skills, written as they appear in the resume. */
  removeSkills: string[];
  /** Other surface forms of a removed skill ("k8s" for "Kubernetes"); removed too, and accepted as its name. */
  aliases?: Record<string, string[]>;
  /** Exact date text of one role and the shorter range that replaces it. */
  shortenRole: { find: string; replace: string };
};

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A case-insensitive matcher for one term that respects word boundaries: "Java" does not hit
 * "JavaScript", "C" does not hit "C#" or "C++", "R" does not hit "R&D", "JS" does not hit "Node.js",
 * "Excel" does not hit "excellent".
 */
export function termPattern(term: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}&.#+_])${escapeRegExp(term)}(?![\\p{L}\\p{N}&#+_])`, "giu");
}

/** Every surface form to delete for a spec, longest first so "MS Excel" goes before "Excel". */
export function surfaceForms(spec: Pick<WeakenSpec, "removeSkills" | "aliases">): string[] {
  const forms = new Set<string>();
  for (const skill of spec.removeSkills) {
    forms.add(skill);
    for (const alias of spec.aliases?.[skill] ?? []) forms.add(alias);
  }
  return [...forms].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

/** Marks where a term was cut, so tidying only touches punctuation next to a removal. */
const CUT = "\u0001";
const SEP = "[,;|·•/]";
const CONNECTOR = "(?:\\band\\b|\\bor\\b|&)";
/** Indentation plus an optional bullet at the start of a line. */
const LEAD = /^\s*(?:(?:[-–*•·▪◦➢→]|\d+[.)])(?=\s)\s*)?/;

const re = (source: string, flags = "gu") => new RegExp(source, flags);
/** Where a list item can start: the line start, an opening, a separator, a connector or a preposition. */
const ITEM_START = `(?<=^\\s*|[(:;,|·•/.!?—–]\\s*|\\b(?:and|or|with|in|using|of|on|to|for|including|across|via|through|into|from|by|at|like|as)\\s+|&\\s*)`;
const RULES: [RegExp, string][] = [
  // brackets emptied by the cut vanish: "k8s (EKS)" → "k8s", "register (POS), processed" → "register, processed"
  [re(`\\s*[(\\[]\\s*${CUT}(?:\\s*(?:${SEP}|${CONNECTOR})?\\s*${CUT})*\\s*[)\\]]`), ""],
  // the head of a hyphenated compound: "WIC-approved" → "approved"
  [re(`${CUT}[-–](?=\\p{L})`), ""],
  // the cut was an item at the start of a list or after a separator: drop the separator or
  // connector that follows it ("Skills: ✂, Go", "with ✂ and Docker", "A, ✂, B", "· ✂/CFRA")
  [re(`${ITEM_START}${CUT}\\s*(?:${SEP}\\s*(?:${CONNECTOR}\\s+)?|${CONNECTOR}\\s+)`), ""],
  // the cut was the last item: drop the separator or connector before it ("A, B, and ✂." → "A, B.")
  [re(`(?:\\s*${SEP}\\s*(?:${CONNECTOR}\\s+)?|\\s+${CONNECTOR}\\s+)${CUT}(?=\\s*(?:[.;:!?)\\]]|$))`), ""],
];

/** Cleans up one line (without its indentation and bullet) in which terms were replaced by the cut mark. */
function tidyCut(text: string): string {
  let body = text;
  let previous: string;
  do {
    previous = body;
    for (const [pattern, replacement] of RULES) body = body.replace(pattern, replacement);
  } while (body !== previous);
  return body
    .replaceAll(CUT, " ")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/\(\s+/g, "(")
    .replace(/\s+([,.;:!?)\]])/g, "$1")
    .replace(re(`:\\s*${SEP}\\s*`), ": ")
    .replace(re(`([—–])\\s*${SEP}`), "$1")
    .replace(re(`^\\s*${SEP}\\s*`, "u"), "")
    .replace(re(`\\s*${SEP}\\s*$`, "u"), "")
    .trim();
}

/**
 * A line with nothing left worth keeping: only punctuation, only numbers where there were words
 * (a certification line reduced to "(2024)"), or a bare label ("Cloud:").
 */
function isHusk(rest: string): boolean {
  if (!/\p{L}/u.test(rest)) return true;
  return /^[\p{L}\p{N} &/'’-]{1,40}:$/u.test(rest);
}

/** Deletes every occurrence of the spec's surface forms from the text and tidies what is left. */
export function removeSkills(text: string, spec: Pick<WeakenSpec, "removeSkills" | "aliases">): string {
  const patterns = surfaceForms(spec).map(termPattern);
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const cr = line.endsWith("\r") ? "\r" : "";
    const body = cr ? line.slice(0, -1) : line;
    let cut = body;
    for (const p of patterns) cut = cut.replace(p, CUT);
    if (cut === body) {
      out.push(line);
      continue;
    }
    // The bullet and indentation come from the original line: a term is never part of them.
    const lead = LEAD.exec(body)?.[0] ?? "";
    const tidied = tidyCut(cut.slice(lead.length));
    if (isHusk(tidied)) continue; // an empty bullet or label the removal emptied: drop it
    out.push(lead + tidied + cr);
  }
  return out.join("\n");
}

/** Replaces one role's date text; a `find` that is absent or ambiguous is a broken fixture. */
export function shortenRole(text: string, { find, replace }: WeakenSpec["shortenRole"]): string {
  const first = text.indexOf(find);
  if (first < 0) throw new Error(`shortenRole: "${find}" does not occur in the resume`);
  if (text.indexOf(find, first + 1) >= 0) throw new Error(`shortenRole: "${find}" occurs more than once`);
  if (find === replace) throw new Error(`shortenRole: "${find}" is replaced by itself`);
  return text.slice(0, first) + replace + text.slice(first + find.length);
}

/** The weakened twin of a resume. */
export function weaken(resumeText: string, spec: WeakenSpec): string {
  if (spec.removeSkills.length === 0) throw new Error("weaken: removeSkills is empty");
  return removeSkills(shortenRole(resumeText, spec.shortenRole), spec);
}

/** Whether a term still occurs in the text (same boundaries as the removal). */
export function stillContains(text: string, term: string): boolean {
  return termPattern(term).test(text);
}
