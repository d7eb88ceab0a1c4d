import type { TCareerRole } from "@resumelens/contract";
import { careerRoles, roleTitle } from "@resumelens/engine";
// The engine's own data files, read directly: the engine exports no loader for them. Same files,
// so one module instance (and one copy in the bundle) serves both.
import occupationsJson from "../../../../../packages/engine/data/occupations.json" with { type: "json" };
import roleAliasesJson from "../../../../../packages/engine/data/role-aliases.json" with { type: "json" };

/*
 * GET /api/career-roles, answered from an index built once instead of the engine's scan.
 *
 * The engine's careerRoles scores every searchable form (1,016 occupations: title, role aliases and
 * up to 60 alternate titles each, ~38,000 forms) on every call: ~35 ms of request-thread CPU
 * whatever the query. Its score is positive only when every query word is the start of a word of
 * one form, so an inverted index from form words to forms finds exactly the forms that score, and
 * only those are scored, with the engine's own rules (same weights, same tie-breaks). A parity test
 * (career-search.test.ts) compares the two on hundreds of queries, so a change in the engine's
 * ranking shows up there. Results are cached per folded query.
 */

type Occupation = { code: string; slug: string; title: string; altTitles: string[] };

/** Answers kept for repeated queries (folded), least recently used dropped first. */
const CACHE_SIZE = 1_000;

/** The engine's query and form folding. */
function fold(s: string): string {
  // NFKD leaves ASCII as it is: skipping it there makes building the index several times faster.
  const decomposed = /[^ -~]/.test(s) ? s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "") : s;
  return decomposed
    .toLowerCase()
    .replace(/[^a-z0-9+#]+/g, " ")
    .trim();
}

type Entry = { slug: string; title: string; code: string; firstForm: number; formCount: number };

type Index = {
  entries: Entry[];
  /** Every form's folded text; a form's id is its place here (entries' forms are contiguous). */
  forms: string[];
  formEntry: Int32Array;
  /** Whether the form is a role alias, and its weight in the score. */
  formAlias: Uint8Array;
  formWeight: Float64Array;
  /** Distinct form words, sorted, and for each the ids of the forms holding it (ascending). */
  words: string[];
  postings: Int32Array[];
};

let index: Index | undefined;

function buildIndex(): Index {
  const occupations = (occupationsJson as unknown as { occupations: Occupation[] }).occupations;
  const aliasesByCode = new Map<string, string[]>();
  for (const [alias, code] of Object.entries(roleAliasesJson as Record<string, string>)) {
    const list = aliasesByCode.get(code) ?? [];
    list.push(alias);
    aliasesByCode.set(code, list);
  }
  const entries: Entry[] = [];
  const forms: string[] = [];
  const formEntry: number[] = [];
  const formAlias: number[] = [];
  const formWeight: number[] = [];
  for (const o of occupations) {
    const own: { text: string; alias: boolean }[] = [
      { text: fold(o.title), alias: false },
      ...(aliasesByCode.get(o.code) ?? []).map((a) => ({ text: fold(a.replace(/-/g, " ")), alias: true })),
      ...o.altTitles.map((t) => ({ text: fold(t), alias: false })),
    ];
    entries.push({
      slug: o.slug,
      title: o.title,
      code: o.code,
      firstForm: forms.length,
      formCount: own.length,
    });
    own.forEach((form, i) => {
      forms.push(form.text);
      formEntry.push(entries.length - 1);
      formAlias.push(form.alias ? 1 : 0);
      // As the engine: common role names win ties with the title, alternate titles weigh less.
      formWeight.push(i === 0 ? 1 : form.alias ? 1.02 : 0.85);
    });
  }
  const byWord = new Map<string, number[]>();
  forms.forEach((text, id) => {
    for (const word of new Set(text.split(" "))) {
      const list = byWord.get(word);
      if (list) list.push(id);
      else byWord.set(word, [id]);
    }
  });
  const words = [...byWord.keys()].sort();
  return {
    entries,
    forms,
    formEntry: Int32Array.from(formEntry),
    formAlias: Uint8Array.from(formAlias),
    formWeight: Float64Array.from(formWeight),
    words,
    postings: words.map((w) => Int32Array.from(byWord.get(w) ?? [])),
  };
}

/** The first index in sorted `words` not below `key`. */
function lowerBound(words: string[], key: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The engine's formScore for a form already known to hold every token as a word start. */
function formScore(form: string, query: string): number {
  if (form === query) return 100;
  if (form.startsWith(query)) return 80 - Math.min(20, form.length - query.length) / 2;
  if (` ${form}`.includes(` ${query}`)) return 60;
  return 45;
}

function search(q: string, limit: number): TCareerRole[] {
  index ??= buildIndex();
  const { entries, forms, formEntry, formAlias, formWeight, words, postings } = index;
  const tokens = [...new Set(q.split(" "))];
  // Forms where every token starts some word: count, per form, the tokens it answers.
  const hits = new Uint16Array(forms.length);
  const seen = new Int32Array(forms.length).fill(-1);
  let matched: number[] = [];
  tokens.forEach((token, t) => {
    const next: number[] = [];
    for (let w = lowerBound(words, token); w < words.length && (words[w] as string).startsWith(token); w++) {
      for (const id of postings[w] as Int32Array) {
        if (seen[id] === t || hits[id] !== t) continue;
        seen[id] = t;
        hits[id] = t + 1;
        if (t === tokens.length - 1) next.push(id);
      }
    }
    if (t === tokens.length - 1) matched = next;
  });
  // Form ids follow entry and form order, so the first form with the best score wins, as in the engine.
  matched.sort((a, b) => a - b);
  const best = new Map<number, { score: number; alias: string | null }>();
  for (const id of matched) {
    const entry = formEntry[id] as number;
    const form = forms[id] as string;
    const score = formScore(form, q) * (formWeight[id] as number);
    const current = best.get(entry);
    if (!current || score > current.score) {
      best.set(entry, { score, alias: formAlias[id] ? form.replace(/ /g, "-") : null });
    }
  }
  const ranked: { role: TCareerRole; score: number; order: number }[] = [];
  for (const [e, { score, alias }] of best) {
    const entry = entries[e] as Entry;
    ranked.push({
      role: {
        slug: alias ?? entry.slug,
        title: alias ? roleTitle(alias) : entry.title,
        occupationCode: entry.code,
      },
      score,
      order: e,
    });
  }
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      a.role.title.length - b.role.title.length ||
      (a.role.title < b.role.title ? -1 : a.role.title > b.role.title ? 1 : 0) ||
      a.order - b.order,
  );
  return ranked.slice(0, Math.max(0, limit)).map((r) => r.role);
}

const cache = new Map<string, TCareerRole[]>();

/**
 * Target roles for a search box, as the engine's careerRoles answers them (best first, one row per
 * occupation; common roles without a query), from the index. Callers bound the query's length.
 */
export function findCareerRoles(query: string, limit: number): TCareerRole[] {
  const q = fold(query);
  if (!q) return careerRoles("", limit);
  const key = `${limit}:${q}`;
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const roles = search(q, limit);
  cache.set(key, roles);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return roles;
}

/** Builds the index now (at start-up) rather than on the first search. */
export function warmCareerSearch(): void {
  index ??= buildIndex();
}
