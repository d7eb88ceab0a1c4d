import type { TEvidence, TSkillCategory } from "@resumelens/contract";
import type { Skill } from "../data/types.ts";
import type { ParsedJob, Priority, RequirementLine } from "../job/parse-job.ts";
import { yearsInLine } from "../job/parse-job.ts";
import { degreeLevel } from "../resume/parse-resume.ts";
import { CONCEPTS, type Concept, conceptSpans, conceptsIn, lineShows } from "../skills/concepts.ts";
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

/** Irregular past tenses resumes use all the time: "ran interviews" meets "running interviews". */
const IRREGULAR: Record<string, string> = {
  ran: "run",
  led: "lead",
  built: "build",
  wrote: "write",
  written: "write",
  taught: "teach",
  made: "make",
  sold: "sell",
  bought: "buy",
  drove: "drive",
  driven: "drive",
  began: "begin",
  grew: "grow",
  kept: "keep",
  held: "hold",
  met: "meet",
  brought: "bring",
  spoke: "speak",
  chose: "choose",
  took: "take",
  gave: "give",
  found: "find",
  told: "tell",
  understood: "understand",
  oversaw: "oversee",
  won: "win",
  sent: "send",
  spent: "spend",
  paid: "pay",
  laid: "lay",
  drew: "draw",
  cut: "cut",
};

export function contentStems(text: string): string[] {
  return (
    (text.toLowerCase().match(/[a-z][a-z'+#]*/g) ?? [])
      .filter((w) => !STOP.has(w) && w.length > 1)
      .map((w) => stem((Object.hasOwn(IRREGULAR, w) ? IRREGULAR[w] : undefined) ?? w.replace(/'s$/, "")))
      // One family however it is spelled: analysis, analyst, analytics, analysed, analyze.
      .map((s) => (s.startsWith("analy") ? "analy" : s))
      .filter((s) => !GENERIC_STEMS.has(s))
  );
}

/**
 * The name a requirement is reported under: the posting's own words ("usability testing",
 * "AWS", "Excel"), unless they are a cryptic short form ("k8s", "js"), then the canonical name.
 */
export function displayName(canonical: string, surface: string): string {
  const s = surface
    .trim()
    .replace(/\s+(certifications?|certificates?|certified)$/i, "")
    .trim();
  if (s.length < 2 || /\d/.test(s) || /^[a-z]{1,3}$/.test(s)) return canonical;
  // Acronyms are what people search for: "PLCs", "AWS", "HACCP".
  if (/^[A-Z][A-Z0-9&]{1,7}s?$/.test(s)) return s;
  // The same words, fewer or more of them ("blueprints" / "Blueprint reading", "new hire
  // onboarding" / "Onboarding"): the canonical name. Other wording is the posting's own.
  const a = new Set(contentStems(s));
  const b = new Set(contentStems(canonical));
  const subset = (x: Set<string>, y: Set<string>) => [...x].every((v) => y.has(v));
  if (a.size === 0 || b.size === 0 || subset(a, b) || subset(b, a)) return canonical;
  return s;
}

const LANGUAGE_CUE =
  /\b(speak|spoken|speaks|fluen|bilingual|multilingual|language|native|proficien|conversational|written|verbal|read|write)/i;

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
    const spans = conceptSpans(entry.text);
    const hits = acceptHits(scanLine(taxonomy, entry.text), entry.text, true).filter((hit) => {
      const skill = taxonomy.byId.get(hit.skillId);
      if (!skill) return false;
      // A soft skill inside a concept's wording ("lifting 50 lb") is asked for as that concept.
      if (skill.category === "soft" && spans.some(([a, b]) => hit.start < b && hit.end > a)) return false;
      // Languages count only when the line is about speaking them, or names little else.
      if (
        skill.category === "language" &&
        !LANGUAGE_CUE.test(entry.text) &&
        entry.text.split(/\s+/).length > 3
      )
        return false;
      return true;
    });
    for (const hit of hits) {
      const skill = taxonomy.byId.get(hit.skillId);
      if (!skill) continue;
      add(
        {
          key: `skill:${skill.id}`,
          name: displayName(skill.name, hit.surface),
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
    // A degree line names fields of study ("degree in Accounting or Finance"): the education check reads it.
    if (degreeLevel(entry.text) && /\b(degree|diploma|ged)\b/i.test(entry.text)) continue;
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
          weight: 0.5,
          concept,
        },
        entry,
      );
    }
    // What the line asks for beyond named skills and concepts: "laminated doughs", "scaling recipes".
    for (const phrase of residualPhrases(entry.text, hits, concepts.length > 0)) {
      const stems = contentStems(phrase);
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

/** The heart of a requirement clause: "Strong attention to detail." -> "attention to detail". */
export function requirementPhrase(text: string): string | null {
  if (yearsInLine(text) && contentStems(text.replace(/\d+\+?\s*(years?|yrs?)/gi, "")).length <= 2)
    return null;
  if (degreeLevel(text) && /\b(degree|diploma|ged)\b/i.test(text)) return null;
  let phrase = text.replace(/[.;:!,]+$/, "").trim();
  const years = yearsInLine(phrase);
  if (years)
    phrase = phrase
      .replace(years.text, " ")
      .replace(/^\s*(of|in|with)\s+/i, "")
      .trim();
  if (NOT_A_SKILL.test(phrase)) return null;
  phrase = phrase
    .replace(LEAD_INS, "")
    .replace(/\b(skills?|abilities|ability|experience|knowledge)$/i, "")
    .trim();
  phrase = phrase
    .replace(/^(\d+\+?\s*(years?|yrs?)\s*(of\s*)?)/i, "")
    .replace(LEAD_INS, "")
    .replace(/^experience\s+(?=\w+ing\b)/i, "")
    .trim();
  phrase = trimFunctionWords(phrase);
  const words = phrase.split(/\s+/);
  if (words.length === 0 || words.length > 8 || phrase.length < 3) return null;
  const stems = contentStems(phrase);
  if (stems.length === 0 || stems.length > 6) return null;
  // A lone capitalised word is a tool the taxonomy does not know ("Gusto", "Ahrefs", "REDCap"),
  // unless it is a word that only looks like one at the start of a line.
  if (words.length === 1 && /^[A-Z]/.test(phrase)) {
    // Ordinary words that happen to start a line ("Advanced Excel", "Exposure to Spark") have
    // English endings; product names (Gusto, Ahrefs, REDCap) rarely do.
    const ordinary =
      /^[A-Z][a-z]+(ed|ing|ly|tion|sion|ment|ness|ence|ance|ure|ity|ive|ous|al|ful|able|ible)$/.test(phrase);
    return phrase.length >= 3 && !ordinary && !NOT_TOOLS.has(phrase.toLowerCase()) ? phrase : null;
  }
  // Acronyms keep their case: "FMLA", "HACCP".
  return /^[A-Z0-9&/-]{2,8}$/.test(phrase) ? phrase : phrase.toLowerCase();
}

const DESCRIBED_SKILLS = new Set([
  "automated-testing",
  "customer-service",
  "writing",
  "budgeting",
  "mentoring",
]);

/** Capitalised words that are left over from requirement lines but name nothing. */
const NOT_TOOLS = new Set(
  "act must plus bonus ideally preferred required experience knowledge ability strong excellent proven familiarity proficiency understanding other similar related equivalent etc yes both either all any some basic expert senior junior deep solid hands background comfort".split(
    " ",
  ),
);

/** Conditions of employment and benefits: never skills. */
const NOT_A_SKILL =
  /\b(years? (old|of age)|or older|at hire|of hire|upon hire|within \d+ (days|months)|pension|401\(?k|vesting|salary|bonus|insurance|pto|paid time off|benefits?|per hour|relocat|visa|sponsorship|background check|drug (test|screen)|equal opportunity|authorized to work|work authori[sz]ation|commute|on-?site|remote)\b/i;

const EDGE_WORDS = new Set(
  "a an the and or of to in on for with at by from as into toward towards via is are be who that which this these those your our their its any some all other another similar such after before during while when where using use able".split(
    " ",
  ),
);

/** Drops articles and prepositions left dangling at either end: "progress toward the" -> "progress". */
function trimFunctionWords(phrase: string): string {
  const words = phrase
    .replace(/^[^\p{L}\p{N}.]+|[^\p{L}\p{N}+#)]+$/gu, "")
    .split(/\s+/)
    .filter(Boolean);
  while (words.length && EDGE_WORDS.has((words[0] ?? "").toLowerCase())) words.shift();
  while (words.length && EDGE_WORDS.has((words[words.length - 1] ?? "").toLowerCase())) words.pop();
  return words.join(" ");
}

/**
 * Requirement phrases left in a line once its named skills are taken out: a list such as
 * "laminated doughs and naturally leavened bread" becomes two phrases. A line fully covered by
 * skills or concepts yields none.
 */
export function residualPhrases(
  text: string,
  hits: { start: number; end: number }[],
  hasConcept: boolean,
): string[] {
  // A line that names a concept is about that concept; its other words are how it is phrased.
  if (NOT_A_SKILL.test(text) || hasConcept) return [];
  let rest = text;
  for (const hit of [...hits].sort((x, y) => y.start - x.start))
    rest = `${rest.slice(0, hit.start)} ${rest.slice(hit.end)}`;
  rest = rest.replace(/\(.*?\)/g, " ").replace(/\s+/g, " ");
  const clauses = rest
    .split(/;|\.\s+(?=[A-Z])|,\s*|\s+(?:and|or|as well as|including|such as|like|e\.g\.)\s+/i)
    .map((clause) => clause.trim())
    .filter(Boolean);
  const phrases: string[] = [];
  for (const clause of clauses) {
    const phrase = requirementPhrase(clause);
    if (!phrase) continue;
    // Beside named skills or a concept, only substantial leftovers are requirements of their own.
    const distinct = new Set(contentStems(phrase)).size;
    const acronym = /^[A-Z0-9&/-]{2,8}$/.test(phrase);
    const toolName = /^[A-Z][\w.+#-]*$/.test(phrase);
    if ((hits.length > 0 && distinct < 2 && !acronym && !toolName) || (hasConcept && distinct < 3)) continue;
    if (hasConcept && conceptsIn(phrase).length > 0) continue;
    // Conditions of hiring are not skills: "card within 30 days of hire", "upon start".
    if (
      /\b(within \d+ (days|months)|of hire|upon hire|before (your )?start|after hire|prior to start)\b/i.test(
        phrase,
      )
    )
      continue;
    phrases.push(phrase);
  }
  return phrases.slice(0, 3);
}

/** Narrower skills, up to three levels down (SQL → PostgreSQL; Database → SQL → PostgreSQL). */
function descendants(taxonomy: Taxonomy, id: string, depth = 3): string[] {
  const direct = taxonomy.children.get(id) ?? [];
  if (depth <= 1) return direct;
  return [...direct, ...direct.flatMap((child) => descendants(taxonomy, child, depth - 1))];
}

/**
 * Skills a posting offers as alternatives ("Go or Java", "PostgreSQL (or a similar relational
 * database)"): when the resume shows one of them, the others are not missing.
 */
export function resolveAlternatives(matches: RequirementMatch[]): RequirementMatch[] {
  return matches.map((m) => {
    // "Bilingual English/Mandarin" asks for both: languages are never alternatives.
    if (m.status === "matched" || m.requirement.kind !== "skill" || m.requirement.category === "language")
      return m;
    for (const line of m.requirement.lines) {
      if (!/\bor\b|\/|\beither\b|\(/i.test(line.text)) continue;
      const partner = matches.find(
        (other) =>
          other !== m &&
          other.status === "matched" &&
          other.requirement.kind === "skill" &&
          other.requirement.lines.includes(line),
      );
      if (partner && connectedByOr(line.text, m.requirement.name, partner.requirement.name)) {
        return {
          ...m,
          status: "matched",
          credit: 0.9,
          match: "related",
          evidence: partner.evidence,
          lineIndex: partner.lineIndex,
          via: partner.requirement.name,
        };
      }
    }
    return m;
  });
}

function connectedByOr(text: string, a: string, b: string): boolean {
  const lower = text.toLowerCase();
  const i = lower.indexOf(a.toLowerCase());
  const j = lower.indexOf(b.toLowerCase());
  if (i < 0 || j < 0) return /\bor (a |an )?(similar|equivalent|another|other|comparable)\b/i.test(text);
  const between = lower.slice(Math.min(i, j), Math.max(i, j));
  if (between.includes("(")) {
    // "PostgreSQL (or a similar database)", "HubSpot (our marketing automation platform)" offer
    // alternatives; "Payroll (ADP Workforce Now)" names a specific tool that is asked for too.
    const paren = /\(([^)]*)\)?/.exec(lower.slice(Math.min(i, j)))?.[1] ?? "";
    if (/\b(or|similar|equivalent|e\.g|such as|like)\b/.test(paren)) return true;
    // A tool described by its category: "HubSpot (our marketing automation platform)".
    const inner = i > j ? a : b;
    const after = lower.slice(Math.max(i, j) + inner.length);
    return /^\s*(platform|tool|system|software|suite|stack)\b/.test(after);
  }
  return /\bor\b|\//.test(between) && !/\band\b/.test(between);
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
    // A certification is shown by the skill it certifies plus a word of certification
    // ("Certified sit-down forklift operator" for "Forklift certification").
    if (
      req.category === "certification" ||
      /certif|licen/i.test(taxonomy.byId.get(req.skillId)?.name ?? "")
    ) {
      const core = (taxonomy.byId.get(req.skillId)?.name ?? req.name)
        .replace(
          /\b(certifications?|certificates?|certified|licen[cs]es?|licensed|cards?|credentials?)\b/gi,
          "",
        )
        .trim()
        .toLowerCase();
      if (core.length >= 3) {
        const line = index.resume.lines.findIndex(
          (l) => l.toLowerCase().includes(core) && /certif|licen|card\b/i.test(l),
        );
        if (line >= 0) {
          return {
            requirement: req,
            status: "matched",
            credit: 0.9,
            match: "related",
            evidence: evidenceAt(index, line),
            lineIndex: line,
          };
        }
      }
    }
    // A narrower skill proves the broader one (PostgreSQL proves SQL); a sibling or the broader one is partial.
    for (const child of descendants(taxonomy, req.skillId)) {
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
    // English is shown by a resume written in English.
    if (req.category === "language" && req.skillId === "english") {
      return {
        requirement: req,
        status: "matched",
        credit: 1,
        match: "related",
        evidence: { text: "Your resume is written in English.", section: "resume" },
        lineIndex: null,
      };
    }
    // A multi-word skill said in other words in one line: "Differentiate reading and math instruction".
    for (const name of new Set([taxonomy.byId.get(req.skillId)?.name ?? req.name, req.name])) {
      const skillStems = contentStems(name);
      // One long word shows its family ("bookkeeper" for Bookkeeping); short ones are too common.
      if (skillStems.length < 2 && !(skillStems.length === 1 && (skillStems[0]?.length ?? 0) >= 6)) continue;
      const stemMatch = matchPhrase({ ...req, stems: skillStems }, index, skillStems.length >= 3 ? 0.66 : 1);
      if (stemMatch) return { ...stemMatch, credit: 0.9 };
    }
    // A soft skill named in the posting is also proven by how resumes describe it.
    {
      // Soft skills, and a few practical skills resumes describe rather than name, are also shown
      // by their concept's wording ("Wrote the integration test suite with Jest" for automated testing).
      const concept = CONCEPTS.find(
        (c) =>
          c.names.test(req.name.toLowerCase()) && (req.category === "soft" || DESCRIBED_SKILLS.has(c.id)),
      );
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

/** Stems that are equal, or one a prefix of the other ("analys" / "analysi"), at five letters or more. */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  return a.length >= 5 && b.length >= 5 && (a.startsWith(b) || b.startsWith(a));
}

function matchPhrase(req: Requirement, index: ResumeIndex, minShare?: number): RequirementMatch | null {
  const stems = req.stems ?? [];
  if (stems.length === 0) return null;
  let bestLine: number | null = null;
  let bestShare = 0;
  if (!index.stems) index.stems = index.resume.lines.map((l) => contentStems(l));
  index.stems.forEach((lineStems, i) => {
    const share = stems.filter((s) => lineStems.some((t) => sameStem(s, t))).length / stems.length;
    if (share > bestShare) {
      bestShare = share;
      bestLine = i;
    }
  });
  if (bestLine === null) return null;
  const needed = minShare ?? (stems.length <= 2 ? 1 : 0.66);
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
  if (minShare === undefined && bestShare >= 0.4) {
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
