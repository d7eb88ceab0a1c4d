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
  /**
   * A line under the role that is not the candidate's account of their work: a template's
   * instruction left in ("Summarize your key responsibilities…"), a sentence about the employer or
   * its product ("The mission of the College is…"), or a skills line. Never coached nor counted.
   */
  notWork?: NotWork;
  flags: (TCoachingFlag & { line: number })[];
};

export type NotWork = "template" | "description" | "skills";

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

// A spelled-out quantity or a change measured in words ("doubled", "a dozen", "hundreds of"), or a
// scale written in words ("multi-million", "tenfold", "double-digit").
const SPELLED_FIGURE_RE =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?|half|zero|twice|doubled|doubling|tripled|tripling|quadrupled|halved|halving|percent|multi-?millions?|(?:six|seven|eight|nine)-figure|(?:double|triple)-digit|(?:two|three|four|five|ten|hundred)fold)\b/i;
// A figure: any digit that is not part of a year. A 19xx/20xx number is a year unless a unit or a
// counted noun follows it ("2000+ users", "1500 tickets").
const YEAR_RE = /(?<![\d.,$£€])(?:19|20)\d{2}(?![\d.,%+kKmM]|\s+[a-z]+s\b)/g;

/** Whether the bullet shows a number or a figure in words (years alone do not count). */
export function showsFigure(text: string): boolean {
  return /\d/.test(text.replace(YEAR_RE, "")) || SPELLED_FIGURE_RE.test(text);
}

// Verbs that say something changed ("reduced", "improving"): the bullet states what came of the
// work even without a figure. Nouns ("improvements", "enhancements") do not count: "process
// improvements" names a topic, not a result.
// biome-ignore format: a compact word list reads better than one word per line
const RESULT_VERBS = [
  "increase", "decrease", "reduce", "improve", "enhance", "strengthen", "boost", "accelerate",
  "shorten", "eliminate", "minimize", "minimise", "maximize", "maximise", "optimize", "optimise",
  "streamline", "expand", "prevent", "exceed", "surpass", "outperform", "earn", "slash", "lower",
  "raise", "save", "double", "triple", "halve", "simplify",
];
const inflected = (v: string) =>
  v.endsWith("e")
    ? [`${v}s`, `${v}d`, `${v.slice(0, -1)}ing`]
    : v.endsWith("y")
      ? [`${v.slice(0, -1)}ies`, `${v.slice(0, -1)}ied`, `${v}ing`]
      : [`${v}s`, `${v}ed`, `${v}ing`];
// biome-ignore format: a compact word list reads better than one word per line
const RESULT_WORDS = new Set([
  ...RESULT_VERBS.flatMap(inflected),
  "grew", "grown", "cut", "cutting", "won", "sped", "savings", "achieved",
  // What the work made possible.
  "enabling", "enabled", "enables", "allowing", "yielding", "yielded", "thereby",
]);
// The base form is a duty in a present-tense list ("Maintain servers, optimize performance") but an
// effect after "to" or "help" ("to reduce churn", "help improve onboarding").
const RESULT_BASES = new Set(RESULT_VERBS);
// The stems of every word above, to skip lines that have none (a superset: the words decide).
const RESULT_HINT_RE = new RegExp(
  `\\b(?:${[...RESULT_VERBS.map((v) => v.replace(/[ey]$/, "")), "grew", "grown", "cut", "won", "sped", "achiev", "enabl", "allowing", "yield", "thereby"].join("|")})`,
  "i",
);
const PURPOSE_WORDS = new Set(["to", "help", "helps", "helped", "helping"]);
// biome-ignore format: a compact word list reads better than one word per line
const ADJECTIVE_BEFORE = new Set([
  "a", "an", "the", "its", "their", "our", "my", "his", "her", "ensure", "ensured", "ensures", "ensuring",
]);
// An effect stated as a clause ("resulting in", "leading to", "so that", "to help"), or a result in
// plain words ("ahead of schedule", "under budget", "on time" but not "on time schedules").
const EFFECT_RE =
  /\b(?:(?:result(?:ed|ing|s)? in|leading to|led to|so that|to (?:help|aid|enable|allow)|in order to (?:meet|pass|obtain|acquire|win|secure|earn|achieve)|to (?:meet|pass) (?:\w+ ){0,3}(?:compliance|requirements?|regulations?|audits?|standards?|certifications?)|to (?:obtain|acquire|secure|earn|win) (?:\w+ ){0,3}(?:licen[cs]es?|certifications?|approvals?|accreditations?|funding|contracts?)|ahead of schedule|(?:under|within) budget)\b|on[ -]time(?=\s*(?:[,.;)]|$|and\b|delivery|completion|launch|release|within)))/i;

// Recognition is itself a result: an award, a promotion, a selection or a ranking that someone else
// gave for the work ("Received the Chairman's Award", "Promoted to team lead", "Selected as one of
// five…", "Ranked first in the region", "Employee of the Month"). Each gap is bounded: linear.
const RECOGNITION_RE = new RegExp(
  [
    "\\b(?:awarded|received|receiving|earned|earning|won|winning|granted|given|presented with)\\b[^.;]{0,60}?\\b(?:awards?|prizes?|medals?|honou?rs?|scholarships?|fellowships?|commendations?|recognition|accolades?|distinctions?|troph(?:y|ies)|certificates? of (?:appreciation|achievement|excellence|merit|recognition))\\b",
    "\\b(?:earned|received|won)\\s+(?:a|an|two|three|several|multiple|rapid|early)\\s+promotions?\\b",
    "\\bpromoted\\s+(?:to|twice|three times|within|after|ahead|from|over|early)\\b",
    "\\b(?:selected|chosen|nominated|elected|appointed|invited|hand-?picked|shortlisted)\\s+(?:as|to|for|among|from|out of)\\b",
    "\\bnamed\\s+(?:as|to|one of)\\b",
    "\\branked\\s+(?:#|no\\.|number|first|second|third|top|in the top|among|\\d)",
    "\\b(?:recogni[sz]ed|honou?red|commended|cited)\\s+(?:as|for|by|with)\\b",
    "\\b(?:dean|president|chancellor|director|head)'?s'? (?:list|award|honou?r roll)\\b",
    "\\b(?:employee|associate|salesperson|seller|engineer|manager|teacher|volunteer|player|rookie|agent|nurse|member|student) of the (?:month|quarter|year)\\b",
  ].join("|"),
  "i",
);
// "Awarded the Civilian Service Achievement Medal", "Awarded Best Paper": a line that opens with
// "Awarded" names what was given to the writer, unless what was awarded is a contract or a grant to others.
const AWARDED_RE =
  /^(?:was\s+)?awarded\b(?!\s+(?:(?:the|a|an|all|new|\w+)\s+)?(?:contracts?|subcontracts?|bids?|tenders?|orders?|purchase|funds?|grants? to|work to|projects? to))/i;

/**
 * Whether the bullet shows what came of the work: a number or figure in words (any language), or,
 * in English, a change or an effect stated in words ("reduced alert noise", "enabling repeatable
 * deployments", "to help distributed tracing"). A figure is still better; a stated effect is not
 * "no outcome", and saying so would be more than the line shows.
 */
export function showsOutcome(text: string, english = true): boolean {
  if (showsFigure(text)) return true;
  if (!english) return false;
  if (EFFECT_RE.test(text) || RECOGNITION_RE.test(text) || AWARDED_RE.test(text)) return true;
  // Most lines have none of the words: one scan of the text before splitting it into words.
  if (!RESULT_HINT_RE.test(text)) return false;
  const words = tokens(text);
  return words.some((t, i) => {
    // "to visually enhance": an adverb between the purpose and its verb.
    const before = /ly$/.test(words[i - 1]?.word ?? "") ? words[i - 2]?.word : words[i - 1]?.word;
    if (RESULT_BASES.has(t.word)) return PURPOSE_WORDS.has(before ?? "");
    // "ensured enhanced safety protocols", "an improved layout": an adjective, not a change made.
    if (!RESULT_WORDS.has(t.word) || ADJECTIVE_BEFORE.has(before ?? "")) return false;
    // "responsible for managing and optimizing logistics": a duty, not a result.
    if (t.word.endsWith("ing")) {
      let k = i - 1;
      while (k > 0 && (words[k]?.word === "and" || words[k]?.word.endsWith("ing"))) k--;
      if (words[k]?.word === "for") return false;
    }
    return true;
  });
}

// What to add, by the kind of work the opening verb names: a fix the writer can act on, not a
// general rule. Prefixes of the verb in any tense ("buil" for build, built, building).
const OUTCOME_FIXES: [RegExp, string][] = [
  [
    /^(?:train|mentor|taught|teach|coach|educat|onboard|tutor|instruct)/,
    "add how many people and what they went on to do.",
  ],
  [
    /^(?:sold|sell|negotiat|market|pitch|recruit|fundrais|prospect|clos)/,
    "add the result in figures: revenue, deals, sign-ups or hires.",
  ],
  [
    /^(?:led|lead|manag|supervis|direct|oversaw|oversee|head|coordinat|organi[sz]|ran$|run|own|facilitat|spearhead|chair)/,
    "add its scale and what it delivered: how many people, systems or projects, and what changed.",
  ],
  [
    /^(?:analy[sz]|evaluat|research|test|assess|review|audit|investigat|stud|monitor|identif|diagnos|inspect)/,
    "add what it found and what changed because of it: issues caught, risk or cost avoided.",
  ],
  [
    /^(?:provid|assist|handl|support|answer|serv|perform|maintain|conduct|administer|process|respond|resolv|operat|car|treat|help)/,
    "add how many and how well: cases, customers or requests a week, and resolution time or satisfaction.",
  ],
  [
    /^(?:buil|develop|design|implement|creat|provision|deploy|introduc|launch|establish|engineer|architect|automat|migrat|configur|install|integrat|program|cod|ship|releas|prototyp|refactor|rewr|wr[io]t|upgrad|set|document|prepar|plan|draft|propos|present)/,
    "add who used it or what it changed: users, requests, hours saved, errors or costs cut.",
  ],
];
const DEFAULT_OUTCOME_FIX = "add a figure for the result: how many, how much, how fast or how often.";
// Where the action's own words end: a preposition or a clause after the verb and its object.
// biome-ignore format: a compact word list reads better than one word per line
const ACTION_STOP = new Set([
  "to", "for", "with", "on", "in", "at", "across", "from", "by", "into", "through", "using", "via",
  "including", "as", "while", "within", "under", "over", "between", "which", "that", "who", "where",
  "of", "like", "such", "based", "utilizing", "utilising", "leveraging", "during",
]);
// Words an action quote should not end on: "Designed and provisioned the entire".
// biome-ignore format: a compact word list reads better than one word per line
const ACTION_TAIL = new Set(["a", "an", "the", "and", "or", "all", "our", "my", "its", "their", "entire", "overall", "new", "of"]);

/** How many words after the verb (or a duty opening such as "Worked on") an action quote takes. */
const ACTION_WORDS = 5;
// Verbs that say little about the kind of work ("Conducted penetration testing", "Worked on the
// billing service"): the fix comes from the words after them.
const GENERAL_VERB_RE =
  /^(?:conduct|perform|handl|provid|carr|execut|undert|did|work|help|assist|involv|participat|responsib|task|us(?:ed|ing)$)/;

// Words that end in a full stop without ending the clause: "Worked with Dr. A. Lee", "U.S. Army".
// biome-ignore format: a compact word list reads better than one word per line
const ABBREVIATIONS = new Set([
  "dr", "mr", "mrs", "ms", "mx", "prof", "st", "jr", "sr", "inc", "co", "corp", "ltd", "llc", "plc",
  "no", "nos", "vs", "approx", "dept", "est", "mt", "ft", "gen", "capt", "lt", "col", "sgt", "gov",
  "univ", "assn", "intl", "bros", "fig", "vol", "ed", "rev", "hon",
]);

/** Whether the text between two words ends the clause: a comma, a colon, a dash, a bracket or a real full stop. */
function clauseEnds(prev: Token, between: string): boolean {
  if (/[,;:()–—!?]|\s-\s/.test(between)) return true;
  // "backbone.js", "ASP.NET": a dot inside a word. "Dr. A. Lee": a dot after an abbreviation or an initial.
  if (!/\.["'’”)]*\s/.test(between)) return false;
  return !(ABBREVIATIONS.has(prev.word) || /^\p{L}$/u.test(prev.word));
}

// Words whose object follows "of": "a range of", "all aspects of".
// biome-ignore format: a compact word list reads better than one word per line
const PARTITIVES = new Set([
  "array", "range", "variety", "number", "series", "set", "suite", "host", "aspects", "lot", "lots",
  "dozens", "hundreds", "thousands", "multitude", "plethora", "assortment", "spectrum", "mix", "portfolio",
  "fleet", "catalog", "catalogue", "library", "collection", "backlog",
]);

// A role title the verb test reads as a verb: "Lead engineer on the payments team", "Head coach".
const TITLE_HEAD_RE = /^(?:lead|co-lead|head|chief|staff|principal|senior)$/;
const ROLE_NOUN_RE =
  /^(?:[a-z-]+(?:er|or|ist|ian)|coach|guide|counsel|consultant|assistant|associate|accountant|architect|analyst|nurse|officer|agent|partner|staff|lead|member|attendant)s?$/;

/**
 * The no-outcome message for one bullet: its action quoted ("'Designed onboarding process'") and a
 * fix for that kind of work. `opening` is the bullet's text from its first word; the quote is a
 * slice of it, never reworded, whole words up to a real clause end. A line that starts mid-sentence
 * (a role line's tail: "where I led…") or with a word that is not a verb has no action to quote;
 * nor has a quote that would be the verb alone ("'Coordinated'") or a title ("'Lead engineer'").
 */
function noOutcomeMessage(opening: string, verbs: ReadonlySet<string>, lexicon: Lexicon): string {
  const general = (fix: string) => `This line says what you did, not what came of it: ${fix}`;
  const toks = tokens(opening);
  const start = /ly$|^also$/.test(toks[0]?.word ?? "") && toks.length > 1 ? 1 : 0;
  const verb = toks[start];
  // "Worked on the YouTube Captions team": the duty opening is quoted whole, with what follows it.
  const found = findPhrases(toks.slice(start, start + 4), lexicon.weakOpeners)[0];
  const weak = found && found.start === verb?.start ? found : undefined;
  if (!verb || !/^\p{Lu}/u.test(opening) || (!weak && !isActionVerb(verb.word, verbs))) {
    return general(DEFAULT_OUTCOME_FIX);
  }
  let end = start;
  while (weak && end + 1 < toks.length && (toks[end + 1] as Token).end <= weak.end) end++;
  const from = end;
  let cut = false;
  for (let k = from + 1; k < toks.length; k++) {
    const t = toks[k] as Token;
    // A comma, a full stop or a dash ends the action; so does a preposition or a new clause.
    const prev = toks[k - 1] as Token;
    if (clauseEnds(prev, opening.slice(prev.end, t.start))) break;
    // "an extensive array of tools", "all aspects of": the words after "of" are the object.
    const partitive = t.word === "of" && PARTITIVES.has(prev.word);
    if ((ACTION_STOP.has(t.word) && !partitive) || (k > from + 1 && t.word === "and")) break;
    if (k > from + ACTION_WORDS) {
      cut = true;
      break;
    }
    end = k;
  }
  // A quote never ends on an article or on an abbreviation cut from its name ("Worked with Dr").
  const abbreviation = (t: Token) =>
    (ABBREVIATIONS.has(t.word) || /^\p{L}$/u.test(t.word)) && opening[t.end] === ".";
  while (end > from && (ACTION_TAIL.has((toks[end] as Token).word) || abbreviation(toks[end] as Token)))
    end--;
  const words = toks.slice(start, end + 1).map((t) => t.word);
  const candidates =
    GENERAL_VERB_RE.test(verb.word) || !isActionVerb(verb.word, verbs)
      ? [...words.slice(1), verb.word]
      : [verb.word];
  const fix =
    candidates.map((w) => OUTCOME_FIXES.find(([re]) => re.test(w))?.[1]).find(Boolean) ?? DEFAULT_OUTCOME_FIX;
  // The verb or the duty opening alone, or a title: no action of the line's own to quote.
  const title = TITLE_HEAD_RE.test(verb.word) && ROLE_NOUN_RE.test(toks[start + 1]?.word ?? "");
  // "Worked closely": an adverb is not what was done either.
  const bare = toks.slice(from + 1, end + 1).every((t) => /ly$/.test(t.word));
  if (bare || title) return general(fix);
  const action = opening.slice(toks[0]?.start ?? 0, (toks[end] as Token).end) + (cut ? "…" : "");
  return `'${action}' says what you did, not what came of it: ${fix}`;
}

// "Architecture: Architected the…": a short label before the bullet's verb is the bullet's topic.
// So is a role written before it ("Presentation Specialist @ Warren NJ:", "Java Engineer (2017 - 2018):").
const LABEL_RE = /^(?:[\p{L}\p{N}&/+@.()*-]+\s+){0,5}[\p{L}\p{N}&/+@.()*-]+:\s+/u;
// A role's own line the parser kept as a bullet: "Machine tool setters - metal and plastic (1993 - 1998)".
const ROLE_LINE_RE = /\(\s*(?:19|20)\d{2}\s*[-–—]\s*(?:(?:19|20)\d{2}|present|current|now)\s*\)\s*$/i;
// Lines that list things rather than say what was done.
const LIST_LABEL_RE =
  /^(?:environment|technolog(?:y|ies)|tech(?:nical)? stack|stack|tools?(?: used)?|skills?(?: used)?|languages?|platforms?|software|client|customer|project|team size|role|key skills|keywords)\s*:/i;

// Text a resume template leaves for the writer: an instruction addressed to them ("Summarize your
// key responsibilities and accomplishments…", "List your duties here", "Click here to enter
// text") or sample filler ("Lorem ipsum").
const TEMPLATE_TEXT_RE =
  /^[([]?(?:briefly\s+)?(?:summari[sz]e|describe|list|insert|enter|type|write|replace|highlight|mention|add|include|explain|state|tell us)\s+(?:here\s+)?(?:your|you)\b|\b(?:click (?:or tap )?here to|lorem ipsum|(?:words?|language)(?: and words)? (?:that )?you find in the (?:specific )?job (?:description|posting|ad))\b/i;

/**
 * The template instruction a line holds, quoted to its first full stop (at most 80 characters), or
 * null. A bullet marker before it is not part of it.
 */
export function templateText(line: string): string | null {
  const text = line.replace(/^[^\p{L}\p{N}[(]+/u, "");
  if (text.length > 400 || !TEMPLATE_TEXT_RE.test(text)) return null;
  const sentence = /^[^.!?]*/.exec(text)?.[0].trim() ?? "";
  if (sentence.length <= 80) return sentence;
  const cut = sentence.slice(0, 80);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 20 ? cut.lastIndexOf(" ") : 80)}…`;
}

// A sentence about the employer or its product, not the writer's work: "The mission of the College
// … is to…", "Our vision is…", "We are a…", "The company provides…".
const DESCRIPTION_RE =
  /^(?:(?:the|our|its|their)\s+(?:mission|vision|purpose|goal|aim|mandate)\s+(?:of|is)\b|we\s+are\s+(?:a|an|the|one)\b|(?:the|this|our)\s+(?:company|firm|organi[sz]ation|agency|college|university|school|hospital|clinic|group|business|start-?up|store|practice|cent(?:er|re)|bank|non-?profit|institution|laborator(?:y|ies)|lab|foundation|charity|brand|platform|product|department|division|client|employer)\s+(?:is|are|was|has|have|provides|offers|serves|operates|specializes|specialises|employs|develops|manufactures|sells|helps|works)\b)/i;

/**
 * Whether a line describes the employer or its product rather than the writer's work: a listed
 * opening, or a name in the present tense before what it is ("Phabricator is used daily by…",
 * "Acme Health is a leading provider…", "The college is part of…").
 */
function describesEmployer(text: string, verbs: ReadonlySet<string>, lexicon: Lexicon): boolean {
  if (DESCRIPTION_RE.test(text)) return true;
  if (!/^\p{Lu}/u.test(text)) return false;
  const toks = tokens(text.slice(0, 160));
  const at = toks.slice(0, 6).findIndex((t) => t.word === "is" || t.word === "are");
  if (at < 1) return false;
  const subject = toks.slice(0, at);
  const first = subject[0] as Token;
  if (isActionVerb(first.word, verbs) || lexicon.pronouns.includes(first.word)) return false;
  if (findPhrases(toks.slice(0, 4), lexicon.weakOpeners)[0]?.start === first.start) return false;
  // Only a name ("Acme Health") or a determiner and a noun ("The college") is a subject: the words
  // are joined by spaces alone, so "Built a service that is…" and "Reports, dashboards are…" are not.
  const determiner = /^(?:the|this|our|its)$/.test(first.word);
  return subject.every((t, i) => {
    if (i === 0) return true;
    const gap = text.slice((subject[i - 1] as Token).end, t.start);
    if (!/^\s+$/.test(gap)) return false;
    return determiner || /^\p{Lu}/u.test(text.slice(t.start)) || /^(?:of|and|&|for|de)$/.test(t.word);
  });
}

/** What kind of line, among those that are not an account of the work, a bullet is; or null. */
function notWorkKind(text: string, verbs: ReadonlySet<string>, lexicon: Lexicon): NotWork | null {
  if (templateText(text)) return "template";
  if (describesEmployer(text, verbs, lexicon)) return "description";
  return null;
}

// A heading the parser kept inside a role ("Programs, Skills, Software", "Technical Skills"): what
// follows it in the role is a skills list, not work.
const SKILLS_HEADING_RE =
  /^(?:[\p{L}&/ ]+,\s*){0,4}[\p{L}&/ ]*\b(?:skills|competencies|proficiencies|technologies|tools|software)\b[\p{L}&/ ,]*:?$/iu;

/** Whether a bullet is a label over a list ("Team Management: Asana, Notion, Trello"). */
function labelledList(text: string, verbs: ReadonlySet<string>): boolean {
  if (LIST_LABEL_RE.test(text)) return true;
  const label = LABEL_RE.exec(text)?.[0];
  if (!label) return false;
  const rest = text.slice(label.length);
  const firstWord = rest.match(/[\p{L}][\p{L}'-]*/u)?.[0] ?? "";
  return (rest.match(/,/g)?.length ?? 0) >= 2 && !isActionVerb(firstWord, verbs);
}

/**
 * The skills lines among a role's bullets: every bullet after a skills heading the parser kept in
 * the role, and a labelled line that stands in a run of labelled lists ("Writing & Editing: Design
 * and edit documents…" between "Technical Skills: G Suite, InDesign…" lines).
 */
function skillsLines(bullets: string[], verbs: ReadonlySet<string>): boolean[] {
  const out = bullets.map(() => false);
  // Short, every word capitalised, not opening with a verb ("Programs, Skills, Software" is a
  // heading; "Built Internal Tools" is not; "Programs" is a noun here, not the verb's present tense).
  const heading = bullets.findIndex(
    (b) =>
      b.length <= 80 &&
      SKILLS_HEADING_RE.test(b.trim()) &&
      b.split(/[\s,]+/).every((w) => !w || /^(?:\p{Lu}|&|\/|and$|:)/u.test(w)) &&
      !/(?:ed|ing)$/i.test(b.split(/[\s,]/)[0] ?? "") &&
      !verbs.has((b.split(/[\s,]/)[0] ?? "").toLowerCase()),
  );
  if (heading >= 0) for (let b = heading + 1; b < bullets.length; b++) out[b] = true;
  const lists = bullets.map((b) => labelledList(b, verbs));
  // A label that is a word, not a date ("2019: Attended…" is a dated item, not a skill area).
  const labelled = bullets.map((b) => /^\P{N}*$/u.test(LABEL_RE.exec(b)?.[0] ?? "1"));
  // A run of labelled lines, most of them lists ("Team Management: Asana, Notion…", "Technical
  // Skills: G Suite, InDesign…", "Writing & Editing: Design and edit documents…"): a skills block.
  for (let b = 0; b < bullets.length; ) {
    if (!labelled[b]) {
      b++;
      continue;
    }
    let e = b;
    while (e + 1 < bullets.length && labelled[e + 1]) e++;
    const listed = lists.slice(b, e + 1).filter(Boolean).length;
    if (e > b && listed * 2 > e - b + 1) for (let k = b; k <= e; k++) out[k] = true;
    b = e + 1;
  }
  return out;
}

// A year range: two in one bullet make it a list of roles ("five years as X (2017 - 2022), four
// years as Y (2013 - 2017)…"), not a statement of work.
const YEAR_RANGE_RE = /(?:19|20)\d{2}\s*[-–—]\s*(?:(?:19|20)\d{2}|present|current|now)\b/gi;
// What a role line says after its dates when it only names the role: "held a position as Full Stack
// Java Developer", "employed as a Natural/ADABAS Developer".
const ROLE_STATEMENT_RE =
  /^(?:held (?:a|the) (?:position|role|post|job) as|(?:was )?employed as|(?:worked|working|served|serving) as)\s[^,;]{1,80}$/i;

/**
 * A bullet the parser lifted out of a role's own line ("… (2016-2018) helping companies smoothly run
 * recruitment processes", "Between 2012 and 2014, held a position as Full Stack Java Developer") is
 * the role line's tail: a few words continuing its sentence, or the role named again, is not coached.
 */
function liftedFragment(text: string, at: Placement | null): boolean {
  if (!at || at.offset === 0) return false;
  const short = text.split(/\s+/).filter(Boolean).length < 8 && /^\p{Ll}/u.test(text);
  return short || ROLE_STATEMENT_RE.test(text);
}

// A line that stops mid-sentence: on a comma, a dash or a word that needs what follows.
const BROKEN_OFF_RE = /(?:[,;&–-]|\b(?:and|or|of|the|to|with|for|in|on|a|an|by|as|at|from|into|using))\s*$/i;

/**
 * How a bullet's first line was written: with a bullet marker, without one, or not found. A role
 * whose bullets carry markers and one line that has none: that line continues the bullet above.
 */
function bulletKind(at: Placement | null, index: ResumeIndex): "marked" | "unmarked" | "unplaced" {
  if (!at || at.offset > 0) return "unplaced";
  const raw = (index.resume.lines[at.line] ?? "").trim();
  return raw !== (index.display[at.line] ?? "") ? "marked" : "unmarked";
}

/** Whether the bullet is a sentence about the work, not a label list or a two-word fragment. */
function isSentence(text: string, verbs: ReadonlySet<string>, lexicon: Lexicon): boolean {
  if (LIST_LABEL_RE.test(text) || ROLE_LINE_RE.test(text)) return false;
  // "Technical Skills: G Suite, InDesign, Canva": a label over a list, not over a sentence.
  const label = LABEL_RE.exec(text)?.[0];
  if (label) {
    const rest = text.slice(label.length);
    const firstWord = rest.match(/[\p{L}][\p{L}'-]*/u)?.[0] ?? "";
    if ((rest.match(/,/g)?.length ?? 0) >= 2 && !isActionVerb(firstWord, verbs)) return false;
  }
  if ((text.match(YEAR_RANGE_RE)?.length ?? 0) >= 2) return false;
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 4 || !/\p{Ll}/u.test(text)) return false;
  // "Brew Canyon Publication, Kansas", "Team lead, payments": a few words opening with neither a
  // verb nor what the weak-opening check judges ("Responsible for payroll", "Development of…").
  if (words.length < 6) {
    const toks = tokens(text);
    const lead = (/ly$|^also$/.test(toks[0]?.word ?? "") ? toks[1] : toks[0])?.word ?? "";
    const weak = findPhrases(toks.slice(0, 4), lexicon.weakOpeners)[0]?.start === toks[0]?.start;
    if (!weak && !isActionVerb(lead, verbs) && !notAVerb(lead, lexicon)) return false;
  }
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

/** The filler message, with the fix that word takes: a count, the names, or nothing at all. */
function fillerMessage(words: string): string {
  const w = words.toLowerCase();
  if (/^(?:various|numerous|a lot of|lots of)$/.test(w))
    return `'${words}' is vague; name them or say how many.`;
  if (/^(?:etc\.?|and so on|and so forth|et cetera)$/.test(w))
    return `'${words}' leaves the list open; name what matters and cut the rest.`;
  if (/^(?:stuff|things)$/.test(w)) return `'${words}' is vague; name what it was.`;
  return `'${words}' adds emphasis, not facts; cut it and let the fact stand.`;
}

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
    const kinds = entry.bullets.map((_, b) => bulletKind(placed[b] ?? null, index));
    // An unmarked line continues the bullet above (a wrapped sentence the extractor or the writer
    // split off) when most bullets of the role carry a marker, or when the line above breaks off
    // mid-sentence ("…using Adobe Fireworks," / "Visio, and SketchApp to promote…").
    const marked = kinds.filter((k) => k === "marked").length;
    const joins = marked >= 2 && marked * 2 >= kinds.length;
    const continues = entry.bullets.map(
      (_, b) => b > 0 && kinds[b] === "unmarked" && (joins || BROKEN_OFF_RE.test(entry.bullets[b - 1] ?? "")),
    );
    const skills = english ? skillsLines(entry.bullets, verbs) : entry.bullets.map(() => false);
    entry.bullets.forEach((text, b) => {
      const at = placed[b] ?? null;
      const continuation = continues[b] === true;
      // A line that continues a template instruction or a description is part of it.
      const notWork = skills[b]
        ? "skills"
        : continuation
          ? (bullets[bullets.length - 1]?.notWork ?? null)
          : english
            ? notWorkKind(text, verbs, lexicon)
            : null;
      const sentence =
        !notWork && !continuation && isSentence(text, verbs, lexicon) && !liftedFragment(text, at);
      bullets.push({ text, entry: e, line: at?.line ?? null, sentence, flags: [] });
      const bullet = bullets[bullets.length - 1] as CoachedBullet;
      if (notWork) bullet.notWork = notWork;
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

      // The lines that continue this bullet (split off by the extractor) show its result too.
      let shown = text;
      for (let k = b + 1; continues[k]; k++) shown += ` ${entry.bullets[k]}`;
      if (!showsOutcome(shown, english))
        flag(
          "no-outcome",
          noOutcomeMessage(text.slice(LABEL_RE.exec(text)?.[0].length ?? 0), verbs, lexicon),
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
      // An adverb before the verb ("Successfully led", "Also shared") is the verb's: look past it.
      const opening = /ly$|^also$/.test(toks[0]?.word ?? "") && toks.length > 1 ? toks.slice(1) : toks;
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
          ["filler", lexicon.fillers, (w) => fillerMessage(w)],
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
    // Only a copy the reader can see on another line: two bullets placed on the same line are one
    // line the parser read twice, and a bullet placed nowhere cannot be pointed to.
    if (earlier && bullet.line !== null && earlier.line !== null && earlier.line !== bullet.line) {
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
