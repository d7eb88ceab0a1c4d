// What the user's resume and latest analysis show: the skills, names and text a roadmap reads
// to say what is already there and what is missing.
import { engineData } from "../analysis/analyze.ts";
import { indexResume } from "../analysis/resume-index.ts";
import { lookupSurfaceForm } from "../data/index.ts";
import { parseResume } from "../resume/parse-resume.ts";
import type { CareerPathInput } from "./types.ts";

const parsedResumes = new WeakMap<CareerPathInput, ReturnType<typeof parseResume>>();

/** The input's resume, parsed once per input (a path reads it for evidence, title, years and education). */
export function resumeOf(input: CareerPathInput): ReturnType<typeof parseResume> | null {
  if (!input.resumeText) return null;
  let resume = parsedResumes.get(input);
  if (!resume) {
    resume = parseResume(input.resumeText, input.now ? { now: input.now } : {});
    parsedResumes.set(input, resume);
  }
  return resume;
}

/** What the user shows: taxonomy skill ids, skill names, skills the analysis found missing, and the resume text. */
export type Evidence = { skillIds: Set<string>; names: Set<string>; missing: Set<string>; text: string };

/** The evidence of the input's analysis, resume and known skills; null when it has none of them. */
export function collectEvidence(input: CareerPathInput): Evidence | null {
  const { analysis, resumeText } = input;
  if (!analysis && !resumeText && !input.resumeSkills?.length) return null;
  const skillIds = new Set<string>();
  const names = new Set<string>();
  const missing = new Set<string>();
  for (const m of analysis?.skillsMatch.matched ?? []) {
    names.add(m.skill.toLowerCase());
    const skill = lookupSurfaceForm(m.skill);
    if (skill) skillIds.add(skill.id);
  }
  for (const m of analysis?.skillsMatch.missing ?? []) missing.add(m.skill.toLowerCase());
  for (const s of input.resumeSkills ?? []) {
    names.add(s.toLowerCase());
    const skill = lookupSurfaceForm(s);
    if (skill) skillIds.add(skill.id);
  }
  if (resumeText) {
    const resume = resumeOf(input) ?? parseResume(resumeText, input.now ? { now: input.now } : {});
    for (const id of indexResume(resume, engineData().taxonomy).skills.keys()) skillIds.add(id);
  }
  return { skillIds, names, missing, text: resumeText ?? "" };
}
