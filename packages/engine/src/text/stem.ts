/**
 * English word stems. Phrase requirements such as "attention to detail" are matched by the stems
 * of their words, so "detailed", "details" and "detail" meet.
 *
 * The stemming itself is the `stemmer` package (Porter's algorithm, with the published
 * corrections our own copy lacked: it no longer strips "-ion" after "-al", which folded
 * "exceptionally" into "except" and "religion" into "relig"); see
 * docs/decisions/2026-11-27-stemmer.md for what was measured. What stays ours is below: the
 * families Porter folds together though they mean different things, and a cache.
 */
import { stemmer } from "stemmer";

const cache = new Map<string, string>();

/** The Porter stem of a lower-case word. */
export function stem(input: string): string {
  const cached = cache.get(input);
  if (cached !== undefined) return cached;
  const result = computeStem(input);
  if (cache.size < 50_000) cache.set(input, result);
  return result;
}

/**
 * Families Porter folds together though their words mean different things: "communication" and
 * "community" both become "commun", "organization" and "organ" both "organ". Each family keeps
 * its own stem.
 */
const FAMILIES: [RegExp, string][] = [
  [/^communic/, "communic"],
  [/^communit/, "communit"],
  [/^universit/, "universit"],
  [/^organi[sz]/, "organiz"],
  [/^general(ly|s|ist|ists)?$/, "general"],
  [/^polic(e|es|ed|ing|eman|emen|ewoman)$/, "police"],
];

function computeStem(input: string): string {
  const word = input.toLowerCase();
  // Short words, numbers and names with symbols ("c++", "3d") are their own stem.
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  for (const [family, stemmed] of FAMILIES) if (family.test(word)) return stemmed;
  return stemmer(word);
}
