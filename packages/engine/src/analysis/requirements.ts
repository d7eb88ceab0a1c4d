/**
 * Stage 3 — what the posting asks for. Each requirement line becomes one or more requirements:
 * named skills (from the taxonomy), skills offered as alternatives ("Go or Java" is one
 * requirement), phrase concepts ("attention to detail"), other requirement phrases, credentials
 * written as codes ("Part 135"), and experience asks ("4 years as a Systems Administrator").
 * A labelled line ("Customer Service: Experience in helping clients…") asks for what its label
 * names; the rest of the line explains it.
 */
import type { TSkillCategory } from "@resumelens/contract";
import type { Skill } from "../data/types.ts";
import type { ExperienceAsk, ParsedJob, Priority, RequirementLine } from "../job/parse-job.ts";
import { degreeLevel } from "../resume/parse-resume.ts";
import { titleScore } from "../resume/titles.ts";
import { type Concept, conceptOfName, conceptSpans, conceptsIn } from "../skills/concepts.ts";
import { type SkillHit, scanLine, type Taxonomy } from "../skills/taxonomy.ts";
import { allMatches } from "../text/matches.ts";
import { CREDIT } from "./credits.ts";
import { isListLine } from "./evidence.ts";
import {
  contentStems,
  displayName,
  glosses,
  LEAD_INS,
  NOT_A_SKILL,
  phraseStems,
  residualPhrases,
  trimFunctionWords,
  URL_RE,
} from "./phrases.ts";
import { acceptHits } from "./resume-index.ts";

export type RequirementKind = "skill" | "alternatives" | "concept" | "phrase" | "credential" | "experience";

export type Requirement = {
  key: string;
  /** Display name: the posting's own words for it. */
  name: string;
  kind: RequirementKind;
  category: TSkillCategory;
  priority: Priority;
  /** How much it counts within its priority group. */
  weight: number;
  skillId?: string;
  /** For "alternatives": the skills any one of which satisfies it. */
  members?: Requirement[];
  concept?: Concept;
  /** Content-word stems of a free phrase. */
  stems?: readonly string[];
  /** Stems of other names that meet a phrase as well (the "(SCCM)" after "System Center Configuration Manager"). */
  also?: readonly (readonly string[])[];
  /** For "credential": the code as written ("Part 135"). */
  literal?: string;
  /** For "experience": the years (or hours) and the field asked. */
  ask?: ExperienceAsk;
  /** Named in the explanation after a label ("User research: interviews and usability testing"):
   *  asked for, but the line's status rests on its label. */
  fromDetail?: true;
  /** The posting lines that ask for it. */
  lines: RequirementLine[];
};

/** How much each kind of requirement counts within its priority group (values and reasons: credits.ts). */
export const REQUIREMENT_WEIGHT = {
  skill: CREDIT.weightSkill,
  softSkill: CREDIT.weightSoftSkill,
  alternatives: CREDIT.weightAlternatives,
  concept: CREDIT.weightConcept,
  phrase: CREDIT.weightPhrase,
  credential: CREDIT.weightCredential,
  experience: CREDIT.weightExperience,
} as const;

const CATEGORY: Record<Skill["category"], TSkillCategory> = {
  hard: "hard",
  tool: "tool",
  soft: "soft",
  language: "language",
  certification: "certification",
};

const LANGUAGE_CUE =
  /\b(speak|spoken|speaks|fluen|bilingual|multilingual|language|native|proficien|conversational|written|verbal|read|write)/i;

/** Codes that are credentials or ratings in their own right: "Part 135", "Series 7", "Class A". */
const CODE_RE = /\b(?:Part|Series|Class|Level|Tier|Section|Grade|Type)\s+\d{1,4}[A-Z]?\b/g;

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

function skillRequirement(skill: Skill, surface: string, priority: Priority): Omit<Requirement, "lines"> {
  // A soft skill that is one of the concepts ("Time management") is asked for as that concept,
  // so the two wordings are one requirement, matched the same way.
  const concept = skill.category === "soft" ? conceptOfName(skill.name) : undefined;
  if (concept)
    return {
      key: `concept:${concept.id}`,
      name: displayName(skill.name, surface).toLowerCase(),
      kind: "concept",
      category: "phrase",
      priority,
      weight: REQUIREMENT_WEIGHT.concept,
      concept,
    };
  return {
    key: `skill:${skill.id}`,
    name: displayName(skill.name, surface),
    kind: "skill",
    category: CATEGORY[skill.category],
    priority,
    weight: skill.category === "soft" ? REQUIREMENT_WEIGHT.softSkill : REQUIREMENT_WEIGHT.skill,
    skillId: skill.id,
  };
}

/** Skills the line names, with their context checked ("Act with integrity" names no product). */
/** Words right before a name that exclude it ("other than English", "except Java"). */
const EXCLUDED_BEFORE =
  /\b(?:other than|except(?: for)?|excluding|apart from|rather than|instead of|without)\s+(?:the\s+|an?\s+)?$/i;

function skillsInLine(taxonomy: Taxonomy, text: string): SkillHit[] {
  const spans = conceptSpans(text);
  const urls = allMatches(URL_RE, text).map((m) => [m.index, m.index + m[0].length] as const);
  return acceptHits(scanLine(taxonomy, text), text, isListLine(text)).filter((hit) => {
    const skill = taxonomy.byId.get(hit.skillId);
    if (!skill || urls.some(([a, b]) => hit.start < b && hit.end > a)) return false;
    // "content in languages other than English", "any language except COBOL": not asked for.
    if (EXCLUDED_BEFORE.test(text.slice(Math.max(0, hit.start - 24), hit.start))) return false;
    // A soft skill inside a concept's wording ("lifting 50 lb") is asked for as that concept.
    if (skill.category === "soft" && spans.some(([a, b]) => hit.start < b && hit.end > a)) return false;
    // Languages count only when the line is about speaking them, or names little else.
    if (skill.category === "language" && !LANGUAGE_CUE.test(text) && text.split(/\s+/).length > 3)
      return false;
    return true;
  });
}

/**
 * Groups of hits the line offers as alternatives: "Go or Java", "Python, Ruby, or Go", "either
 * X or Y", and slash-joined skills of one family ("AWS/Azure/GCP"). A slash between unrelated
 * skills ("Golang/PostgreSQL") means both.
 */
export function alternativeGroups(taxonomy: Taxonomy, text: string, hits: SkillHit[]): SkillHit[][] {
  const groups: SkillHit[][] = hits.map((h) => [h]);
  const category = (h: SkillHit) => taxonomy.byId.get(h.skillId)?.category;
  const parent = (h: SkillHit) => taxonomy.byId.get(h.skillId)?.parent ?? null;
  // "databases such as PostgreSQL, MySQL or Oracle": the examples are ways to meet the ask.
  const example: boolean[] = hits.map(() => false);
  for (let i = 1; i < hits.length; i++) {
    const a = hits[i - 1];
    const b = hits[i];
    if (!a || !b) continue;
    const between = text.slice(a.end, b.start);
    if (
      /^\s*,?\s*\(?\s*(?:such as|e\.g\.?,?|eg\.?|like|including|for example|for instance|i\.e\.?,?)\s+$/i.test(
        between,
      )
    )
      example[i] = true;
    else if (example[i - 1] && /^\s*(?:,|\/|,?\s*(?:and|or|and\/or))\s*$/i.test(between)) example[i] = true;
  }
  // "AWS (EC2, RDS, S3 or similar)", "PostgreSQL (or a similar relational database)", "HubSpot (our
  // email and marketing automation platform)": skills in parentheses after another that offer
  // alternatives or name its category are ways to meet it.
  const asideOf: (number | null)[] = hits.map(() => null);
  for (let j = 0; j < hits.length; j++) {
    const a = hits[j];
    if (!a || asideOf[j] !== null) continue;
    const paren = /^\s*\(([^)]*)\)?/.exec(text.slice(a.end));
    if (
      !paren ||
      !/^\s*(?:or|e\.g|eg|i\.e|such as|like)\b|\b(?:platform|tool|system|software|suite|stack|database|language|framework|equivalent|similar|etc\.?)s?\s*$/i.test(
        paren[1] ?? "",
      )
    )
      continue;
    for (let k = j + 1; k < hits.length && (hits[k]?.start ?? Infinity) < a.end + paren[0].length; k++)
      asideOf[k] = j;
  }
  for (let i = groups.length - 1; i > 0; i--) {
    const a = hits[i - 1];
    const b = hits[i];
    if (!a || !b || category(a) === "language" || category(b) === "language") continue;
    const between = text.slice(a.end, b.start);
    if (example[i]) {
      groups[i - 1] = [...(groups[i - 1] ?? []), ...(groups[i] ?? [])];
      groups.splice(i, 1);
      continue;
    }
    const aside = asideOf[i] !== null && (asideOf[i] === i - 1 || asideOf[i] === asideOf[i - 1]);
    const orJoin = aside || /^\s*,?\s*(?:or|and\/or)\s+$/i.test(between);
    const slash = /^\s*\/\s*$/.test(between) && parent(a) !== null && parent(a) === parent(b);
    // "Python, Ruby, or Go": the commas before a closing "or" join alternatives too.
    const listOr =
      /^\s*,\s*$/.test(between) &&
      hits.slice(i).some((h, k) => {
        const prev = hits[i + k - 1];
        return prev && /^\s*,?\s*or\s+$/i.test(text.slice(prev.end, h.start));
      });
    if (orJoin || slash || listOr) {
      groups[i - 1] = [...(groups[i - 1] ?? []), ...(groups[i] ?? [])];
      groups.splice(i, 1);
    }
  }
  return groups;
}

/**
 * Everything the posting asks for, with priority (required wins over preferred). Degree lines are
 * read by the education check; years by the experience check and as experience asks.
 */
export function extractRequirements(job: ParsedJob, taxonomy: Taxonomy): Requirement[] {
  const skillsIn = skillsInLine;
  const byKey = new Map<string, Requirement>();
  const add = (req: Omit<Requirement, "lines">, line: RequirementLine | null) => {
    const existing = byKey.get(req.key);
    if (existing) {
      if (req.priority === "Required" && existing.priority === "Preferred") {
        existing.priority = "Required";
        if (!req.fromDetail) delete existing.fromDetail;
      }
      if (line && !existing.lines.includes(line)) existing.lines.push(line);
      return existing;
    }
    const created = { ...req, lines: line ? [line] : [] };
    byKey.set(req.key, created);
    return created;
  };
  const addSkills = (entry: RequirementLine, text: string, priority: Priority, soft = true) => {
    const hits = skillsIn(taxonomy, text).filter(
      (h) => soft || taxonomy.byId.get(h.skillId)?.category !== "soft",
    );
    for (const group of alternativeGroups(taxonomy, text, hits)) {
      const members = group
        .map((hit) => {
          const skill = taxonomy.byId.get(hit.skillId);
          return skill ? { ...skillRequirement(skill, hit.surface, priority), lines: [entry] } : null;
        })
        .filter((m): m is Requirement => m !== null);
      const first = members[0];
      if (!first) continue;
      if (members.length === 1) add(first, entry);
      else
        add(
          {
            key: `any:${members.map((m) => m.skillId).join("|")}`,
            name: members.map((m) => m.name).join(" or "),
            kind: "alternatives",
            category: first.category,
            priority,
            weight: REQUIREMENT_WEIGHT.alternatives,
            members,
          },
          entry,
        );
    }
    for (const m of allMatches(CODE_RE, text)) {
      if (hits.some((h) => (m.index ?? 0) >= h.start && (m.index ?? 0) < h.end)) continue;
      add(
        {
          key: `code:${m[0].toLowerCase()}`,
          name: m[0],
          kind: "credential",
          category: "certification",
          priority,
          weight: REQUIREMENT_WEIGHT.credential,
          literal: m[0],
        },
        entry,
      );
    }
    return hits;
  };
  const addConcept = (concept: Concept, name: string, entry: RequirementLine) =>
    add(
      {
        key: `concept:${concept.id}`,
        name,
        kind: "concept",
        category: "phrase",
        priority: entry.priority,
        weight: REQUIREMENT_WEIGHT.concept,
        concept,
      },
      entry,
    );
  const addPhrase = (phrase: string, entry: RequirementLine, gloss?: string) => {
    const stems = phraseStems(phrase);
    if (stems.length === 0) return;
    // "(ISO, FDA)": each acronym of a list is a name of its own.
    const also = (gloss?.split(/\s*[,/]\s*(?=[A-Z]{2})/) ?? []).map(contentStems).filter((s) => s.length > 0);
    add(
      {
        key: `phrase:${stems.join(" ")}`,
        name: also.length ? `${phrase} (${gloss})` : phrase,
        kind: "phrase",
        category: "phrase",
        priority: entry.priority,
        weight: REQUIREMENT_WEIGHT.phrase,
        stems,
        ...(also.length ? { also } : {}),
      },
      entry,
    );
  };

  for (const entry of job.requirements) {
    // A degree line names fields of study ("degree in Accounting or Finance"): the education check reads it.
    if (degreeLevel(entry.text) && /\b(degree|diploma|ged)\b/i.test(entry.text)) continue;
    const ask = job.experienceAsks.find((a) => a.line === entry);
    if (
      ask &&
      (ask.field !== null || ask.hours !== null) &&
      (!entry.label || /\d|year|experience/i.test(entry.label))
    ) {
      add(
        {
          key: `exp:${ask.hours ?? ask.years}:${(ask.field ?? "").toLowerCase()}`,
          name: askName(ask),
          kind: "experience",
          category: "phrase",
          priority: entry.priority,
          weight: REQUIREMENT_WEIGHT.experience,
          ask,
        },
        entry,
      );
      // "3+ years with Python": the tool is asked for too (a role title is not a tool).
      if (ask.field && titleScore(ask.field) < 0.4) addSkills(entry, ask.field, entry.priority);
      // So are the tools the rest of the line names: "core skills in WorkDay and Payroll, with
      // five years in consulting roles".
      const at = ask.field ? entry.text.indexOf(ask.field) : -1;
      const rest =
        at >= 0 && ask.field
          ? `${entry.text.slice(0, at)}${" ".repeat(ask.field.length)}${entry.text.slice(at + ask.field.length)}`
          : entry.text;
      addSkills(entry, rest, entry.priority, false);
      continue;
    }
    if (entry.label) {
      const label = cleanLabel(entry.label);
      const hits = skillsIn(taxonomy, label).length ? addSkills(entry, label, entry.priority) : [];
      const covered = hits.reduce((sum, h) => sum + (h.end - h.start), 0) / Math.max(1, label.length);
      // "Server-side language: Python, Ruby, Go or Node.js": a label over a list of tools asks
      // for the tools (any of them when the list says "or").
      const listed = hits.length ? [] : skillsIn(taxonomy, entry.detail ?? "");
      if (listed.length >= 2) {
        addSkills(entry, entry.detail ?? "", entry.priority);
        continue;
      }
      if (!(hits.length && covered >= 0.5)) {
        const concept = conceptsIn(label)[0];
        if (concept) addConcept(concept, label.toLowerCase(), entry);
        // "United States Citizenship: …", "Physical Requirements: …": a condition of employment
        // heads its line, not a skill to show.
        else if (label && contentStems(label).length > 0 && !NOT_A_SKILL.test(label))
          addPhrase(labelPhrase(label), entry);
      }
      // Tools the explanation names are asked for too, as a plus: "Networking: TCP/IP, LAN/WAN".
      const labelled = new Set(hits.map((h) => h.skillId));
      for (const hit of skillsIn(taxonomy, entry.detail ?? "")) {
        const skill = taxonomy.byId.get(hit.skillId);
        if (!skill || skill.category === "soft" || labelled.has(skill.id) || byKey.has(`skill:${skill.id}`))
          continue;
        add({ ...skillRequirement(skill, hit.surface, "Preferred"), fromDetail: true }, entry);
      }
      continue;
    }
    const hits = addSkills(entry, entry.text, entry.priority);
    // A list of terms ("Operation Monitoring, Coordination, Troubleshooting") asks for each term:
    // the ones the taxonomy or a concept does not name are asked for in the posting's words.
    // "The candidate should have the following core skills: A, B, C": the list after the colon.
    const body = entry.text.replace(/^[^:]{8,120}:\s+(?=\S)/, "");
    const shift = entry.text.length - body.length;
    const items = isListLine(body)
      ? listItems(body).map((item) => ({ ...item, start: item.start + shift, end: item.end + shift }))
      : [];
    // A list of terms, each a few words ("Current, full, and unrestricted license …" is a sentence).
    if (items.length >= 3 && items.every((item) => item.text.split(/\s+/).length <= 4)) {
      for (const item of items) {
        if (hits.some((h) => h.start < item.end && h.end > item.start)) continue;
        const concept = conceptsIn(item.text)[0];
        if (concept) addConcept(concept, cleanLabel(item.text).toLowerCase(), entry);
        else if (contentStems(item.text).length > 0 && item.text.split(/\s+/).length <= 5)
          addPhrase(labelPhrase(cleanLabel(item.text)), entry);
      }
      continue;
    }
    const concepts = conceptsIn(entry.text);
    // A short line is the requirement in the posting's own words ("Critical Thinking").
    const short = cleanLabel(entry.text.replace(/[.;:!]+$/, ""));
    const own =
      concepts.length === 1 && hits.length === 0 && short.split(/\s+/).length <= 5
        ? short.toLowerCase()
        : null;
    for (const concept of concepts) addConcept(concept, own ?? concept.label, entry);
    // What the line asks for beyond named skills and concepts: "laminated doughs", "scaling recipes".
    const prose = scanLine(taxonomy, entry.text).filter((h) => !hits.some((a) => a.start === h.start));
    const phrases = residualPhrases(entry.text, hits, concepts.length > 0, prose);
    // A gloss names the phrase just before it: the last phrase whose words end before it.
    const named = glosses(entry.text).filter((g) => !hits.some((h) => h.start < g.end && h.end > g.start));
    const before = (phrase: string, at: number) =>
      entry.text.toLowerCase().lastIndexOf(phrase.split(" ").at(-1)?.toLowerCase() ?? "\u0000", at);
    const attached = new Set<string>();
    for (const phrase of phrases) {
      const gloss = named.find((g) => {
        const end = before(phrase, g.start);
        return end >= 0 && !phrases.some((other) => other !== phrase && before(other, g.start) > end);
      });
      if (gloss) attached.add(gloss.name);
      addPhrase(phrase, entry, gloss?.name);
    }
    // An acronym defined beside named skills ("Microsoft Deployment Toolkit (MDT)") is asked for itself.
    // Not when it is one of alternatives ("CPA or Certified Government Financial Manager (CGFM)").
    for (const gloss of named) {
      const before = hits.filter((h) => h.end <= gloss.start).at(-1);
      const between = entry.text.slice(before?.end ?? 0, gloss.start);
      if (attached.has(gloss.name) || !/^[A-Z][A-Z0-9&]{1,7}$/.test(gloss.name) || !before) continue;
      // "Business Intelligence (BI)": the initials of the skill just before are its other name.
      const initials = (entry.text.slice(before.start, before.end).match(/\p{L}+/gu) ?? [])
        .map((w) => w[0])
        .join("");
      if (before.end + 2 >= gloss.start && initials.toUpperCase() === gloss.name.replace(/&/g, "")) continue;
      if (!/\bor\b/i.test(between)) addPhrase(gloss.name, entry);
    }
  }
  // Tools named in the duties are expected too, a little less than the listed requirements; so
  // are the duties that are skills in their own right ("prepare estimates and bids").
  for (const entry of job.responsibilities) {
    // Soft skills in duties ("be responsible", "communicate") describe the job, not an ask.
    addSkills(entry, entry.text, "Preferred", false);
    for (const concept of conceptsIn(entry.text).filter((c) => c.duty))
      addConcept(concept, concept.label, { ...entry, priority: "Preferred" });
  }
  if (job.title) {
    for (const hit of acceptHits(scanLine(taxonomy, job.title), job.title, false)) {
      const skill = taxonomy.byId.get(hit.skillId);
      if (skill && skill.category !== "soft") add(skillRequirement(skill, hit.surface, "Required"), null);
    }
  }
  // A skill asked for on its own and inside an alternative is asked for on its own.
  const alone = new Set([...byKey.values()].filter((r) => r.kind === "skill").map((r) => r.skillId));
  return [...byKey.values()].filter(
    (r) => r.kind !== "alternatives" || !(r.members ?? []).some((m) => alone.has(m.skillId)),
  );
}

/** The terms of a list line with where each stands: "A, B and C" → A, B, C. */
function listItems(text: string): { text: string; start: number; end: number }[] {
  const items: { text: string; start: number; end: number }[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const item = raw
      .trim()
      .replace(/^(?:and|or|&)\s+/i, "")
      .replace(/[.;:]+$/, "");
    if (item) items.push({ text: item, start: start + lead, end });
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
function labelPhrase(label: string): string {
  return /^[A-Z0-9&/-]{2,8}$/.test(label) ? label : label.toLowerCase();
}

function askName(ask: ExperienceAsk): string {
  if (ask.hours !== null) return `${ask.hours.toLocaleString("en-US")} hours of experience`;
  // "as a Welder" for a role, "in payroll" for a field.
  const field = ask.field ? ` ${/^[A-Z]/.test(ask.field) ? "as" : "in"} ${ask.field}` : "";
  if (ask.years <= 0) return `Experience${field}`;
  return `${ask.years}+ year${ask.years === 1 ? "" : "s"}${field || " of experience"}`;
}
