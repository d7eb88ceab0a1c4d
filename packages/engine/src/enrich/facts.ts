/**
 * The fact check behind the LLM's rewording: a rewrite may change wording, never facts. A candidate
 * text is compared with the engine text it rewrites for four kinds of fact: numbers, skills, names
 * (employers, products, places) and skills that the original named and the rewrite must keep. Conservative by design: when in
 * doubt a rewrite is rejected and the engine's own text stays.
 */
import { formKey, scanLine, type Taxonomy, tokenize } from "../skills/taxonomy.ts";

/** One reason a rewrite was refused. */
export type FactIssue = {
  kind: "number" | "skill" | "name" | "dropped-skill" | "dropped-number";
  /** The offending term as written (for "dropped-skill"/"dropped-number": what the rewrite lost). */
  term: string;
};

/** What counts as a skill: the engine's taxonomy, plain names, or both. */
export type SkillVocabulary = {
  taxonomy: Taxonomy | null;
  /** formKey(name) → name, for names given as plain strings. */
  names: Map<string, string>;
  maxNameTokens: number;
};

/**
 * Builds the skill vocabulary. With the taxonomy, its case-sensitive and common-word rules apply
 * ("Go", "Excel", "Make"); plain names are matched by the rules in `findSkills`.
 */
export function skillVocabulary(options: {
  taxonomy?: Taxonomy | null;
  names?: Iterable<string>;
}): SkillVocabulary {
  const names = new Map<string, string>();
  let maxNameTokens = 1;
  for (const name of options.names ?? []) {
    const key = formKey(name);
    if (!key || names.has(key)) continue;
    names.set(key, name.trim());
    maxNameTokens = Math.max(maxNameTokens, key.split(" ").length);
  }
  return { taxonomy: options.taxonomy ?? null, names, maxNameTokens: Math.min(maxNameTokens, 8) };
}

type SkillMention = { key: string; surface: string };

/**
 * Skills named in a text. Taxonomy hits use the engine's scanner; a common-word form used as an
 * ordinary word is prose, not a skill (see `isProse`). Plain names: phrases and names with
 * symbols (C++, Node.js) match in any case; a one-word name must be written with its own
 * capitalisation and, if it is an ordinary capitalised word, not at the start of a sentence
 * ("Make sure…" is not the build tool).
 */
export function findSkills(vocab: SkillVocabulary, text: string): SkillMention[] {
  const mentions: SkillMention[] = [];
  if (vocab.taxonomy) {
    for (const line of text.split("\n")) {
      for (const hit of scanLine(vocab.taxonomy, line)) {
        if (hit.ambiguous && isProse(line, hit.start, hit.surface)) continue;
        mentions.push({ key: `skill:${hit.skillId}`, surface: hit.surface });
      }
    }
  }
  if (vocab.names.size) {
    for (const line of text.split("\n")) {
      const tokens = tokenize(line);
      let i = 0;
      while (i < tokens.length) {
        let step = 1;
        for (let n = Math.min(vocab.maxNameTokens, tokens.length - i); n >= 1; n--) {
          const span = tokens.slice(i, i + n);
          const key = span.map((t) => t.norm).join(" ");
          const name = vocab.names.get(key);
          const first = span[0];
          const last = span[span.length - 1];
          if (!name || !first || !last) continue;
          const surface = line.slice(first.start, last.end);
          if (n === 1 && /^\p{L}+$/u.test(name)) {
            if (surface !== name) continue;
            if (/^\p{Lu}\p{Ll}+$/u.test(name) && isSentenceStart(line, first.start)) continue;
          }
          mentions.push({ key: `name:${key}`, surface });
          step = n;
          break;
        }
        i += step;
      }
    }
  }
  return mentions;
}

/**
 * A common-word skill form used as an ordinary word: in lower case ("help you excel"), or a
 * capitalised word opening a sentence ("Go beyond…", "Spark interest…"); "SQL" or "R" stay skills.
 */
function isProse(line: string, start: number, surface: string): boolean {
  if (surface === surface.toLowerCase()) return true;
  return /^\p{Lu}\p{Ll}+$/u.test(surface) && isSentenceStart(line, start);
}

/** Numbers in a text, normalised: "1,200" → "1200", "40%" → "40", "five" → "5", "doubled" → "2". */
export function findNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\d+(?:[.,]\d+)*/g)) {
    const digits = match[0].replace(/,(?=\d{3}\b)/g, "").replace(",", ".");
    const value = Number.parseFloat(digits);
    found.push(Number.isFinite(value) ? String(value) : digits);
  }
  // "by a third", "two thirds of", "a quarter": fractions are figures too ("third" alone is an ordinal).
  for (const match of text.toLowerCase().matchAll(/\b(a|one|two|three) (third|quarter)s?\b/g)) {
    found.push(`${match[1] === "a" ? "one" : match[1]} ${match[2]}`);
  }
  for (const match of text.toLowerCase().matchAll(/\b[a-z]+(?:-[a-z]+)?\b/g)) {
    const word = match[0];
    const value = NUMBER_WORDS[word];
    if (value !== undefined) {
      found.push(value);
      continue;
    }
    // "twenty-five", "forty-two"
    const [tens, unit] = word.split("-");
    const t = tens ? NUMBER_WORDS[tens] : undefined;
    const u = unit ? NUMBER_WORDS[unit] : undefined;
    if (t !== undefined && u !== undefined) found.push(String(Number(t) + Number(u)));
  }
  return found;
}

// "one" and the ordinals are left out: "one of your strengths", "first" are prose, not counts.
const NUMBER_WORDS: Record<string, string> = {
  zero: "0",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  thirteen: "13",
  fourteen: "14",
  fifteen: "15",
  sixteen: "16",
  seventeen: "17",
  eighteen: "18",
  nineteen: "19",
  twenty: "20",
  thirty: "30",
  forty: "40",
  fifty: "50",
  sixty: "60",
  seventy: "70",
  eighty: "80",
  ninety: "90",
  hundred: "100",
  hundreds: "100",
  thousand: "1000",
  thousands: "1000",
  million: "1000000",
  millions: "1000000",
  billion: "1000000000",
  dozen: "12",
  dozens: "12",
  twice: "2",
  doubled: "2",
  doubling: "2",
  tripled: "3",
  tripling: "3",
  quadrupled: "4",
  half: "0.5",
  halved: "0.5",
  halving: "0.5",
};

/**
 * Capitalised terms that read as names: any token with a capital letter in mid-sentence
 * ("at Google", "on AWS"), and at the start of a sentence only name-shaped tokens (GitHub, IBM,
 * 3M), because a capital there is usually just grammar ("Add", "Highlight", "Reduced").
 */
export function findNames(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split("\n")) {
    for (const token of tokenize(line)) {
      const word = token.text.replace(/['’]s$/i, "");
      if (!/\p{Lu}/u.test(word) || GENERIC_TERMS.has(word)) continue;
      if (/^\p{Lu}$/u.test(word)) continue; // "I", "A", "B" of a list
      const nameShaped = /\p{Lu}/u.test(word.slice(1)) || /\d/.test(word);
      if (!nameShaped && isSentenceStart(line, token.start)) continue;
      names.push(word);
    }
  }
  return names;
}

// Terms of the trade every recommendation may use without them being facts about anyone.
const GENERIC_TERMS = new Set(["ATS", "CV", "PDF", "OK"]);

function isSentenceStart(line: string, offset: number): boolean {
  // Read backwards from `offset` past spaces, then quotes and brackets, then spaces (the line is
  // not copied and trimmed for every word of it).
  let last = Math.min(offset, line.length) - 1;
  while (last >= 0 && /\s/.test(line[last] ?? "")) last--;
  while (last >= 0 && /["'“‘([]/.test(line[last] ?? "")) last--;
  while (last >= 0 && /\s/.test(line[last] ?? "")) last--;
  return last < 0 || /[.!?:;•]/.test(line[last] ?? "");
}

/** The texts a rewrite may draw its facts from, indexed once and reused for every candidate. */
export type FactSource = {
  /** Every token sequence of up to 8 tokens, lower case. */
  grams: Set<string>;
  skillKeys: Set<string>;
  numbers: Set<string>;
};

const MAX_GRAM = 8;

/** Indexes source texts for `newFacts`. */
export function factSource(vocab: SkillVocabulary, texts: readonly string[]): FactSource {
  const grams = new Set<string>();
  const skillKeys = new Set<string>();
  const numbers = new Set<string>();
  for (const text of texts) {
    for (const line of text.split("\n")) {
      const norms = tokenize(line).map((t) => t.norm.replace(/'s$/, ""));
      for (let i = 0; i < norms.length; i++) {
        let gram = "";
        for (let n = 0; n < MAX_GRAM && i + n < norms.length; n++) {
          gram = n === 0 ? (norms[i] ?? "") : `${gram} ${norms[i + n]}`;
          grams.add(gram);
        }
      }
    }
    for (const mention of findSkills(vocab, text)) skillKeys.add(mention.key);
    for (const n of findNumbers(text)) numbers.add(n);
  }
  return { grams, skillKeys, numbers };
}

/** Facts in `candidate` that `source` (the text it rewrites) does not contain: numbers, skills and names. */
export function newFacts(vocab: SkillVocabulary, candidate: string, source: FactSource): FactIssue[] {
  const issues: FactIssue[] = [];
  const add = (kind: FactIssue["kind"], term: string) => {
    if (!issues.some((i) => i.kind === kind && i.term === term)) issues.push({ kind, term });
  };
  for (const n of findNumbers(candidate)) {
    if (!source.numbers.has(n)) add("number", n);
  }
  // Words of a known skill written another way ("Amazon Web Services" for "AWS") are not new names.
  const explained = new Set<string>();
  for (const mention of findSkills(vocab, candidate)) {
    const key = formKey(mention.surface);
    const known = source.skillKeys.has(mention.key) || source.grams.has(key);
    if (!known) add("skill", mention.surface);
    else for (const word of key.split(" ")) explained.add(word);
  }
  for (const name of findNames(candidate)) {
    const key = formKey(name);
    if (!explained.has(key) && !source.grams.has(key)) add("name", name);
  }
  return issues;
}

/**
 * Skills `original` names that `candidate` no longer names: vocabulary skills (the same skill or
 * the same words), and the analysis' own requirement names wherever the original uses their words.
 * Text in double quotes is a citation (the posting's line, a resume bullet): a rewrite may leave
 * the citation out, so skills named only there need not be kept.
 */
export function droppedSkills(
  vocab: SkillVocabulary,
  original: string,
  candidate: string,
  requirementNames: Iterable<string> = [],
): FactIssue[] {
  const own = original.replace(/"[^"\n]*"|“[^”\n]*”/g, " ");
  const before = factSource(vocab, [own]);
  const after = factSource(vocab, [candidate]);
  const issues: FactIssue[] = [];
  const add = (term: string) => {
    if (!issues.some((i) => i.term.toLowerCase() === term.toLowerCase()))
      issues.push({ kind: "dropped-skill", term });
  };
  for (const mention of findSkills(vocab, own)) {
    if (!after.skillKeys.has(mention.key) && !after.grams.has(formKey(mention.surface))) add(mention.surface);
  }
  for (const name of requirementNames) {
    const key = formKey(name);
    if (!key || !before.grams.has(key) || after.grams.has(key)) continue;
    // "Amazon Web Services" keeps the requirement "AWS": the same skill, written out.
    if (findSkills(vocab, name).some((m) => after.skillKeys.has(m.key))) continue;
    add(name);
  }
  return issues;
}

/**
 * Figures `original` gives that `candidate` no longer does ("add 5 years of…" reworded to "add more
 * experience…"): a rewording may not make advice vaguer by losing its numbers. Numbers inside a
 * citation (double quotes) may go with the citation, as skills may (see droppedSkills).
 */
export function droppedNumbers(original: string, candidate: string): FactIssue[] {
  const own = original.replace(/"[^"\n]*"|“[^”\n]*”/g, " ");
  const kept = new Set(findNumbers(candidate));
  return [...new Set(findNumbers(own))]
    .filter((figure) => !kept.has(figure))
    .map((figure) => ({ kind: "dropped-number", term: figure }) satisfies FactIssue);
}
