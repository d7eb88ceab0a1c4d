// How far a move between two O*NET occupations is: the same occupation, a near move (O*NET
// relates them, or they share a SOC broad group), a mid move (same SOC major group or a similar
// skill profile) or a far move (a different field). Pure.
import { loadOccupations } from "../data/index.ts";
import type { Occupation } from "../data/types.ts";

export type MoveKind = "same" | "near" | "mid" | "far";

export type OccupationDistance = {
  kind: MoveKind;
  /** Cosine similarity of the two occupations' O*NET skill importances, 0..1. */
  skillSimilarity: number;
  /** Target Job Zone minus current Job Zone. */
  zoneGap: number;
};

/** Skill-profile similarity above which two occupations in different fields still count as a mid move. */
const SIMILAR_SKILLS = 0.95;

let byCode: Map<string, Occupation> | undefined;
function occupationByCode(code: string): Occupation | undefined {
  byCode ??= new Map(loadOccupations().map((o) => [o.code, o]));
  return byCode.get(code);
}

type Rated = (o: Occupation) => { name: string; importance: number }[];

function skillSimilarity(a: Occupation, b: Occupation, rated: Rated): number {
  const va = new Map(rated(a).map((s) => [s.name, s.importance]));
  const vb = new Map(rated(b).map((s) => [s.name, s.importance]));
  if (va.size === 0 || vb.size === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const name of new Set([...va.keys(), ...vb.keys()])) {
    const x = va.get(name) ?? 0;
    const y = vb.get(name) ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The distance of a move from `from` to `to`; `rated` gives an occupation's skill importances
 *  (with a stand-in for occupations O*NET has not rated). */
export function occupationDistance(
  from: Occupation,
  to: Occupation,
  rated: Rated = (o) => o.skills,
): OccupationDistance {
  const similarity = Math.round(skillSimilarity(from, to, rated) * 1000) / 1000;
  const zoneGap = (to.jobZone ?? 3) - (from.jobZone ?? 3);
  const base = (o: Occupation) => o.code.slice(0, 7);
  let kind: MoveKind;
  if (from.code === to.code) kind = "same";
  else if (
    (base(from) === base(to) ||
      from.related.includes(to.code) ||
      to.related.includes(from.code) ||
      from.code.slice(0, 6) === to.code.slice(0, 6)) &&
    zoneGap <= 1
  )
    kind = "near";
  else if (from.code.slice(0, 2) === to.code.slice(0, 2) || similarity >= SIMILAR_SKILLS) kind = "mid";
  else kind = "far";
  return { kind, skillSimilarity: similarity, zoneGap };
}

/** Words of a job title that state seniority, not the occupation ("Senior", "II", "Lead"). */
const SENIORITY =
  /\b(senior|sr|junior|jr|lead|staff|principal|head|chief|associate|assistant to|trainee|intern|apprentice|entry[- ]level|i{1,3}|iv|[1-4])\b\.?/gi;

/** The O*NET occupation a job title names, by exact title, role alias or O*NET reported or
 *  alternate title (`exact`, a map lookup): the whole title, then without seniority words, then its
 *  trailing words ("Dental Office Manager" → "Office Manager"), where English titles keep the job.
 *  Map lookups only, so a roadmap never scans every title. */
export function occupationOfTitle(
  title: string,
  exact: (title: string) => string | undefined,
): Occupation | null {
  const cleaned = title
    .replace(/\(.*?\)/g, " ")
    .split(/\s[-–—|@,]\s|,|\sat\s/)[0]
    ?.trim();
  if (!cleaned) return null;
  const stripped = cleaned.replace(SENIORITY, " ").replace(/\s+/g, " ").trim();
  const words = stripped.split(" ").filter(Boolean);
  const queries = [cleaned, stripped];
  // Trailing words, longest first; two at least, so "Manager" alone never stands for a title.
  for (let i = 1; i <= words.length - 2; i++) queries.push(words.slice(i).join(" "));
  for (const query of queries) {
    const code = query ? exact(query) : undefined;
    const occupation = code ? occupationByCode(code) : undefined;
    if (occupation) return occupation;
  }
  return null;
}
