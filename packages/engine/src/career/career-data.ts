// The career data file (data/careers.json: Job Zones, technologies, credentials, curated
// certifications) and the O*NET skill ratings read from the occupations.
import careersJson from "../../data/careers.json" with { type: "json" };
import { loadOccupations } from "../data/index.ts";
import type { Occupation } from "../data/types.ts";
import { occupationMaps } from "./career-roles.ts";
import type { CareersFile, CareerZone } from "./types.ts";

/** The career data file, read once. */
export const careers = careersJson as unknown as CareersFile;

/** The occupation's O*NET Job Zone (3 when O*NET gives none) and its reference texts. */
export function zoneOf(occupation: Occupation): { zone: number; ref: CareerZone | undefined } {
  const zone = occupation.jobZone ?? 3;
  return { zone, ref: careers.zones.find((z) => z.zone === zone) };
}

/** O*NET's important skills; for occupations O*NET has not rated (some software occupations),
 *  the first related occupation that is rated stands in. */
export function ratedSkills(occupation: Occupation): { name: string; importance: number }[] {
  if (occupation.skills.length > 0) return occupation.skills;
  const { byCode: codes } = occupationMaps();
  for (const code of occupation.related) {
    const other = codes.get(code);
    if (other && other.skills.length > 0) return other.skills;
  }
  return [];
}

let meanImportance: Map<string, number> | undefined;

/** How much more an occupation needs a skill than the average occupation does (importance points):
 *  a nurse's Service Orientation (+2.2) is core to nursing, Active Listening (+0.6) is not. */
export function distinctiveness(name: string, importance: number): number {
  if (!meanImportance) {
    const sum = new Map<string, number>();
    const rated = loadOccupations().filter((o) => o.skills.length > 0);
    for (const o of rated)
      for (const sk of o.skills) sum.set(sk.name, (sum.get(sk.name) ?? 0) + sk.importance);
    meanImportance = new Map([...sum].map(([k, v]) => [k, v / Math.max(1, rated.length)]));
  }
  return importance - (meanImportance.get(name) ?? 0);
}

/** The occupation's rated skills, its most characteristic first (importance and distinctiveness). */
export function coreSkills(occupation: Occupation): { name: string; importance: number }[] {
  return ratedSkills(occupation)
    .map((sk, i) => ({ sk, i, key: sk.importance + distinctiveness(sk.name, sk.importance) }))
    .sort((a, b) => b.key - a.key || a.i - b.i)
    .map(({ sk }) => sk);
}
