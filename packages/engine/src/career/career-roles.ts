// Target roles: the role slugs the API accepts (a role alias or an O*NET occupation slug), their
// titles, and the search behind the role picker (titles, aliases and O*NET alternate titles).
import type { TCareerRole } from "@resumelens/contract";
import { loadOccupations, loadRoleAliases } from "../data/index.ts";
import type { Occupation } from "../data/types.ts";

/** The role shown when none is chosen. */
export const DEFAULT_CAREER_ROLE = "software-engineer";

/** Role slugs as the API accepts them (O*NET titles make slugs of up to 99 characters). */
export const CAREER_ROLE_PATTERN = /^[a-z0-9-]{1,120}$/;

/** Roles offered before the user types anything: common ones, each with curated certifications. */
const FEATURED_ROLES = [
  "software-engineer",
  "data-scientist",
  "data-analyst",
  "product-manager",
  "ux-designer",
  "devops-engineer",
  "cybersecurity-analyst",
  "project-manager",
  "registered-nurse",
  "accountant",
  "teacher",
  "electrician",
  "marketing-manager",
  "financial-analyst",
  "business-analyst",
  "hr-specialist",
];

/** Letters that stay capitals (or keep their own casing) when a slug becomes a title. */
const ACRONYMS: Record<string, string> = {
  ux: "UX",
  ui: "UI",
  qa: "QA",
  it: "IT",
  hr: "HR",
  seo: "SEO",
  hvac: "HVAC",
  rn: "RN",
  lpn: "LPN",
  cna: "CNA",
  ios: "iOS",
};

/** "ux-designer" → "UX Designer". */
export function roleTitle(slug: string): string {
  return slug
    .split("-")
    .map((w) => ACRONYMS[w] ?? w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** A role slug resolved to its occupation; `alias` when the slug is a role alias. */
export type Resolved = { slug: string; occupation: Occupation; alias: boolean };

let byCode: Map<string, Occupation> | undefined;
let bySlug: Map<string, Occupation> | undefined;

/** The occupations by O*NET code and by slug, built once. */
export function occupationMaps(): { byCode: Map<string, Occupation>; bySlug: Map<string, Occupation> } {
  if (!byCode || !bySlug) {
    byCode = new Map(loadOccupations().map((o) => [o.code, o]));
    bySlug = new Map(loadOccupations().map((o) => [o.slug, o]));
  }
  return { byCode, bySlug };
}

/** The occupation a role slug names: a role alias ("software-engineer") or an occupation slug
 *  ("software-developers"). Exact slugs only: the API answers 404 for anything else. */
export function resolveCareerRole(slug: string): Resolved | null {
  const maps = occupationMaps();
  const aliasCode = loadRoleAliases()[slug];
  const viaAlias = aliasCode ? maps.byCode.get(aliasCode) : undefined;
  if (viaAlias) return { slug, occupation: viaAlias, alias: true };
  const occupation = maps.bySlug.get(slug);
  return occupation ? { slug, occupation, alias: false } : null;
}

/** Text folded for comparing titles: no accents, lower case, words of letters, digits, "+" and "#". */
export function fold(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9+#]+/g, " ")
    .trim();
}

let titleIndex: Map<string, string> | undefined;

/** The occupation code of an exact title, role alias or O*NET alternate title (titles win). */
export function exactTitle(title: string): string | undefined {
  if (!titleIndex) {
    titleIndex = new Map();
    const index = titleIndex;
    for (const o of loadOccupations()) index.set(fold(o.title), o.code);
    for (const [alias, code] of Object.entries(loadRoleAliases())) {
      const key = fold(alias.replace(/-/g, " "));
      if (!index.has(key)) index.set(key, code);
    }
    for (const o of loadOccupations())
      for (const t of o.altTitles) if (!index.has(fold(t))) index.set(fold(t), o.code);
  }
  return titleIndex.get(fold(title));
}

type SearchEntry = { slug: string; title: string; code: string; forms: { text: string; alias: boolean }[] };
let searchIndex: SearchEntry[] | undefined;

function buildSearchIndex(): SearchEntry[] {
  const aliasesByCode = new Map<string, string[]>();
  for (const [alias, code] of Object.entries(loadRoleAliases())) {
    const list = aliasesByCode.get(code) ?? [];
    list.push(alias);
    aliasesByCode.set(code, list);
  }
  return loadOccupations().map((o) => ({
    slug: o.slug,
    title: o.title,
    code: o.code,
    forms: [
      { text: fold(o.title), alias: false },
      ...(aliasesByCode.get(o.code) ?? []).map((a) => ({ text: fold(a.replace(/-/g, " ")), alias: true })),
      ...o.altTitles.map((t) => ({ text: fold(t), alias: false })),
    ],
  }));
}

/** How well one searchable form answers the query, 0 for no match. */
function formScore(form: string, query: string, tokens: string[]): number {
  if (form === query) return 100;
  if (form.startsWith(query)) return 80 - Math.min(20, form.length - query.length) / 2;
  if (` ${form}`.includes(` ${query}`)) return 60;
  const words = form.split(" ");
  if (tokens.every((t) => words.some((w) => w.startsWith(t)))) return 45;
  return 0;
}

/**
 * Target roles for a search box: by title, role alias and O*NET alternate titles, best first,
 * one row per occupation (a matching alias gives the row its slug and name). Without a query:
 * common roles.
 */
export function careerRoles(query = "", limit = 20): TCareerRole[] {
  const q = fold(query);
  if (!q) {
    return FEATURED_ROLES.map((slug) => resolveCareerRole(slug))
      .filter((r): r is Resolved => r !== null)
      .slice(0, limit)
      .map((r) => ({ slug: r.slug, title: roleTitle(r.slug), occupationCode: r.occupation.code }));
  }
  searchIndex ??= buildSearchIndex();
  const tokens = q.split(" ");
  const hits: { role: TCareerRole; score: number }[] = [];
  for (const entry of searchIndex) {
    let best = 0;
    let alias: string | null = null;
    entry.forms.forEach((form, i) => {
      // Common role names (aliases) win ties with the title, then come the (many, noisier) alternate titles.
      const weight = i === 0 ? 1 : form.alias ? 1.02 : 0.85;
      const score = formScore(form.text, q, tokens) * weight;
      if (score > best) {
        best = score;
        alias = form.alias ? form.text.replace(/ /g, "-") : null;
      }
    });
    if (best <= 0) continue;
    const slug: string = alias ?? entry.slug;
    hits.push({
      role: { slug, title: alias ? roleTitle(slug) : entry.title, occupationCode: entry.code },
      score: best,
    });
  }
  hits.sort(
    (a, b) =>
      b.score - a.score ||
      a.role.title.length - b.role.title.length ||
      (a.role.title < b.role.title ? -1 : a.role.title > b.role.title ? 1 : 0),
  );
  return hits.slice(0, Math.max(0, limit)).map((h) => h.role);
}
