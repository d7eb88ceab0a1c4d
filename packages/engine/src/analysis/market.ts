import type { Occupation } from "../data/types.ts";
import { stemSimilarity, titleStems } from "./title-similarity.ts";

export type OccupationIndex = {
  occupations: Occupation[];
  /** Title stems key → occupation codes with that exact title. */
  exact: Map<string, string[]>;
  byCode: Map<string, Occupation>;
  /** Head-noun stem → the titles (by position in `titles`) that end with it. */
  byHead: Map<string, number[]>;
  titles: { code: string; title: string; stems: string[] }[];
  /** Titles already looked up: the same few hundred role titles recur across analyses. */
  memo: Map<string, Occupation | null>;
};

export function buildOccupationIndex(occupations: Occupation[]): OccupationIndex {
  const exact = new Map<string, string[]>();
  const byCode = new Map<string, Occupation>();
  const byHead = new Map<string, number[]>();
  const titles: OccupationIndex["titles"] = [];
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
      const heads = byHead.get(head) ?? [];
      heads.push(titles.length);
      byHead.set(head, heads);
      titles.push({ code: occupation.code, title, stems });
    }
  }
  return { occupations, exact, byCode, byHead, titles, memo: new Map() };
}

const MEMO_LIMIT = 20_000;

/** The O*NET occupation a job title most likely names, or null. */
export function occupationForTitle(index: OccupationIndex, title: string | null): Occupation | null {
  if (!title) return null;
  const cached = index.memo.get(title);
  if (cached !== undefined) return cached;
  const found = lookUpTitle(index, title);
  if (index.memo.size >= MEMO_LIMIT) index.memo.clear();
  index.memo.set(title, found);
  return found;
}

function lookUpTitle(index: OccupationIndex, title: string): Occupation | null {
  const stems = titleStems(title.replace(/\(.*?\)/g, ""));
  if (stems.length === 0) return null;
  const exact = index.exact.get(stems.join(" "));
  if (exact?.[0]) return index.byCode.get(exact[0]) ?? null;
  const head = stems[stems.length - 1] ?? "";
  let best: { code: string; score: number } | null = null;
  for (const at of index.byHead.get(head) ?? []) {
    const known = index.titles[at];
    if (!known) continue;
    const score = stemSimilarity(stems, known.stems);
    if (!best || score > best.score) best = { code: known.code, score };
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

/**
 * The experience level label (docs/product.md#display-values): from total years, and never above what the
 * latest title
 * says (an intern is entry level however the dates read) nor below a senior title's level.
 * `level` is the candidate's seniority rank: 0 intern, 1 entry, 2 mid, 3 senior, 4 lead, 5 executive.
 * A label names a years range only when the years decide it: when the title moves the level, the
 * label says so instead ("Senior level (by title)"), so it never contradicts the years the result
 * reports (a lead with 6 years is not "Expert (10+ years)").
 */
export function experienceLevel(years: number, level = -1): string {
  const byYears = years < 2 ? 0 : years < 5 ? 1 : years < 10 ? 2 : 3;
  // A title can lift the level one band above what the years say, never more: a manager with one
  // year is mid level, not an expert; an intern stays entry level.
  const titled = level >= 4 ? 3 : level === 3 ? 2 : level >= 2 ? 1 : 0;
  const band = level === 0 ? 0 : Math.max(byYears, Math.min(titled, byYears + 1));
  if (band === byYears)
    return (
      ["Entry level (0–2 years)", "Mid level (2–5 years)", "Senior (5–10 years)", "Expert (10+ years)"][
        band
      ] ?? ""
    );
  const named =
    band === 3
      ? level >= 5
        ? "Executive level"
        : "Lead level"
      : ["Entry level", "Mid level", "Senior level"][band];
  return `${named ?? ""} (by title)`;
}
