/**
 * Whether an analysis reports a skill as missing, the way a reader of the report would judge it:
 * the skill's words appear in a missing skill, a missing ATS keyword, or an unfulfilled row of the
 * requirement mapping. Words are compared lower-case after light stemming ("Procedures" and
 * "procedure" are one word); words that say nothing on their own ("knowledge of", "skills") are
 * left out, unless nothing else is left.
 */
import type { TAnalysisResult } from "@resumelens/contract";

const FILLER = new Set(
  "a an the and or of in on for to with at by as from is are be your our their its skill skills ability abilities knowledge proficiency proficient experience experienced understanding familiarity strong excellent good basic advanced".split(
    " ",
  ),
);

/** Lower-case words with a light, dictionary-free suffix strip. */
export function looseWords(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}+#]*/gu) ?? []
  ).map(lightStem);
}

function lightStem(word: string): string {
  if (word.length <= 4) return word;
  return word
    .replace(/(ies)$/, "y")
    .replace(/(sses)$/, "ss")
    .replace(/([^s])s$/, "$1")
    .replace(/(ing|ed)$/, "");
}

/** The words a skill is recognised by: its content words, or all its words when it has none. */
export function skillWords(skill: string): string[] {
  const all = (
    skill
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}+#]*/gu) ?? []
  ).filter(Boolean);
  const content = all.filter((w) => !FILLER.has(w));
  return (content.length ? content : all).map(lightStem);
}

/** Every text in which the analysis says something is missing. */
export function missingTexts(result: TAnalysisResult): string[] {
  return [
    ...result.skillsMatch.missing.map((m) => m.skill),
    ...result.atsAnalysis.keywords.missing,
    ...result.experienceComparison.jobRequirements.filter((r) => !r.fulfilled).map((r) => r.requirement),
  ];
}

/** True when every one of the skill's words appears in one missing text. */
export function reportsMissing(result: TAnalysisResult, skill: string): boolean {
  const words = skillWords(skill);
  if (words.length === 0) return false;
  return missingTexts(result).some((text) => {
    const have = new Set(looseWords(text));
    return words.every((w) => have.has(w));
  });
}
