import type { Skill } from "../data/types.ts";
import { titleScore } from "../resume/titles.ts";
import { isWordCharacter } from "../text/ascii.ts";
import { perAnalysis } from "../text/memo.ts";

/** "Registered Nurse License" → "Registered Nurse": the credential's holder, named as a title. */
const CREDENTIAL_WORDS =
  /\s+(?:licen[cs]e|licensure|certification|certificate|certified|card|credential)s?$/i;

/**
 * A credential is shown by the title it confers: a resume that says "Registered Nurse" holds the
 * RN licence, "Certified Public Accountant" the CPA. Every certification alias that is a title
 * once its credential word is dropped becomes a form of its own (when no other skill has it).
 */
function credentialTitleForms(skill: Skill): string[] {
  if (skill.category !== "certification") return [];
  const forms: string[] = [];
  for (const alias of [skill.name, ...skill.aliases]) {
    const core = alias.replace(CREDENTIAL_WORDS, "").trim();
    if (core === alias || core.split(/\s+/).length < 2 || /'s$/.test(core)) continue;
    if (titleScore(core) >= 0.6) forms.push(core);
  }
  return forms;
}

/**
 * An index of every surface form of every skill ("k8s", "Kubernetes", "MS Excel"), keyed by its
 * normalised token sequence, for longest-match scanning of text.
 */
export type Taxonomy = {
  byId: Map<string, Skill>;
  forms: Map<string, FormEntry[]>;
  maxTokens: number;
  /** Ids of skills that have children (e.g. "sql" has "postgresql"). */
  children: Map<string, string[]>;
  /** Every proper token prefix of a form ("a/b" and "machine" of "A/B testing", "machine learning"). */
  prefixes: Set<string>;
  /** Every form's first token → the most tokens a form starting with it has: most words start none. */
  starts: Map<string, number>;
};

export type FormEntry = {
  skillId: string;
  /** The form as written in the taxonomy, for case-sensitive checks. */
  exact: string;
  caseSensitive: boolean;
  /** A form that is also an ordinary word ("Access", "Go"): counts only with context. */
  ambiguous: boolean;
  /** A name that is also an everyday spoken word ("Fluent", "Python"): needs context in prose. */
  contextual: boolean;
};

/** Tokens of a skill form or a text span: lower-case, hyphens and underscores read as spaces. */
export function formKey(text: string): string {
  return tokenize(text)
    .map((t) => t.norm)
    .join(" ");
}

export type Token = { text: string; norm: string; start: number; end: number };

const TOKEN_RE = /[\p{L}\p{N}.+#][\p{L}\p{N}+#.&/'’]*[\p{L}\p{N}+#]|[\p{L}\p{N}+#]/gu;
/** TOKEN_RE for ASCII text, where letters and numbers are [A-Za-z0-9]: the same tokens, several times faster. */
const ASCII_TOKEN_RE = /[A-Za-z0-9.+#][A-Za-z0-9+#.&/']*[A-Za-z0-9+#]|[A-Za-z0-9+#]/g;
const NON_ASCII = /[\u0080-\uffff]/;
const TRAILING = /[.'’]$/;

/**
 * The text with its non-ASCII punctuation (bullets, dashes, curly quotes) turned into the ASCII
 * characters that tokenize the same ("’" is an apostrophe, the rest separate words), so the ASCII
 * expression can read it; null when a non-ASCII letter or digit needs the Unicode one.
 */
function asciiPunctuation(text: string): string | null {
  let letters = false;
  const out = text.replace(/[\u0080-\uffff]/g, (char) => {
    if (char === "’") return "'";
    if (isWordCharacter(char)) letters = true;
    return " ";
  });
  return letters ? null : out;
}

/**
 * Splits text into word tokens, keeping the characters skills are written with (C++, C#, .NET,
 * Node.js, CI/CD, R&D) inside tokens and dropping sentence punctuation around them.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const spaced = text.replace(/[-_]/g, " ");
  const ascii = NON_ASCII.test(spaced) ? asciiPunctuation(spaced) : spaced;
  const source = ascii ?? spaced;
  const re = ascii === null ? TOKEN_RE : ASCII_TOKEN_RE;
  re.lastIndex = 0;
  for (let match = re.exec(source); match; match = re.exec(source)) {
    let start = match.index;
    let value = text.slice(start, start + match[0].length);
    // A leading dot belongs only to forms like ".NET"; trailing dots end sentences ("Node.js.").
    if (value.startsWith(".") && !/^\.[A-Za-z]{2,4}$/.test(value)) {
      value = value.slice(1);
      start += 1;
    }
    if (TRAILING.test(value)) value = value.replace(/[.'’]+$/, "");
    if (!value) continue;
    const lower = value.toLowerCase();
    tokens.push({
      text: value,
      norm: lower.includes("’") ? lower.replace(/’/g, "'") : lower,
      start,
      end: start + value.length,
    });
  }
  return tokens;
}

/** A form that must be matched in its exact case: one or two letters ("R", "Go"), or a short all-capitals acronym ("REST", "PALS"). */
function riskyForm(form: string): boolean {
  const alnum = form.replace(/[^\p{L}\p{N}]/gu, "");
  return alnum.length <= 2 || /^[A-Z]{2,5}s?$/.test(form);
}

/** Builds the lookup index from the taxonomy's skills. */
export function buildTaxonomy(skills: readonly Skill[]): Taxonomy {
  const byId = new Map<string, Skill>();
  const forms = new Map<string, FormEntry[]>();
  const children = new Map<string, string[]>();
  const prefixes = new Set<string>();
  const starts = new Map<string, number>();
  let maxTokens = 1;
  const taken = new Set(skills.flatMap((skill) => [skill.name, ...skill.aliases].map(formKey)));
  for (const skill of skills) {
    byId.set(skill.id, skill);
    if (skill.parent) children.set(skill.parent, [...(children.get(skill.parent) ?? []), skill.id]);
    const derived = credentialTitleForms(skill).filter((form) => !taken.has(formKey(form)));
    for (const form of [skill.name, ...skill.aliases, ...derived]) {
      const k = formKey(form);
      if (!k) continue;
      const parts = k.split(" ");
      maxTokens = Math.max(maxTokens, parts.length);
      for (let n = 1; n < parts.length; n++) prefixes.add(parts.slice(0, n).join(" "));
      if (parts[0]) starts.set(parts[0], Math.max(starts.get(parts[0]) ?? 0, parts.length));
      const list = forms.get(k) ?? [];
      if (!list.some((entry) => entry.skillId === skill.id && entry.exact === form)) {
        // Case and ambiguity belong to a form, not to the skill: "Node" must be written so and
        // needs context, "node.js" / "Node.JS" need neither.
        const ambiguous = Boolean(skill.ambiguousForms?.includes(form));
        const contextual = Boolean(skill.contextForms?.some((f) => formKey(f) === k));
        list.push({
          skillId: skill.id,
          exact: form,
          caseSensitive: Boolean(skill.caseSensitive) && (ambiguous || riskyForm(form)),
          ambiguous,
          contextual,
        });
      }
      forms.set(k, list);
    }
  }
  return { byId, forms, maxTokens: Math.min(maxTokens, 8), children, prefixes, starts };
}

export type SkillHit = {
  skillId: string;
  /** Character offsets in the scanned line. */
  start: number;
  end: number;
  /** As written in the text. */
  surface: string;
  /** A common-word form that needs context before it counts. */
  ambiguous: boolean;
  /** An everyday spoken word that names a product ("Fluent"): needs context in prose. */
  contextual: boolean;
};

/**
 * Every skill mentioned in a line, longest match first, without overlaps. Case-sensitive forms
 * ("Go", "R", "C") must be written exactly; slash-joined words are also tried one by one.
 */
export function scanLine(taxonomy: Taxonomy, line: string): readonly Readonly<SkillHit>[] {
  let scan = scanners.get(taxonomy);
  if (!scan) {
    scan = perAnalysis((text: string) => scanText(taxonomy, text));
    scanners.set(taxonomy, scan);
  }
  return scan(line);
}

const scanners = new WeakMap<Taxonomy, (line: string) => readonly Readonly<SkillHit>[]>();

function scanText(taxonomy: Taxonomy, line: string): SkillHit[] {
  const tokens = expandSlashes(taxonomy, tokenize(line));
  const hits: SkillHit[] = [];
  let i = 0;
  while (i < tokens.length) {
    const norm = tokens[i]?.norm ?? "";
    const longest = Math.min(
      Math.max(taxonomy.starts.get(norm) ?? 0, taxonomy.starts.get(singular(norm)) ?? 0),
      taxonomy.maxTokens,
      tokens.length - i,
    );
    // The keys of the spans starting here, shortest first ("machine", "machine learning", …),
    // as long as the span so far begins some form: a plural changes only the last token.
    const keys: string[] = longest > 0 ? [norm] : [];
    for (let key = norm; keys.length < longest && taxonomy.prefixes.has(key); keys.push(key))
      key = `${key} ${tokens[i + keys.length]?.norm}`;
    const hit = longestHit(taxonomy, line, tokens, i, keys);
    if (hit) {
      hits.push(hit.hit);
      i += hit.length;
    } else i++;
  }
  return hits;
}

/** The longest form among `keys` (spans of tokens from `i`) written as the taxonomy needs. */
function longestHit(
  taxonomy: Taxonomy,
  line: string,
  tokens: Token[],
  i: number,
  keys: string[],
): { hit: SkillHit; length: number } | null {
  const first = tokens[i];
  if (!first) return null;
  for (let n = keys.length; n >= 1; n--) {
    const key = keys[n - 1] ?? "";
    // Plurals of a skill count as the skill: "variance analyses", "REST APIs", "PLCs".
    const entries = taxonomy.forms.get(key) ?? taxonomy.forms.get(singular(key));
    const last = tokens[i + n - 1];
    if (!entries || !last) continue;
    const surface = line.slice(first.start, last.end);
    // "AWS, EC2" is two skills, not "AWS EC2": a name runs across a comma, a colon or a bracket
    // only when it is written with one ("extract, transform, load").
    const breaks = n > 1 ? surface.match(NAME_BREAK) : null;
    const entry = entries.find(
      (e) =>
        (!e.caseSensitive || sameCase(e.exact, surface) || camelVariant(e.exact, surface)) &&
        (breaks === null || breaks.every((b) => e.exact.includes(b))),
    );
    if (!entry) continue;
    const hit = {
      skillId: entry.skillId,
      start: first.start,
      end: last.end,
      surface,
      ambiguous: entry.ambiguous,
      contextual: entry.contextual,
    };
    return { hit, length: n };
  }
  return null;
}

const NAME_BREAK = /[,;:()[\]|•]/g;

/**
 * "WorkDay" for "Workday": a capital inside a word is never the ordinary word a case-sensitive
 * form guards against ("workday"), so the product is meant. Forms of three letters or fewer stay
 * exact.
 */
function camelVariant(form: string, surface: string): boolean {
  return (
    form.length > 3 &&
    /\p{Ll}\p{Lu}/u.test(surface) &&
    form.replace(/[-_\s]+/g, " ").toLowerCase() === surface.replace(/[-_\s]+/g, " ").toLowerCase()
  );
}

function sameCase(form: string, surface: string): boolean {
  return form.replace(/[-_\s]+/g, " ") === surface.replace(/[-_\s]+/g, " ");
}

function singular(key: string): string {
  if (!key.endsWith("s")) return key;
  if (key.endsWith("yses")) return `${key.slice(0, -2)}is`;
  if (key.endsWith("ies") && key.length > 4) return `${key.slice(0, -3)}y`;
  if (key.endsWith("ches") || key.endsWith("shes") || key.endsWith("xes") || key.endsWith("sses"))
    return key.slice(0, -2);
  if (!key.endsWith("ss") && key.length > 3) return key.slice(0, -1);
  return key;
}

/** True when `offset` starts a sentence or a bullet of the line. */
export function isSentenceStart(line: string, offset: number): boolean {
  // The last character before `offset` that is not a space (read backwards: a line of many names
  // is not copied and trimmed for each of them).
  let last = Math.min(offset, line.length) - 1;
  while (last >= 0 && /\s/.test(line[last] ?? "")) last--;
  if (last < 0) return true;
  const char = line[last] ?? "";
  return (last === 0 && char === "•") || /[.!?:]/.test(char);
}

/** "Python/Django" is read as two tokens; known slash forms (CI/CD, TCP/IP, A/B) stay whole. */
function expandSlashes(taxonomy: Taxonomy, tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    if (!token.text.includes("/") || taxonomy.forms.has(token.norm) || taxonomy.prefixes.has(token.norm)) {
      out.push(token);
      continue;
    }
    let offset = token.start;
    for (const part of token.text.split("/")) {
      if (part) out.push({ text: part, norm: part.toLowerCase(), start: offset, end: offset + part.length });
      offset += part.length + 1;
    }
  }
  return out;
}
