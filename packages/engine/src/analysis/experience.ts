import type { TAnalysisResult } from "@resumelens/contract";
import type { ParsedJob } from "../job/parse-job.ts";
import { formatDuration, unionMonths } from "../resume/dates.ts";
import { CREDIT } from "./credits.ts";
import { isListLine } from "./evidence.ts";
import { type OccupationIndex, occupationAffinity, occupationForTitle } from "./market.ts";
import { type RequirementMatch, rolesForField } from "./match.ts";
import type { ResumeIndex } from "./resume-index.ts";
import { titleSimilarity } from "./title-similarity.ts";

export type Relevance = "High" | "Medium" | "Low";

export type ExperienceFit = {
  totalMonths: number;
  relevantMonths: number;
  resumeYears: number;
  relevantYears: number;
  requiredYears: number;
  stated: boolean;
  assessment: TAnalysisResult["experienceComparison"]["assessment"];
  relevance: Relevance[];
  /** Each role's relevance to the posting, 0..1 (title, occupation, skills shown in it). */
  relevanceScores: number[];
  /** Job skills each role shows, by entry index. */
  skillsByEntry: string[][];
  /** The candidate's seniority rank (0 intern … 5 executive), from titles and total years. */
  candidateLevel: number;
  /** 0..100 */
  value: number;
};

const round1 = (n: number) => Math.round(n * 10) / 10;

/** How a role's age discounts its months: full weight for ten years, then less (see docs/decisions). */
export const RECENCY = { fullYears: 10, halfAt: 20, floorAt: 35, floor: 0.2 } as const;

/** The weight of a month `ageYears` before now. */
export function recencyWeight(ageYears: number): number {
  const { fullYears, halfAt, floorAt, floor } = RECENCY;
  if (ageYears <= fullYears) return 1;
  if (ageYears <= halfAt) return 1 - (0.5 * (ageYears - fullYears)) / (halfAt - fullYears);
  if (ageYears <= floorAt) return 0.5 - ((0.5 - floor) * (ageYears - halfAt)) / (floorAt - halfAt);
  return floor;
}

/**
 * Relevance of a role, 0..1, and the label the results show (docs/product.md#display-values). High counts
 * whole, Medium half.
 */
const RELEVANCE_WEIGHT: Record<Relevance, number> = { High: 1, Medium: 0.5, Low: 0 };

/** Years a posting of a given seniority expects when it states none. */
const IMPLIED_YEARS: Record<NonNullable<ParsedJob["seniority"]>, number> = {
  intern: 0,
  entry: 1,
  mid: 3,
  senior: 5,
  lead: 7,
  manager: 5,
  executive: 10,
};

const SENIORITY_RANK: Record<NonNullable<ParsedJob["seniority"]>, number> = {
  intern: 0,
  entry: 1,
  mid: 2,
  senior: 3,
  lead: 4,
  manager: 4,
  executive: 5,
};

export type ExperienceInput = {
  index: ResumeIndex;
  job: ParsedJob;
  matches: RequirementMatch[];
  occupations: OccupationIndex;
  now: Date;
};

/**
 * Years of experience (dated roles in the experience section, overlaps counted once), how many
 * of them are relevant to the job (by title, occupation and the skills each role shows, recent
 * years counting most), and the displayed assessment against the years the job asks for. The
 * assessment, the gap and the relevant years all come from one number: `relevantYears`.
 */
export function assessExperience({ index, job, matches, occupations, now }: ExperienceInput): ExperienceFit {
  const entries = index.resume.experience;
  const requiredSkills = matches.filter(
    (m) =>
      (m.requirement.kind === "skill" || m.requirement.kind === "alternatives") &&
      m.requirement.category !== "soft" &&
      m.requirement.priority === "Required",
  );
  // At least three: with one or two named skills, one preferred tool ("Auditing" for a content
  // strategist) would make any role that shows it fully relevant.
  const requiredSkillCount = Math.max(3, requiredSkills.length);

  const skillsByEntry: string[][] = entries.map(() => []);
  // How many skills the role's own sentences show: a bare list inside a role
  // ("Python SQL Tableau" pasted under the last job) shows what was typed, not what the role did,
  // so it cannot make the role relevant, which would in turn vouch for the list.
  const shownByEntry: number[] = entries.map(() => 0);
  const shownAt = (line: number) => {
    const kind = index.kinds[line];
    return kind !== "list" && kind !== "copied" && !isListLine(index.resume.lines[line] ?? "");
  };
  // Relevance rests on named skills shown inside the role: soft wording fits almost any role.
  for (const m of matches) {
    if (m.status === "missing" || m.requirement.category === "soft" || m.requirement.kind === "experience")
      continue;
    if (
      m.requirement.kind !== "skill" &&
      m.requirement.kind !== "alternatives" &&
      m.requirement.kind !== "credential"
    )
      continue;
    const ids = m.requirement.skillId
      ? [m.requirement.skillId]
      : (m.requirement.members ?? []).map((r) => r.skillId);
    const seen = new Set<number>();
    const shown = new Set<number>();
    const note = (line: number, entry: number) => {
      seen.add(entry);
      if (shownAt(line)) shown.add(entry);
    };
    if (m.lineIndex !== null && index.entryOfLine[m.lineIndex] !== null)
      note(m.lineIndex, index.entryOfLine[m.lineIndex] as number);
    for (const id of ids)
      for (const o of id ? (index.skills.get(id) ?? []) : [])
        if (o.entry !== null) note(o.lineIndex, o.entry);
    // Transferable skills are the ones the analysis counts as shown: a partial (related) match is
    // listed missing on the Skills tab, so it is not named as transferable here either.
    for (const e of seen) {
      const list = skillsByEntry[e];
      if (m.status === "matched" && list && !list.includes(m.requirement.name)) list.push(m.requirement.name);
    }
    // A preferred skill shown in a role makes it relevant half as much as a required one.
    for (const e of shown)
      shownByEntry[e] = (shownByEntry[e] ?? 0) + (m.requirement.priority === "Required" ? 1 : 0.5);
  }

  const jobOccupation = occupationForTitle(occupations, job.title);
  const fields = job.experienceAsks.map((a) => a.field).filter((f): f is string => Boolean(f));
  // A role titled in the field the posting asks years of ("Site Reliability Engineer" for "SRE,
  // DevOps or infrastructure engineering") is relevant by the posting's own words. (A role whose
  // text merely mentions the field's words is not: that is what its skills measure.)
  const inField = new Set(fields.flatMap((f) => rolesForField(index, f, true)));
  const scores = entries.map((entry, e) => {
    const title = entry.title ?? "";
    const titleFit = title
      ? Math.max(
          job.title ? titleSimilarity(job.title, title) : 0,
          ...fields.map((f) => titleSimilarity(f, title)),
        )
      : 0;
    const affinity = title
      ? (occupationAffinity(jobOccupation, occupationForTitle(occupations, title)) ?? 0)
      : 0;
    const occupationFit = affinity >= 90 ? 0.9 : affinity >= 70 ? 0.55 : affinity >= 55 ? 0.25 : 0;
    const skillShare = Math.min(1, (2 * (shownByEntry[e] ?? 0)) / requiredSkillCount);
    return Math.max(
      titleFit >= 0.5 ? Math.min(1, titleFit + 0.3) : titleFit,
      occupationFit,
      skillShare,
      inField.has(e) ? 0.5 : 0,
    );
  });
  const relevance: Relevance[] = scores.map((score) =>
    score >= 0.5 ? "High" : score >= 0.25 ? "Medium" : "Low",
  );

  const work = entries
    .map((entry, e) => ({ entry, e }))
    .filter(
      ({ entry }) => entry.section === "experience" && (entry.startMonth !== null || entry.durationMonths),
    );
  const dated = work.filter(({ entry }) => entry.startMonth !== null && entry.endMonth !== null);
  const undatedMonths = work.reduce(
    (sum, { entry }) => sum + (entry.startMonth === null ? (entry.durationMonths ?? 0) : 0),
    0,
  );
  const totalMonths =
    unionMonths(
      dated.map(({ entry }) => ({ start: entry.startMonth as number, end: entry.endMonth as number })),
    ) + undatedMonths;

  // Relevant months: each calendar month counts once, at the weight of the most relevant role in
  // it, discounted by its age.
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const monthWeight = new Map<number, number>();
  for (const { entry, e } of dated) {
    const weight = RELEVANCE_WEIGHT[relevance[e] ?? "Low"];
    if (weight === 0) continue;
    for (let m = entry.startMonth as number; m < (entry.endMonth as number); m++)
      monthWeight.set(m, Math.max(monthWeight.get(m) ?? 0, weight));
  }
  let relevantMonths = 0;
  for (const [m, weight] of monthWeight) relevantMonths += weight * recencyWeight((nowMonth - m) / 12);
  for (const { entry, e } of work)
    if (entry.startMonth === null)
      relevantMonths += (entry.durationMonths ?? 0) * RELEVANCE_WEIGHT[relevance[e] ?? "Low"];

  const resumeYears = round1(totalMonths / 12);
  const relevantYears = round1(relevantMonths / 12);
  const stated = job.yearsRequired !== null;
  const requiredYears = job.yearsRequired ?? 0;
  const expected = stated ? requiredYears : IMPLIED_YEARS[job.seniority ?? "mid"];

  // The candidate's own level, from their titles and years: an intern is entry level however long ago.
  const latestTitle = entries.find((e) => e.section === "experience" && e.title)?.title ?? "";
  const candidateRank = Math.max(
    SENIORITY_RANK[seniorityOfTitle(latestTitle) ?? "entry"],
    resumeYears >= 15 ? 3 : resumeYears >= 8 ? 2 : resumeYears >= 3 ? 1 : 0,
  );
  const postingRank = job.seniority ? SENIORITY_RANK[job.seniority] : null;

  let assessment: ExperienceFit["assessment"] = "Cannot determine";
  if (stated && work.length > 0) {
    // Relevant years decide, with half a year of slack for how dates are written.
    if (relevantYears + CREDIT.experienceSlackYears < requiredYears) assessment = "Under-qualified";
    else if (
      relevantYears >= Math.max(requiredYears * 2 + 4, requiredYears + 8) ||
      (postingRank !== null &&
        postingRank <= 1 &&
        candidateRank >= 3 &&
        resumeYears >= Math.max(10, requiredYears + 8))
    )
      assessment = "Over-qualified";
    else assessment = "Well-matched";
  }

  let value: number;
  if (work.length === 0) value = 0;
  else {
    const asked = Math.max(1, expected);
    const fit = Math.min(1, relevantYears / asked);
    // Mostly the fit with the ask; a small part keeps growing with relevant years so more real
    // experience always counts (over-qualification is reported, not subtracted).
    value = 80 * fit ** 1.5 + 20 * Math.min(1, relevantYears / (asked + 6));
  }

  return {
    totalMonths,
    relevantMonths,
    resumeYears,
    relevantYears,
    requiredYears,
    stated,
    assessment,
    relevance,
    relevanceScores: scores,
    skillsByEntry,
    candidateLevel: candidateRank,
    value: Math.max(0, Math.min(100, value)),
  };
}

function seniorityOfTitle(title: string): NonNullable<ParsedJob["seniority"]> | null {
  const t = title.toLowerCase();
  if (/\b(intern|internship|trainee|student|apprentice)\b/.test(t)) return "intern";
  if (/\b(chief|vp|vice president|head of|c[teo]o|president|founder|owner)\b/.test(t)) return "executive";
  if (/\b(director|manager)\b/.test(t)) return "manager";
  if (/\b(lead|staff|principal|architect)\b/.test(t)) return "lead";
  if (/\b(senior|sr\.?)\b/.test(t)) return "senior";
  if (/\b(junior|jr\.?|assistant|associate)\b/.test(t)) return "entry";
  return null;
}

/**
 * The experience sources (docs/product.md#analysis-results): each role with its relevance, duration and the
 * job skills it shows.
 */
export function experienceSources(index: ResumeIndex, fit: ExperienceFit) {
  return index.resume.experience.map((entry, e) => ({
    role: [entry.title, entry.company].filter(Boolean).join(" at ") || entry.dates || "Untitled role",
    relevance: fit.relevance[e] ?? "Low",
    duration:
      entry.startMonth !== null && entry.endMonth !== null
        ? formatDuration(entry.endMonth - entry.startMonth)
        : "Dates not given",
    transferableSkills: fit.skillsByEntry[e] ?? [],
  }));
}
