// Line coaching (docs/product.md#line-coaching): what a recruiter would flag on each experience
// bullet. The flags are computed once here; the ATS review counts them (ats.ts) and the result
// lists them per line. A flag quotes only words the line shows: every span slices the line's
// display text (ResumeIndex.display) to the flagged words.
import type { TCoachingFlag, TLineCoaching } from "@resumelens/contract";
import type { Lexicon } from "../data/types.ts";
import type { ExperienceEntry } from "../resume/parse-resume.ts";
import type { ResumeIndex } from "./resume-index.ts";

export type CoachingKind = TCoachingFlag["kind"];

/** One experience bullet, where it stands, and its flags. */
export type CoachedBullet = {
  text: string;
  /** The entry (index in ParsedResume.experience) it belongs to. */
  entry: number;
  /** Index in ParsedResume.lines of its first line; null when the bullet could not be placed. */
  line: number | null;
  /** A bullet written as a sentence (a label list such as "Environment: Java, Spring" is not). */
  sentence: boolean;
  flags: (TCoachingFlag & { line: number })[];
};

export type Coaching = {
  /** Every experience bullet (roles in the "experience" sections), in resume order. */
  bullets: CoachedBullet[];
  /** The result's `coaching`: lines with at least one flag, in line order. */
  lines: TLineCoaching[];
};

/** The bullet length the ATS review has always called over-long. */
export const LONG_BULLET_WORDS = 40;

type Token = { word: string; start: number; end: number };

/** Words with their offsets: letters and digits, joined by apostrophes, hyphens, & + # and a final dot of "etc.". */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}'’&+#]|-(?=[\p{L}\p{N}]))*/gu)) {
    const start = m.index ?? 0;
    let end = start + m[0].length;
    let word = m[0].toLowerCase().replace(/’/g, "'");
    if (word === "etc" && text[end] === ".") {
      end += 1;
      word = "etc.";
    }
    out.push({ word, start, end });
  }
  return out;
}

type PhraseList = Map<string, string[][]>;
const phraseLists = new WeakMap<readonly string[], PhraseList>();

/** Phrases keyed by their first word, longest first (so "was responsible for" wins over "responsible for"). */
function phraseList(phrases: readonly string[]): PhraseList {
  let list = phraseLists.get(phrases);
  if (!list) {
    list = new Map();
    for (const phrase of phrases) {
      const parts = tokens(phrase).map((t) => t.word);
      const first = parts[0];
      if (!first) continue;
      list.set(first, [...(list.get(first) ?? []), parts]);
    }
    for (const entries of list.values()) entries.sort((a, b) => b.length - a.length);
    phraseLists.set(phrases, list);
  }
  return list;
}

type Found = { phrase: string; start: number; end: number };

/** Every listed phrase in the tokens, word for word, without overlaps. */
function findPhrases(toks: Token[], phrases: readonly string[], from = 0): Found[] {
  const list = phraseList(phrases);
  const found: Found[] = [];
  for (let i = from; i < toks.length; i++) {
    const candidates = list.get(toks[i]?.word ?? "");
    if (!candidates) continue;
    const parts = candidates.find((p) => p.every((w, k) => toks[i + k]?.word === w));
    if (!parts) continue;
    const last = toks[i + parts.length - 1] as Token;
    found.push({ phrase: parts.join(" "), start: toks[i]?.start ?? 0, end: last.end });
    i += parts.length - 1;
  }
  return found;
}

/**
 * Uses of a listed word that are not filler, hedge or cliché: "Internet of Things",
 * "almost 40%" (an honest approximation of a figure).
 */
function ordinaryUse(found: Found, toks: Token[]): boolean {
  const at = toks.findIndex((t) => t.start === found.start);
  const before = (k: number) => toks[at - k]?.word ?? "";
  const after = (k: number) => toks[at + k]?.word ?? "";
  if (found.phrase === "things") return before(1) === "of" && before(2) === "internet";
  // "almost 40%", "to almost zero": an honest approximation of a figure, not a hedge.
  if (found.phrase === "almost") return /^\d/.test(after(1)) || SPELLED_FIGURE_RE.test(after(1));
  return false;
}

// A spelled-out quantity or a change measured in words ("doubled", "a dozen", "hundreds of").
const SPELLED_FIGURE_RE =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?|half|zero|twice|doubled|doubling|tripled|tripling|quadrupled|halved|halving|percent)\b/i;
// A figure: any digit that is not part of a year. A 19xx/20xx number is a year unless a unit or a
// counted noun follows it ("2000+ users", "1500 tickets").
const YEAR_RE = /(?<![\d.,$£€])(?:19|20)\d{2}(?![\d.,%+kKmM]|\s+[a-z]+s\b)/g;

/** Whether the bullet shows a number or figure (years alone do not count). */
export function showsOutcome(text: string): boolean {
  return /\d/.test(text.replace(YEAR_RE, "")) || SPELLED_FIGURE_RE.test(text);
}

// "Architecture: Architected the…": a short label before the bullet's verb is the bullet's topic.
// So is a role written before it ("Presentation Specialist @ Warren NJ:", "Java Engineer (2017 - 2018):").
const LABEL_RE = /^(?:[\p{L}\p{N}&/+@.()*-]+\s+){0,5}[\p{L}\p{N}&/+@.()*-]+:\s+/u;
// A role's own line the parser kept as a bullet: "Machine tool setters - metal and plastic (1993 - 1998)".
const ROLE_LINE_RE = /\(\s*(?:19|20)\d{2}\s*[-–—]\s*(?:(?:19|20)\d{2}|present|current|now)\s*\)\s*$/i;
// Lines that list things rather than say what was done.
const LIST_LABEL_RE =
  /^(?:environment|technolog(?:y|ies)|tech(?:nical)? stack|stack|tools?(?: used)?|skills?(?: used)?|languages?|platforms?|software|client|customer|project|team size|role|key skills|keywords)\s*:/i;

/** Whether the bullet is a sentence about the work, not a label list or a two-word fragment. */
function isSentence(text: string, verbs: ReadonlySet<string>): boolean {
  if (LIST_LABEL_RE.test(text) || ROLE_LINE_RE.test(text)) return false;
  // "Technical Skills: G Suite, InDesign, Canva": a label over a list, not over a sentence.
  const label = LABEL_RE.exec(text)?.[0];
  if (label) {
    const rest = text.slice(label.length);
    const firstWord = rest.match(/[\p{L}][\p{L}'-]*/u)?.[0] ?? "";
    if ((rest.match(/,/g)?.length ?? 0) >= 2 && !isActionVerb(firstWord, verbs)) return false;
  }
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 4 || !/\p{Ll}/u.test(text)) return false;
  // "Java, Spring, Hibernate, Oracle": mostly commas and names.
  const commas = text.match(/,/g)?.length ?? 0;
  const first = words[0]?.replace(/[^\p{L}-]/gu, "") ?? "";
  return !(commas >= 3 && commas >= words.length / 3 && !isActionVerb(first, verbs));
}

const verbSets = new WeakMap<object, Set<string>>();
function verbSet(lexicon: Lexicon): Set<string> {
  let set = verbSets.get(lexicon);
  if (!set) {
    set = new Set(lexicon.actionVerbs.map((v) => v.toLowerCase()));
    verbSets.set(lexicon, set);
  }
  return set;
}

// Words in "-ed" that open a bullet as adjectives, not as what the candidate did.
const ED_ADJECTIVES = new Set([
  "experienced",
  "skilled",
  "talented",
  "dedicated",
  "motivated",
  "seasoned",
  "certified",
  "licensed",
  "qualified",
  "accomplished",
  "based",
  "related",
  "advanced",
  "detailed",
  "varied",
  "assisted",
  "helped",
  "worked",
  "tasked",
  "involved",
  "exposed",
  "interested",
  "focused",
  "selected",
  "required",
  "used",
]);

// Words that open a bullet and cannot be its verb: pronouns, articles, prepositions, auxiliaries.
// biome-ignore format: a compact word list reads better than one word per line
const NOT_VERBS = new Set([
  "a", "an", "the", "this", "that", "these", "those", "my", "our", "your", "their", "his", "her",
  "its", "i", "we", "me", "us", "they", "he", "she", "it", "in", "on", "at", "for", "with", "as",
  "of", "from", "by", "to", "into", "through", "during", "within", "across", "under", "over",
  "while", "was", "were", "is", "are", "am", "been", "being", "has", "have", "had", "also",
  "various", "several", "many", "numerous", "multiple", "some", "all", "each", "every", "key",
  "main", "primary", "daily", "weekly", "monthly", "general", "overall", "successful", "strong",
  "excellent", "good", "great",
]);
// A noun a bullet opens with instead of the verb it hides: "Development of", "Management of".
const NOUN_RE = /^[a-z]{4,}(?:tion|sion|ment|ance|ence|ity|ness|ship|ism)s?$/;

/**
 * Whether the word surely is not a verb. An unknown word may be a verb the list lacks ("Sang",
 * "Summarize") or a name: it is left alone, since a false flag is worse than a missed one.
 */
function notAVerb(word: string, lexicon: Lexicon): boolean {
  return NOT_VERBS.has(word) || lexicon.pronouns.includes(word) || NOUN_RE.test(word);
}

/**
 * Whether a word is an action verb: a listed base or past form, the present ("Manages",
 * "Leading"), or a past tense the list lacks ("Authored", "Owned"): a missed verb would be a
 * false flag, and a missed flag only a miss.
 */
export function isActionVerb(word: string, verbs: ReadonlySet<string>): boolean {
  const w = word.toLowerCase();
  if (verbs.has(w)) return true;
  if (/^[a-z]{3,}ed$/.test(w) && !ED_ADJECTIVES.has(w)) return true;
  // "Re-architected", "Rewrote", "Co-founded": the verb after the prefix.
  const prefixed = /^(?:re-?|co-)([a-z]{3,})$/.exec(w)?.[1];
  if (prefixed && verbs.has(prefixed)) return true;
  if (/ies$/.test(w) && verbs.has(`${w.slice(0, -3)}y`)) return true;
  if (/(?:ch|sh|ss|x|z|o)es$/.test(w) && verbs.has(w.slice(0, -2))) return true;
  if (/[^s]s$/.test(w) && verbs.has(w.slice(0, -1))) return true;
  if (/ing$/.test(w) && w.length > 5) {
    const stem = w.slice(0, -3);
    if (verbs.has(stem) || verbs.has(`${stem}e`)) return true;
    if (/(.)\1$/.test(stem) && verbs.has(stem.slice(0, -1))) return true;
  }
  return false;
}

// "was promoted by", "were reviewed by", "was responsible for": the subject is not the one acting.
const PASSIVE_RE =
  /\b(?:was|were|is|are|been|being)\s+(?:(?:\w+ly)\s+)?(?:\w+ed|built|made|done|given|taken|written|run|led|held|sent|chosen|seen|known|shown|drawn|grown|taught|brought|bought|kept|paid|sold|told|won|set|put)\s+by\b|\b(?:was|were)\s+responsible\s+for\b/gi;

function quote(text: string, span: [number, number]): string {
  return text.slice(span[0], span[1]);
}

/**
 * The flags of every experience bullet. `english` says whether the word lists apply: on another
 * language they would only misfire, so only the figure, length and duplicate checks run.
 */
export function coachBullets(index: ResumeIndex, lexicon: Lexicon, english: boolean): Coaching {
  const { resume, display } = index;
  const verbs = verbSet(lexicon);
  const bullets: CoachedBullet[] = [];
  resume.experience.forEach((entry, e) => {
    if (entry.section !== "experience") return;
    const placed = placeBullets(index, entry, e);
    entry.bullets.forEach((text, b) => {
      const at = placed[b] ?? null;
      bullets.push({ text, entry: e, line: at?.line ?? null, sentence: isSentence(text, verbs), flags: [] });
      const bullet = bullets[bullets.length - 1] as CoachedBullet;
      if (!at || index.copied.has(at.line)) return;
      const lineText = display[at.line] ?? "";
      // Offsets into the first line are the bullet's own offsets moved by `at.offset`; words on
      // wrapped lines are flagged on the line that shows them.
      const flag = (kind: CoachingKind, message: string, span?: [number, number], line = at.line) =>
        bullet.flags.push(span ? { kind, message, span, line } : { kind, message, line });
      if (!bullet.sentence) return;
      // Words another flag already quotes (the opening "Was responsible for") are not flagged twice.
      const covered = (span: [number, number], line: number) =>
        bullet.flags.some((f) => f.span && f.line === line && f.span[0] < span[1] && f.span[1] > span[0]);

      if (!showsOutcome(text))
        flag(
          "no-outcome",
          "This line says what you did but not what came of it: add a number, such as how many, how much, how fast or how often.",
        );
      const words = text.split(/\s+/).filter(Boolean).length;
      if (words > LONG_BULLET_WORDS)
        flag(
          "too-long",
          `At ${words} words this bullet is hard to scan; keep it to one or two lines, or split it into separate results.`,
        );
      if (!english) return;

      // The opening, in the first line's text.
      const label = LABEL_RE.exec(lineText.slice(at.offset))?.[0].length ?? 0;
      const head = at.offset + label;
      const toks = tokens(lineText).filter((t) => t.start >= head);
      // A bullet the parser lifted out of a role's line ("Cooks (2018 - 2022) – Provided…") opens
      // where the parser cut it, not where the writer began: its opening is not judged.
      // An adverb before the verb ("Successfully led") is the verb's: look past it.
      const opening = /ly$/.test(toks[0]?.word ?? "") && toks.length > 1 ? toks.slice(1) : toks;
      const weak = findPhrases(opening.slice(0, 4), lexicon.weakOpeners)[0];
      // The whole first word: "A/B tested" opens with "A/B", not with the article "A".
      const first = opening[0] && /^(?:\s|$)/.test(lineText.slice(opening[0].end)) ? opening[0] : undefined;
      const judged = at.offset === 0;
      if (judged && weak && weak.start === first?.start) {
        const span: [number, number] = [weak.start, weak.end];
        const words = quote(lineText, span);
        // "Responsible for", "Duties included" name a duty; "Worked on", "Helped", "Participated
        // in" a share in someone's work.
        const duty = /^(?:was |were )?(?:responsib|dut|in charge|tasked)/i.test(words);
        flag(
          "weak-opening",
          duty
            ? `'${words}' describes a duty, not what you achieved; start with a verb that says what you did, such as 'Led', 'Built' or 'Reduced'.`
            : `'${words}' says you took part, not what you did; start with a verb for your own part, such as 'Built', 'Led' or 'Fixed'.`,
          span,
        );
      } else if (judged && first && !isActionVerb(first.word, verbs) && notAVerb(first.word, lexicon)) {
        const span: [number, number] = [first.start, first.end];
        const pronoun = lexicon.pronouns.includes(first.word);
        flag(
          "weak-opening",
          pronoun
            ? `Drop '${quote(lineText, span)}' and start with the verb: bullets read as your actions already.`
            : `This bullet opens with '${quote(lineText, span)}' rather than an action verb; lead with what you did.`,
          span,
        );
      }

      for (const { index: lineIndex, offset } of at.lines) {
        const own = display[lineIndex] ?? "";
        const lineToks = tokens(own).filter((t) => t.start >= offset);
        for (const m of own.slice(offset).matchAll(PASSIVE_RE)) {
          const span: [number, number] = [offset + (m.index ?? 0), offset + (m.index ?? 0) + m[0].length];
          if (covered(span, lineIndex)) continue;
          // "a library that is used by 200 teams": others' use of the work, an outcome, not the
          // writer hiding behind the passive.
          if (/\b(?:that|which|who|and)\s+$/i.test(own.slice(Math.max(0, span[0] - 12), span[0]))) continue;
          flag(
            "passive",
            /responsible/i.test(m[0])
              ? `'${quote(own, span)}' names a duty, not an action; say what you did and what came of it.`
              : `'${quote(own, span)}' is passive; say what you did as the one who did it.`,
            span,
            lineIndex,
          );
        }
        const lists: [CoachingKind, readonly string[], (w: string) => string][] = [
          [
            "filler",
            lexicon.fillers,
            (w) => `'${w}' adds nothing a recruiter can check; cut it or replace it with a specific fact.`,
          ],
          ["hedge", lexicon.hedges, (w) => `'${w}' hedges; state what you did and what it achieved plainly.`],
          [
            "cliche",
            lexicon.cliches,
            (w) => `'${w}' is a cliché recruiters skip; show the quality with a concrete result instead.`,
          ],
        ];
        for (const [kind, list, message] of lists) {
          for (const found of findPhrases(lineToks, list)) {
            if (ordinaryUse(found, lineToks)) continue;
            const span: [number, number] = [found.start, found.end];
            if (covered(span, lineIndex)) continue;
            flag(kind, message(quote(own, span)), span, lineIndex);
          }
        }
      }
    });
  });

  flagDuplicates(bullets, resume.experience);

  const byLine = new Map<number, TCoachingFlag[]>();
  for (const bullet of bullets) {
    for (const { line, ...flag } of bullet.flags) {
      const list = byLine.get(line);
      if (list) list.push(flag);
      else byLine.set(line, [flag]);
    }
  }
  const lines = [...byLine.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([line, flags]) => ({
      line,
      flags: flags.sort((a, b) => (a.span?.[0] ?? -1) - (b.span?.[0] ?? -1)),
    }));
  return { bullets, lines };
}

type Placement = {
  /** The bullet's first line and where the bullet starts in its display text. */
  line: number;
  offset: number;
  /** Every line the bullet covers (a wrapped bullet continues on the next lines). */
  lines: { index: number; offset: number }[];
};

/**
 * Where each bullet of an entry stands in the resume's lines. The parser strips the marker and
 * joins wrapped lines with a space, so a bullet is its first line's display text followed by its
 * continuation lines; a bullet the parser lifted out of a role's header line starts mid-line.
 */
function placeBullets(index: ResumeIndex, entry: ExperienceEntry, e: number): (Placement | null)[] {
  const { display, entryOfLine } = index;
  const owned: number[] = [];
  for (let i = entry.lineIndex; i < display.length && owned.length < 400; i++) {
    if (entryOfLine[i] === e) owned.push(i);
    else if (owned.length > 0 && entryOfLine[i] !== null) break;
  }
  let from = 0;
  return entry.bullets.map((bullet) => {
    for (let k = from; k < owned.length; k++) {
      const i = owned[k] as number;
      const text = display[i] ?? "";
      if (!text) continue;
      let offset = -1;
      if (bullet.startsWith(text)) offset = 0;
      else if (text.endsWith(bullet) || (text.length > bullet.length && text.includes(bullet)))
        offset = text.indexOf(bullet);
      if (offset < 0) continue;
      const lines = [{ index: i, offset }];
      let rest = bullet.slice(text.length - offset);
      let next = k + 1;
      while (rest.startsWith(" ") && next < owned.length) {
        const cont = display[owned[next] as number] ?? "";
        if (!cont || !rest.slice(1).startsWith(cont)) break;
        lines.push({ index: owned[next] as number, offset: 0 });
        rest = rest.slice(1 + cont.length);
        next++;
      }
      from = next;
      return { line: i, offset, lines };
    }
    return null;
  });
}

/** Lower-case words of a bullet, for comparing two bullets. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The same or nearly the same bullet written twice: the later one is flagged and names the role
 * that holds the earlier. "Nearly" is nine words in ten shared (Jaccard over word sets).
 */
function flagDuplicates(bullets: CoachedBullet[], entries: ExperienceEntry[]): void {
  const seen: { words: Set<string>; bullet: CoachedBullet }[] = [];
  const byKey = new Map<string, CoachedBullet>();
  const byWord = new Map<string, number[]>();
  for (const bullet of bullets) {
    const words = wordsOf(bullet.text);
    if (words.length < 5 || !bullet.sentence) continue;
    const set = new Set(words);
    const key = words.join(" ");
    let earlier = byKey.get(key) ?? null;
    if (!earlier) {
      // Two bullets nine words in ten alike share one of either's five longest words: only
      // bullets filed under those are compared, at most MAX_COMPARED of them (a resume of
      // thousands of look-alike lines stays linear; a near copy among them may go unflagged).
      const candidates = new Set<number>();
      const longest = [...set].sort((x, y) => y.length - x.length || (x < y ? -1 : 1)).slice(0, 5);
      for (const w of longest) {
        for (const k of byWord.get(w) ?? []) {
          if (candidates.size >= MAX_COMPARED) break;
          candidates.add(k);
        }
      }
      for (const k of [...candidates].sort((x, y) => x - y)) {
        const other = seen[k];
        if (other && jaccard(set, other.words) >= 0.9) {
          earlier = other.bullet;
          break;
        }
      }
    }
    if (earlier && bullet.line !== null) {
      const role = entries[earlier.entry];
      const where =
        earlier.entry === bullet.entry
          ? "earlier in this role"
          : `under ${[role?.title, role?.company].filter(Boolean).join(" at ") || "an earlier role"}`;
      bullet.flags.push({
        kind: "duplicate",
        message: `This repeats a bullet ${where}; keep it where it is strongest and use this line for something new.`,
        line: bullet.line,
      });
    }
    if (!byKey.has(key)) byKey.set(key, bullet);
    seen.push({ words: set, bullet });
    for (const w of set) {
      const list = byWord.get(w);
      if (!list) byWord.set(w, [seen.length - 1]);
      else if (list.length < MAX_COMPARED) list.push(seen.length - 1);
    }
  }
}

/** How many earlier bullets one bullet is compared with, at most. */
const MAX_COMPARED = 50;

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}
