// The move from where the person stands to the target role: its distance, the education it
// needs, the level shown, and the phases of its timeline.
import type { TCareerPath } from "@resumelens/contract";
import { experienceLevel } from "../analysis/market.ts";
import type { Occupation } from "../data/types.ts";
import { careers, ratedSkills } from "./career-data.ts";
import { type OccupationDistance, occupationDistance, occupationOfTitle } from "./career-distance.ts";
import { type EducationGap, educationGap, educationLevelOf, formatYears } from "./career-education.ts";
import { resumeOf } from "./career-evidence.ts";
import { exactTitle } from "./career-roles.ts";
import type { CareerCertification, CareerPathInput, CareerZone } from "./types.ts";

/** The first sentence of an O*NET text. */
export function firstSentence(text: string): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(text);
  return (m?.[1] ?? text).trim();
}

type Move = {
  /** The latest job title on the resume. */
  title: string | null;
  /** Its O*NET occupation, when the title names one. */
  current: Occupation | null;
  distance: OccupationDistance | null;
  education: EducationGap;
  /** Years of experience: the analysis's figure, else the resume's dated roles. */
  years: number;
};

/** Months covered by dated roles (overlaps counted once). */
function resumeYears(experience: { startMonth?: number | null; endMonth?: number | null }[]): number {
  const spans = experience
    .filter((e): e is { startMonth: number; endMonth: number } => e.startMonth != null && e.endMonth != null)
    .map((e) => [e.startMonth, Math.max(e.startMonth, e.endMonth)] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  let months = 0;
  let end = -Infinity;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    months += b - Math.max(a, end);
    end = b;
  }
  return Math.round((months / 12) * 10) / 10;
}

/** The move from the resume's latest title to `target`: its distance, education gap and years. */
export function moveOf(input: CareerPathInput, target: Occupation): Move {
  const resume = resumeOf(input);
  const title = resume?.experience.find((e) => e.title)?.title ?? null;
  const current = title ? occupationOfTitle(title, exactTitle) : null;
  const distance = current ? occupationDistance(current, target, ratedSkills) : null;
  const years =
    input.analysis?.experienceComparison.resumeYears ?? (resume ? resumeYears(resume.experience) : 0);
  const education = educationGap({
    target,
    credential: careers.credentials?.[target.code],
    held: educationLevelOf(resume?.education ?? []),
    resumeText: input.resumeText ?? "",
    sameOccupation: distance?.kind === "same",
    // Within a field, experience stands in for the Job Zone's usual degree (O*NET: "some do not").
    experienceCounts: distance === null || distance.kind === "same" || distance.kind === "near",
  });
  return { title, current, distance, education, years };
}

/** Where the person stands: their title and seniority within their own field; across fields the
 *  years count as experience, not as seniority in the target (an expert office manager starts
 *  nursing as a student). */
export function currentLevelOf(personalised: boolean, move: Move): string {
  if (!personalised) return "Entry level";
  const rounded = Math.round(move.years * 10) / 10;
  const years = `${rounded} ${rounded === 1 ? "year" : "years"}`;
  const title = move.title ? `${move.title} · ` : "";
  if (move.education.programme || move.distance?.kind === "far")
    return `${title}${years} of experience · new to this field`;
  const level = `${experienceLevel(move.years).replace(/ \(.*\)$/, "")} (${years})`;
  if (move.distance?.kind === "mid") return `${title}${level} in a neighbouring field`;
  return `${title}${level}`;
}

/** Phase durations of a move without a programme to complete, by distance. */
const MOVE_DURATIONS: Record<"same" | "near" | "mid" | "far", [string, string, string, string]> = {
  same: ["0–6 months", "6–12 months", "1–2 years", "2–3 years"],
  near: ["0–6 months", "6–12 months", "1–2 years", "2–4 years"],
  mid: ["6–12 months", "1–2 years", "2–3 years", "3–5 years"],
  far: ["6–18 months", "1–2 years", "2–4 years", "3–5 years"],
};

type Phase = TCareerPath["timeline"][number];

const MOVE_WORDS = {
  same: "You already work in this occupation",
  near: "A close move: O*NET relates your occupation to this one",
  mid: "A move within a neighbouring field",
  far: "A career change into a different field",
} as const;

/** Years of experience for the timeline: the analysis's figure, else the resume's dated roles. */
export function moveYears(input: CareerPathInput): number {
  if (input.analysis) return input.analysis.experienceComparison.resumeYears;
  return input.resumeText ? resumeYears(resumeOf(input)?.experience ?? []) : 0;
}

function joinAnd(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The phases of a known move: short for a close move; for a far one the programme and licence
 *  the target needs, then a first role, each with its own duration. */
export function moveTimeline(o: {
  move: Move;
  distance: OccupationDistance | null;
  target: Occupation;
  targetRole: string;
  ref: CareerZone | undefined;
  tech: string[];
  core: string[];
  highGaps: string[];
  tasks: string[];
  next: Occupation | null;
  nextTech: string[];
  nextSkills: string[];
  certifications: CareerCertification[];
}): Phase[] {
  const { move, distance, target, targetRole, tech, core, highGaps, tasks, next } = o;
  const { education } = move;
  const from =
    move.title && move.current && move.current.title !== move.title
      ? `${move.title}, O*NET ${move.current.title}`
      : (move.current?.title ?? move.title ?? "your current role");
  const kind = education.programme && distance?.kind !== "same" ? "far" : (distance?.kind ?? "near");
  const start = distance
    ? `${MOVE_WORDS[distance.kind]} (from ${from})`
    : "From the education on your resume (its job titles name no occupation we can place)";
  const durations = MOVE_DURATIONS[kind];
  const list = (items: (string | undefined | false)[]) => items.filter((x): x is string => !!x);
  const uniq = (items: string[]) => [...new Set(items)];
  const phases: Phase[] = [];
  // The first certification that is not the licence itself ("NCLEX-RN licensure examination").
  const licenceWord = education.licence?.name.split(" ")[0]?.toLowerCase() ?? "\u0000";
  const nextCertification = o.certifications.find((c) => !c.name.toLowerCase().includes(licenceWord));
  const gapsFirst =
    highGaps.length > 0 ? highGaps.slice(0, 4) : uniq([...tech.slice(0, 2), ...core.slice(0, 2)]);

  if (education.programme) {
    // Preparing (a quarter to a year), the programme, then the licence exam (about a quarter).
    const licence = education.licence ? 0.25 : 0;
    const total: [number, number] = [
      Math.max(1, Math.round(education.years[0] + 0.25 + licence)),
      Math.ceil(education.years[1] + 1 + licence),
    ];
    phases.push({
      phase: "Prepare and apply",
      duration: "3–12 months",
      objectives: list([
        `${start}: expect about ${formatYears(total)} before you work as ${article(targetRole)} ${targetRole}.`,
        `Take the programme's admission prerequisites and apply: ${education.programme}.`,
        `Shadow or volunteer alongside people who work as ${targetRole.toLowerCase()}s to confirm the move.`,
      ]),
      // The programme builds the occupation's skills; before it, admission is the work.
      skills: [],
    });
    phases.push({
      phase: `Education: ${education.short ?? education.programme}`,
      duration: `${formatYears(education.years)}`,
      objectives: list([
        education.curated
          ? `The usual route: ${education.programme} (estimate; state requirements vary).`
          : `O*NET Job Zone ${target.jobZone ?? 3}: ${o.ref ? firstSentence(o.ref.education) : "most entrants have this education."}`,
        tasks[0] ? `Practise the core work: ${lowerFirst(tasks[0])}` : undefined,
        tasks[1],
      ]),
      skills: uniq(core.slice(0, 5)),
    });
    if (education.licence) {
      phases.push({
        phase: `Licensure: ${education.licence.name}`,
        duration: education.licence.time,
        objectives: [
          `Pass the ${education.licence.name} (${education.licence.body}); you cannot practise without it.`,
        ],
        skills: [education.licence.name],
      });
    }
    phases.push({
      phase: `First role as ${targetRole}`,
      duration: "1–2 years",
      objectives: list([
        o.ref ? firstSentence(o.ref.training) : undefined,
        tasks[2],
        tasks[3],
        nextCertification ? `Then consider the ${nextCertification.name} certification.` : undefined,
      ]),
      skills: uniq([...tech.slice(0, 4), ...core.slice(4, 6)]),
    });
  } else {
    phases.push({
      phase: kind === "same" ? "Sharpen your edge" : kind === "near" ? "Bridge the gaps" : "Retrain",
      duration: durations[0],
      objectives: list([
        `${start}.`,
        highGaps.length > 0
          ? `Close your high-priority gaps first: ${joinAnd(highGaps.slice(0, 3))}.`
          : tech.length > 0
            ? `Deepen ${joinAnd(tech.slice(0, 3))}.`
            : undefined,
        kind === "mid" || kind === "far"
          ? `Build ${joinAnd(core.slice(0, 2)).toLowerCase()} through coursework or practice.`
          : undefined,
      ]),
      skills: gapsFirst,
    });
    phases.push({
      phase: kind === "same" ? "Take on more scope" : `Move into ${targetRole}`,
      duration: durations[1],
      objectives: list([
        kind === "same"
          ? "Lead larger pieces of the work and mentor others."
          : o.ref
            ? firstSentence(o.ref.training)
            : undefined,
        tasks[0],
        tasks[1],
      ]),
      skills: uniq([...tech.slice(2, 5), ...core.slice(1, 3)]),
    });
    phases.push({
      phase: kind === "same" ? "Senior" : "Professional",
      duration: durations[2],
      objectives: list([
        tasks[2],
        tasks[3],
        o.certifications[0] ? `Consider the ${o.certifications[0].name} certification.` : undefined,
      ]),
      skills: uniq([...tech.slice(5, 8), ...core.slice(3, 5)]),
    });
  }
  phases.push({
    phase: "Next role",
    duration: durations[3],
    objectives: list([
      next ? `Move toward ${next.title}, the closest related occupation in O*NET.` : undefined,
      next?.tasks?.[0],
    ]),
    skills: uniq([
      ...o.nextTech.slice(0, 3),
      ...o.nextSkills.filter((x) => !core.slice(0, 5).includes(x)).slice(0, 2),
    ]),
  });
  // Each skill once, in the first phase that names it.
  const seen = new Set<string>();
  for (const phase of phases) phase.skills = phase.skills.filter((x) => !seen.has(x) && !!seen.add(x));
  return phases;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}
