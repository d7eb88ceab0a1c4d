import type { TAnalysisResult, TOmitted } from "./analysis.ts";

/*
 * How many of the job's skills the resume shows, counted once for the whole results screen: the
 * Skills Match card and the Skills Analysis tab read these numbers, so where they name the same
 * thing they say the same number. A skill is matched when the engine put it in
 * `skillsMatch.matched` (named in the resume, or something the engine counts as the same: a
 * related match), else it is missing; "required" is the posting's priority.
 */

export type SkillTally = { matched: number; missing: number; total: number };

export type SkillCounts = {
  /** Every skill the job asks for, required or preferred. */
  all: SkillTally;
  /** The skills the posting requires (the Skills Match card: matched/total required skills). */
  required: SkillTally;
  preferred: SkillTally;
};

const tally = (matched: number, missing: number): SkillTally => ({
  matched,
  missing,
  total: matched + missing,
});

/**
 * The job's skills the resume shows and does not, in all and by priority. `omitted` (the
 * analysis's, engine 2.9.1+) adds the skills a capped list left out, so the counts stay whole.
 */
export function skillCounts(skillsMatch: TAnalysisResult["skillsMatch"], omitted?: TOmitted): SkillCounts {
  const required = (list: readonly { priority: string }[]) =>
    list.filter((s) => s.priority === "Required").length;
  const matchedRequired = required(skillsMatch.matched) + (omitted?.matchedRequired ?? 0);
  const missingRequired = required(skillsMatch.missing) + (omitted?.missingRequired ?? 0);
  const matched =
    skillsMatch.matched.length + (omitted?.matchedRequired ?? 0) + (omitted?.matchedPreferred ?? 0);
  const missing =
    skillsMatch.missing.length + (omitted?.missingRequired ?? 0) + (omitted?.missingPreferred ?? 0);
  return {
    all: tally(matched, missing),
    required: tally(matchedRequired, missingRequired),
    preferred: tally(matched - matchedRequired, missing - missingRequired),
  };
}

/** "1 skill", "16 skills". */
export const skillsWord = (count: number) => `${count} ${count === 1 ? "skill" : "skills"}`;
