/**
 * How much a line of the resume proves: a bullet under a dated role proves a skill was used; a
 * summary claims it; a skills list only names it; text copied from the posting proves nothing.
 * Screeners read resumes the same way, and it keeps keyword stuffing from paying.
 */

import { findDateRanges } from "../resume/dates.ts";
import type { ParsedResume } from "../resume/parse-resume.ts";
import { perAnalysis } from "../text/memo.ts";
import { isBullet, stripBullet } from "../text/normalize.ts";
import { wordCount } from "../text/words.ts";
import { CREDIT } from "./credits.ts";

export type EvidenceKind = "role" | "project" | "credential" | "summary" | "list" | "copied" | "other";

/** Shingle length and the share of a line they must cover for the line to count as copied. */
const SHINGLE = 6;
const COPIED_SHARE = 0.9;
const MIN_COPIED_TOKENS = 8;

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9+#]+/g) ?? [];
}

/** Every run of SHINGLE consecutive tokens, joined by spaces, in order. */
function shinglesOf(words: string[]): string[] {
  const joined = words.join(" ");
  const starts: number[] = [];
  let at = 0;
  for (const word of words) {
    starts.push(at);
    at += word.length + 1;
  }
  const out: string[] = [];
  for (let i = 0; i + SHINGLE <= words.length; i++)
    out.push(joined.slice(starts[i], (starts[i + SHINGLE] ?? joined.length + 1) - 1));
  return out;
}

/**
 * The resume lines copied from the posting: a line of eight words or more, not a bare list of
 * terms, that the posting contains almost word for word, and any line around such lines that is one of the posting's own
 * lines (a pasted block of bullets). Role lines with dates are never counted: a role title can
 * rightly be the posting's title.
 */
export function copiedLines(resume: ParsedResume, posting: string, now: Date): Set<number> {
  const shingles = new Set(shinglesOf(tokens(posting)));
  const postingLines = new Set(
    posting
      .split("\n")
      .map((l) => tokens(stripBullet(l.trim())).join(" "))
      .filter((l) => l.length >= 3),
  );
  const copied = new Set<number>();
  const exact: boolean[] = [];
  resume.lines.forEach((line, i) => {
    const t = tokens(line);
    exact[i] = t.length > 0 && postingLines.has(t.join(" "));
    // A list of skill names proves as little as any list, whoever wrote it first.
    if (t.length < MIN_COPIED_TOKENS || isListLine(line)) return;
    const covered = new Array<boolean>(t.length).fill(false);
    shinglesOf(t).forEach((shingle, k) => {
      if (shingles.has(shingle)) for (let j = k; j < k + SHINGLE; j++) covered[j] = true;
    });
    if (covered.filter(Boolean).length / t.length >= COPIED_SHARE && findDateRanges(line, now).length === 0)
      copied.add(i);
  });
  // A pasted block: the posting's short lines next to copied ones are copied too.
  let grew = copied.size > 0;
  while (grew) {
    grew = false;
    for (let i = 0; i < resume.lines.length; i++) {
      if (copied.has(i) || !exact[i]) continue;
      if ([i - 2, i - 1, i + 1, i + 2].some((j) => copied.has(j))) {
        copied.add(i);
        grew = true;
      }
    }
  }
  return copied;
}

/** Words a line about schooling uses: a degree, a school, a course, a grade. */
const SCHOOLING =
  /\b(?:degree|bachelor|master|doctor|ph\.?\s?d|mba|b\.?\s?[asc]\b|m\.?\s?[asc]\b|b\.?sc|m\.?sc|associate|diploma|certif|licen[cs]|universit|college|school|institut|academy|polytechnic|course|coursework|gpa|graduat|major|minor|thesis|honou?rs|cum laude|class of|studies|program|programme|training|\d{4})/i;

/** What kind of evidence line `i` is. */
export function evidenceKind(
  resume: ParsedResume,
  entryOfLine: (number | null)[],
  copied: ReadonlySet<number>,
  i: number,
): EvidenceKind {
  if (copied.has(i)) return "copied";
  const section = resume.sectionOf[i] ?? "other";
  const entry = entryOfLine[i];
  const line = resume.lines[i] ?? "";
  if (entry !== null && entry !== undefined) {
    const kind = resume.experience[entry]?.section;
    return kind === "projects" ? "project" : "role";
  }
  // A certifications section, or a line about a degree, a school or a course, proves a credential;
  // a run of terms under Education ("RN BLS ACLS Epic ICU") is only a list, and a bare phrase
  // there ("Data analysis" typed under the degree) names no credential at all.
  if (section === "certifications" || (section === "education" && !isListLine(line) && SCHOOLING.test(line)))
    return "credential";
  if (section === "summary" || section === "header")
    return isListLine(resume.lines[i] ?? "") ? "list" : "summary";
  if (section === "skills" || section === "languages" || isListLine(resume.lines[i] ?? "")) return "list";
  if (section === "experience" || section === "projects" || section === "volunteer") return "role";
  return "other";
}

/** A bare list of terms: many separators and few words between them, or a short fragment. */
export const isListLine: (line: string) => boolean = perAnalysis((line: string) => {
  const text = stripBullet(line).trim();
  const separators = (text.match(/[,;|•·]/g) ?? []).length;
  const words = wordCount(text);
  if (separators >= 2 && words / (separators + 1) <= 3.5) return true;
  // "Python  SQL  Tableau" (runs of spaces), or a line of capitalised terms with no verb.
  if (/\S {2,}\S/.test(text) && words <= 12) return true;
  // A line of capitalised terms with no sentence around them: "RN BLS ACLS Epic ICU".
  const tokens = text.split(/\s+/).filter(Boolean);
  return (
    !isBullet(line) &&
    tokens.length >= 4 &&
    !/[.!?]$/.test(text) &&
    tokens.every((t) => /^[\p{Lu}\p{N}]/u.test(t) || /^(?:and|&|\/)$/i.test(t))
  );
});

/**
 * The credit a piece of evidence earns, 0..1. A listed skill is believable to the extent the
 * experience around it backs it (`corroboration`, 0..1: how well the roles fit the posting).
 */
export function evidenceCredit(kind: EvidenceKind, corroboration: number): number {
  switch (kind) {
    case "role":
      return CREDIT.evidenceRole;
    case "credential":
      return CREDIT.evidenceCredential;
    case "project":
      return CREDIT.evidenceProject;
    case "summary":
      return CREDIT.evidenceSummaryBase + CREDIT.evidenceSummaryCorroborated * corroboration;
    case "list":
    case "other":
      return CREDIT.evidenceListBase + CREDIT.evidenceListCorroborated * corroboration;
    case "copied":
      return CREDIT.evidenceCopied;
  }
}
