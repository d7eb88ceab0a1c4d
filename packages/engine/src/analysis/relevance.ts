/**
 * The statistical part of the score: how close the resume's words are to the posting's, and
 * whether the two describe the same kind of work, judged against O*NET's 1,016 occupation
 * profiles. Word weights (inverse document frequency) come from those profiles, so "the" and
 * "manage" weigh little and "phlebotomy" or "Kubernetes" a lot. Deterministic and explainable:
 * the result names the occupations both texts are closest to.
 */
import type { Occupation } from "../data/types.ts";
import { contentStems } from "./phrases.ts";

export type Vector = Map<string, number>;

export type RelevanceModel = {
  idf: Map<string, number>;
  defaultIdf: number;
  /** Each occupation's unit-length profile vector. */
  profiles: { occupation: Occupation; vector: Vector }[];
  /** Term → occupations whose profile has it, with the weight there. */
  postings: Map<string, { index: number; weight: number }[]>;
};

/** The words of an occupation's profile: titles, description, tasks and skills. */
function profileText(o: Occupation): string {
  return [
    o.title,
    ...o.altTitles.slice(0, 30),
    o.description,
    ...(o.tasks ?? []),
    ...o.skills.map((s) => s.name),
  ].join(" ");
}

function termCounts(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** A unit-length TF-IDF vector (sub-linear term frequency) of a text, or of its content stems. */
export function vectorize(
  model: Pick<RelevanceModel, "idf" | "defaultIdf">,
  text: string | readonly string[],
): Vector {
  const vector: Vector = new Map();
  let norm = 0;
  for (const [term, count] of termCounts(typeof text === "string" ? contentStems(text) : text)) {
    const weight = (1 + Math.log(count)) * (model.idf.get(term) ?? model.defaultIdf);
    vector.set(term, weight);
    norm += weight * weight;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
  return vector;
}

/** Builds the model from the occupation data: once per process. */
export function buildRelevanceModel(occupations: readonly Occupation[]): RelevanceModel {
  const docs = occupations.map((o) => termCounts(contentStems(profileText(o))));
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = docs.length;
  const idf = new Map<string, number>();
  for (const [term, d] of df) idf.set(term, Math.log((1 + n) / (1 + d)) + 1);
  const model: RelevanceModel = { idf, defaultIdf: Math.log(1 + n) + 1, profiles: [], postings: new Map() };
  occupations.forEach((occupation, index) => {
    const vector = vectorize(model, profileText(occupation));
    model.profiles.push({ occupation, vector });
    for (const [term, weight] of vector) {
      const list = model.postings.get(term) ?? [];
      list.push({ index, weight });
      model.postings.set(term, list);
    }
  });
  // A word's weight in the profiles that use it least adds almost nothing: keep its strongest uses.
  for (const [term, list] of model.postings) {
    list.sort((a, b) => b.weight - a.weight || a.index - b.index);
    if (list.length > POSTINGS_KEPT) model.postings.set(term, list.slice(0, POSTINGS_KEPT));
  }
  return model;
}

/** How many occupations each word points to, and how many of a text's words are projected. */
const POSTINGS_KEPT = 150;
const QUERY_TERMS = 60;

/** Similarity of a text vector to every occupation profile, as a sparse map of the top `k`. */
export function occupationProfile(model: RelevanceModel, vector: Vector, k = 15): Map<number, number> {
  const scores = new Float64Array(model.profiles.length);
  const seen = new Uint8Array(model.profiles.length);
  const touched: number[] = [];
  // The text's most weighty words decide which occupations it reads like.
  const terms = [...vector.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, QUERY_TERMS);
  for (const [term, weight] of terms) {
    for (const { index, weight: w } of model.postings.get(term) ?? []) {
      if (!seen[index]) {
        seen[index] = 1;
        touched.push(index);
      }
      scores[index] = (scores[index] ?? 0) + weight * w;
    }
  }
  // The k best, highest score first (ties by index), kept in order as the scores are read.
  const top: number[] = [];
  const before = (a: number, b: number) =>
    (scores[a] ?? 0) > (scores[b] ?? 0) || (scores[a] === scores[b] && a < b);
  for (const i of touched) {
    const last = top[top.length - 1];
    if (top.length === k && last !== undefined && !before(i, last)) continue;
    let at = top.length;
    while (at > 0 && before(i, top[at - 1] ?? 0)) at--;
    top.splice(at, 0, i);
    if (top.length > k) top.pop();
  }
  return new Map(top.map((i) => [i, scores[i] ?? 0]));
}

export type Relevance = {
  /**
   * How much of the posting's vocabulary the resume covers, each word weighed by its TF-IDF weight
   * in the posting (and by how much its resume line proves), 0..1. A coverage, not a cosine: words
   * the posting does not use never lower it, so more of the resume can only help.
   */
  text: number;
  /** Cosine of their occupation profiles: do both describe the same kind of work? 0..1. */
  occupation: number;
  /** The occupations the posting reads closest to, best first. */
  postingOccupations: Occupation[];
  /** The occupations the resume reads closest to, best first. */
  resumeOccupations: Occupation[];
};

function profileCosine(a: Map<number, number>, b: Map<number, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [, v] of a) na += v * v;
  for (const [, v] of b) nb += v * v;
  for (const [k, v] of a) dot += v * (b.get(k) ?? 0);
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * How close a resume's own words are to the posting's. The resume comes in parts with weights:
 * what its roles and summary say counts in full, what it only lists counts for less (copied
 * posting text is left out before this).
 */
export function relevance(
  model: RelevanceModel,
  resumeParts: { stems: readonly string[]; weight: number }[],
  postingStems: readonly string[],
): Relevance {
  // What kind of work the resume describes is read from what its roles and summary say (the first
  // part); a list says nothing about it.
  const resume = vectorize(model, resumeParts[0]?.stems ?? []);
  const posting = vectorize(model, postingStems);
  const presence = new Map<string, number>();
  for (const part of resumeParts)
    for (const term of part.stems) presence.set(term, Math.max(presence.get(term) ?? 0, part.weight));
  let covered = 0;
  let total = 0;
  for (const [term, weight] of posting) {
    total += weight;
    covered += weight * (presence.get(term) ?? 0);
  }
  const resumeProfile = occupationProfile(model, resume);
  const postingProfile = occupationProfile(model, posting);
  const names = (profile: Map<number, number>) =>
    [...profile.keys()]
      .slice(0, 3)
      .map((i) => model.profiles[i]?.occupation)
      .filter((o): o is Occupation => o !== undefined);
  return {
    text: total > 0 ? covered / total : 0,
    occupation: profileCosine(resumeProfile, postingProfile),
    postingOccupations: names(postingProfile),
    resumeOccupations: names(resumeProfile),
  };
}
