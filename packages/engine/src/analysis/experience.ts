import type { TAnalysisResult } from "@resumelens/contract";
import type { ParsedJob } from "../job/parse-job.ts";
import { formatDuration, unionMonths } from "../resume/dates.ts";
import type { ExperienceEntry } from "../resume/parse-resume.ts";
import { stem } from "../text/stem.ts";
import type { RequirementMatch } from "./requirements.ts";
import type { ResumeIndex } from "./resume-index.ts";

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
  /** Job skills each role shows, by entry index. */
  skillsByEntry: string[][];
  /** 0..100 */
  value: number;
};

const round1 = (n: number) => Math.round(n * 10) / 10;

const SENIORITY_WORDS = new Set([
  "senior",
  "sr",
  "junior",
  "jr",
  "lead",
  "staff",
  "principal",
  "head",
  "chief",
  "i",
  "ii",
  "iii",
  "iv",
  "associate",
  "entry",
  "level",
  "mid",
]);

/** Content stems of a job title, seniority words aside: "Senior Software Engineer" -> software, engin. */
export function titleStems(title: string): string[] {
  return (title.toLowerCase().match(/[a-z]+/g) ?? [])
    .filter(
      (w) =>
        !SENIORITY_WORDS.has(w) && w.length > 1 && !["and", "of", "the", "for", "in", "at", "to"].includes(w),
    )
    .map((w) => stem(w));
}

/** How alike two job titles are, 0..1 (the last word, the role's noun, counts double). */
export function titleSimilarity(a: string, b: string): number {
  const x = titleStems(a);
  const y = titleStems(b);
  if (x.length === 0 || y.length === 0) return 0;
  const ys = new Set(y);
  const xs = new Set(x);
  const shared = x.filter((s) => ys.has(s)).length;
  const headX = x[x.length - 1];
  const headY = y[y.length - 1];
  const headBonus = headX && headY && headX === headY ? 1 : 0;
  const union = new Set([...xs, ...ys]).size;
  return Math.min(1, (shared + headBonus) / (union + 1));
}

/**
 * Years of experience (dated roles in the experience section, overlaps counted once), how many
 * of them are relevant to the job, and the spec's assessment against the years the job asks for.
 */
export function assessExperience(
  index: ResumeIndex,
  job: ParsedJob,
  matches: RequirementMatch[],
): ExperienceFit {
  const entries = index.resume.experience;
  const jobSkillIds = new Set(
    matches.filter((m) => m.requirement.skillId).map((m) => m.requirement.skillId as string),
  );
  const requiredSkillCount = Math.max(
    1,
    matches.filter(
      (m) =>
        m.requirement.kind === "skill" &&
        m.requirement.category !== "soft" &&
        m.requirement.priority === "Required",
    ).length,
  );

  const skillsByEntry: string[][] = entries.map(() => []);
  // Relevance rests on named skills: soft wording ("communication") fits almost any role.
  for (const m of matches) {
    if (
      m.status === "missing" ||
      m.lineIndex === null ||
      m.requirement.kind !== "skill" ||
      m.requirement.category === "soft"
    )
      continue;
    const e = index.entryOfLine[m.lineIndex];
    if (e !== null && e !== undefined) skillsByEntry[e]?.push(m.requirement.name);
  }
  // Skills used in a role count even when the best evidence line for them is elsewhere.
  for (const id of jobSkillIds) {
    for (const occurrence of index.skills.get(id) ?? []) {
      if (occurrence.entry === null) continue;
      const name = matches.find((m) => m.requirement.skillId === id)?.requirement.name;
      const list = skillsByEntry[occurrence.entry];
      if (name && list && !list.includes(name)) list.push(name);
    }
  }

  const relevance: Relevance[] = entries.map((entry, e) => {
    const skillShare = (skillsByEntry[e]?.length ?? 0) / requiredSkillCount;
    const titleFit = job.title && entry.title ? titleSimilarity(job.title, entry.title) : 0;
    const score = Math.max(skillShare, titleFit);
    if (score >= 0.34 || (titleFit >= 0.3 && skillShare >= 0.1)) return "High";
    if (score >= 0.12 || (skillsByEntry[e]?.length ?? 0) >= 2) return "Medium";
    return "Low";
  });

  const work = entries
    .map((entry, e) => ({ entry, e }))
    .filter(
      ({ entry }) => entry.section === "experience" && entry.startMonth !== null && entry.endMonth !== null,
    );
  const ranges = (list: { entry: ExperienceEntry }[]) =>
    list.map(({ entry }) => ({ start: entry.startMonth as number, end: entry.endMonth as number }));
  const totalMonths = unionMonths(ranges(work));
  const relevantMonths = unionMonths(ranges(work.filter(({ e }) => relevance[e] !== "Low")));
  const resumeYears = round1(totalMonths / 12);
  const relevantYears = round1(relevantMonths / 12);
  const stated = job.yearsRequired !== null;
  const requiredYears = job.yearsRequired ?? 0;

  let assessment: ExperienceFit["assessment"] = "Cannot determine";
  if (stated && work.length > 0) {
    // Relevant years decide, with half a year of slack for how dates are written.
    if (relevantYears + 0.5 < requiredYears) assessment = "Under-qualified";
    else if (relevantYears >= Math.max(requiredYears * 2 + 4, requiredYears + 8))
      assessment = "Over-qualified";
    else assessment = "Well-matched";
  }

  let value: number;
  if (work.length === 0) value = 0;
  else if (stated && requiredYears > 0) {
    const fit = Math.min(1, relevantYears / requiredYears);
    // Mostly the fit with the ask; a small part keeps growing with relevant years so more real
    // experience always counts, and over-qualification costs a little.
    value = 80 * fit ** 1.5 + 20 * Math.min(1, relevantYears / (requiredYears + 6));
    if (assessment === "Over-qualified") value -= 10;
  } else {
    value = 55 + 45 * Math.min(1, relevantYears / 8);
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
    skillsByEntry,
    value: Math.max(0, Math.min(100, value)),
  };
}

/** The spec's experience sources: each role with its relevance, duration and the job skills it shows. */
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
