/**
 * Stage 4 — each requirement against the resume, with the line that proves it. A match records
 * how it was made (the skill itself, a narrower skill, other words for it) and what kind of line
 * proves it (a role, a summary, a bare list); the score weighs both. Nothing is credited that the
 * resume does not show: an alternative is met by the member the resume has, and reported as the
 * alternative, never as the member it lacks.
 */
import { EVIDENCE_QUOTE_MAX, type TEvidence, type TSpan } from "@resumelens/contract";
import type { Skill } from "../data/types.ts";
import { fieldAlternatives } from "../job/parse-job.ts";
import { unionMonths } from "../resume/dates.ts";
import { headingLines, roleHeaderLines } from "../resume/parse-resume.ts";
import { CONCEPTS, lineShows, namesAnyConcept } from "../skills/concepts.ts";
import type { Taxonomy } from "../skills/taxonomy.ts";
import { isWordCharacter } from "../text/ascii.ts";
import { quotedEvidence } from "./bounded-result.ts";
import { CREDIT } from "./credits.ts";
import { type EvidenceKind, evidenceCredit } from "./evidence.ts";
import { contentStems, DESCRIBED_SKILLS, sameStem } from "./phrases.ts";
import type { Requirement } from "./requirement.ts";
import { displaySpan, type Occurrence, type ResumeIndex, resumeStems, sectionLabel } from "./resume-index.ts";
import { titleSimilarity, titleStems } from "./title-similarity.ts";

export type RequirementMatch = {
  requirement: Requirement;
  status: "matched" | "partial" | "missing";
  /** 0..1: how fully the resume meets it, before weighing the kind of evidence. */
  credit: number;
  match: "exact" | "related";
  evidence: TEvidence | null;
  /** Index of the resume line that proves it, for levels and per-role skills. */
  lineIndex: number | null;
  /** What kind of line proves it. */
  evidenceKind: EvidenceKind | null;
  /** The resume skill that stood in for it (PostgreSQL for SQL, Java for "Go or Java"), if any. */
  via?: string;
  /** For an experience ask: the years the resume shows of it, counted in the field's roles or as relevant years. */
  years?: { value: number; of: "field" | "relevant" };
};

export type MatchContext = {
  index: ResumeIndex;
  taxonomy: Taxonomy;
  /** How distinctive a word stem is (inverse document frequency over O*NET's occupations). */
  idf: (stem: string) => number;
};

/** Where in a resume line the words that prove a match stand, in the parsed line, and what they read. */
type Found = { start: number; end: number; surface: string };

/**
 * The evidence for line `lineIndex`: the line as shown, its section, its index (what the
 * side-by-side view highlights) and, when the words that prove the match are known, where they
 * stand in it.
 */
function evidenceAt(index: ResumeIndex, lineIndex: number, at?: Found | null, req?: Requirement): TEvidence {
  const section = index.resume.sectionOf[lineIndex] ?? "other";
  const text = index.display[lineIndex] ?? "";
  const span = at ? displaySpan(index, lineIndex, at.start, at.end, at.surface) : null;
  // A long line is quoted as a window around the match (its `offset` says where in the line);
  // without a span, around the first of the requirement's words the line holds.
  const focus = !span && req && text.length > EVIDENCE_QUOTE_MAX ? wordsFocus(text, req) : null;
  return quotedEvidence(text, { section: sectionLabel(section), line: lineIndex, span, focus });
}

/** How many words of a long line are read for a requirement's words to centre its quote on. */
const FOCUS_WORDS = 400;

/**
 * Where the first word of `req` (a stem of its name or phrase) stands in `text`, read over the
 * line's first FOCUS_WORDS words at most (a quote needs a place, not the best one); null when none.
 */
function wordsFocus(text: string, req: Requirement): TSpan | null {
  const targets = [...(req.stems ?? []), ...(req.also ?? []).flat(), ...contentStems(req.name)];
  if (targets.length === 0) return null;
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return null;
  const word = /[a-z][a-z'+#]*/g;
  let read = 0;
  for (let m = word.exec(lower); m && read < FOCUS_WORDS; m = word.exec(lower), read++) {
    const stem = contentStems(m[0])[0];
    if (stem && targets.some((t) => sameStem(t, stem))) return [m.index, m.index + m[0].length];
  }
  return null;
}

/** The evidence for a whole resume line (a degree line, a role). */
export function lineEvidence(index: ResumeIndex, lineIndex: number): TEvidence {
  return evidenceAt(index, lineIndex);
}

/** The first place skill `skillId` is named on line `lineIndex`. */
function occurrenceOn(index: ResumeIndex, skillId: string, lineIndex: number): Occurrence | null {
  return index.skills.get(skillId)?.find((o) => o.lineIndex === lineIndex) ?? null;
}

/** Where `needle` (lower case) first stands in line `lineIndex`, as written there. */
function foundIn(index: ResumeIndex, lineIndex: number, needle: string): Found | null {
  const at = index.lower[lineIndex]?.indexOf(needle) ?? -1;
  return at < 0 ? null : { start: at, end: at + needle.length, surface: needle };
}

function kindAt(index: ResumeIndex, lineIndex: number): EvidenceKind {
  return index.kinds[lineIndex] ?? "other";
}

const headerMemo = new WeakMap<ResumeIndex, ReadonlySet<number>>();

/** Section headings and the header lines of roles (title, employer, dates), once per analysis. */
function headerLines(index: ResumeIndex): ReadonlySet<number> {
  let lines = headerMemo.get(index);
  if (!lines) {
    const set = new Set(headingLines(index.resume));
    for (const entry of index.resume.experience)
      for (let k = 0; k < roleHeaderLines(entry); k++) set.add(entry.lineIndex + k);
    lines = set;
    headerMemo.set(index, lines);
  }
  return lines;
}

/**
 * The line among `candidates` that proves the most (a role beats a summary beats a list); within
 * a kind a bullet beats a plain line, and a heading or a role's header line ("Customer Service
 * Experience", "DevOps Engineer  2023 - 2024") comes last: it names the thing, a bullet shows it.
 */
function strongest(index: ResumeIndex, candidates: number[]): number | null {
  let best: number | null = null;
  let bestCredit = -1;
  const headers = headerLines(index);
  for (const i of candidates) {
    const credit =
      evidenceCredit(kindAt(index, i), 0.5) +
      (index.resume.lines[i]?.startsWith("• ") ? 0.01 : 0) -
      (headers.has(i) ? 0.05 : 0);
    if (credit > bestCredit) {
      best = i;
      bestCredit = credit;
    }
  }
  return best;
}

function bestOccurrence(index: ResumeIndex, skillId: string): number | null {
  const occurrences = index.skills.get(skillId);
  if (!occurrences?.length) return null;
  return strongest(
    index,
    occurrences.map((o) => o.lineIndex),
  );
}

/** Whether `name` is written in `text` as whole words (or with a plural "s": "APIs"). */
function hasWords(text: string, name: string, caseSensitive: boolean): boolean {
  const hay = caseSensitive ? text : text.toLowerCase();
  const needle = caseSensitive ? name : name.toLowerCase();
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    let end = at + needle.length;
    if (hay[end] === "s" || hay[end] === "S") end += isWordCharacter(hay[end + 1] ?? " ") ? 0 : 1;
    if (!isWordCharacter(hay[at - 1] ?? " ") && !isWordCharacter(hay[end] ?? " ")) return true;
  }
  return false;
}

/**
 * A skill named inside a longer one the resume shows ("APIs" in "RESTful APIs", "Excel" in "Excel
 * Power Pivot"): the scan reads the longest name, so the shorter one is looked for here. Only
 * names of three or more characters that are not also ordinary words ("Excel", "Access").
 */
function namedWithin(
  index: ResumeIndex,
  skill: Skill | undefined,
): { line: number; name: string; at: Occurrence | null } | null {
  if (!skill) return null;
  const unsafe = new Set(
    [...(skill.ambiguousForms ?? []), ...(skill.contextForms ?? [])].map((f) => f.toLowerCase()),
  );
  const forms = [skill.name, ...skill.aliases].filter(
    (f) => f.length >= 3 && !unsafe.has(f.toLowerCase()) && !(skill.ambiguous && !skill.ambiguousForms),
  );
  if (forms.length === 0) return null;
  const lines: number[] = [];
  const firstOn = new Map<number, Occurrence>();
  let name: string | null = null;
  for (const [otherId, occurrences] of index.skills) {
    if (otherId === skill.id) continue;
    for (const o of occurrences) {
      if (
        !forms.some(
          (f) => o.surface.length > f.length && hasWords(o.surface, f, skill.caseSensitive === true),
        )
      )
        continue;
      lines.push(o.lineIndex);
      if (!firstOn.has(o.lineIndex)) firstOn.set(o.lineIndex, o);
      name ??= o.surface;
    }
  }
  const line = strongest(index, lines);
  return line === null || name === null ? null : { line, name, at: firstOn.get(line) ?? null };
}

/** Narrower skills, up to three levels down (SQL → PostgreSQL; Database → SQL → PostgreSQL). */
function descendants(taxonomy: Taxonomy, id: string, depth = 3): string[] {
  const direct = taxonomy.children.get(id) ?? [];
  if (depth <= 1) return direct;
  return [...direct, ...direct.flatMap((child) => descendants(taxonomy, child, depth - 1))];
}

function found(
  req: Requirement,
  index: ResumeIndex,
  line: number | null,
  credit: number,
  match: RequirementMatch["match"],
  via?: string,
  at?: Found | null,
): RequirementMatch {
  return {
    requirement: req,
    status: credit >= CREDIT.matchedAt ? "matched" : credit > 0 ? "partial" : "missing",
    credit,
    match,
    evidence: line === null ? null : evidenceAt(index, line, at, req),
    lineIndex: line,
    evidenceKind: line === null ? null : kindAt(index, line),
    ...(via ? { via } : {}),
  };
}

function missing(req: Requirement): RequirementMatch {
  return {
    requirement: req,
    status: "missing",
    credit: 0,
    match: "exact",
    evidence: null,
    lineIndex: null,
    evidenceKind: null,
  };
}

const lineStems = resumeStems;

/** An acronym followed by the kind of thing it is: "EDI systems", "CRM software", "ERP platforms". */
const ACRONYM_AND_KIND =
  /^([A-Z][A-Z0-9&]{1,7})\s+(?:systems?|software|tools?|platforms?|technolog(?:y|ies)|solutions?|applications?|suites?)$/;

/** Whether a line's stems hold `stem` (or its other spelling: `sameStem`). */
function hasStem(have: readonly string[], stem: string): boolean {
  for (const t of have) if (sameStem(stem, t)) return true;
  return false;
}

/**
 * The weight of the stems a line shows close together: within any run of `2 × stems + 2` of its
 * content words. Words of one requirement stay near each other when a line says it in other words;
 * the same words spread over a long summary ("…drive performance… development tools") say
 * something else.
 */
function windowShare(have: readonly string[], stems: readonly string[], weights: readonly number[]): number {
  const where: number[] = [];
  for (let t = 0; t < have.length; t++) {
    const k = stems.findIndex((s) => sameStem(s, have[t] ?? ""));
    where.push(k);
  }
  // One stem: the window is the whole line, so any word of it earns its weight (read once, not
  // from every word of a long line again).
  if (stems.length <= 1) return where.some((k) => k >= 0) ? Math.max(0, weights[0] ?? 0) : 0;
  const width = 2 * stems.length + 2;
  let best = 0;
  for (let start = 0; start < have.length; start++) {
    if ((where[start] ?? -1) < 0) continue;
    const seen = new Set<number>();
    let got = 0;
    for (let t = start; t < Math.min(have.length, start + width); t++) {
      const k = where[t] ?? -1;
      if (k >= 0 && !seen.has(k)) {
        seen.add(k);
        got += weights[k] ?? 0;
      }
    }
    if (got > best) best = got;
  }
  return best;
}

/**
 * The resume lines that hold each stem, and each stem one letter longer (keyed by the stem it
 * extends), built once per analysis: a requirement's words are looked up instead of read against
 * every line (hundreds of requirements against thousands of lines).
 */
type StemLines = { exact: Map<string, number[]>; longer: Map<string, number[]> };
const stemLinesMemo = new WeakMap<ResumeIndex, StemLines>();

function stemLines(index: ResumeIndex): StemLines {
  let memo = stemLinesMemo.get(index);
  if (memo) return memo;
  memo = { exact: new Map(), longer: new Map() };
  const add = (map: Map<string, number[]>, key: string, line: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [line]);
    else if (list[list.length - 1] !== line) list.push(line);
  };
  lineStems(index).forEach((have, i) => {
    for (const t of have) {
      add(memo.exact, t, i);
      if (t.length >= 6) add(memo.longer, t.slice(0, -1), i);
    }
  });
  stemLinesMemo.set(index, memo);
  return memo;
}

/** The lines with a word `sameStem` holds the same as one of `stems`, in order: the only lines with a share. */
function linesWithStems(index: ResumeIndex, stems: readonly string[]): number[] {
  const { exact, longer } = stemLines(index);
  const lines = new Set<number>();
  const addAll = (list: number[] | undefined) => {
    for (const i of list ?? []) lines.add(i);
  };
  for (const s of stems) {
    addAll(exact.get(s));
    // sameStem: at five letters or more, one letter shorter or longer.
    if (s.length >= 6) addAll(exact.get(s.slice(0, -1)));
    if (s.length >= 5) addAll(longer.get(s));
  }
  return [...lines].sort((a, b) => a - b);
}

/**
 * The line with the largest share of the stems, and that share. Each stem counts by how
 * distinctive it is: "automotive industry" is met by a line about automotive work, since
 * "industry" says little on its own.
 */
function bestStemLine(
  index: ResumeIndex,
  stems: readonly string[],
  idf: (stem: string) => number = () => 1,
  skip: ReadonlySet<number> = new Set(),
): { line: number | null; share: number } {
  let best = 0;
  const candidates: number[] = [];
  const weights = stems.map(idf);
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  const all = lineStems(index);
  // A line without any of the words has no share: only the lines that have one are read.
  for (const i of linesWithStems(index, stems)) {
    if (skip.has(i)) continue;
    const share = windowShare(all[i] ?? [], stems, weights) / total;
    if (share > best + 1e-9) {
      best = share;
      candidates.length = 0;
      candidates.push(i);
    } else if (share > 0 && Math.abs(share - best) < 1e-9) candidates.push(i);
  }
  return { line: candidates.length ? strongest(index, candidates) : null, share: best };
}

/** What one step of skill matching reads: the requirement, its taxonomy entry and the resume. */
type SkillStep = {
  req: Requirement;
  id: string;
  skill: Skill | undefined;
  index: ResumeIndex;
  taxonomy: Taxonomy;
  idf: MatchContext["idf"];
};

/** The names to try in other words: the taxonomy's and the posting's, once each. */
function namesOf({ req, skill }: SkillStep): Set<string> {
  return new Set([skill?.name ?? req.name, req.name]);
}

/** The skill itself, or one of its names. */
function byName({ req, id, index }: SkillStep): RequirementMatch | null {
  const line = bestOccurrence(index, id);
  return line === null
    ? null
    : found(req, index, line, CREDIT.exact, "exact", undefined, occurrenceOn(index, id, line));
}

/**
 * A certification shown by the skill it certifies plus a word of certification ("Certified
 * sit-down forklift operator" for "Forklift certification").
 */
function byCertificationWording({ req, skill, index }: SkillStep): RequirementMatch | null {
  if (!(req.category === "certification" || /certif|licen/i.test(skill?.name ?? ""))) return null;
  const core = (skill?.name ?? req.name)
    .replace(/\b(certifications?|certificates?|certified|licen[cs]es?|licensed|cards?|credentials?)\b/gi, "")
    .trim()
    .toLowerCase();
  if (core.length < 3) return null;
  const lines = index.resume.lines
    .map((l, i) => ({ l, i }))
    .filter(
      ({ l, i }) => !index.copied.has(i) && index.lower[i]?.includes(core) && /certif|licen|card\b/i.test(l),
    )
    .map(({ i }) => i);
  const line = strongest(index, lines);
  return line === null
    ? null
    : found(req, index, line, CREDIT.certificationWording, "related", undefined, foundIn(index, line, core));
}

/** A narrower skill (PostgreSQL for SQL), or a longer name that holds this one ("RESTful APIs"). */
function byNarrowerSkill({ req, id, skill, index, taxonomy }: SkillStep): RequirementMatch | null {
  for (const child of descendants(taxonomy, id)) {
    const line = bestOccurrence(index, child);
    if (line !== null)
      return found(
        req,
        index,
        line,
        CREDIT.narrower,
        "related",
        taxonomy.byId.get(child)?.name,
        occurrenceOn(index, child, line),
      );
  }
  const within = namedWithin(index, skill);
  return within ? found(req, index, within.line, CREDIT.narrower, "related", within.name, within.at) : null;
}

/** English is shown by a resume written in English. */
function byResumeLanguage({ req, id }: SkillStep): RequirementMatch | null {
  if (req.category !== "language" || id !== "english") return null;
  return {
    requirement: req,
    status: "matched",
    credit: CREDIT.exact,
    match: "related",
    evidence: { text: "Your resume is written in English.", section: "resume" },
    lineIndex: null,
    evidenceKind: "role",
  };
}

/** "EDI systems", "CRM software": the acronym alone names the thing. */
function byAcronym(step: SkillStep): RequirementMatch | null {
  const { req, index } = step;
  for (const name of namesOf(step)) {
    const acronym = ACRONYM_AND_KIND.exec(name)?.[1];
    if (!acronym) continue;
    const word = new RegExp(`(?<![\\p{L}\\p{N}])${acronym}(?![\\p{L}\\p{N}])`, "u");
    const lines = index.resume.lines.flatMap((line, i) =>
      !index.copied.has(i) && word.test(line) ? [i] : [],
    );
    const line = strongest(index, lines);
    if (line !== null) {
      const at = word.exec(index.resume.lines[line] ?? "");
      const where = at ? { start: at.index, end: at.index + acronym.length, surface: acronym } : null;
      return found(req, index, line, CREDIT.stemWording, "related", undefined, where);
    }
  }
  return null;
}

/** Whether every hyphenated compound of `name` stands in the line as its two words, side by side. */
function compoundsKept(name: string, have: readonly string[]): boolean {
  for (const m of name.matchAll(/([A-Za-z]+)-([A-Za-z]+)/g)) {
    const [a] = contentStems(m[1] ?? "");
    const [b] = contentStems(m[2] ?? "");
    if (!a || !b) continue;
    let kept = false;
    for (let t = 0; t + 1 < have.length && !kept; t++)
      kept = sameStem(a, have[t] ?? "") && sameStem(b, have[t + 1] ?? "");
    if (!kept) return false;
  }
  return true;
}

/** A multi-word skill said in other words in one line: "Differentiate reading and math instruction". */
function byOtherWords(step: SkillStep): RequirementMatch | null {
  const { req, id, index, idf } = step;
  for (const name of namesOf(step)) {
    const stems = contentStems(name);
    // One long word shows its family ("bookkeeper" for Bookkeeping); short ones are too common.
    if (stems.length < 2 && !(stems.length === 1 && (stems[0]?.length ?? 0) >= 6)) continue;
    // Not on a line that names the skill to say it is not held ("Tableau was not used").
    // Each word counts by how distinctive it is, and a hyphenated compound of the name ("test-driven",
    // "event-driven", "cloud-native") only as itself: "drive performance… development tools" is no TDD.
    const { line, share } = bestStemLine(
      index,
      stems,
      stems.length >= 3 ? idf : undefined,
      index.denied.get(id),
    );
    if (
      line !== null &&
      share >= (stems.length >= 3 ? CREDIT.longSkillWordingShare : 1) &&
      compoundsKept(name, lineStems(index)[line] ?? [])
    )
      return found(req, index, line, CREDIT.stemWording, "related");
  }
  return null;
}

/**
 * Soft skills, and a few practical skills resumes describe rather than name, are also shown by
 * their concept's wording ("Wrote the integration test suite with Jest" for automated testing).
 */
function byConceptWording({ req, index }: SkillStep): RequirementMatch | null {
  const lowerName = req.name.toLowerCase();
  const concept = namesAnyConcept(lowerName)
    ? CONCEPTS.find((c) => c.names.test(lowerName) && (req.category === "soft" || DESCRIBED_SKILLS.has(c.id)))
    : undefined;
  return concept ? matchConcept({ ...req, concept }, index) : null;
}

/**
 * Whether a broader skill's name spells this one as a part: "CI/CD" and "continuous
 * integration/continuous delivery" name continuous integration (CI) in so many words.
 */
function spelledWithin(broader: Skill | undefined, skill: Skill | undefined): boolean {
  if (!broader || !skill) return false;
  const own = new Set([skill.name, ...skill.aliases].map((n) => n.toLowerCase()));
  return [broader.name, ...broader.aliases].some((n) => {
    const parts = n.split("/").map((p) => p.trim().toLowerCase());
    return parts.length > 1 && parts.some((p) => own.has(p));
  });
}

/** Only the broader skill, or a sibling: partial (the broader one in full when its name spells this one). */
function byRelative({ req, id, skill, index, taxonomy }: SkillStep): RequirementMatch | null {
  const parent = skill?.parent;
  if (!parent) return null;
  const relatives = [parent, ...(taxonomy.children.get(parent) ?? []).filter((c) => c !== id)];
  for (const relative of relatives) {
    const line = bestOccurrence(index, relative);
    if (line !== null) {
      const broader = taxonomy.byId.get(relative);
      const credit = relative === parent && spelledWithin(broader, skill) ? CREDIT.exact : CREDIT.relative;
      return found(req, index, line, credit, "related", broader?.name, occurrenceOn(index, relative, line));
    }
  }
  return null;
}

/**
 * A named skill against the resume: the surest proof first, each step tried only when the ones
 * before it found nothing.
 */
function matchSkill(req: Requirement, { index, taxonomy, idf }: MatchContext): RequirementMatch {
  const id = req.skillId ?? "";
  const step: SkillStep = { req, id, skill: taxonomy.byId.get(id), index, taxonomy, idf };
  const shown =
    byName(step) ??
    byCertificationWording(step) ??
    byNarrowerSkill(step) ??
    byResumeLanguage(step) ??
    byAcronym(step);
  if (shown) return shown;
  // A credential is held or not: its words in a line ("public accountant") do not make a licence.
  if (req.category === "certification" || step.skill?.category === "certification") return missing(req);
  return byOtherWords(step) ?? byConceptWording(step) ?? byRelative(step) ?? missing(req);
}

/**
 * A concept is shown by its name anywhere the resume says it ("attention to detail" in a list), or
 * by how work shows it ("reconciled 200 accounts a month") only in a role: a list of verbs
 * proves nothing.
 */
function matchConcept(req: Requirement, index: ResumeIndex): RequirementMatch | null {
  const concept = req.concept;
  if (!concept) return null;
  const named: number[] = [];
  const shown: number[] = [];
  // Named: the concept's own words ("time management") or the posting's ("multitasking abilities").
  // A one-word wording ("writing") names the concept in a list ("Skills: Writing, Editing"), not
  // as a verb in a role's bullet ("Wrote Terraform modules").
  const wordings = [contentStems(concept.label), contentStems(req.name)].filter((w) => w.length > 0);
  const stems = lineStems(index);
  index.lower.forEach((lower, i) => {
    if (index.copied.has(i)) return;
    const have = stems[i] ?? [];
    const spaced = lower.includes("-") ? lower.replace(/-/g, " ") : lower;
    const work = kindAt(index, i) === "role" || kindAt(index, i) === "project";
    if (
      (namesAnyConcept(spaced) && concept.names.test(spaced)) ||
      wordings.some((w) => (w.length > 1 || !work) && w.every((s) => hasStem(have, s)))
    )
      named.push(i);
    else if ((kindAt(index, i) === "role" || kindAt(index, i) === "project") && lineShows(concept, lower))
      shown.push(i);
  });
  // Named only by a heading ("Customer Service Experience"): a line under it that shows the work
  // is the better proof to quote.
  const headers = headerLines(index);
  const namedInText = named.filter((i) => !headers.has(i));
  const best = strongest(index, namedInText.length ? namedInText : shown.length ? shown : named);
  return best === null
    ? null
    : found(req, index, best, named.length ? CREDIT.exact : CREDIT.shownByWork, "related");
}

function matchPhrase(req: Requirement, index: ResumeIndex, idf: MatchContext["idf"]): RequirementMatch {
  // The phrase, or another name the posting gave it: whichever the resume meets best.
  let best = missing(req);
  for (const stems of [req.stems ?? [], ...(req.also ?? [])]) {
    if (stems.length === 0) continue;
    const { line, share } = bestStemLine(index, stems, idf);
    if (line === null) continue;
    let m: RequirementMatch | null = null;
    if (share >= (stems.length === 1 ? 1 : CREDIT.phraseShare))
      m = found(req, index, line, CREDIT.exact, "related");
    else if (share >= CREDIT.partialPhraseShare) m = found(req, index, line, CREDIT.partialPhrase, "related");
    if (m && m.credit > best.credit) best = m;
  }
  return best;
}

function matchCode(req: Requirement, index: ResumeIndex): RequirementMatch {
  const code = (req.literal ?? req.name).toLowerCase().replace(/\s+/g, " ");
  const lines = index.resume.lines
    .map((l, i) => (!index.copied.has(i) && l.toLowerCase().replace(/\s+/g, " ").includes(code) ? i : -1))
    .filter((i) => i >= 0);
  const line = strongest(index, lines);
  // The code as written on the line, when its spacing is the posting's.
  return line === null
    ? missing(req)
    : found(req, index, line, CREDIT.exact, "exact", undefined, foundIn(index, line, code));
}

const roleStemMemo = new WeakMap<ResumeIndex, Map<number, readonly string[]>>();

/** Content stems of a role's header and bullets, once per analysis. */
function roleStems(index: ResumeIndex, e: number): readonly string[] {
  let memo = roleStemMemo.get(index);
  if (!memo) {
    memo = new Map();
    roleStemMemo.set(index, memo);
  }
  let stems = memo.get(e);
  if (!stems) {
    stems = contentStems(index.resume.experience[e]?.lines.join(" ") ?? "");
    memo.set(e, stems);
  }
  return stems;
}

/**
 * "SRE" for "Site Reliability Engineer", "QA" for "QA Engineer" or "Quality Assurance Analyst":
 * an acronym the title spells, in one of its parts ("Founding Member & Site Reliability Engineer").
 */
function titleSpells(title: string, acronym: string): boolean {
  const wanted = acronym.replace(/s$/, "").toUpperCase();
  return title.split(/\s*(?:[&,/|()\u2013\u2014]|\s-\s|\band\b)\s*/).some((part) => {
    const words = part.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w) && !/^(?:of|the|for|in)$/i.test(w));
    if (words.some((w) => w === wanted)) return true;
    const initials = words.map((w) => (w[0] ?? "").toUpperCase()).join("");
    return initials.includes(wanted) && wanted.length >= 2;
  });
}

const ACRONYM_RE = /^[A-Z]{2,5}s?$/;

/**
 * Roles that count toward an experience ask: the title resembles the field (or spells its
 * acronym), or, unless `titlesOnly`, the role's text names it.
 */
export function rolesForField(index: ResumeIndex, field: string | null, titlesOnly = false): number[] {
  const entries = index.resume.experience;
  if (!field) return entries.map((_, e) => e).filter((e) => entries[e]?.section === "experience");
  const alternatives = fieldAlternatives(field).map((alt) => ({ alt, stems: contentStems(alt) }));
  const fits = (e: number, alt: string, stems: readonly string[]) => {
    const title = index.resume.experience[e]?.title ?? "";
    if (title && ACRONYM_RE.test(alt) && titleSpells(title, alt)) return true;
    // Titles only: every word of the field is in the title ("Food Preparation Worker" in "Cooks and
    // Food Preparation Worker"; not "infrastructure engineering" in "Software Engineer").
    if (titlesOnly) {
      const own = titleStems(title);
      const wanted = titleStems(alt);
      return wanted.length > 0 && wanted.every((w) => own.some((t) => sameStem(w, t)));
    }
    if (title && titleSimilarity(alt, title) >= 0.5) return true;
    if (stems.length === 0) return false;
    const text = roleStems(index, e);
    const share = stems.filter((s) => text.some((t) => sameStem(s, t))).length / stems.length;
    return share >= (stems.length <= 2 ? 1 : 0.75);
  };
  return entries
    .map((entry, e) =>
      entry.section === "experience" && alternatives.some(({ alt, stems }) => fits(e, alt, stems)) ? e : -1,
    )
    .filter((e) => e >= 0);
}

function matchExperience(req: Requirement, index: ResumeIndex): RequirementMatch {
  const ask = req.ask;
  if (!ask) return missing(req);
  if (ask.hours !== null) {
    // "4,200 total flight hours": any stated number of hours at or above the minimum.
    const lines = index.resume.lines
      .map((l, i) => {
        if (index.copied.has(i)) return -1;
        const hours = [
          ...l.matchAll(
            /\b(\d{1,2},?\d{3}|\d{3})\+?\s*(?:total\s+)?(?:flight\s+|flying\s+)?(?:hours|hrs)\b/gi,
          ),
        ].map((m) => Number((m[1] ?? "0").replace(",", "")));
        return hours.some((h) => h >= (ask.hours ?? 0)) ? i : -1;
      })
      .filter((i) => i >= 0);
    const line = strongest(index, lines);
    return line === null ? missing(req) : found(req, index, line, CREDIT.exact, "exact");
  }
  const roles = rolesForField(index, ask.field);
  if (roles.length === 0) return missing(req);
  const entries = roles.map((e) => index.resume.experience[e]).filter((e) => e !== undefined);
  const dated = entries.filter((e) => e.startMonth !== null && e.endMonth !== null);
  const months =
    unionMonths(dated.map((e) => ({ start: e.startMonth as number, end: e.endMonth as number }))) +
    entries.reduce((sum, e) => sum + (e.durationMonths ?? 0), 0);
  // The longest matching role is the evidence.
  const best = [...entries].sort(
    (a, b) => (b.endMonth ?? 0) - (b.startMonth ?? 0) - ((a.endMonth ?? 0) - (a.startMonth ?? 0)),
  )[0];
  return yearsMatch(req, index, months / 12, ask.years, best ? titleLine(index, best) : null);
}

/** The header line of a role that holds its title ("DevOps Engineer  2023 - 2024", not "Kasa  Seoul"). */
export function titleLine(index: ResumeIndex, entry: ResumeIndex["resume"]["experience"][number]): number {
  const title = entry.title?.trim();
  for (let k = 0; title && k < roleHeaderLines(entry); k++)
    if (index.resume.lines[entry.lineIndex + k]?.includes(title)) return entry.lineIndex + k;
  return entry.lineIndex;
}

/**
 * An experience ask met by `years` of the `asked`, proved by the role at `line`. Shared by the
 * field's own count and the experience fit's relevant years (analyze.ts: the posting's main years
 * ask is judged by the same number the breakdown shows).
 */
export function yearsMatch(
  req: Requirement,
  index: ResumeIndex,
  years: number,
  asked: number,
  line: number | null,
  of: "field" | "relevant" = "field",
): RequirementMatch {
  if (line === null || (asked > 0 && years <= 0)) return missing(req);
  // Half a month of slack per year asked for: "2019 - 2023" is four years however it is counted.
  const credit =
    asked <= 0 || years + CREDIT.experienceSlackYears >= asked
      ? CREDIT.exact
      : Math.max(CREDIT.partialExperienceFloor, Math.min(CREDIT.partialExperienceCap, years / asked));
  return { ...found(req, index, line, credit, "related"), years: { value: Math.round(years * 10) / 10, of } };
}

/** Scores one requirement against the resume, with the line that proves it. */
export function matchRequirement(req: Requirement, context: MatchContext): RequirementMatch {
  switch (req.kind) {
    case "skill":
      return matchSkill(req, context);
    case "alternatives": {
      let best: RequirementMatch | null = null;
      for (const member of req.members ?? []) {
        const m = matchSkill(member, context);
        if (!best || m.credit > best.credit) best = m;
      }
      if (!best || best.status === "missing") return missing(req);
      // "AWS or GCP" met by AWS itself is an exact match (by the member it names); met only through
      // a member's relative, it stays related.
      return { ...best, requirement: req, match: best.match, via: best.via ?? best.requirement.name };
    }
    case "concept":
      return matchConcept(req, context.index) ?? missing(req);
    case "phrase":
      return matchPhrase(req, context.index, context.idf);
    case "credential":
      return matchCode(req, context.index);
    case "experience":
      return matchExperience(req, context.index);
  }
}

/** The credit a match earns in the score: how fully it is met × how much its evidence proves. */
export function weighedCredit(m: RequirementMatch, corroboration: number): number {
  if (m.status === "missing" || m.evidenceKind === null) return m.credit;
  // Experience asks are proved by dated roles; credentials by their section.
  if (m.requirement.kind === "experience") return m.credit;
  // A certifications or education section proves a credential; any other skill named there is only listed.
  const credential = m.requirement.category === "certification" || m.requirement.kind === "credential";
  const kind = m.evidenceKind === "credential" && !credential ? "list" : m.evidenceKind;
  return m.credit * evidenceCredit(kind, corroboration);
}
