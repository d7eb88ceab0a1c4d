/**
 * A small English stemmer (the Porter algorithm, steps 1–5). Phrase requirements such as
 * "attention to detail" are matched by the stems of their words, so "detailed", "details" and
 * "detail" meet.
 */

const VOWEL = /[aeiou]/;

function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (ch === undefined) return false;
  if ("aeiou".includes(ch)) return false;
  if (ch === "y") return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** m(): the number of VC sequences in the stem. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    m++;
    while (i < n && isConsonant(stem, i)) i++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** cvc: consonant-vowel-consonant ending, the last not w, x or y. */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n < 3) return false;
  const last = word[n - 1] ?? "";
  return (
    isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1) && !"wxy".includes(last)
  );
}

function replaceSuffix(word: string, suffix: string, replacement: string, minMeasure: number): string | null {
  if (!word.endsWith(suffix)) return null;
  const stem = word.slice(0, word.length - suffix.length);
  return measure(stem) > minMeasure ? stem + replacement : word;
}

const STEP2: [string, string][] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["abli", "able"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
];
const STEP3: [string, string][] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

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
  let word = input.toLowerCase();
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  for (const [family, stemmed] of FAMILIES) if (family.test(word)) return stemmed;

  // Step 1a
  if (word.endsWith("sses")) word = word.slice(0, -2);
  else if (word.endsWith("ies")) word = word.slice(0, -2);
  else if (word.endsWith("ss")) {
    // keep
  } else if (word.endsWith("s")) word = word.slice(0, -1);

  // Step 1b
  let extra = false;
  if (word.endsWith("eed")) {
    if (measure(word.slice(0, -3)) > 0) word = word.slice(0, -1);
  } else if (word.endsWith("ed") && hasVowel(word.slice(0, -2))) {
    word = word.slice(0, -2);
    extra = true;
  } else if (word.endsWith("ing") && hasVowel(word.slice(0, -3))) {
    word = word.slice(0, -3);
    extra = true;
  }
  if (extra) {
    if (word.endsWith("at") || word.endsWith("bl") || word.endsWith("iz")) word += "e";
    else if (endsDoubleConsonant(word) && !/[lsz]$/.test(word)) word = word.slice(0, -1);
    else if (measure(word) === 1 && endsCvc(word)) word += "e";
  }

  // Step 1c
  if (word.endsWith("y") && hasVowel(word.slice(0, -1))) word = `${word.slice(0, -1)}i`;

  // Step 2
  for (const [suffix, replacement] of STEP2) {
    if (word.endsWith(suffix)) {
      word = replaceSuffix(word, suffix, replacement, 0) ?? word;
      break;
    }
  }
  // Step 3
  for (const [suffix, replacement] of STEP3) {
    if (word.endsWith(suffix)) {
      word = replaceSuffix(word, suffix, replacement, 0) ?? word;
      break;
    }
  }
  // Step 4
  for (const suffix of STEP4) {
    if (word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length);
      if (measure(base) > 1) word = base;
      break;
    }
  }
  if (word.endsWith("ion")) {
    const base = word.slice(0, -3);
    if (measure(base) > 1 && /[st]$/.test(base)) word = base;
  }
  // Step 5
  if (word.endsWith("e")) {
    const base = word.slice(0, -1);
    const m = measure(base);
    if (m > 1 || (m === 1 && !endsCvc(base))) word = base;
  }
  if (measure(word) > 1 && endsDoubleConsonant(word) && word.endsWith("l")) word = word.slice(0, -1);
  return VOWEL.test(word) || word.length > 0 ? word : input;
}
