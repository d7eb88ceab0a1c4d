/**
 * Stage 3 — what the posting asks for. Each requirement line becomes one or more requirements:
 * named skills (from the taxonomy), skills offered as alternatives ("Go or Java" is one
 * requirement), phrase concepts ("attention to detail"), other requirement phrases, credentials
 * written as codes ("Part 135"), and experience asks ("4 years as a Systems Administrator").
 * A labelled line ("Customer Service: Experience in helping clients…") asks for what its label
 * names; the rest of the line explains it.
 *
 * This file reads the posting line by line; what a requirement is lives in requirement.ts, which
 * skills a line names in requirement-skills.ts, and how the posting's words become names in
 * requirement-wording.ts.
 */
import {
  type ExperienceAsk,
  fieldAlternatives,
  type ParsedJob,
  type Priority,
  type RequirementLine,
} from "../job/parse-job.ts";
import { degreeLevel } from "../resume/parse-resume.ts";
import { titleScore } from "../resume/titles.ts";
import { type Concept, conceptsIn } from "../skills/concepts.ts";
import { type SkillHit, scanLine, type Taxonomy } from "../skills/taxonomy.ts";
import { allMatches } from "../text/matches.ts";
import { isListLine } from "./evidence.ts";
import { contentStems, glosses, NOT_A_SKILL, phraseStems, residualPhrases } from "./phrases.ts";
import { askName, REQUIREMENT_WEIGHT, type Requirement, skillRequirement } from "./requirement.ts";
import { alternativeGroups, skillsInLine } from "./requirement-skills.ts";
import { cleanLabel, labelPhrase, listItems } from "./requirement-wording.ts";
import { acceptHits } from "./resume-index.ts";

/** Codes that are credentials or ratings in their own right: "Part 135", "Series 7", "Class A". */
const CODE_RE = /\b(?:Part|Series|Class|Level|Tier|Section|Grade|Type)\s+\d{1,4}[A-Z]?\b/g;

/** The requirements found so far, one per key: asked twice, a requirement keeps every line and the higher priority. */
class Requirements {
  readonly byKey = new Map<string, Requirement>();

  constructor(readonly taxonomy: Taxonomy) {}

  add(req: Omit<Requirement, "lines">, line: RequirementLine | null): Requirement {
    const existing = this.byKey.get(req.key);
    if (existing) {
      if (req.priority === "Required" && existing.priority === "Preferred") {
        existing.priority = "Required";
        if (!req.fromDetail) delete existing.fromDetail;
      }
      if (line && !existing.lines.includes(line)) existing.lines.push(line);
      return existing;
    }
    const created = { ...req, lines: line ? [line] : [] };
    this.byKey.set(req.key, created);
    return created;
  }

  /** The named skills of `text` (alternatives as one) and its credential codes; returns the skills' hits. */
  addSkills(entry: RequirementLine, text: string, priority: Priority, soft = true): SkillHit[] {
    const { taxonomy } = this;
    const hits = skillsInLine(taxonomy, text).filter(
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
      if (members.length === 1) this.add(first, entry);
      else
        this.add(
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
      this.add(
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
  }

  addConcept(concept: Concept, name: string, entry: RequirementLine): void {
    this.add(
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
  }

  addPhrase(phrase: string, entry: RequirementLine, gloss?: string): void {
    const stems = phraseStems(phrase);
    if (stems.length === 0) return;
    // "(ISO, FDA)": each acronym of a list is a name of its own.
    const also = (gloss?.split(/\s*[,/]\s*(?=[A-Z]{2})/) ?? []).map(contentStems).filter((s) => s.length > 0);
    this.add(
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
  }
}

/** An experience ask line: the ask itself, plus the tools it and the rest of the line name. */
function readExperienceAsk(found: Requirements, entry: RequirementLine, ask: ExperienceAsk): void {
  found.add(
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
  // "SRE, DevOps or infrastructure engineering": each alternative that is no role title.
  for (const alt of ask.field ? fieldAlternatives(ask.field) : [])
    if (titleScore(alt) < 0.4) found.addSkills(entry, alt, entry.priority);
  // So are the tools the rest of the line names: "core skills in WorkDay and Payroll, with
  // five years in consulting roles".
  const at = ask.field ? entry.text.indexOf(ask.field) : -1;
  const rest =
    at >= 0 && ask.field
      ? `${entry.text.slice(0, at)}${" ".repeat(ask.field.length)}${entry.text.slice(at + ask.field.length)}`
      : entry.text;
  found.addSkills(entry, rest, entry.priority, false);
}

/** A labelled line ("Customer Service: Experience in helping clients…"): it asks for what its label names. */
function readLabelledLine(found: Requirements, entry: RequirementLine, rawLabel: string): void {
  const { taxonomy } = found;
  const label = cleanLabel(rawLabel);
  const hits = skillsInLine(taxonomy, label).length ? found.addSkills(entry, label, entry.priority) : [];
  const covered = hits.reduce((sum, h) => sum + (h.end - h.start), 0) / Math.max(1, label.length);
  // "Server-side language: Python, Ruby, Go or Node.js": a label over a list of tools asks
  // for the tools (any of them when the list says "or").
  const listed = hits.length ? [] : skillsInLine(taxonomy, entry.detail ?? "");
  if (listed.length >= 2) {
    found.addSkills(entry, entry.detail ?? "", entry.priority);
    return;
  }
  if (!(hits.length && covered >= 0.5)) {
    const concept = conceptsIn(label)[0];
    if (concept) found.addConcept(concept, label.toLowerCase(), entry);
    // "United States Citizenship: …", "Physical Requirements: …": a condition of employment
    // heads its line, not a skill to show.
    else if (label && contentStems(label).length > 0 && !NOT_A_SKILL.test(label))
      found.addPhrase(labelPhrase(label), entry);
  }
  // Tools the explanation names are asked for too, as a plus: "Networking: TCP/IP, LAN/WAN".
  const labelled = new Set(hits.map((h) => h.skillId));
  for (const hit of skillsInLine(taxonomy, entry.detail ?? "")) {
    const skill = taxonomy.byId.get(hit.skillId);
    if (!skill || skill.category === "soft" || labelled.has(skill.id) || found.byKey.has(`skill:${skill.id}`))
      continue;
    found.add({ ...skillRequirement(skill, hit.surface, "Preferred"), fromDetail: true }, entry);
  }
}

/**
 * A list of terms ("Operation Monitoring, Coordination, Troubleshooting") asks for each term:
 * the ones the taxonomy or a concept does not name are asked for in the posting's words.
 * "The candidate should have the following core skills: A, B, C": the list after the colon.
 * Returns false when the line is not such a list.
 */
function readTermList(found: Requirements, entry: RequirementLine, hits: SkillHit[]): boolean {
  const body = entry.text.replace(/^[^:]{8,120}:\s+(?=\S)/, "");
  const shift = entry.text.length - body.length;
  const items = isListLine(body)
    ? listItems(body).map((item) => ({ ...item, start: item.start + shift, end: item.end + shift }))
    : [];
  // A list of terms, each a few words ("Current, full, and unrestricted license …" is a sentence).
  if (!(items.length >= 3 && items.every((item) => item.text.split(/\s+/).length <= 4))) return false;
  for (const item of items) {
    if (hits.some((h) => h.start < item.end && h.end > item.start)) continue;
    const concept = conceptsIn(item.text)[0];
    if (concept) found.addConcept(concept, cleanLabel(item.text).toLowerCase(), entry);
    else if (contentStems(item.text).length > 0 && item.text.split(/\s+/).length <= 5)
      found.addPhrase(labelPhrase(cleanLabel(item.text)), entry);
  }
  return true;
}

/** A line in prose: its concepts, and what it asks for beyond named skills and concepts, in its own words. */
function readProse(found: Requirements, entry: RequirementLine, hits: SkillHit[]): void {
  const concepts = conceptsIn(entry.text);
  // A short line is the requirement in the posting's own words ("Critical Thinking").
  const short = cleanLabel(entry.text.replace(/[.;:!]+$/, ""));
  const own =
    concepts.length === 1 && hits.length === 0 && short.split(/\s+/).length <= 5 ? short.toLowerCase() : null;
  for (const concept of concepts) found.addConcept(concept, own ?? concept.label, entry);
  // What the line asks for beyond named skills and concepts: "laminated doughs", "scaling recipes".
  const prose = scanLine(found.taxonomy, entry.text).filter((h) => !hits.some((a) => a.start === h.start));
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
    found.addPhrase(phrase, entry, gloss?.name);
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
    if (!/\bor\b/i.test(between)) found.addPhrase(gloss.name, entry);
  }
}

/** One requirement line of the posting, read as whichever kind of line it is. */
function readRequirementLine(found: Requirements, job: ParsedJob, entry: RequirementLine): void {
  // A degree line names fields of study ("degree in Accounting or Finance"): the education check reads it.
  if (degreeLevel(entry.text) && /\b(degree|diploma|ged)\b/i.test(entry.text)) return;
  const ask = job.experienceAsks.find((a) => a.line === entry);
  if (
    ask &&
    (ask.field !== null || ask.hours !== null) &&
    (!entry.label || /\d|year|experience/i.test(entry.label))
  ) {
    readExperienceAsk(found, entry, ask);
    return;
  }
  if (entry.label) {
    readLabelledLine(found, entry, entry.label);
    return;
  }
  const hits = found.addSkills(entry, entry.text, entry.priority);
  if (!readTermList(found, entry, hits)) readProse(found, entry, hits);
}

/**
 * Everything the posting asks for, with priority (required wins over preferred). Degree lines are
 * read by the education check; years by the experience check and as experience asks.
 */
export function extractRequirements(job: ParsedJob, taxonomy: Taxonomy): Requirement[] {
  const found = new Requirements(taxonomy);
  for (const entry of job.requirements) readRequirementLine(found, job, entry);
  // Tools named in the duties are expected too, a little less than the listed requirements; so
  // are the duties that are skills in their own right ("prepare estimates and bids").
  for (const entry of job.responsibilities) {
    // Soft skills in duties ("be responsible", "communicate") describe the job, not an ask.
    found.addSkills(entry, entry.text, "Preferred", false);
    for (const concept of conceptsIn(entry.text).filter((c) => c.duty))
      found.addConcept(concept, concept.label, { ...entry, priority: "Preferred" });
  }
  if (job.title) {
    for (const hit of acceptHits(scanLine(taxonomy, job.title), job.title, false)) {
      const skill = taxonomy.byId.get(hit.skillId);
      if (skill && skill.category !== "soft")
        found.add(skillRequirement(skill, hit.surface, "Required"), null);
    }
  }
  // A skill asked for on its own and inside an alternative is asked for on its own, at the higher
  // of the two priorities and on the alternative's lines too; the alternative's other members
  // are asked on their own ("AWS, including VPC" when AWS is asked elsewhere too).
  const requirements = [...found.byKey.values()];
  const alone = new Map(requirements.filter((r) => r.kind === "skill").map((r) => [r.skillId, r]));
  const kept = new Set<Requirement>();
  for (const r of requirements) {
    const shared = r.kind === "alternatives" ? (r.members ?? []).filter((m) => alone.has(m.skillId)) : [];
    if (shared.length === 0) {
      kept.add(r);
      continue;
    }
    for (const m of r.members ?? []) {
      const own = alone.get(m.skillId) ?? found.add({ ...m, priority: r.priority }, null);
      if (r.priority === "Required") own.priority = "Required";
      for (const line of r.lines) if (!own.lines.includes(line)) own.lines.push(line);
      own.lines.sort((a, b) => a.lineIndex - b.lineIndex);
      kept.add(own);
    }
  }
  return [...kept];
}
