import { type SideRequirement, segmentLine, type TAnalysisResult } from "@resumelens/contract";

/*
 * What the web's side-by-side view adds to the shared model (`@resumelens/contract`,
 * side-by-side.ts, which pairs requirements with posting and resume lines and gives each line its
 * status): the line cutter the components call, and the advice a missing requirement opens.
 */

/**
 * The cutter the line components call: an object's method so a test can count the cuts (one per
 * line render) with `vi.spyOn(lineText, "segment")`.
 */
export const lineText = { segment: segmentLine };

/** Word-boundary, case-insensitive "does this text name the skill" (plain index searches, no regex). */
export function names(text: string, skill: string): boolean {
  const haystack = text.toLowerCase();
  const needle = skill.trim().toLowerCase();
  if (!needle) return false;
  const isWordChar = (c: string | undefined) => c !== undefined && /[a-z0-9+#]/.test(c);
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    if (!isWordChar(haystack[at - 1]) && !isWordChar(haystack[at + needle.length])) return true;
    from = at + 1;
  }
}

export type Advice =
  | { source: "recommendation"; title: string; text: string }
  | { source: "analysis"; text: string };

/**
 * What to do about a missing requirement: the recommendation that names it when there is one,
 * else a short how-to from what the analysis knows (its priority and the posting's words). Never
 * says the resume shows it.
 */
export function adviceFor(
  requirement: SideRequirement,
  result: TAnalysisResult,
  postingText: string | null,
): Advice {
  // The recommendation about this requirement: one whose title names it, or whose description quotes
  // it as the whole posting line it is. (A quoted line that merely contains it, "PCI-DSS and SOC 2",
  // is another requirement's advice: SOC 2 must not open "Show PCI DSS".)
  const recommendation =
    result.recommendations.find((r) => names(r.title, requirement.label)) ??
    result.recommendations.find((r) => r.description.includes(`"${requirement.label}"`));
  if (recommendation) {
    return { source: "recommendation", title: recommendation.title, text: recommendation.description };
  }
  const weight =
    requirement.priority === "Required"
      ? "The posting lists it as required, so an applicant tracking system and a recruiter will look for it."
      : "The posting lists it as a plus: not a deal-breaker, but it helps you stand out.";
  const asked = postingText ? ` The posting says: "${postingText}".` : "";
  return {
    source: "analysis",
    text:
      `Your resume does not show "${requirement.label}". ${weight}${asked} If you have it, add it in the ` +
      "posting's words to the role where you used it, in a bullet that says what you did and what came of " +
      "it. If you don't, leave it out and say in your cover letter how you would close the gap.",
  };
}
