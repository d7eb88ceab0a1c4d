import type {
  TAnalysisResult,
  TJobRequirement,
  TMatchedSkill,
  TMissingSkill,
  TScoreComponent,
} from "@resumelens/contract";
import { loadLexicon, loadOccupations, loadSkills } from "../data/index.ts";
import { type ParsedJob, parseJobDescription } from "../job/parse-job.ts";
import { type DegreeLevel, degreeLevel, type ParsedResume, parseResume } from "../resume/parse-resume.ts";
import { orgScore } from "../resume/titles.ts";
import { buildTaxonomy, type Taxonomy } from "../skills/taxonomy.ts";
import { type Detected, detectLanguage, LANGUAGE_NAMES } from "../text/language.ts";
import { analysisScope } from "../text/memo.ts";
import { wordCount } from "../text/words.ts";
import { type AtsReview, type LayoutHints, reviewAts } from "./ats.ts";
import { boundResult } from "./bounded-result.ts";
import { CREDIT } from "./credits.ts";
import { postingDocument, postingLineOf, resumeDocument } from "./document.ts";
import { copiedLines, type EvidenceKind, evidenceCredit } from "./evidence.ts";
import { assessExperience, type ExperienceFit, experienceSources } from "./experience.ts";
import {
  buildOccupationIndex,
  experienceLevel,
  type OccupationIndex,
  occupationAffinity,
  occupationForTitle,
} from "./market.ts";
import {
  lineEvidence,
  matchRequirement,
  type RequirementMatch,
  titleLine,
  weighedCredit,
  yearsMatch,
} from "./match.ts";
import { contentStems } from "./phrases.ts";
import { recommend } from "./recommend.ts";
import { buildRelevanceModel, type Relevance, type RelevanceModel, relevance } from "./relevance.ts";
import type { Requirement } from "./requirement.ts";
import { extractRequirements } from "./requirements.ts";
import { indexResume, type ResumeIndex, resumeStems } from "./resume-index.ts";
import { type ComponentValue, calibrated, combine, SCORE_MODEL, WEIGHTS } from "./score.ts";
import { titleSimilarity } from "./title-similarity.ts";

export { WEIGHTS };

/** Bumped whenever a change can move a score: stored with every analysis. */
export const ENGINE_VERSION = "2.9.1";

export type AnalyzeInput = {
  resumeText: string;
  jobDescription: string;
  /** What the document pipeline saw in the file (columns, tables…). */
  layout?: LayoutHints;
  /** Skills the user has elsewhere (their imported LinkedIn profile), for recommendations only. */
  profileSkills?: string[];
};

export type AnalyzeOptions = { now: Date };

type EngineData = { taxonomy: Taxonomy; occupations: OccupationIndex; relevance: RelevanceModel };
let data: EngineData | null = null;

/** The taxonomy, occupation and relevance indexes, built once per process on first use. */
export function engineData(): EngineData {
  data ??= {
    taxonomy: buildTaxonomy(loadSkills()),
    occupations: buildOccupationIndex(loadOccupations()),
    relevance: buildRelevanceModel(loadOccupations()),
  };
  return data;
}

const LEVEL_RANK: Record<DegreeLevel, number> = {
  "high-school": 1,
  certificate: 2,
  associate: 3,
  bachelor: 4,
  master: 5,
  doctorate: 6,
};

/**
 * The analysis as explicit stages, each with its own typed output, so that each can be measured
 * on its own (see `npm run eval:engine`): read the resume, read the posting, extract the
 * requirements, match them with evidence, assess experience, weigh relevance, and the component
 * values the score combines.
 */
export type Pipeline = {
  language: Detected;
  postingLanguage: Detected;
  /** Stage 1: the resume as read. */
  resume: ParsedResume;
  /** Stage 2: the posting as read. */
  job: ParsedJob;
  /** Stage 3: what the posting asks for. */
  requirements: Requirement[];
  /** Resume lines copied from the posting (they prove nothing). */
  copied: Set<number>;
  index: ResumeIndex;
  /** Stage 4: each requirement against the resume, with evidence. */
  matches: RequirementMatch[];
  /** Stage 5: years, relevance of each role, the assessment. */
  experience: ExperienceFit;
  relevance: Relevance;
  /** How well the roles back the posting (0..1): what makes a listed skill believable. */
  corroboration: number;
  ats: AtsReview;
  /** Stage 6 input: the component values, before weighting. */
  components: ComponentValue[];
};

/** Runs every stage but the explanation. Pure and deterministic. */
export function runPipeline(input: AnalyzeInput, options: AnalyzeOptions): Pipeline {
  return analysisScope(() => pipeline(input, options));
}

function pipeline(input: AnalyzeInput, { now }: AnalyzeOptions): Pipeline {
  const { taxonomy, occupations, relevance: relevanceModel } = engineData();
  const lexicon = loadLexicon();
  const language = detectLanguage(input.resumeText);
  const postingLanguage = detectLanguage(input.jobDescription);
  const resume = withOccupationTitles(parseResume(input.resumeText, { now }), occupations);
  const job = parseJobDescription(input.jobDescription);
  const requirements = extractRequirements(job, taxonomy);
  const copied = copiedLines(resume, input.jobDescription, now);
  const index = indexResume(resume, taxonomy, copied);
  const idf = (stem: string) => relevanceModel.idf.get(stem) ?? relevanceModel.defaultIdf;
  const asked = requirements.map((requirement) => matchRequirement(requirement, { index, taxonomy, idf }));
  const experience = assessExperience({ index, job, matches: asked, occupations, now });
  const matches = asked.map((m) =>
    m.status === "missing" && isMainYearsAsk(m, job) ? mainYearsMatch(m, experience, index) : m,
  );
  const corroboration = Math.max(0, ...experience.relevanceScores);
  // What the roles and summary say counts in full; what is only listed, as much as the roles back it.
  const stems = resumeStems(index);
  const shown: string[] = [];
  const listed: string[] = [];
  resume.lines.forEach((_, i) => {
    const kind = index.kinds[i] ?? "other";
    if (kind === "copied") return;
    (kind === "role" || kind === "project" || kind === "summary" ? shown : listed).push(...(stems[i] ?? []));
  });
  const postingStems = job.lines.flatMap((line, i) => (job.boilerplate.has(i) ? [] : contentStems(line)));
  const rel = relevance(
    relevanceModel,
    [
      { stems: shown, weight: 1 },
      // Listed words say what the roles should show: they count only as far as the roles back them.
      { stems: listed, weight: evidenceCredit("list", corroboration) - evidenceCredit("list", 0) },
    ],
    postingStems,
  );
  const ats = reviewAts(index, job, lexicon, input.layout ?? {}, now, {
    copiedLines: copied.size,
    english: language.language === "en",
  });
  const components = componentValues({
    matches,
    experience,
    ats,
    index,
    job,
    occupations,
    corroboration,
    rel,
  });
  return {
    language,
    postingLanguage,
    resume,
    job,
    requirements,
    copied,
    index,
    matches,
    experience,
    relevance: rel,
    corroboration,
    ats,
    components,
  };
}

/**
 * What a years row says: the years shown of the field and the role that proves them. On the main
 * ask, the experience fit's relevant years too when they differ, so the row and the breakdown
 * never disagree without saying why.
 */
function yearsRowText(m: RequirementMatch, role: string | null, fit: ExperienceFit | null): string {
  const ask = m.requirement.ask;
  const field = ask?.field ? `'${ask.field}'` : null;
  const relevant = fit?.stated ? fit.relevantYears : null;
  if (m.status === "missing")
    return relevant !== null
      ? `No role in your resume reads as relevant to this (${relevant} of ${fit?.requiredYears} years asked).`
      : `No role in your resume matches ${field ?? "this"}.`;
  const shown = m.years;
  const years =
    ask && ask.years > 0 && shown
      ? shown.of === "relevant" || field === null
        ? `${shown.value} relevant years of ${ask.years} asked`
        : `${shown.value} of ${ask.years} years asked, in roles matching ${field}`
      : null;
  // Both figures only when they tell a different story: a year or more apart, or one meeting the
  // ask and the other not ("7.4 of 7 … (7.5 relevant years in all)" says nothing new).
  const meets = (years: number) => !ask || years + CREDIT.experienceSlackYears >= ask.years;
  const both =
    relevant !== null &&
    shown?.of === "field" &&
    field !== null &&
    (Math.abs(shown.value - relevant) >= 1 || meets(shown.value) !== meets(relevant));
  return [
    years ? `${years}${role ? `: ${role}` : ""}` : (role ?? "A matching role"),
    both ? ` (${relevant} relevant years in all, recent years counting most)` : "",
  ].join("");
}

/** The experience ask on the line the posting's years come from (the experience fit's ask). */
function isMainYearsAsk(m: RequirementMatch, job: ParsedJob): boolean {
  const ask = m.requirement.ask;
  return (
    m.requirement.kind === "experience" &&
    ask !== undefined &&
    ask.hours === null &&
    ask.years > 0 &&
    job.yearsText !== null &&
    ask.line.text === job.yearsText
  );
}

/**
 * The main years ask when no role is in the field it names ("7+ years in cloud operations"): judged
 * by the experience fit's relevant years, the number the breakdown and the assessment show, so
 * its row never says "missing" while the breakdown says "7.6 of 7". (Roles in the field, when
 * there are some, are the better measure of "years as X"; the row then names both figures.)
 * The proof is the most relevant dated role.
 */
function mainYearsMatch(
  m: RequirementMatch,
  experience: ExperienceFit,
  index: ResumeIndex,
): RequirementMatch {
  let line = m.lineIndex;
  if (line === null) {
    let best = -1;
    index.resume.experience.forEach((entry, e) => {
      if (entry.section !== "experience" || entry.startMonth === null) return;
      if (best < 0 || (experience.relevanceScores[e] ?? 0) > (experience.relevanceScores[best] ?? 0))
        best = e;
    });
    const entry = best >= 0 ? index.resume.experience[best] : undefined;
    line = entry ? titleLine(index, entry) : null;
  }
  return yearsMatch(
    m.requirement,
    index,
    experience.relevantYears,
    experience.requiredYears,
    line,
    "relevant",
  );
}

/**
 * A role line that names only an occupation ("Dancer (2012 - 2016)", "Animal caretakers") was read
 * as an employer when its words are not known title words: O*NET's titles say it is a title.
 */
function withOccupationTitles(resume: ParsedResume, occupations: OccupationIndex): ParsedResume {
  for (const entry of resume.experience) {
    if (entry.title || !entry.company || orgScore(entry.company) >= 0.5) continue;
    if (occupationForTitle(occupations, entry.company)) {
      entry.title = entry.company;
      entry.company = null;
    }
  }
  return resume;
}

/**
 * Analyses a resume against a job description: deterministic (same input, same output),
 * explainable (every match has its evidence line, the score its breakdown) and pure.
 */
export function analyzeResume(input: AnalyzeInput, options: AnalyzeOptions): TAnalysisResult {
  // Small whatever the input: lists capped, texts cut (bounded-result.ts).
  return analysisScope(() => boundResult(analyze(input, options)));
}

function analyze(input: AnalyzeInput, options: AnalyzeOptions): TAnalysisResult {
  const { occupations, taxonomy } = engineData();
  const p = runPipeline(input, options);
  const { resume, job, matches, experience, ats, index, corroboration } = p;
  const { warnings, resumeUnusable } = inputWarnings(input, index, p);
  if (!p.requirements.some((r) => r.kind !== "phrase")) {
    warnings.push(
      "No concrete skills or requirements could be read from the job description. Paste the full posting, including its requirements or qualifications.",
    );
  }

  const components = combine(p.components);
  let overallScore = Math.round(components.reduce((sum, c) => sum + c.points, 0));
  const cap = resumeUnusable ? scoreCap(index) : 100;
  if (overallScore > cap) {
    overallScore = cap;
    scaleTo(components, cap);
  }

  const jobOccupation =
    occupationForTitle(occupations, job.title) ?? p.relevance.postingOccupations[0] ?? null;
  const resumeTitle = resume.experience.find((e) => e.section === "experience" && e.title)?.title ?? null;
  const resumeOccupation =
    occupationForTitle(occupations, resumeTitle) ?? p.relevance.resumeOccupations[0] ?? null;
  const keywordMatches = matches.filter((m) => isKeyword(m.requirement));
  const required = matches.filter((m) => m.requirement.priority === "Required");
  const coverage = share(required, corroboration);
  const hot = jobOccupation?.hotTech ?? [];
  const hotShare = hot.length ? hot.filter((id) => index.skills.has(id)).length / hot.length : coverage;
  const affinity = occupationAffinity(jobOccupation, resumeOccupation);
  const bestTitleFit = job.title
    ? Math.max(0, ...resume.experience.map((e) => (e.title ? titleSimilarity(job.title ?? "", e.title) : 0)))
    : 0;

  // Skills: years in a role are not a skill (the Experience tab maps them), on either side.
  const matched: TMatchedSkill[] = matches
    .filter((m) => m.status === "matched" && m.requirement.kind !== "experience")
    .map((m) => ({
      skill: m.requirement.name,
      level: skillLevel(m, index),
      priority: m.requirement.priority,
      category: m.requirement.category,
      evidence: m.evidence,
      ...postingLineField(m.requirement, job),
      match: m.match,
      ...(proofOf(m.evidenceKind) ? { proof: proofOf(m.evidenceKind) } : {}),
    }));
  const missing: TMissingSkill[] = matches
    .filter((m) => m.status !== "matched" && m.requirement.kind !== "experience")
    .map((m) => ({
      skill: m.requirement.name,
      priority: m.requirement.priority,
      category: m.requirement.category,
      ...postingLineField(m.requirement, job),
    }))
    .sort((a, b) => (a.priority === b.priority ? 0 : a.priority === "Required" ? -1 : 1));

  const jobRequirements: TJobRequirement[] = jobRequirementRows(job, matches, experience, index, taxonomy);
  const { recommendations, preview } = recommend({
    matches,
    experience,
    ats,
    index,
    job,
    input,
    overallScore,
    components,
    taxonomy,
  });

  const marketAlignment = Math.round(100 * (0.75 * coverage + 0.25 * hotShare));
  // The closest of three readings: the occupations of the posting's and the latest role's titles,
  // the best-fitting title among all roles, and the two documents' occupation profiles. (The latest
  // title alone said 20 % for an SRE whose earlier titles are "Site Reliability Engineer".)
  const industryMatch = Math.round(
    Math.max(affinity ?? 0, 100 * Math.max(bestTitleFit, p.relevance.occupation * 0.8)),
  );
  const gap = experience.stated
    ? Math.round((experience.relevantYears - experience.requiredYears) * 10) / 10
    : 0;
  return {
    engineVersion: ENGINE_VERSION,
    overallScore,
    scoreBreakdown: components,
    skillsMatch: { matched, missing },
    atsAnalysis: {
      score: ats.score,
      issues: ats.issues,
      keywords: {
        found: keywordMatches.filter((m) => m.status === "matched").map((m) => m.requirement.name),
        missing: keywordMatches.filter((m) => m.status !== "matched").map((m) => m.requirement.name),
      },
    },
    competitiveAnalysis: {
      marketAlignment: resumeUnusable ? Math.min(marketAlignment, overallScore) : marketAlignment,
      industryMatch: resumeUnusable ? Math.min(industryMatch, overallScore) : industryMatch,
      experienceLevel: experienceLevel(experience.resumeYears, experience.candidateLevel),
      suggestions: marketSuggestions(matches, experience, job.title, resumeTitle, bestTitleFit),
    },
    experienceComparison: {
      resumeYears: experience.resumeYears,
      requiredYears: experience.requiredYears,
      gap,
      assessment: experience.assessment,
      relevantYears: experience.relevantYears,
      experienceSources: experienceSources(index, experience),
      jobRequirements,
    },
    recommendations,
    // The display rule (docs/product.md#display-values): the potential score is the current one plus 15,
    // capped at 100.
    preview: { ...preview, currentScore: overallScore, potentialScore: Math.min(100, overallScore + 15) },
    warnings,
    language: p.language.language,
    coaching: ats.coaching.lines,
    document: { resume: resumeDocument(index), posting: postingDocument(job) },
  };
}

/** The posting line a requirement comes from, as an optional field. */
function postingLineField(requirement: Requirement, job: ParsedJob): { postingLine?: number } {
  const line = postingLineOf(requirement, job);
  return line === undefined ? {} : { postingLine: line };
}

/** Requirements an ATS would search for as keywords: named skills, alternatives and credentials. */
function isKeyword(r: Requirement): boolean {
  return r.kind === "skill" || r.kind === "alternatives" || r.kind === "credential";
}

function proofOf(kind: EvidenceKind | null): TMatchedSkill["proof"] | undefined {
  return kind === null || kind === "copied" ? undefined : kind;
}

/** The weighed share of a group of requirements the resume meets, 0..1. */
function share(list: RequirementMatch[], corroboration: number): number {
  const total = list.reduce((sum, m) => sum + m.requirement.weight, 0);
  if (total === 0) return 0;
  return list.reduce((sum, m) => sum + weighedCredit(m, corroboration) * m.requirement.weight, 0) / total;
}

type ComponentInput = {
  matches: RequirementMatch[];
  experience: ExperienceFit;
  ats: AtsReview;
  index: ResumeIndex;
  job: ParsedJob;
  occupations: OccupationIndex;
  corroboration: number;
  rel: Relevance;
};

/** Each component's value (0..100, or null when it does not apply) and its explanation. */
function componentValues({
  matches,
  experience,
  ats,
  index,
  job,
  occupations,
  corroboration,
  rel,
}: ComponentInput): ComponentValue[] {
  // Named requirements (skills, credentials, years in a role) are checked by name; requirements
  // stated in words ("attention to detail", "plant cultivation techniques") by their words, which
  // proves less: they are a component of their own, weighted by the fit like any other.
  // English, asked of a resume written in English, tells fits from others no more than a wording does.
  const worded = (m: RequirementMatch) =>
    m.requirement.kind === "phrase" ||
    m.requirement.kind === "concept" ||
    m.requirement.skillId === "english";
  const required = matches.filter((m) => m.requirement.priority === "Required" && !worded(m));
  const other = matches.filter((m) => m.requirement.priority === "Required" && worded(m));
  const preferred = matches.filter((m) => m.requirement.priority === "Preferred");
  const entries = index.resume.experience.filter((e) => e.title && e.section === "experience");
  const titleFit =
    job.title && entries.length
      ? titleFitValue(
          job.title,
          entries.map((e) => e.title ?? ""),
          occupations,
        )
      : null;
  const educationFit = job.education ? educationValue(job.education, index, experience) : null;
  const count = (list: RequirementMatch[]) =>
    `${list.filter((m) => m.status === "matched").length} of ${list.length}`;
  const listed = required.filter((m) => m.status === "matched" && m.evidenceKind === "list").length;
  return [
    {
      key: "requiredSkills",
      value: required.length ? 100 * share(required, corroboration) : null,
      explanation: required.length
        ? `${count(required)} required skills, credentials and experience asks are shown in your resume${listed ? ` (${listed} only in a list, which counts for less)` : ""}.`
        : "The posting names no required skills.",
    },
    {
      key: "otherRequirements",
      value: other.length ? 100 * share(other, corroboration) : null,
      explanation: other.length
        ? `${count(other)} requirements the posting states in words (such as ${other
            .slice(0, 2)
            .map((m) => `'${m.requirement.name}'`)
            .join(" and ")}) are shown in your resume.`
        : "The posting states no other requirements in words.",
    },
    {
      key: "preferredSkills",
      value: preferred.length ? 100 * share(preferred, corroboration) : null,
      explanation: preferred.length
        ? `${count(preferred)} preferred skills are shown.`
        : "The posting lists no preferred skills.",
    },
    {
      key: "experience",
      value: experience.value,
      explanation: experience.stated
        ? `${experience.relevantYears} relevant years (of ${experience.resumeYears} in total; recent years count most) against ${experience.requiredYears} asked for.`
        : `${experience.relevantYears} relevant years of ${experience.resumeYears}; the posting states no minimum, so its level sets the expectation.`,
    },
    {
      key: "title",
      value: titleFit,
      explanation:
        titleFit === null ? "No job title to compare." : `How closely your role titles match '${job.title}'.`,
    },
    {
      key: "education",
      value: educationFit,
      explanation: job.education
        ? `The posting asks for: ${job.education.text}`
        : "The posting states no education requirement.",
    },
    {
      key: "ats",
      value: ats.score,
      explanation: `Format health ${ats.score}/100 (${ats.issues.length} issues).`,
    },
    {
      key: "relevance",
      value: calibrated(rel.text, SCORE_MODEL.relevance),
      explanation:
        "How much of the posting's vocabulary your resume covers, rare and specific words counting most; a word you only list counts as much as your roles back it.",
    },
    {
      key: "occupation",
      value: calibrated(rel.occupation, SCORE_MODEL.occupation),
      explanation: `Whether your experience reads like the same kind of work, against O*NET's occupation profiles${occupationReading(rel, calibrated(rel.occupation, SCORE_MODEL.occupation))}.`,
    },
  ];
}

/**
 * Which occupations the posting and the resume read as. Each side's three closest are compared:
 * one both share (best combined rank) is named once, so a DevOps resume is not said to read as
 * "Database Architects" when its second reading is the posting's own.
 */
export function occupationReading(rel: Relevance, fit: number): string {
  const posting = rel.postingOccupations.map((o) => o.title);
  const resume = rel.resumeOccupations.map((o) => o.title);
  const shared = posting
    .map((title, i) => ({ title, rank: i + resume.indexOf(title) }))
    .filter((o) => resume.includes(o.title))
    .sort((a, b) => a.rank - b.rank)[0];
  // "Both read as" only when the profiles agree overall: a shared third reading beside a low fit
  // would say the opposite of the score.
  if (shared && fit >= 60) return `: the posting and your resume both read as ${shared.title}`;
  if (!posting[0]) return "";
  return `: the posting reads as ${posting[0]}${resume[0] ? `, your resume as ${resume[0]}` : ""}`;
}

function scaleTo(components: TScoreComponent[], cap: number): void {
  const total = components.reduce((sum, c) => sum + c.points, 0);
  if (total <= 0) return;
  for (const c of components) c.points = Math.round(((c.points * cap) / total) * 100) / 100;
}

function titleFitValue(jobTitle: string, titles: string[], occupations: OccupationIndex): number {
  // The most recent role counts most; any earlier matching role still helps. Two titles for the
  // same O*NET occupation ("IT Support Technician", "Help Desk Analyst") fit like one.
  const jobOccupation = occupationForTitle(occupations, jobTitle);
  const fits = titles.map((t) => {
    const affinity = occupationAffinity(jobOccupation, occupationForTitle(occupations, t)) ?? 0;
    return Math.max(titleSimilarity(jobTitle, t), affinity >= 90 ? 0.9 : affinity >= 70 ? 0.6 : 0);
  });
  const [latest = 0, ...rest] = fits;
  const best = Math.max(latest, ...rest);
  return 100 * Math.min(1, 0.6 * latest + 0.4 * best + (best >= 0.99 ? 0.1 : 0));
}

function educationValue(
  education: NonNullable<ReturnType<typeof parseJobDescription>["education"]>,
  index: ResumeIndex,
  experience: ExperienceFit,
): number {
  const levels = index.resume.education
    .map((e) => e.level ?? degreeLevel(e.degree ?? ""))
    .filter((l): l is DegreeLevel => l !== null);
  const best = Math.max(0, ...levels.map((l) => LEVEL_RANK[l]));
  const need = LEVEL_RANK[education.level];
  if (best >= need) return 100;
  const equivalent = education.equivalentExperienceOk && experience.relevantYears >= 4 ? 80 : 0;
  if (best === need - 1) return Math.max(60, equivalent);
  if (education.priority === "Preferred") return Math.max(50, equivalent);
  return Math.max(best > 0 ? 25 : 0, equivalent);
}

function skillLevel(m: RequirementMatch, index: ResumeIndex): TMatchedSkill["level"] {
  const ids = m.requirement.skillId ? [m.requirement.skillId] : [];
  const entries = new Set(
    ids
      .flatMap((id) => (index.skills.get(id) ?? []).map((o) => o.entry))
      .filter((e): e is number => e !== null),
  );
  if (m.lineIndex !== null && index.entryOfLine[m.lineIndex] !== null)
    entries.add(index.entryOfLine[m.lineIndex] as number);
  const months = [...entries].reduce((sum, e) => {
    const entry = index.resume.experience[e];
    if (!entry) return sum;
    if (entry.startMonth !== null && entry.endMonth !== null) return sum + entry.endMonth - entry.startMonth;
    return sum + (entry.durationMonths ?? 0);
  }, 0);
  if (entries.size >= 2 || months >= 36) return "Advanced";
  if (entries.size === 1) return "Intermediate";
  return "Basic";
}

/** The words of a posting line left once the things the resume shows are cut out ("…"). */
/** A capitalised word right before, and right after, a span: the span is inside a longer name. */
const NAME_BEFORE = /\p{Lu}[\p{L}\p{N}]*[ -]$/u;
const NAME_AFTER = /^[ -]\p{Lu}/u;

function unmetPart(text: string, met: RequirementMatch[], taxonomy: Taxonomy): string {
  let rest = text;
  for (const m of met) {
    const reqs = m.requirement.members?.length ? [m.requirement, ...m.requirement.members] : [m.requirement];
    for (const req of reqs) {
      const skill = req.skillId ? taxonomy.byId.get(req.skillId) : undefined;
      const forms = [req.name, ...(skill ? [skill.name, ...skill.aliases] : [])]
        .filter((f) => f.length >= 2)
        .sort((a, b) => b.length - a.length);
      for (const form of forms) {
        const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        const flags = skill?.caseSensitive ? "gu" : "giu";
        // Not from inside a longer name: "Reliability" met does not cut "Site Reliability Engineering".
        rest = rest.replace(
          new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}+#])`, flags),
          (found: string, at: number, whole: string) =>
            NAME_BEFORE.test(whole.slice(Math.max(0, at - 30), at)) &&
            NAME_AFTER.test(whole.slice(at + found.length))
              ? found
              : "…",
        );
      }
    }
  }
  // "… (SQL)": the short form of what was cut goes with it.
  rest = rest.replace(/…\s?\([^()…]{1,40}\)/g, "…");
  // "… and …", "…, …": one gap.
  const pieces = rest.split("…");
  let joined = pieces[0] ?? "";
  for (let i = 1; i < pieces.length; i++) {
    const between = pieces[i] ?? "";
    const onlyJoiners = i < pieces.length - 1 && /^[\s,;/&]*$/.test(between.replace(/\b(?:and|or)\b/gi, ""));
    joined += onlyJoiners ? "" : `…${between}`;
  }
  return tidyGaps(joined.replace(/\s+/g, " ").trim());
}

const JOINERS = new Set([" ", ",", ";", "/", "&", "-", "(", ")", ":"]);

/**
 * A cut at either end of the line says nothing: "Active Listening and …" → "Active Listening",
 * "…, and efficient problem-solving" → "Efficient problem-solving".
 */
function tidyGaps(text: string): string {
  let rest = text;
  const trimEnd = (s: string) => {
    let end = s.length;
    while (end > 0 && JOINERS.has(s[end - 1] ?? "")) end--;
    let out = s.slice(0, end);
    out = out.replace(/(?:^|\s)(?:and|or)$/i, "");
    return out;
  };
  const trimStart = (s: string) => {
    let start = 0;
    while (start < s.length && JOINERS.has(s[start] ?? "")) start++;
    return s.slice(start).replace(/^(?:and|or)(?:\s|$)/i, "");
  };
  for (let i = 0; i < 3 && rest.endsWith("…"); i++) rest = trimEnd(trimEnd(rest.slice(0, -1)));
  for (let i = 0; i < 3 && rest.startsWith("…"); i++) rest = trimStart(trimStart(rest.slice(1)));
  rest = rest.replace(/[.;:,]+$/, "").trim();
  return rest ? `${rest.charAt(0).toUpperCase()}${rest.slice(1)}` : text;
}

/** Whether `text` names `name` as whole words, case-insensitively ("C" in "C/C++", not in "CI"). */
function mentions(text: string, name: string): boolean {
  const haystack = text.toLowerCase();
  const needle = name.toLowerCase();
  if (!needle) return false;
  const word = (ch: string | undefined) => ch !== undefined && /[a-z0-9]/.test(ch);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (!word(haystack[at - 1]) && !word(haystack[at + needle.length])) return true;
  }
  return false;
}

/** What a row says of the things it asks that are not met: those shown only in part, then those not found. */
function unmetText(unmet: RequirementMatch[]): string {
  const names = (list: RequirementMatch[]) => list.map((m) => m.requirement.name).join(", ");
  const partly = unmet.filter((m) => m.credit > 0);
  const absent = unmet.filter((m) => m.credit <= 0);
  const parts = [
    partly.length ? `Shown only in part: ${names(partly)}` : "",
    absent.length ? `${partly.length ? "not found" : "Not found"} in your resume: ${names(absent)}` : "",
  ];
  return parts.filter(Boolean).join("; ");
}

/** The resume's best degree against the posting's degree line: the education component's verdict. */
function degreeShown(
  education: NonNullable<ParsedJob["education"]>,
  index: ResumeIndex,
  experience: ExperienceFit,
): { status: TJobRequirement["status"]; evidence: TJobRequirement["evidence"]; text: string } {
  const value = educationValue(education, index, experience);
  const entry = [...index.resume.education]
    .filter((e) => e.degree)
    .sort(
      (a, b) =>
        LEVEL_RANK[b.level ?? degreeLevel(b.degree ?? "") ?? "certificate"] -
        LEVEL_RANK[a.level ?? degreeLevel(a.degree ?? "") ?? "certificate"],
    )[0];
  const line = entry?.degree
    ? index.resume.lines.findIndex(
        (l, i) => index.resume.sectionOf[i] === "education" && l.includes(entry.degree ?? ""),
      )
    : -1;
  const named = entry ? [entry.degree, entry.institution].filter(Boolean).join(", ") : "";
  const status = value >= 100 ? "matched" : value >= 80 || (named && value >= 50) ? "partial" : "missing";
  const text =
    status === "matched"
      ? named
      : status === "partial"
        ? `${named ? `${named}: ` : ""}a lower degree than asked${value >= 80 ? ", with the experience the posting accepts instead" : ""}`
        : named
          ? `${named}: below the degree asked`
          : "No degree found in your resume";
  return { status, evidence: line >= 0 && status !== "missing" ? lineEvidence(index, line) : null, text };
}

/** Some of the matches are met and some are not. */
function mixed(matches: RequirementMatch[]): boolean {
  return matches.some((m) => m.status === "matched") && matches.some((m) => m.status !== "matched");
}

/** The row of a requirement the resume shows, with the role and line that prove it. */
function metRow(m: RequirementMatch, role: string | null, postingLine: number): TJobRequirement {
  return {
    requirement: m.requirement.name,
    fulfilled: true,
    matchingExperience: `${role ? `${role}: ` : ""}${m.evidence?.text ?? ""}`.trim(),
    priority: m.requirement.priority,
    status: "matched",
    evidence: m.evidence,
    postingLine,
  };
}

function jobRequirementRows(
  job: ParsedJob,
  matches: RequirementMatch[],
  experience: ExperienceFit,
  index: ResumeIndex,
  taxonomy: Taxonomy,
): TJobRequirement[] {
  const rows: TJobRequirement[] = [];
  const seen = new Set<number>();
  const roleOf = (lineIndex: number | null) => {
    if (lineIndex === null) return null;
    const e = index.entryOfLine[lineIndex];
    const entry = e === null || e === undefined ? null : index.resume.experience[e];
    return entry ? [entry.title, entry.company].filter(Boolean).join(" at ") : null;
  };
  for (const line of job.requirements) {
    if (seen.has(line.lineIndex) && rows.some((r) => r.requirement === line.text)) continue;
    seen.add(line.lineIndex);
    // The line's own requirements, and any unmet one it names in so many words (found on another
    // line, or in a detail): the summary lists those as missing, so the row must not read as met.
    const related = matches.filter(
      (m) =>
        (m.requirement.lines.includes(line) && !m.requirement.fromDetail) ||
        (m.status !== "matched" &&
          m.requirement.kind !== "experience" &&
          mentions(line.text, m.requirement.name)),
    );
    let status: TJobRequirement["status"];
    let evidence = null;
    let matching: string;
    const asked = related.find((m) => m.requirement.kind === "experience");
    let text = line.text;
    if (asked) {
      status = asked.status;
      evidence = asked.evidence;
      const role = roleOf(asked.lineIndex);
      matching = yearsRowText(
        asked,
        role ?? evidence?.text ?? null,
        isMainYearsAsk(asked, job) ? experience : null,
      );
      // "Core skills in WorkDay and Payroll with five years in consulting roles": the skills the
      // resume shows get rows of their own, so they are never listed under the unmet years.
      const metOthers = related.filter(
        (m) => m !== asked && m.status === "matched" && m.requirement.kind !== "phrase",
      );
      if (status !== "matched" && metOthers.length) {
        for (const m of metOthers) rows.push(metRow(m, roleOf(m.lineIndex), line.lineIndex));
        text = unmetPart(line.text, metOthers, taxonomy);
      }
      // "Three years of risk management": the years are met, but a thing the line also names and
      // the resume does not show keeps the line from being fulfilled (the summary lists it missing).
      const unmetOthers = related.filter((m) => m !== asked && m.status !== "matched");
      if (status === "matched" && unmetOthers.length) {
        status = "partial";
        matching = `${matching}; not found in your resume: ${unmetOthers.map((m) => m.requirement.name).join(", ")}`;
      }
    } else if (job.education && line.text === job.education.text && related.length === 0) {
      // A degree line: the education check's verdict, with the resume's degree as its proof.
      const degree = degreeShown(job.education, index, experience);
      status = degree.status;
      evidence = degree.evidence;
      matching = degree.text;
    } else if (job.yearsText === line.text && experience.stated) {
      status =
        experience.relevantYears + CREDIT.experienceSlackYears >= experience.requiredYears
          ? "matched"
          : experience.relevantYears > 0
            ? "partial"
            : "missing";
      matching = `${experience.relevantYears} relevant years of ${experience.resumeYears} in total`;
    } else if (related.length === 0) {
      continue;
    } else if (related.length > 1 && mixed(related)) {
      // A line asking for several things of which the resume shows some: a row for each thing
      // shown, and one for the rest of the line, so a skill the resume shows is never listed
      // under an unmet line.
      const met = related.filter((m) => m.status === "matched");
      const unmet = related.filter((m) => m.status !== "matched");
      for (const m of met) rows.push(metRow(m, roleOf(m.lineIndex), line.lineIndex));
      const partly = unmet.some((m) => m.credit > 0);
      const best = [...unmet].sort((a, b) => b.credit - a.credit)[0];
      rows.push({
        requirement: unmetPart(line.text, met, taxonomy),
        fulfilled: false,
        matchingExperience: unmetText(unmet),
        priority: line.priority,
        status: partly ? "partial" : "missing",
        evidence: partly ? (best?.evidence ?? null) : null,
        postingLine: line.lineIndex,
      });
      if (rows.length >= 30) break;
      continue;
    } else {
      // A line is met when every thing it asks for is shown: anything short of that is listed
      // as missing in the summary, so the line cannot read as fulfilled.
      const credit = related.reduce((sum, m) => sum + m.credit, 0) / related.length;
      const met = related.every((m) => m.status === "matched");
      status = met ? "matched" : credit > 0 ? "partial" : "missing";
      const best = [...related].sort((a, b) => b.credit - a.credit)[0];
      evidence = best?.evidence ?? null;
      const role = roleOf(best?.lineIndex ?? null);
      matching =
        status === "missing"
          ? unmetText(related)
          : `${role ? `${role}: ` : ""}${evidence?.text ?? ""}`.trim();
    }
    rows.push({
      requirement: text,
      fulfilled: status === "matched",
      matchingExperience: matching,
      priority: line.priority,
      status,
      evidence,
      postingLine: line.lineIndex,
    });
    if (rows.length >= 30) break;
  }
  return rows.slice(0, 30);
}

function marketSuggestions(
  matches: RequirementMatch[],
  experience: ExperienceFit,
  jobTitle: string | null,
  resumeTitle: string | null,
  titleFit: number,
): string[] {
  const suggestions: string[] = [];
  const strong = matches
    .filter(
      (m) =>
        m.status === "matched" && m.requirement.kind === "skill" && m.requirement.priority === "Required",
    )
    .slice(0, 3);
  if (strong.length)
    suggestions.push(
      `Lead with ${listOf(strong.map((m) => m.requirement.name))}: the posting requires them and your resume proves them.`,
    );
  if (jobTitle && titleFit < 0.5) {
    suggestions.push(
      `Your recent title${resumeTitle ? ` ('${resumeTitle}')` : ""} differs from '${jobTitle}'. Name the target role in your summary and show the overlap in duties.`,
    );
  }
  const gaps = matches
    .filter((m) => m.status !== "matched" && m.requirement.priority === "Required")
    .slice(0, 3);
  if (gaps.length)
    suggestions.push(`Close the most visible gaps first: ${listOf(gaps.map((m) => m.requirement.name))}.`);
  if (experience.stated && experience.assessment === "Under-qualified") {
    suggestions.push(
      `The role asks for ${experience.requiredYears}+ years and your resume shows ${experience.relevantYears} relevant years: count internships, freelance and volunteer work that used the same skills.`,
    );
  }
  if (experience.assessment === "Over-qualified") {
    suggestions.push(
      "You have well over the experience asked for: say why this role fits your plans, and consider applying to more senior openings too.",
    );
  }
  return suggestions.slice(0, 5);
}

export function listOf(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Problems with the input itself; an unusable resume caps the score instead of inventing an analysis. */
function inputWarnings(
  input: AnalyzeInput,
  index: ResumeIndex,
  p: Pipeline,
): { warnings: string[]; resumeUnusable: boolean } {
  const warnings: string[] = [];
  const foreign = (d: Detected) => d.language !== "en" && d.confidence >= 0.6;
  if (foreign(p.language)) {
    const name = LANGUAGE_NAMES[p.language.language];
    warnings.push(
      `Your resume appears to be written in ${name}. ResumeLens reads English: it still finds dates, tools and credentials named the same way in any language (Excel, SAP, Python, CPR), but it cannot read ${name} section headings, duties or soft skills, and it skips the wording checks. Expect a lower score than the resume deserves; for an English-language posting, analyze an English version.`,
    );
  }
  if (foreign(p.postingLanguage)) {
    const name = LANGUAGE_NAMES[p.postingLanguage.language];
    warnings.push(
      `The job description appears to be written in ${name}. Only the tools and credentials it names can be matched reliably; requirements written in ${name} may be missed.`,
    );
  }
  let resumeUnusable = false;
  if (wordCount(input.resumeText) < 40) {
    warnings.push(
      "The resume text is too short to analyze properly. Upload the full resume or paste all of its text.",
    );
    return { warnings, resumeUnusable: true };
  }
  const known = () => {
    const words = input.resumeText.trim().split(/\s+/).filter(Boolean);
    return (
      words.filter((w) => /^[\p{L}][\p{L}'’-]*[.,;:]?$/u.test(w) && /[aeiouy]/i.test(w) && w.length <= 20)
        .length / words.length
    );
  };
  const structured = index.resume.experience.length > 0 || index.resume.sectionOf.some((s) => s !== "header");
  if (!structured && (index.skills.size === 0 || known() < 0.6)) {
    warnings.push("This text does not look like a resume: no sections, dated roles or skills were found.");
    resumeUnusable = true;
  }
  if (wordCount(input.jobDescription) < 25) {
    warnings.push("The job description is very short; the analysis can only be as specific as the posting.");
  }
  return { warnings, resumeUnusable };
}

function scoreCap(index: ResumeIndex): number {
  const words = wordCount(index.resume.lines.join(" "));
  return words < 40 ? 5 : 20;
}
