// The education and licence gap of a move: what the target needs (a curated route for
// credentialed occupations, else the level O*NET's Job Zone describes) against the highest
// education the resume shows. Levels are O*NET "Required Level of Education" categories (1–12).
import type { Occupation } from "../data/types.ts";
import type { CareerCredential } from "./types.ts";

/** O*NET RL category names, shortened. */
export const EDUCATION_LABEL: Record<number, string> = {
  1: "less than a high school diploma",
  2: "a high school diploma",
  3: "a post-secondary certificate",
  4: "some college courses",
  5: "an associate's degree",
  6: "a bachelor's degree",
  7: "a post-baccalaureate certificate",
  8: "a master's degree",
  9: "a post-master's certificate",
  10: "a first professional degree",
  11: "a doctoral degree",
  12: "post-doctoral training",
};

/** Typical years of study after high school to reach each level. */
const YEARS_AFTER_SCHOOL: Record<number, number> = {
  1: 0,
  2: 0,
  3: 1,
  4: 1,
  5: 2,
  6: 4,
  7: 5,
  8: 6,
  9: 7,
  10: 8,
  11: 9,
  12: 11,
};

/** The level O*NET's Job Zone descriptions give ("most … require a four-year bachelor's degree"). */
const ZONE_EDUCATION: Record<number, number> = { 1: 2, 2: 2, 3: 3, 4: 6, 5: 8 };

/** The parser's education levels → RL categories. */
const PARSED_LEVEL: Record<string, number> = {
  "high-school": 2,
  highschool: 2,
  secondary: 2,
  certificate: 3,
  diploma: 3,
  associate: 5,
  bachelor: 6,
  master: 8,
  mba: 8,
  professional: 10,
  doctorate: 11,
  doctoral: 11,
  phd: 11,
};

/** The highest RL level among parsed education entries; 2 (high school) when none is stated. */
export function educationLevelOf(entries: { level?: string | null; degree?: string | null }[]): number {
  let best = 2;
  for (const e of entries) {
    const key = (e.level ?? "").toLowerCase();
    let level = PARSED_LEVEL[key] ?? 0;
    if (!level && e.degree) {
      const d = e.degree.toLowerCase();
      level = /\b(ph\.?d|doctor)/.test(d)
        ? 11
        : /\b(master|m\.?s\.?c?|mba|m\.?a\.?)\b/.test(d)
          ? 8
          : /\b(bachelor|b\.?s\.?c?|b\.?a\.?)\b/.test(d)
            ? 6
            : /\bassociate/.test(d)
              ? 5
              : /certificate|diploma/.test(d)
                ? 3
                : 0;
    }
    best = Math.max(best, level);
  }
  return best;
}

export type EducationGap = {
  /** RL level the target needs. */
  required: number;
  /** RL level the resume shows. */
  held: number;
  /** The programme to complete, or null when none is needed. */
  programme: string | null;
  /** Its short name, for a phase title. */
  short: string | null;
  /** Years the programme takes from where the person is: [min, max]; [0, 0] when none. */
  years: [number, number];
  licence: CareerCredential["licence"] | null;
  /** Whether the route comes from the curated list (else from the Job Zone). */
  curated: boolean;
};

const years = (min: number, max: number): [number, number] => [Math.max(0, min), Math.max(0, min, max)];

/**
 * What `target` asks for beyond the resume. A curated route (nursing, law, trades) is needed
 * unless the resume shows it (`shownBy`) or the person already works in the occupation; an
 * education level from the Job Zone is needed only when it is above the resume's level and the
 * move is not within the same field (`experienceCounts`: O*NET says experience can stand in).
 */
export function educationGap(opts: {
  target: Occupation;
  credential: CareerCredential | undefined;
  held: number;
  resumeText: string;
  sameOccupation: boolean;
  experienceCounts: boolean;
}): EducationGap {
  const { target, credential, held } = opts;
  if (credential) {
    const shown = opts.sameOccupation || new RegExp(credential.shownBy, "i").test(opts.resumeText);
    if (shown)
      return {
        required: credential.educationLevel,
        held,
        programme: null,
        short: null,
        years: [0, 0],
        licence: null,
        curated: true,
      };
    const span =
      held >= 6 && credential.yearsWithDegree
        ? credential.yearsWithDegree
        : held >= credential.educationLevel && credential.educationLevel >= 5
          ? // A degree at the level in another field: most of the programme remains (its own courses and clinicals).
            years(credential.years[0] * 0.75, credential.years[1] * 0.75)
          : credential.years;
    return {
      required: credential.educationLevel,
      held,
      programme: credential.programme,
      short: credential.short,
      years: span,
      licence: credential.licence ?? null,
      curated: true,
    };
  }
  const required = ZONE_EDUCATION[target.jobZone ?? 3] ?? 3;
  if (held >= required || opts.experienceCounts) {
    return { required, held, programme: null, short: null, years: [0, 0], licence: null, curated: false };
  }
  const rest = (YEARS_AFTER_SCHOOL[required] ?? 0) - (YEARS_AFTER_SCHOOL[held] ?? 0);
  return {
    required,
    held,
    programme: `Complete ${EDUCATION_LABEL[required]} in a field the role uses`,
    short: (EDUCATION_LABEL[required] ?? "").replace(/^an? /, "").replace(/^./, (ch) => ch.toUpperCase()),
    years: years(Math.max(0.5, rest), Math.max(1, Math.ceil(rest * 1.25))),
    licence: null,
    curated: false,
  };
}

/** [2, 4] → "2–4 years"; [0.1, 0.3] → "1–4 months". */
export function formatYears([min, max]: [number, number]): string {
  if (max < 1) {
    const a = Math.max(1, Math.round(min * 12));
    const b = Math.max(a, Math.round(max * 12));
    return a === b ? `${a} ${a === 1 ? "month" : "months"}` : `${a}–${b} months`;
  }
  const f = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ""));
  if (min < 1) return `${Math.max(1, Math.round(min * 12))} months–${f(max)} ${max === 1 ? "year" : "years"}`;
  return min === max ? `${f(min)} ${min === 1 ? "year" : "years"}` : `${f(min)}–${f(max)} years`;
}
