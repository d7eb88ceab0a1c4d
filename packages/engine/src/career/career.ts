// Career paths: a roadmap to a target role built from O*NET (Job Zones, technologies, skill
// importance, related occupations), BLS OEWS wage percentiles and curated certifications, and
// personalised from the user's latest analysis and resume when there is one. Pure: no I/O, no
// clock (parsing the resume takes `now`).
//
// This file puts a path together; its parts live beside it: target roles and their search
// (career-roles.ts), the data file and skill ratings (career-data.ts), tools (career-tools.ts),
// what the resume shows (career-evidence.ts), skill gaps (career-gaps.ts), salaries and the next
// step (career-salary.ts), the move and its timeline (career-timeline.ts).
import type { TCareerPath } from "@resumelens/contract";
import type { Occupation } from "../data/types.ts";
import { careers, coreSkills, distinctiveness, ratedSkills, zoneOf } from "./career-data.ts";
import { formatYears } from "./career-education.ts";
import { collectEvidence, type Evidence } from "./career-evidence.ts";
import { skillGaps } from "./career-gaps.ts";
import { occupationMaps, type Resolved, resolveCareerRole, roleTitle } from "./career-roles.ts";
import { nextOccupation, SALARY_SOURCE, salaryRows } from "./career-salary.ts";
import { currentLevelOf, firstSentence, moveOf, moveTimeline, moveYears } from "./career-timeline.ts";
import { toolLabels, toolsOf } from "./career-tools.ts";
import type { CareerCertification, CareerPathInput } from "./types.ts";

export type { CareerPathInput } from "./types.ts";

/** Per Job Zone: the four phases' typical durations, from O*NET's preparation descriptions. */
const PHASE_DURATIONS: Record<number, [string, string, string, string]> = {
  1: ["0–3 months", "3–6 months", "6–12 months", "1–2 years"],
  2: ["0–6 months", "6–12 months", "1–2 years", "2–4 years"],
  3: ["0–1 year", "1–2 years", "2–4 years", "4+ years"],
  4: ["0–1 year", "1–3 years", "3–5 years", "5+ years"],
  5: ["0–2 years", "2–5 years", "5–8 years", "8+ years"],
};

function certificationsFor(resolved: Resolved, evidence: Evidence | null): CareerCertification[] {
  const list =
    (resolved.alias ? careers.certifications[resolved.slug] : undefined) ??
    careers.certifications[resolved.occupation.code] ??
    [];
  const text = evidence?.text.toLowerCase() ?? "";
  return list
    .filter((c) => {
      if (!text) return true;
      // Already held: the resume names it or its acronym ("PMP", "CompTIA Security+").
      const acronym = /\(([A-Za-z0-9+-]{2,12})\)/.exec(c.name)?.[1]?.toLowerCase();
      return !(
        text.includes(c.name.toLowerCase()) ||
        (acronym && new RegExp(`(^|[^a-z0-9])${acronym.replace(/[+]/g, "\\+")}([^a-z0-9]|$)`).test(text))
      );
    })
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.relevance - a.c.relevance || a.i - b.i)
    .map(({ c }) => ({ ...c }));
}

/**
 * The career path to `role`, or null when no occupation has that slug. Personalised (current
 * level, skill gaps, certifications already held) when an analysis or resume is given.
 */
export function careerPath(input: CareerPathInput): TCareerPath | null {
  const resolved = resolveCareerRole(input.role);
  if (!resolved) return null;
  const { occupation } = resolved;
  const { zone, ref } = zoneOf(occupation);
  const evidence = collectEvidence(input);
  const personalised = evidence !== null;
  const tech = toolLabels(occupation.code);
  const techMembers = new Set(toolsOf(occupation.code).flatMap((t) => t.members));
  const skills = ratedSkills(occupation).map((s) => s.name);
  const tasks = occupation.tasks ?? [];
  const next = nextOccupation(occupation);
  const durations = PHASE_DURATIONS[zone] ?? PHASE_DURATIONS[3] ?? ["", "", "", ""];
  const gaps = skillGaps(occupation, evidence, moveYears(input));
  const certifications = certificationsFor(resolved, evidence);
  const targetRole = resolved.alias ? roleTitle(resolved.slug) : occupation.title;

  // The next role's own tools: not the target's, and not office-wide ones every field uses.
  const nextTech = next
    ? toolsOf(next.code)
        .filter((t) => !t.generic && !t.members.some((m) => techMembers.has(m)))
        .map((t) => t.label)
    : [];
  // The next role's characteristic skills, not the ones every occupation asks for (listening).
  const nextSkills = next
    ? coreSkills(next)
        .filter((sk) => distinctiveness(sk.name, sk.importance) >= 1)
        .map((sk) => sk.name)
    : [];
  const highGaps = gaps.filter((g) => g.priority === "high").map((g) => g.skill);
  const list = (items: (string | undefined)[]) => items.filter((s): s is string => !!s);
  const join = (items: string[]) =>
    items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

  const move = moveOf(input, occupation);
  const core = coreSkills(occupation).map((sk) => sk.name);
  // A known move, or a resume whose education falls short of the target's (even when its job
  // titles name no occupation): the route from where the person is.
  const routed = personalised && (move.distance !== null || move.education.programme !== null);
  const timeline: TCareerPath["timeline"] = routed
    ? moveTimeline({
        move,
        distance: move.distance,
        target: occupation,
        targetRole,
        ref,
        tech,
        core,
        highGaps,
        tasks,
        next,
        nextTech,
        nextSkills,
        certifications,
      })
    : [
        {
          phase: "Foundation",
          duration: durations[0],
          objectives: list([
            ref ? firstSentence(ref.education) : undefined,
            personalised && highGaps.length > 0
              ? `Close your high-priority gaps first: ${join(highGaps.slice(0, 3))}.`
              : tech.length > 0
                ? `Learn the basics of ${join(tech.slice(0, 3))}.`
                : undefined,
            skills[0]
              ? `Build ${join(skills.slice(0, 2)).toLowerCase()} through coursework or practice.`
              : undefined,
          ]),
          skills:
            personalised && highGaps.length > 0
              ? highGaps.slice(0, 4)
              : [...new Set([...tech.slice(0, 3), ...skills.slice(0, 1)])],
        },
        {
          phase: "Core skills",
          duration: durations[1],
          objectives: list([ref ? firstSentence(ref.training) : undefined, tasks[0], tasks[1]]),
          skills: [...new Set([...tech.slice(3, 6), ...skills.slice(1, 3)])],
        },
        {
          phase: "Professional",
          duration: durations[2],
          objectives: list([
            ref ? firstSentence(ref.experience) : undefined,
            tasks[2],
            tasks[3],
            certifications[0] ? `Consider the ${certifications[0].name} certification.` : undefined,
          ]),
          skills: [...new Set([...tech.slice(6, 9), ...skills.slice(3, 5)])],
        },
        {
          phase: "Next role",
          duration: durations[3],
          objectives: list([
            next ? `Move toward ${next.title}, the closest related occupation in O*NET.` : undefined,
            next?.tasks?.[0],
            tech.length > 9 ? `Broaden into ${join(tech.slice(9, 12))}.` : undefined,
          ]),
          skills: [
            ...new Set([
              ...nextTech.slice(0, 3),
              ...nextSkills.filter((s) => !skills.slice(0, 5).includes(s)).slice(0, 2),
            ]),
          ],
        },
      ];
  // Without a resume the route still names the licence a credentialed occupation requires.
  const credential = careers.credentials?.[occupation.code];
  if (!routed && credential && timeline[0]) {
    timeline[0].objectives.unshift(
      `Typical route: ${credential.programme} (${formatYears(credential.years)}, estimate)${credential.licence ? `, then the ${credential.licence.name}` : ""}.`,
    );
  }

  const { byCode: codes } = occupationMaps();
  return {
    role: resolved.slug,
    occupationCode: occupation.code,
    currentLevel: currentLevelOf(personalised, move),
    targetRole,
    timeline,
    skillGaps: gaps,
    certifications,
    salaryProgression: salaryRows(occupation, next),
    salarySource: SALARY_SOURCE,
    personalised,
    nextRoles: occupation.related
      .slice(0, 5)
      .map((c) => codes.get(c))
      .filter((o): o is Occupation => !!o)
      .map((o) => ({ slug: o.slug, title: o.title })),
  };
}
