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
  /^\s*(?:[,/;:)(|&+]|$|for\s|experience|proficiency|skills?|knowledge|expertise|certifi|development|developer|programming|scripting|administration|administrator|engineer|reporting|reports|macros|formulas|dashboards|environment|ecosystem|framework|platform|stack|applications?|database|queries|modeling|design|designer|suite|server|cloud|api|sdk|and\s+[A-Z]|or\s+[A-Z])/i;

/**
 * Skills that are also common words ("Go", "Swift", "Access", "Act!") count only where they cannot
 * be ordinary prose: in a list, beside another skill, or written as a name in mid-sentence. At the
 * start of a sentence ("Act with integrity", "Access work locations", "Fluent in English") a
 * name needs a word after it that says it is the product ("Excel proficiency").
 */
export function acceptHits(hits: readonly SkillHit[], line: string, listContext: boolean): SkillHit[] {
  const needsContext = (h: SkillHit) => h.ambiguous || h.contextual;
  const firm = hits.filter((h) => !needsContext(h)).length;
  const listy = listContext || (line.match(/[,;|•·]/g)?.length ?? 0) >= 2;
  return hits.filter((h) => {
    if (!needsContext(h)) return true;
    const after = line.slice(h.end);
    const acronym = /^[A-Z0-9+#.]{1,4}$/.test(h.surface);
    if (isSentenceStart(line, h.start) && !acronym) {
      if (listy && hits.length > 1) return true;
      return (
        PRODUCT_CONTINUATION.test(after) && !/^\s+(?:in|with|to|of|on|at|the|a|an|by|as|from)\b/i.test(after)
      );
    }
    // A common word right before another skill qualifies it: "Advanced SQL", "Core Java".
    if (
      hits.some((other) => other !== h && other.start > h.end && /^\s+$/.test(line.slice(h.end, other.start)))
    )
      return false;
    // …and one right after it is the named thing's own: "VPC networking", "Kubernetes networking".
    if (
      hits.some(
        (other) => other !== h && other.end <= h.start && /^[\s-]+$/.test(line.slice(other.end, h.start)),
      )
    )
      return false;
    if (firm > 0 || listy) return true;
    // Mid-sentence and written as a name: "built reports in Excel", "deployed with Go".
    return /^[\p{Lu}]/u.test(h.surface) && !/^\s+(?:with|to|of|on|at|the|a|an)\b/i.test(after);
  });
}

/** Words before a name that say the candidate does not have it (yet): "not yet licensed as a CPA". */
const NOT_HELD_BEFORE =
  /\b(?:not(?: yet)?|no|never|without|lack(?:ing)?|pursuing|working toward(?:s)?|studying for|preparing for|candidate for|planning to (?:take|obtain|earn|get))\b(?:\s+[\p{L}'’-]+){0,3}\s+$/iu;
/** …and after it: "CPA (in progress)", "PMP candidate", "CPA exam scheduled", "Qlikview not being used". */
const NOT_HELD_AFTER =
  /^\s*[(,–—-]?\s*(?:in progress|candidate|expected|pending|anticipated|exam (?:scheduled|pending)|not yet|(?:currently )?pursuing|(?:(?:was|were|is|are|being)\s+)?not\b(?!\s+only))/i;

/** Whether a name stands where the line says the candidate lacks it or is still working toward it. */
export function notHeld(line: string, hit: { start: number; end: number }): boolean {
  const clauseStart = Math.max(
    0,
    ...[".", ";", "•", "|"].map((c) => line.lastIndexOf(c, hit.start - 1) + 1),
    hit.start - 60,
  );
  return NOT_HELD_BEFORE.test(line.slice(clauseStart, hit.start)) || NOT_HELD_AFTER.test(line.slice(hit.end));
}

/**
 * Whether a name is part of the employer's name on a role's line ("Levy Erlanger & Company, CPAs",
 * "Software Engineer, Oracle"), including one more comma-joined part the parser left out of it
 * (", CPAs", ", Inc."). What the line says about the work ("with Java and JS for a trading
 * platform maker") counts.
 */
function inEmployer(
  line: string,
  _lineIndex: number,
  hit: { start: number; end: number },
  entry: ExperienceEntry | null,
): boolean {
  const name = entry?.company;
  // Only a name: a parsed "employer" with other lower-case words ("Web Developer with Java for a
  // trading firm") is a misread line, and its tools are work.
  if (!name || name.length < 3 || name.split(/\s+/).length > 6) return false;
  if (name.split(/\s+/).some((w) => /^\p{Ll}/u.test(w) && !/^(?:and|of|the|de|la|du|und|y|&)$/.test(w)))
    return false;
  const at = line.indexOf(name);
  // Written as an employer: after a comma, "at", "@" or a bar, or leading the line. A name split
  // off a title by a slash or a dash ("Oracle EBS/Sr. Java Developer", "SQL DBA - SQL Server DB")
  // is as likely the tool of the trade.
  const after = line.slice(at + name.length);
  const leads = at === 0 && /^(?:\s*[,|–—]|\s{2,}|\s*$)/.test(after);
  if (at < 0 || !(leads || /(?:,|\bat|@|\|)\s*$/.test(line.slice(0, at)))) return false;
  const tail = /^,\s*[\p{Lu}][\p{L}.&'’-]*(?:\s+[\p{Lu}&][\p{L}.&'’-]*)*/u.exec(after);
  const end = at + name.length + (tail?.[0].length ?? 0);
  return hit.start >= at && hit.end <= end;
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
    for (let i = entry.lineIndex; i < Math.min(end, resume.lines.length); i++) {
      const line = resume.lines[i] ?? "";
      if (resume.sectionOf[i] !== resume.sectionOf[entry.lineIndex]) break;
      if (entry.lines.includes(line) || entry.bullets.some((b) => line.includes(b.slice(0, 40))))
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
    for (const hit of hits) {
      if (notHeld(line, hit)) {
        denied.set(hit.skillId, (denied.get(hit.skillId) ?? new Set()).add(lineIndex));
        continue;
      }
      if (inEmployer(line, lineIndex, hit, entry)) continue;
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
