import type { TEvidence, TSkillCategory } from "@resumelens/contract";
import type { Skill } from "../data/types.ts";
import type { ParsedJob, Priority, RequirementLine } from "../job/parse-job.ts";
import { yearsInLine } from "../job/parse-job.ts";
import { degreeLevel } from "../resume/parse-resume.ts";
import { CONCEPTS, type Concept, conceptsIn, lineShows } from "../skills/concepts.ts";
import { scanLine, type Taxonomy } from "../skills/taxonomy.ts";
import { stem } from "../text/stem.ts";
import { acceptHits, evidenceRank, type ResumeIndex, sectionLabel } from "./resume-index.ts";

export type Requirement = {
  key: string;
  /** Display name: the skill's canonical name, or the requirement phrase. */
  name: string;
  kind: "skill" | "concept" | "phrase";
  category: TSkillCategory;
  priority: Priority;
  /** How much it counts within its priority group. */
  weight: number;
  skillId?: string;
  concept?: Concept;
  /** Content-word stems of a free phrase. */
  stems?: string[];
  /** The posting lines that ask for it. */
  lines: RequirementLine[];
};

export type RequirementMatch = {
  requirement: Requirement;
  status: "matched" | "partial" | "missing";
  /** 0..1 credit toward the score. */
  credit: number;
  match: "exact" | "related";
  evidence: TEvidence | null;
  /** Index of the resume line that proves it, for levels and per-role skills. */
  lineIndex: number | null;
  /** The resume skill that stood in for it (PostgreSQL for SQL), if any. */
  via?: string;
};

const LEAD_INS =
  /^(?:(?:strong|excellent|exceptional|solid|good|great|proven|demonstrated|outstanding|superb|effective|sound|working|basic|advanced|deep|thorough|hands[- ]on|previous|prior|some|professional|relevant|extensive|must have|must be|must|should have|you have|you are|you're|have|has|possess(?:es)?|ability to|able to|capable of|willingness to|willing to|comfortable|experience (?:with|in|using|of)|knowledge of|understanding of|familiarity with|proficiency (?:in|with)|proficient (?:in|with)|expertise in|skills? in|background in|a|an|the|and|or|plus|including)\s+)+/i;
const GENERIC_STEMS = new Set(
  [
    "abil",
    "skill",
    "experi",
    "knowledg",
    "strong",
    "excel",
    "work",
    "year",
    "plu",
    "prefer",
    "requir",
    "must",
    "demonstr",
    "proven",
    "good",
    "great",
    "solid",
    "candid",
    "role",
    "job",
    "team",
    "compani",
    "environ",
    "relat",
    "relev",
    "similar",
    "equival",
    "etc",
    "includ",
    "other",
    "new",
    "level",
    "high",
    "well",
    "us",
    "our",
    "you",
    "will",
    "can",
    "self",
    "also",
    "includ",
    "minimum",
    "least",
    "profession",
    "field",
  ].map((w) => stem(w)),
);
const STOP = new Set(
  "a an the and or of to in on for with at by from as is are be been being this that these those it its your you we our us they their who what which will can may must should would could has have had do does not no any all each every such into over under per via than then so if but about up out own more most very".split(
    " ",
  ),
);

export function contentStems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'+#]*/g) ?? [])
    .filter((w) => !STOP.has(w) && w.length > 1)
    .map((w) => stem(w.replace(/'s$/, "")))
    .filter((s) => !GENERIC_STEMS.has(s));
}

const CATEGORY: Record<Skill["category"], TSkillCategory> = {
  hard: "hard",
  tool: "tool",
  soft: "soft",
  language: "language",
  certification: "certification",
};

/**
 * Everything the posting asks for: named skills (with priority: required wins over preferred),
 * phrase concepts ("attention to detail") and other requirement phrases. Years and degree lines
 * are handled by the experience and education checks instead.
 */
export function extractRequirements(job: ParsedJob, taxonomy: Taxonomy): Requirement[] {
  const byKey = new Map<string, Requirement>();
  const add = (req: Omit<Requirement, "lines">, line: RequirementLine | null) => {
    const existing = byKey.get(req.key);
    if (existing) {
      if (req.priority === "Required" && existing.priority === "Preferred") existing.priority = "Required";
      if (line && !existing.lines.includes(line)) existing.lines.push(line);
      return;
    }
    byKey.set(req.key, { ...req, lines: line ? [line] : [] });
  };

  const scan = (entry: RequirementLine, priority: Priority) => {
    const hits = acceptHits(scanLine(taxonomy, entry.text), entry.text, true);
    for (const hit of hits) {
      const skill = taxonomy.byId.get(hit.skillId);
      if (!skill) continue;
      add(
        {
          key: `skill:${skill.id}`,
          name: skill.name,
          kind: "skill",
          category: CATEGORY[skill.category],
          priority,
          weight: skill.category === "soft" ? 0.6 : 1,
          skillId: skill.id,
        },
        entry,
      );
    }
    return hits;
  };

  for (const entry of job.requirements) {
    const hits = scan(entry, entry.priority);
    const concepts = conceptsIn(entry.text);
    for (const concept of concepts) {
      add(
        {
          key: `concept:${concept.id}`,
          name: concept.label,
          kind: "concept",
          category: "phrase",
          priority: entry.priority,
          weight: 0.7,
          concept,
        },
        entry,
      );
    }
    if (hits.length === 0 && concepts.length === 0) {
      const phrase = requirementPhrase(entry.text);
      if (phrase) {
        const stems = contentStems(phrase);
        if (stems.length > 0 && stems.length <= 8) {
          add(
            {
              key: `phrase:${stems.join(" ")}`,
              name: phrase,
              kind: "phrase",
              category: "phrase",
              priority: entry.priority,
              weight: 0.6,
              stems,
            },
            entry,
          );
        }
      }
    }
  }
  // Tools named in the duties are expected too, a little less than the listed requirements.
  for (const entry of job.responsibilities) scan(entry, "Preferred");
  if (job.title) {
    for (const hit of acceptHits(scanLine(taxonomy, job.title), job.title, false)) {
      const skill = taxonomy.byId.get(hit.skillId);
      if (skill && skill.category !== "soft") {
        add(
          {
            key: `skill:${skill.id}`,
            name: skill.name,
            kind: "skill",
            category: CATEGORY[skill.category],
            priority: "Required",
            weight: 1,
            skillId: skill.id,
          },
          null,
        );
      }
    }
  }
  return [...byKey.values()];
}

/** The heart of a requirement line: "Strong attention to detail." -> "attention to detail". */
export function requirementPhrase(text: string): string | null {
  if (yearsInLine(text) && contentStems(text.replace(/\d+\+?\s*(years?|yrs?)/gi, "")).length <= 2)
    return null;
  if (degreeLevel(text) && /\b(degree|diploma|ged)\b/i.test(text)) return null;
  let phrase = text
    .replace(/\(.*?\)/g, " ")
    .split(/[.;:]\s/)[0]
    ?.replace(/[.;:!]+$/, "")
    .trim();
  if (!phrase) return null;
  phrase = phrase
    .replace(LEAD_INS, "")
    .replace(/\b(skills?|abilities|ability|experience|knowledge)$/i, "")
    .trim();
  phrase = phrase
    .replace(/^(\d+\+?\s*(years?|yrs?)\s*(of\s*)?)/i, "")
    .replace(LEAD_INS, "")
    .trim();
  const words = phrase.split(/\s+/);
  if (words.length === 0 || words.length > 9 || phrase.length < 3) return null;
  return phrase.toLowerCase();
}

function evidenceAt(index: ResumeIndex, lineIndex: number): TEvidence {
  const section = index.resume.sectionOf[lineIndex] ?? "other";
  return { text: index.display[lineIndex] ?? "", section: sectionLabel(section) };
}

function bestOccurrence(index: ResumeIndex, skillId: string): number | null {
  const occurrences = index.skills.get(skillId);
  if (!occurrences?.length) return null;
  let best = occurrences[0];
  for (const o of occurrences) {
    if (best && evidenceRank(o.section, o.entry !== null) > evidenceRank(best.section, best.entry !== null))
      best = o;
  }
  return best?.lineIndex ?? null;
}

/** Scores one requirement against the resume, with the line that proves it. */
export function matchRequirement(req: Requirement, index: ResumeIndex, taxonomy: Taxonomy): RequirementMatch {
  const missing: RequirementMatch = {
    requirement: req,
    status: "missing",
    credit: 0,
    match: "exact",
    evidence: null,
    lineIndex: null,
  };
  if (req.kind === "skill" && req.skillId) {
    const direct = bestOccurrence(index, req.skillId);
    if (direct !== null) {
      return {
        requirement: req,
        status: "matched",
        credit: 1,
        match: "exact",
        evidence: evidenceAt(index, direct),
        lineIndex: direct,
      };
    }
    // A narrower skill proves the broader one (PostgreSQL proves SQL); a sibling or the broader one is partial.
    const children = taxonomy.children.get(req.skillId) ?? [];
    for (const child of children) {
      const line = bestOccurrence(index, child);
      if (line !== null) {
        return {
          requirement: req,
          status: "matched",
          credit: 0.85,
          match: "related",
          evidence: evidenceAt(index, line),
          lineIndex: line,
          via: taxonomy.byId.get(child)?.name,
        };
      }
    }
    const parent = taxonomy.byId.get(req.skillId)?.parent;
    if (parent) {
      const relatives = [parent, ...(taxonomy.children.get(parent) ?? []).filter((id) => id !== req.skillId)];
      for (const relative of relatives) {
        const line = bestOccurrence(index, relative);
        if (line !== null) {
          return {
            requirement: req,
            status: "partial",
            credit: 0.4,
            match: "related",
            evidence: evidenceAt(index, line),
            lineIndex: line,
            via: taxonomy.byId.get(relative)?.name,
          };
        }
      }
    }
    // A soft skill named in the posting is also proven by how resumes describe it.
    if (req.category === "soft") {
      const concept = CONCEPTS.find((c) => c.names.test(req.name.toLowerCase()));
      if (concept) return matchConcept({ ...req, concept }, index) ?? missing;
    }
    return missing;
  }
  if (req.kind === "concept" && req.concept) return matchConcept(req, index) ?? missing;
  if (req.kind === "phrase" && req.stems) return matchPhrase(req, index) ?? missing;
  return missing;
}

function matchConcept(req: Requirement, index: ResumeIndex): RequirementMatch | null {
  const concept = req.concept;
  if (!concept) return null;
  let best: number | null = null;
  index.resume.lines.forEach((line, i) => {
    if (!lineShows(concept, line)) return;
    const section = index.resume.sectionOf[i] ?? "other";
    if (
      best === null ||
      evidenceRank(section, index.entryOfLine[i] !== null) >
        evidenceRank(index.resume.sectionOf[best] ?? "other", index.entryOfLine[best] !== null)
    )
      best = i;
  });
  if (best === null) return null;
  return {
    requirement: req,
    status: "matched",
    credit: 1,
    match: "related",
    evidence: evidenceAt(index, best),
    lineIndex: best,
  };
}

function matchPhrase(req: Requirement, index: ResumeIndex): RequirementMatch | null {
  const stems = req.stems ?? [];
  if (stems.length === 0) return null;
  let bestLine: number | null = null;
  let bestShare = 0;
  index.resume.lines.forEach((line, i) => {
    const lineStems = new Set(contentStems(line));
    const share = stems.filter((s) => lineStems.has(s)).length / stems.length;
    if (share > bestShare) {
      bestShare = share;
      bestLine = i;
    }
  });
  if (bestLine === null) return null;
  const needed = stems.length <= 2 ? 1 : 0.67;
  if (bestShare >= needed) {
    return {
      requirement: req,
      status: "matched",
      credit: 1,
      match: "related",
      evidence: evidenceAt(index, bestLine),
      lineIndex: bestLine,
    };
  }
  if (bestShare >= 0.4) {
    return {
      requirement: req,
      status: "partial",
      credit: 0.5,
      match: "related",
      evidence: evidenceAt(index, bestLine),
      lineIndex: bestLine,
    };
  }
  return null;
}
