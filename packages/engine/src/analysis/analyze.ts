import type {
  TAnalysisResult,
  TJobRequirement,
  TMatchedSkill,
  TMissingSkill,
  TScoreComponent,
} from "@resumelens/contract";
import { loadLexicon, loadOccupations, loadSkills } from "../data/index.ts";
import { parseJobDescription } from "../job/parse-job.ts";
import { type DegreeLevel, degreeLevel, parseResume } from "../resume/parse-resume.ts";
import { buildTaxonomy, type Taxonomy } from "../skills/taxonomy.ts";
import { type AtsReview, type LayoutHints, reviewAts } from "./ats.ts";
import { assessExperience, type ExperienceFit, experienceSources, titleSimilarity } from "./experience.ts";
import {
  buildOccupationIndex,
  experienceLevel,
  type OccupationIndex,
  occupationAffinity,
  occupationForTitle,
} from "./market.ts";
import { recommend } from "./recommend.ts";
import {
  extractRequirements,
  matchRequirement,
  type RequirementMatch,
  resolveAlternatives,
} from "./requirements.ts";
import { indexResume, type ResumeIndex } from "./resume-index.ts";

/** Bumped whenever a change can move a score: stored with every analysis. */
export const ENGINE_VERSION = "1.0.0";

export type AnalyzeInput = {
  resumeText: string;
  jobDescription: string;
  /** What the document pipeline saw in the file (columns, tables…). */
  layout?: LayoutHints;
  /** Skills the user has elsewhere (their imported LinkedIn profile), for recommendations only. */
  profileSkills?: string[];
};

export type AnalyzeOptions = { now: Date };

type EngineData = { taxonomy: Taxonomy; occupations: OccupationIndex };
let data: EngineData | null = null;

/** The taxonomy and occupation indexes, built once per process on first use. */
export function engineData(): EngineData {
  data ??= { taxonomy: buildTaxonomy(loadSkills()), occupations: buildOccupationIndex(loadOccupations()) };
  return data;
}

/** The documented weights of the overall score; a component that does not apply passes its share on. */
export const WEIGHTS: Record<TScoreComponent["key"], number> = {
  requiredSkills: 0.4,
  preferredSkills: 0.1,
  experience: 0.2,
  title: 0.1,
  education: 0.05,
  ats: 0.15,
};

const LABELS: Record<TScoreComponent["key"], string> = {
  requiredSkills: "Required skills",
  preferredSkills: "Preferred skills",
  experience: "Experience",
  title: "Job title fit",
  education: "Education",
  ats: "ATS readiness",
};

const LEVEL_RANK: Record<DegreeLevel, number> = {
  "high-school": 1,
  certificate: 2,
  associate: 3,
  bachelor: 4,
  master: 5,
  doctorate: 6,
};

/**
 * Analyses a resume against a job description: deterministic (same input, same output),
 * explainable (every match has its evidence line, the score its breakdown) and pure.
 */
export function analyzeResume(input: AnalyzeInput, options: AnalyzeOptions): TAnalysisResult {
  const { taxonomy, occupations } = engineData();
  const lexicon = loadLexicon();
  const { now } = options;
  const resume = parseResume(input.resumeText, { now });
  const job = parseJobDescription(input.jobDescription);
  const index = indexResume(resume, taxonomy);
  const { warnings, resumeUnusable } = inputWarnings(input, index);

  const requirements = extractRequirements(job, taxonomy);
  if (!requirements.some((r) => r.kind !== "phrase")) {
    warnings.push(
      "No concrete skills or requirements could be read from the job description. Paste the full posting, including its requirements or qualifications.",
    );
  }
  const matches = resolveAlternatives(requirements.map((req) => matchRequirement(req, index, taxonomy)));
  const experience = assessExperience(index, job, matches);
  const ats = reviewAts(index, job, lexicon, input.layout ?? {}, now);

  const components = scoreComponents(matches, experience, ats, index, job.title, job.education);
  let overallScore = Math.round(components.reduce((sum, c) => sum + c.points, 0));
  const cap = resumeUnusable ? scoreCap(index) : 100;
  if (overallScore > cap) {
    overallScore = cap;
    scaleTo(components, cap);
  }

  const jobOccupation = occupationForTitle(occupations, job.title);
  const resumeTitle = resume.experience.find((e) => e.section === "experience" && e.title)?.title ?? null;
  const resumeOccupation = occupationForTitle(occupations, resumeTitle);
  const skillMatches = matches.filter((m) => m.requirement.kind === "skill");
  const coverage = share(matches.filter((m) => m.requirement.priority === "Required"));
  const hot = jobOccupation?.hotTech ?? [];
  const hotShare = hot.length ? hot.filter((id) => index.skills.has(id)).length / hot.length : coverage;
  const affinity = occupationAffinity(jobOccupation, resumeOccupation);
  const bestTitleFit = job.title
    ? Math.max(0, ...resume.experience.map((e) => (e.title ? titleSimilarity(job.title ?? "", e.title) : 0)))
    : 0;

  const matched: TMatchedSkill[] = matches
    .filter((m) => m.status === "matched")
    .map((m) => ({
      skill: m.requirement.name,
      level: skillLevel(m, index, experience),
      priority: m.requirement.priority,
      category: m.requirement.category,
      evidence: m.evidence,
      match: m.match,
    }));
  const missing: TMissingSkill[] = matches
    .filter((m) => m.status !== "matched")
    .map((m) => ({
      skill: m.requirement.name,
      priority: m.requirement.priority,
      category: m.requirement.category,
    }))
    .sort((a, b) => (a.priority === b.priority ? 0 : a.priority === "Required" ? -1 : 1));

  const jobRequirements: TJobRequirement[] = jobRequirementRows(job, matches, experience, index);
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
  const industryMatch = Math.round(affinity ?? 100 * Math.max(bestTitleFit, coverage * 0.8));
  return {
    engineVersion: ENGINE_VERSION,
    overallScore,
    scoreBreakdown: components,
    skillsMatch: { matched, missing },
    atsAnalysis: {
      score: ats.score,
      issues: ats.issues,
      keywords: {
        found: skillMatches.filter((m) => m.status === "matched").map((m) => m.requirement.name),
        missing: skillMatches.filter((m) => m.status !== "matched").map((m) => m.requirement.name),
      },
    },
    competitiveAnalysis: {
      marketAlignment: resumeUnusable ? Math.min(marketAlignment, overallScore) : marketAlignment,
      industryMatch: resumeUnusable ? Math.min(industryMatch, overallScore) : industryMatch,
      experienceLevel: experienceLevel(experience.relevantYears),
      suggestions: marketSuggestions(
        matches,
        experience,
        job.title,
        jobOccupation?.title ?? null,
        resumeTitle,
        bestTitleFit,
      ),
    },
    experienceComparison: {
      resumeYears: experience.resumeYears,
      requiredYears: experience.requiredYears,
      gap: experience.stated ? Math.round((experience.resumeYears - experience.requiredYears) * 10) / 10 : 0,
      assessment: experience.assessment,
      experienceSources: experienceSources(index, experience),
      jobRequirements,
    },
    recommendations,
    // The spec's display rule: the potential score is the current one plus 15, capped at 100.
    preview: { ...preview, currentScore: overallScore, potentialScore: Math.min(100, overallScore + 15) },
    warnings,
  };
}

function share(list: RequirementMatch[]): number {
  const total = list.reduce((sum, m) => sum + m.requirement.weight, 0);
  if (total === 0) return 0;
  return list.reduce((sum, m) => sum + m.credit * m.requirement.weight, 0) / total;
}

function scoreComponents(
  matches: RequirementMatch[],
  experience: ExperienceFit,
  ats: AtsReview,
  index: ResumeIndex,
  jobTitle: string | null,
  education: ReturnType<typeof parseJobDescription>["education"],
): TScoreComponent[] {
  const required = matches.filter((m) => m.requirement.priority === "Required");
  const preferred = matches.filter((m) => m.requirement.priority === "Preferred");
  const entries = index.resume.experience.filter((e) => e.title);
  const titleFit =
    jobTitle && entries.length
      ? titleFitValue(
          jobTitle,
          entries.map((e) => e.title ?? ""),
        )
      : null;
  const educationFit = education ? educationValue(education, index, experience) : null;
  const count = (list: RequirementMatch[]) =>
    `${list.filter((m) => m.status === "matched").length} of ${list.length}`;

  const raw: { key: TScoreComponent["key"]; value: number | null; explanation: string }[] = [
    {
      key: "requiredSkills",
      value: required.length ? 100 * share(required) : null,
      explanation: required.length
        ? `${count(required)} required skills and requirements are shown in your resume.`
        : "The posting lists no required skills.",
    },
    {
      key: "preferredSkills",
      value: preferred.length ? 100 * share(preferred) : null,
      explanation: preferred.length
        ? `${count(preferred)} preferred skills are shown.`
        : "The posting lists no preferred skills.",
    },
    {
      key: "experience",
      value: experience.value,
      explanation: experience.stated
        ? `${experience.relevantYears} relevant years (of ${experience.resumeYears} in total) against ${experience.requiredYears} asked for.`
        : `${experience.relevantYears} relevant years of ${experience.resumeYears}; the posting states no minimum.`,
    },
    {
      key: "title",
      value: titleFit,
      explanation:
        titleFit === null ? "No job title to compare." : `How closely your role titles match '${jobTitle}'.`,
    },
    {
      key: "education",
      value: educationFit,
      explanation: education
        ? `The posting asks for: ${education.text}`
        : "The posting states no education requirement.",
    },
    {
      key: "ats",
      // An ATS ranks by keywords as well as by a clean parse: half the value is the format health,
      // half scales with how many of the posting's required keywords the resume carries.
      value: ats.score * (0.5 + 0.5 * keywordCoverage(required)),
      explanation: `Format health ${ats.score}/100 (${ats.issues.length} issues), weighted by the required keywords your resume carries.`,
    },
  ];
  const applicable = raw.filter((c) => c.value !== null);
  const totalWeight = applicable.reduce((sum, c) => sum + WEIGHTS[c.key], 0);
  return raw.map((c) => {
    const weight = c.value === null ? 0 : WEIGHTS[c.key] / totalWeight;
    const value = Math.round(Math.max(0, Math.min(100, c.value ?? 0)) * 10) / 10;
    return {
      key: c.key,
      label: LABELS[c.key],
      weight: Math.round(weight * 10_000) / 10_000,
      value,
      points: Math.round(weight * value * 100) / 100,
      explanation: c.explanation,
    };
  });
}

function keywordCoverage(required: RequirementMatch[]): number {
  const keywords = required.filter((m) => m.requirement.kind === "skill");
  if (keywords.length === 0) return share(required);
  return keywords.filter((m) => m.status === "matched").length / keywords.length;
}

function scaleTo(components: TScoreComponent[], cap: number): void {
  const total = components.reduce((sum, c) => sum + c.points, 0);
  if (total <= 0) return;
  for (const c of components) c.points = Math.round(((c.points * cap) / total) * 100) / 100;
}

function titleFitValue(jobTitle: string, titles: string[]): number {
  // The most recent role counts most; any earlier matching role still helps.
  const [latest = 0, ...rest] = titles.map((t) => titleSimilarity(jobTitle, t));
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

function skillLevel(
  m: RequirementMatch,
  index: ResumeIndex,
  experience: ExperienceFit,
): TMatchedSkill["level"] {
  const occurrences = m.requirement.skillId ? (index.skills.get(m.requirement.skillId) ?? []) : [];
  const entries = new Set(occurrences.map((o) => o.entry).filter((e): e is number => e !== null));
  if (m.lineIndex !== null && index.entryOfLine[m.lineIndex] !== null)
    entries.add(index.entryOfLine[m.lineIndex] as number);
  const months = [...entries].reduce((sum, e) => {
    const entry = index.resume.experience[e];
    return (
      sum +
      (entry?.startMonth !== null && entry?.endMonth !== null && entry
        ? entry.endMonth - entry.startMonth
        : 0)
    );
  }, 0);
  if (entries.size >= 2 || months >= 36) return "Advanced";
  if (entries.size === 1) return "Intermediate";
  return experience.relevance.length === 0 ? "Basic" : "Basic";
}

function jobRequirementRows(
  job: ReturnType<typeof parseJobDescription>,
  matches: RequirementMatch[],
  experience: ExperienceFit,
  index: ResumeIndex,
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
    const related = matches.filter((m) => m.requirement.lines.includes(line));
    let status: TJobRequirement["status"];
    let evidence = null;
    let matching: string;
    if (job.yearsText === line.text && experience.stated) {
      status =
        experience.relevantYears + 0.5 >= experience.requiredYears
          ? "matched"
          : experience.relevantYears > 0
            ? "partial"
            : "missing";
      matching = `${experience.relevantYears} relevant years of ${experience.resumeYears} in total`;
    } else if (related.length === 0) {
      continue;
    } else {
      const credit = related.reduce((sum, m) => sum + m.credit, 0) / related.length;
      status = credit >= 0.85 ? "matched" : credit > 0 ? "partial" : "missing";
      const best = [...related].sort((a, b) => b.credit - a.credit)[0];
      evidence = best?.evidence ?? null;
      const role = roleOf(best?.lineIndex ?? null);
      matching =
        status === "missing"
          ? `Not found in your resume: ${related.map((m) => m.requirement.name).join(", ")}`
          : `${role ? `${role}: ` : ""}${evidence?.text ?? ""}`.trim();
    }
    rows.push({
      requirement: line.text,
      fulfilled: status === "matched",
      matchingExperience: matching,
      priority: line.priority,
      status,
      evidence,
    });
    if (rows.length >= 20) break;
  }
  return rows;
}

function marketSuggestions(
  matches: RequirementMatch[],
  experience: ExperienceFit,
  jobTitle: string | null,
  occupationTitle: string | null,
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
  if (occupationTitle && jobTitle && occupationTitle.toLowerCase() !== jobTitle.toLowerCase()) {
    suggestions.push(
      `This posting maps to the O*NET occupation '${occupationTitle}'; use its common wording in your summary and titles.`,
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
): { warnings: string[]; resumeUnusable: boolean } {
  const warnings: string[] = [];
  let resumeUnusable = false;
  const words = input.resumeText.trim().split(/\s+/).filter(Boolean);
  if (words.length < 40) {
    warnings.push(
      "The resume text is too short to analyze properly. Upload the full resume or paste all of its text.",
    );
    return { warnings, resumeUnusable: true };
  }
  const known =
    words.filter((w) => /^[\p{L}][\p{L}'’-]*[.,;:]?$/u.test(w) && /[aeiouy]/i.test(w) && w.length <= 20)
      .length / words.length;
  const structured = index.resume.experience.length > 0 || index.resume.sectionOf.some((s) => s !== "header");
  if (!structured && (known < 0.6 || index.skills.size === 0)) {
    warnings.push("This text does not look like a resume: no sections, dated roles or skills were found.");
    resumeUnusable = true;
  }
  if (input.jobDescription.trim().split(/\s+/).length < 25) {
    warnings.push("The job description is very short; the analysis can only be as specific as the posting.");
  }
  return { warnings, resumeUnusable };
}

function scoreCap(index: ResumeIndex): number {
  const words = index.resume.lines.join(" ").split(/\s+/).filter(Boolean).length;
  return words < 40 ? 5 : 20;
}
