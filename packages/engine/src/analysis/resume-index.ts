import type { ExperienceEntry, ParsedResume } from "../resume/parse-resume.ts";
import type { SectionKind } from "../resume/sections.ts";
import { isSentenceStart, type SkillHit, scanLine, type Taxonomy } from "../skills/taxonomy.ts";
import { stripBullet } from "../text/normalize.ts";
import { type EvidenceKind, evidenceKind } from "./evidence.ts";
import { contentStems } from "./phrases.ts";

export type Occurrence = {
  lineIndex: number;
  section: SectionKind;
  entry: number | null;
  surface: string;
  /** Where the name stands in the line as parsed (`resume.lines`), [start, end). */
  start: number;
  end: number;
};

/** Where each skill appears in the resume, and which experience entry each line belongs to. */
export type ResumeIndex = {
  resume: ParsedResume;
  skills: Map<string, Occurrence[]>;
  entryOfLine: (number | null)[];
  /** Lines as shown to users (bullet markers removed). */
  display: string[];
  /** Each line in lower case. */
  lower: string[];
  /** Content stems of each line, computed once on first use (phrase matching reads them often). */
  stems: (readonly string[])[] | null;
  /** Lines copied from the posting. */
  copied: ReadonlySet<number>;
  /** Lines that name a skill only to say it is not held ("Kafka was not used"), by skill id. */
  denied: Map<string, Set<number>>;
  /** What kind of evidence each line is (a role, a list…), computed once. */
  kinds: EvidenceKind[];
};

/** Words that follow a product's name when the name is meant ("Excel proficiency", "Python developer"). */
const PRODUCT_CONTINUATION =
  /\s*(?:[,/;:)(|&+]|$|for\s|experience|proficiency|skills?|knowledge|expertise|certifi|development|developer|programming|scripting|administration|administrator|engineer|reporting|reports|macros|formulas|dashboards|environment|ecosystem|framework|platform|stack|applications?|database|queries|modeling|design|designer|suite|server|cloud|api|sdk|and\s+[A-Z]|or\s+[A-Z])/iy;
/** A small word after a name at a sentence start: the name is the ordinary word ("Access to the site"). */
const PROSE_AFTER_START = /\s+(?:in|with|to|of|on|at|the|a|an|by|as|from)\b/iy;
/** …and in mid-sentence ("deployed with Go" counts, "Go with the flow" does not). */
const PROSE_AFTER = /\s+(?:with|to|of|on|at|the|a|an)\b/iy;

/**
 * Whether `sticky` (an expression with the `y` flag and no `^`) matches `text` at `at`: what
 * `/^…/.test(text.slice(at))` answers, without copying the rest of the line for every name (a
 * line of a thousand names would copy it a thousand times).
 */
export function matchesAt(sticky: RegExp, text: string, at: number): boolean {
  sticky.lastIndex = at;
  return sticky.test(text);
}

/** Whether text[from, to) is a non-empty run of characters `allowed` accepts. */
function onlyBetween(text: string, from: number, to: number, allowed: (char: string) => boolean): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) if (!allowed(text[i] ?? "")) return false;
  return true;
}

const isSpace = (char: string) => /\s/.test(char);
const isSpaceOrDash = (char: string) => char === "-" || /\s/.test(char);

/**
 * Skills that are also common words ("Go", "Swift", "Access", "Act!") count only where they cannot
 * be ordinary prose: in a list, beside another skill, or written as a name in mid-sentence. At the
 * start of a sentence ("Act with integrity", "Access work locations", "Fluent in English") a
 * name needs a word after it that says it is the product ("Excel proficiency").
 *
 * Linear in the line: hits do not overlap, so the only hit that can stand right before or right
 * after a name is its neighbour in order of position, and the words after a name are read where
 * they stand (sticky expressions) rather than copied.
 */
export function acceptHits(hits: readonly SkillHit[], line: string, listContext: boolean): SkillHit[] {
  const needsContext = (h: SkillHit) => h.ambiguous || h.contextual;
  const firm = hits.filter((h) => !needsContext(h)).length;
  const listy = listContext || (line.match(/[,;|•·]/g)?.length ?? 0) >= 2;
  // Position order (scanLine already gives it; a caller's own list may not).
  const order = hits.map((_, i) => i).sort((a, b) => (hits[a]?.start ?? 0) - (hits[b]?.start ?? 0));
  const rank = new Array<number>(hits.length);
  order.forEach((hitIndex, r) => {
    rank[hitIndex] = r;
  });
  return hits.filter((h, i) => {
    if (!needsContext(h)) return true;
    const acronym = /^[A-Z0-9+#.]{1,4}$/.test(h.surface);
    if (isSentenceStart(line, h.start) && !acronym) {
      if (listy && hits.length > 1) return true;
      return matchesAt(PRODUCT_CONTINUATION, line, h.end) && !matchesAt(PROSE_AFTER_START, line, h.end);
    }
    const r = rank[i] ?? 0;
    // A common word right before another skill qualifies it: "Advanced SQL", "Core Java".
    const next = hits[order[r + 1] ?? -1];
    if (next && next.start > h.end && onlyBetween(line, h.end, next.start, isSpace)) return false;
    // …and one right after it is the named thing's own: "VPC networking", "Kubernetes networking".
    const previous = hits[order[r - 1] ?? -1];
    if (previous && previous.end <= h.start && onlyBetween(line, previous.end, h.start, isSpaceOrDash))
      return false;
    if (firm > 0 || listy) return true;
    // Mid-sentence and written as a name: "built reports in Excel", "deployed with Go".
    return /^[\p{Lu}]/u.test(h.surface) && !matchesAt(PROSE_AFTER, line, h.end);
  });
}

/** Words before a name that say the candidate does not have it (yet): "not yet licensed as a CPA". */
const NOT_HELD_BEFORE =
  /\b(?:not(?: yet)?|no|never|without|lack(?:ing)?|pursuing|working toward(?:s)?|studying for|preparing for|candidate for|planning to (?:take|obtain|earn|get))\b(?:\s+[\p{L}'’-]+){0,3}\s+$/iu;
/** …and after it: "CPA (in progress)", "PMP candidate", "CPA exam scheduled", "Qlikview not being used". */
const NOT_HELD_AFTER =
  /\s*[(,–—-]?\s*(?:in progress|candidate|expected|pending|anticipated|exam (?:scheduled|pending)|not yet|(?:currently )?pursuing|(?:(?:was|were|is|are|being)\s+)?not\b(?!\s+only))/iy;

/** How far back a clause is read for a word that says a name is not held. */
const NOT_HELD_REACH = 60;
const CLAUSE_BREAKS = new Set([".", ";", "•", "|"]);

/** Whether a name stands where the line says the candidate lacks it or is still working toward it. */
export function notHeld(line: string, hit: { start: number; end: number }): boolean {
  // The clause: back to the last break before the name, at most NOT_HELD_REACH characters back
  // (only that far is looked at, so a long line is not searched from every name).
  const floor = Math.max(0, hit.start - NOT_HELD_REACH);
  let clauseStart = floor;
  for (let i = hit.start - 1; i >= floor; i--)
    if (CLAUSE_BREAKS.has(line[i] ?? "")) {
      clauseStart = i + 1;
      break;
    }
  return NOT_HELD_BEFORE.test(line.slice(clauseStart, hit.start)) || matchesAt(NOT_HELD_AFTER, line, hit.end);
}

/**
 * Where the employer's name stands on a role's line ("Levy Erlanger & Company, CPAs", "Software
 * Engineer, Oracle"), including one more comma-joined part the parser left out of it (", CPAs",
 * ", Inc."), as a [start, end) range; null when the line does not name the employer as one. A
 * name inside the range is the employer's; what the line says about the work ("with Java and JS
 * for a trading platform maker") counts. Read once per line, whatever the number of names on it.
 */
function employerRange(line: string, entry: ExperienceEntry | null): [number, number] | null {
  const name = entry?.company;
  // Only a name: a parsed "employer" with other lower-case words ("Web Developer with Java for a
  // trading firm") is a misread line, and its tools are work.
  if (!name || name.length < 3 || name.split(/\s+/).length > 6) return null;
  if (name.split(/\s+/).some((w) => /^\p{Ll}/u.test(w) && !/^(?:and|of|the|de|la|du|und|y|&)$/.test(w)))
    return null;
  const at = line.indexOf(name);
  // Written as an employer: after a comma, "at", "@" or a bar, or leading the line. A name split
  // off a title by a slash or a dash ("Oracle EBS/Sr. Java Developer", "SQL DBA - SQL Server DB")
  // is as likely the tool of the trade.
  const after = line.slice(at + name.length);
  const leads = at === 0 && /^(?:\s*[,|–—]|\s{2,}|\s*$)/.test(after);
  if (at < 0 || !(leads || /(?:,|\bat|@|\|)\s*$/.test(line.slice(0, at)))) return null;
  const tail = /^,\s*[\p{Lu}][\p{L}.&'’-]*(?:\s+[\p{Lu}&][\p{L}.&'’-]*)*/u.exec(after);
  return [at, at + name.length + (tail?.[0].length ?? 0)];
}

/**
 * Where each skill appears in the resume. Lines in `copied` (text copied from the posting) are
 * left out: they prove nothing.
 */
export function indexResume(
  resume: ParsedResume,
  taxonomy: Taxonomy,
  copied: ReadonlySet<number> = new Set(),
): ResumeIndex {
  const entryOfLine: (number | null)[] = resume.lines.map(() => null);
  resume.experience.forEach((entry: ExperienceEntry, e) => {
    // An entry owns its header and body lines: from its first line to the next entry's first line.
    const next = resume.experience[e + 1];
    const end =
      next && next.lineIndex > entry.lineIndex ? next.lineIndex : entry.lineIndex + entry.lines.length + 4;
    // A set, not a search of the entry's lines for each of its lines (thousands of bullets).
    const own = new Set(entry.lines);
    for (let i = entry.lineIndex; i < Math.min(end, resume.lines.length); i++) {
      const line = resume.lines[i] ?? "";
      if (resume.sectionOf[i] !== resume.sectionOf[entry.lineIndex]) break;
      // A blank line holds no bullet's words (bullets are trimmed and never empty).
      if (own.has(line) || (line.trim() !== "" && entry.bullets.some((b) => line.includes(b.slice(0, 40)))))
        entryOfLine[i] = e;
    }
  });
  const skills = new Map<string, Occurrence[]>();
  const denied = new Map<string, Set<number>>();
  resume.lines.forEach((line, lineIndex) => {
    if (copied.has(lineIndex)) return;
    const section = resume.sectionOf[lineIndex] ?? "other";
    const hits = acceptHits(scanLine(taxonomy, line), line, section === "skills");
    const e = entryOfLine[lineIndex];
    const entry = e === null || e === undefined ? null : (resume.experience[e] ?? null);
    let employer: [number, number] | null | undefined;
    for (const hit of hits) {
      if (notHeld(line, hit)) {
        denied.set(hit.skillId, (denied.get(hit.skillId) ?? new Set()).add(lineIndex));
        continue;
      }
      if (employer === undefined) employer = employerRange(line, entry);
      if (employer && hit.start >= employer[0] && hit.end <= employer[1]) continue;
      const list = skills.get(hit.skillId) ?? [];
      list.push({
        lineIndex,
        section,
        entry: entryOfLine[lineIndex] ?? null,
        surface: hit.surface,
        start: hit.start,
        end: hit.end,
      });
      skills.set(hit.skillId, list);
    }
  });
  return {
    resume,
    skills,
    denied,
    entryOfLine,
    display: resume.lines.map((l) => stripBullet(l).trim()),
    lower: resume.lines.map((l) => l.toLowerCase()),
    stems: null,
    copied,
    kinds: resume.lines.map((_, i) => evidenceKind(resume, entryOfLine, copied, i)),
  };
}

/**
 * A [start, end) range of a parsed line (`resume.lines[i]`) as a range of the line as shown
 * (`display[i]`: bullet marker and outer spaces removed), or null when it falls outside the shown
 * text or does not read `surface` there (case aside): a span is given only where it is exact.
 */
export function displaySpan(
  index: ResumeIndex,
  lineIndex: number,
  start: number,
  end: number,
  surface: string,
): [number, number] | null {
  const raw = index.resume.lines[lineIndex] ?? "";
  const text = index.display[lineIndex] ?? "";
  const offset = raw.length - stripBullet(raw).trimStart().length;
  const from = start - offset;
  const to = end - offset;
  if (from < 0 || to <= from || to > text.length) return null;
  return text.slice(from, to).toLowerCase() === surface.toLowerCase() ? [from, to] : null;
}

export function sectionLabel(section: SectionKind): string {
  return section === "header" ? "contact" : section;
}

/** Content stems of each resume line (copied lines have none), computed once per analysis. */
export function resumeStems(index: ResumeIndex): (readonly string[])[] {
  index.stems ??= index.resume.lines.map((line, i) => (index.copied.has(i) ? [] : contentStems(line)));
  return index.stems;
}
