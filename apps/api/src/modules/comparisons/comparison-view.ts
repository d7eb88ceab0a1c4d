import type { TAnalysisResult, TComparison, TComparisonRow } from "@resumelens/contract";

/*
 * What /compare/:id shows (docs/product.md#multi-posting), computed from the comparison's stored
 * analyses each time it is read, so a deleted analysis simply leaves the table. Pure: no I/O.
 */

/** One posting's stored analysis, as the comparison reads it. */
export type ComparedAnalysis = {
  id: number;
  jobDescription: string;
  /** The posting's title as the engine reads it (analyses/posting-title.ts), or null. */
  jobTitle: string | null;
  result: Pick<TAnalysisResult, "overallScore" | "skillsMatch">;
};

/** Missing requirements a row names: the most important few, so the table stays readable. */
export const TOP_MISSING = 3;
/** Characters of a posting's first line shown when it has no recognisable title. */
export const EXCERPT_CHARS = 120;

/** The ranked rows and the requirements the postings share. */
export function compareAnalyses(analyses: readonly ComparedAnalysis[]): Pick<TComparison, "rows" | "shared"> {
  const ranked = [...analyses].sort((a, b) => b.result.overallScore - a.result.overallScore || a.id - b.id);
  return { rows: ranked.map(rowOf), shared: sharedRequirements(ranked) };
}

function rowOf(analysis: ComparedAnalysis): TComparisonRow {
  return {
    analysisId: analysis.id,
    jobTitle: analysis.jobTitle,
    excerpt: excerptOf(analysis.jobDescription),
    overallScore: analysis.result.overallScore,
    topMissing: topMissing(analysis.result.skillsMatch.missing),
  };
}

/** The posting's first non-blank line, cut at a word near EXCERPT_CHARS. */
export function excerptOf(jobDescription: string): string {
  const first =
    jobDescription
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim())
      .find((line) => line !== "") ?? "";
  if (first.length <= EXCERPT_CHARS) return first;
  const cut = first.slice(0, EXCERPT_CHARS);
  const space = cut.lastIndexOf(" ");
  return `${(space > EXCERPT_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The posting's most important requirements the resume does not show: Required before Preferred,
 * in the engine's order within each (the order the posting asks for them), each named once.
 */
export function topMissing(missing: TAnalysisResult["skillsMatch"]["missing"]): string[] {
  const ordered = [
    ...missing.filter((skill) => skill.priority === "Required"),
    ...missing.filter((skill) => skill.priority !== "Required"),
  ];
  const seen = new Set<string>();
  const names: string[] = [];
  for (const { skill } of ordered) {
    const key = skill.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(skill);
    if (names.length === TOP_MISSING) break;
  }
  return names;
}

/**
 * Requirements (skill names, compared without case) that at least two postings ask for, most
 * shared first (then by name). `met` only when the resume shows it outright in every posting that
 * asks: a match through a related skill is partial credit in the analysis, not proof here.
 */
export function sharedRequirements(analyses: readonly ComparedAnalysis[]): TComparison["shared"] {
  const byKey = new Map<string, { requirement: string; analysisIds: number[]; met: boolean }>();
  for (const analysis of analyses) {
    const asked = new Map<string, { name: string; shown: boolean }>();
    for (const skill of analysis.result.skillsMatch.matched) {
      const key = skill.skill.toLowerCase();
      const shown = skill.match === "exact" || asked.get(key)?.shown === true;
      asked.set(key, { name: skill.skill, shown });
    }
    for (const skill of analysis.result.skillsMatch.missing) {
      const key = skill.skill.toLowerCase();
      if (!asked.has(key)) asked.set(key, { name: skill.skill, shown: false });
    }
    for (const [key, { name, shown }] of asked) {
      const entry = byKey.get(key);
      if (entry) {
        entry.analysisIds.push(analysis.id);
        entry.met &&= shown;
      } else {
        byKey.set(key, { requirement: name, analysisIds: [analysis.id], met: shown });
      }
    }
  }
  return [...byKey.values()]
    .filter((entry) => entry.analysisIds.length >= 2)
    .sort(
      (a, b) =>
        b.analysisIds.length - a.analysisIds.length ||
        a.requirement.localeCompare(b.requirement, "en", { sensitivity: "base" }),
    );
}
