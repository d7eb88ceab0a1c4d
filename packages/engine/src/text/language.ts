/**
 * Which language a document is written in, from its function words: every language's most
 * frequent short words ("the, and, of" / "de, la, y" / "le, et, des") make up a large share of any
 * text in it and a small share of text in another. Enough to tell a Spanish resume from an English
 * one; not a general-purpose detector.
 */

import { hasNonAsciiWordCharacter } from "./ascii.ts";

export type LanguageCode = "en" | "es" | "fr" | "de" | "pt" | "it" | "nl";

export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  pt: "Portuguese",
  it: "Italian",
  nl: "Dutch",
};

// The most frequent function words of each language that are not also frequent words of another
// language on the list (so "de", "a", "en" are left out).
const FUNCTION_WORDS: Record<LanguageCode, string> = {
  en: "the and of to in for with on at by from as is are was were be this that which our we you your i my an or it its have has had will",
  es: "el la los las y del que con por para una un es se su sus al lo como más pero fue son desde hasta entre sobre también años experiencia de en",
  fr: "le la les et des du une un est pour dans avec sur par au aux qui que ses son sont ont été plus ans expérience très de en",
  de: "der die das und den dem des ein eine einer mit für von zu im ist auf bei als auch nicht sich wurde sind jahre erfahrung",
  pt: "o os as e do da dos das uma um com para por em no na nos nas que se seu sua são foi mais anos experiência também de",
  it: "il lo la gli le e del della dei delle di con per una un è che nel nella sono stato anche anni esperienza",
  nl: "het een van op met voor te bij als zijn werd ook niet naar door jaar ervaring de en in is",
};

// A word on two lists is evidence for neither: each other word says one language.
const LANGUAGE_OF = new Map<string, LanguageCode | null>();
for (const [code, list] of Object.entries(FUNCTION_WORDS) as [LanguageCode, string][])
  for (const word of list.split(" "))
    LANGUAGE_OF.set(word, LANGUAGE_OF.has(word) && LANGUAGE_OF.get(word) !== code ? null : code);

// The ASCII function words as whole words, to count them in English-alphabet text without
// splitting it into every word.
const ASCII_FUNCTION_WORDS = new RegExp(
  `(?<![a-z])(?:${[...LANGUAGE_OF.keys()].filter((w) => /^[a-z]+$/.test(w)).join("|")})(?![a-z])`,
  "g",
);

export type Detected = { language: LanguageCode; confidence: number };

/**
 * The document's language and how sure the guess is (0..1). Short or word-poor texts (a list of
 * skills) fall back to English with low confidence.
 */
export function detectLanguage(text: string): Detected {
  const lower = text.toLowerCase();
  // Text whose only non-ASCII characters are punctuation (bullets, dashes) has only ASCII words.
  const words = hasNonAsciiWordCharacter(lower) ? /\p{L}+/gu : ASCII_FUNCTION_WORDS;
  const counts = new Map<LanguageCode, number>();
  for (const token of lower.match(words) ?? []) {
    const code = LANGUAGE_OF.get(token);
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < 5) return { language: "en", confidence: 0.3 };
  const margin = best[1] / (best[1] + (second?.[1] ?? 0));
  return { language: best[0], confidence: Math.round(margin * 100) / 100 };
}
