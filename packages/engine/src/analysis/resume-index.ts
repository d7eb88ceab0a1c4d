import type { ExperienceEntry, ParsedResume } from "../resume/parse-resume.ts";
import type { SectionKind } from "../resume/sections.ts";
import { isSentenceStart, type SkillHit, scanLine, type Taxonomy } from "../skills/taxonomy.ts";
import { stripBullet } from "../text/normalize.ts";
import { type EvidenceKind, evidenceKind } from "./evidence.ts";
import { contentStems } from "./phrases.ts";

export type Occurrence = { lineIndex: number; section: SectionKind; entry: number | null; surface: string };

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
    if (firm > 0 || listy) return true;
    // Mid-sentence and written as a name: "built reports in Excel", "deployed with Go".
    return /^[\p{Lu}]/u.test(h.surface) && !/^\s+(?:with|to|of|on|at|the|a|an)\b/i.test(after);
  });
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
  resume.lines.forEach((line, lineIndex) => {
    if (copied.has(lineIndex)) return;
    const section = resume.sectionOf[lineIndex] ?? "other";
    const hits = acceptHits(scanLine(taxonomy, line), line, section === "skills");
    for (const hit of hits) {
      const list = skills.get(hit.skillId) ?? [];
      list.push({ lineIndex, section, entry: entryOfLine[lineIndex] ?? null, surface: hit.surface });
      skills.set(hit.skillId, list);
    }
  });
  return {
    resume,
    skills,
    entryOfLine,
    display: resume.lines.map((l) => stripBullet(l).trim()),
    lower: resume.lines.map((l) => l.toLowerCase()),
    stems: null,
    copied,
    kinds: resume.lines.map((_, i) => evidenceKind(resume, entryOfLine, copied, i)),
  };
}

/** Higher is better evidence: a bullet in a role beats a summary line beats a skills list. */
export function evidenceRank(section: SectionKind, inEntry: boolean, bullet = false): number {
  if (inEntry && section === "experience") return bullet ? 5.5 : 5;
  if (inEntry) return 4;
  if (section === "summary" || section === "header") return 3;
  if (section === "certifications" || section === "education") return 2.5;
  if (section === "skills") return 2;
  return 1;
}

export function sectionLabel(section: SectionKind): string {
  return section === "header" ? "contact" : section;
}

/** Content stems of each resume line (copied lines have none), computed once per analysis. */
export function resumeStems(index: ResumeIndex): (readonly string[])[] {
  index.stems ??= index.resume.lines.map((line, i) => (index.copied.has(i) ? [] : contentStems(line)));
  return index.stems;
}
