import type { Occupation } from "../data/types.ts";
import { titleSimilarity, titleStems } from "./experience.ts";

export type OccupationIndex = {
  occupations: Occupation[];
  /** Title stems key → occupation codes with that exact title. */
  exact: Map<string, string[]>;
  byCode: Map<string, Occupation>;
  /** Head-noun stem → occupation codes whose titles end with it. */
  byHead: Map<string, Set<string>>;
  titles: { code: string; title: string }[];
};

export function buildOccupationIndex(occupations: Occupation[]): OccupationIndex {
  const exact = new Map<string, string[]>();
  const byCode = new Map<string, Occupation>();
  const byHead = new Map<string, Set<string>>();
  const titles: { code: string; title: string }[] = [];
  for (const occupation of occupations) {
    byCode.set(occupation.code, occupation);
    for (const title of [occupation.title, ...occupation.altTitles]) {
      const stems = titleStems(title);
      if (stems.length === 0) continue;
      const key = stems.join(" ");
      const list = exact.get(key) ?? [];
      if (!list.includes(occupation.code)) list.push(occupation.code);
      exact.set(key, list);
      const head = stems[stems.length - 1] ?? "";
      const set = byHead.get(head) ?? new Set<string>();
      set.add(occupation.code);
      byHead.set(head, set);
      titles.push({ code: occupation.code, title });
    }
  }
  return { occupations, exact, byCode, byHead, titles };
}

/** The O*NET occupation a job title most likely names, or null. */
export function occupationForTitle(index: OccupationIndex, title: string | null): Occupation | null {
  if (!title) return null;
  const stems = titleStems(title.replace(/\(.*?\)/g, ""));
  if (stems.length === 0) return null;
  const exact = index.exact.get(stems.join(" "));
  if (exact?.[0]) return index.byCode.get(exact[0]) ?? null;
  const head = stems[stems.length - 1] ?? "";
  const candidates = index.byHead.get(head);
  if (!candidates) return null;
  let best: { code: string; score: number } | null = null;
  for (const { code, title: known } of index.titles) {
    if (!candidates.has(code)) continue;
    const score = titleSimilarity(title, known);
    if (!best || score > best.score) best = { code, score };
  }
  return best && best.score >= 0.4 ? (index.byCode.get(best.code) ?? null) : null;
}

/** How close two occupations are, 0..100, by their SOC codes and O*NET's related occupations. */
export function occupationAffinity(a: Occupation | null, b: Occupation | null): number | null {
  if (!a || !b) return null;
  if (a.code === b.code) return 100;
  if (a.code.slice(0, 7) === b.code.slice(0, 7)) return 92;
  const related = a.related.includes(b.code) || b.related.includes(a.code);
  if (a.code.slice(0, 5) === b.code.slice(0, 5)) return related ? 85 : 75;
  if (related) return 70;
  if (a.code.slice(0, 2) === b.code.slice(0, 2)) return 55;
  return 20;
}

/** The spec's experience level label for a number of years. */
export function experienceLevel(years: number): string {
  if (years < 2) return "Entry level (0–2 years)";
  if (years < 5) return "Mid level (2–5 years)";
  if (years < 10) return "Senior (5–10 years)";
  return "Expert (10+ years)";
}
