/**
 * What one requirement of a posting is (a named skill, alternatives, a concept, a phrase, a
 * credential code, an experience ask), how much it weighs, and how one is made from a taxonomy
 * skill or an experience ask, named in the posting's own words.
 */
import type { TSkillCategory } from "@resumelens/contract";
import type { Skill } from "../data/types.ts";
import type { ExperienceAsk, Priority, RequirementLine } from "../job/parse-job.ts";
import { type Concept, conceptOfName } from "../skills/concepts.ts";
import { CREDIT } from "./credits.ts";
import { displayName } from "./phrases.ts";

/** The kinds of requirement a posting line can hold. */
export type RequirementKind = "skill" | "alternatives" | "concept" | "phrase" | "credential" | "experience";

/** One thing the posting asks for, with the lines that ask for it. */
export type Requirement = {
  key: string;
  /** Display name: the posting's own words for it. */
  name: string;
  kind: RequirementKind;
  category: TSkillCategory;
  priority: Priority;
  /** How much it counts within its priority group. */
  weight: number;
  skillId?: string;
  /** For "alternatives": the skills any one of which satisfies it. */
  members?: Requirement[];
  concept?: Concept;
  /** Content-word stems of a free phrase. */
  stems?: readonly string[];
  /** Stems of other names that meet a phrase as well (the "(SCCM)" after "System Center Configuration Manager"). */
  also?: readonly (readonly string[])[];
  /** For "credential": the code as written ("Part 135"). */
  literal?: string;
  /** For "experience": the years (or hours) and the field asked. */
  ask?: ExperienceAsk;
  /** Named in the explanation after a label ("User research: interviews and usability testing"):
   *  asked for, but the line's status rests on its label. */
  fromDetail?: true;
  /** The posting lines that ask for it. */
  lines: RequirementLine[];
};

/** How much each kind of requirement counts within its priority group (values and reasons: credits.ts). */
export const REQUIREMENT_WEIGHT = {
  skill: CREDIT.weightSkill,
  softSkill: CREDIT.weightSoftSkill,
  alternatives: CREDIT.weightAlternatives,
  concept: CREDIT.weightConcept,
  phrase: CREDIT.weightPhrase,
  credential: CREDIT.weightCredential,
  experience: CREDIT.weightExperience,
} as const;

const CATEGORY: Record<Skill["category"], TSkillCategory> = {
  hard: "hard",
  tool: "tool",
  soft: "soft",
  language: "language",
  certification: "certification",
};

/** A taxonomy skill asked for with `priority`, in the posting's words (`surface`). */
export function skillRequirement(
  skill: Skill,
  surface: string,
  priority: Priority,
): Omit<Requirement, "lines"> {
  // A soft skill that is one of the concepts ("Time management") is asked for as that concept,
  // so the two wordings are one requirement, matched the same way.
  const concept = skill.category === "soft" ? conceptOfName(skill.name) : undefined;
  if (concept)
    return {
      key: `concept:${concept.id}`,
      name: displayName(skill.name, surface).toLowerCase(),
      kind: "concept",
      category: "phrase",
      priority,
      weight: REQUIREMENT_WEIGHT.concept,
      concept,
    };
  return {
    key: `skill:${skill.id}`,
    name: displayName(skill.name, surface),
    kind: "skill",
    category: CATEGORY[skill.category],
    priority,
    weight: skill.category === "soft" ? REQUIREMENT_WEIGHT.softSkill : REQUIREMENT_WEIGHT.skill,
    skillId: skill.id,
  };
}

/** An experience ask as the report names it: "5+ years as a Welder", "2,000 hours of experience". */
export function askName(ask: ExperienceAsk): string {
  if (ask.hours !== null) return `${ask.hours.toLocaleString("en-US")} hours of experience`;
  // "as a Welder" for a role, "in payroll" for a field.
  const field = ask.field ? ` ${/^[A-Z]/.test(ask.field) ? "as" : "in"} ${ask.field}` : "";
  if (ask.years <= 0) return `Experience${field}`;
  return `${ask.years}+ year${ask.years === 1 ? "" : "s"}${field || " of experience"}`;
}
