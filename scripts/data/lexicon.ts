// Builds lexicon.json: the word lists behind the ATS review (action verbs, weak phrases,
// buzzwords, pronouns, stopwords). Lists from npm packages are filtered by hand to what makes
// sense on a resume; the build checks that every pick really is in the package it cites.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Inflectors } from "en-inflectors";
import { fillers } from "fillers";
import { hedges } from "hedges";
import type { Sources } from "./sources.ts";
import { compareStrings, uniqueSorted } from "./text.ts";

export type LexiconOut = {
  actionVerbs: string[];
  weakPhrases: string[];
  buzzwords: string[];
  pronouns: string[];
  stopwords: string[];
  fillers: string[];
  hedges: string[];
  cliches: string[];
  weakOpeners: string[];
};

/** Strong resume verbs the O*NET work-activity verbs lack (base forms). */
// biome-ignore format: a compact word list reads better than one word per line
const CURATED_ACTION_VERBS = [
  "accelerate", "achieve", "adapt", "advance", "architect", "automate", "boost", "budget",
  "centralize", "champion", "coach", "conceive", "consolidate", "debug", "decrease", "deploy",
  "digitize", "double", "earn", "eliminate", "enable", "engineer", "enhance", "exceed", "expand",
  "expedite", "facilitate", "formulate", "found", "generate", "grow", "halve", "head", "improve",
  "increase", "initiate", "innovate", "institute", "integrate", "introduce", "invent", "launch",
  "mentor", "migrate", "minimize", "maximize", "modernize", "motivate", "optimize", "orchestrate",
  "originate", "outperform", "overhaul", "partner", "pioneer", "prioritize", "produce", "propose",
  "publish", "raise", "redesign", "reduce", "refactor", "refine", "reengineer", "remediate",
  "reorganize", "restructure", "revamp", "revitalize", "save", "scale", "ship", "simplify",
  "slash", "solve", "spearhead", "standardize", "steer", "streamline", "strengthen", "surpass",
  "transform", "triple", "unify", "upgrade", "win", "audit", "benchmark", "catalog", "close",
  "co-found", "convince", "cultivate", "delegate", "exceed", "forge", "influence", "mobilize",
  "overcome", "persuade", "present", "quantify", "rebrand", "recover", "redirect", "resolve",
  "secure", "shape", "shepherd", "structure", "target", "uncover", "undertake", "unite",
];

/** O*NET work-activity verbs that are not strong resume verbs ("Helped", "Attended"). */
// biome-ignore format: a compact word list reads better than one word per line
const EXCLUDED_DWA_VERBS = new Set([
  "help", "assist", "attend", "follow", "give", "hold", "use", "take", "stay", "watch",
  "participate", "read", "receive", "send", "visit", "inspected",
]);

/** Past tenses en-inflectors gets wrong or that have a second common spelling. */
const PAST_OVERRIDES: Record<string, string[]> = {
  audition: ["auditioned"],
  budget: ["budgeted"],
  catalog: ["cataloged", "catalogued"],
  consolidate: ["consolidated"],
  forecast: ["forecast", "forecasted"],
  lubricate: ["lubricated"],
  pilot: ["piloted"],
  relay: ["relayed"],
  signal: ["signaled", "signalled"],
  update: ["updated"],
  "co-found": ["co-founded"],
  found: ["founded"],
  model: ["modeled", "modelled"],
  label: ["labeled", "labelled"],
  level: ["leveled", "levelled"],
  counsel: ["counseled", "counselled"],
  travel: ["traveled", "travelled"],
  shovel: ["shoveled", "shovelled"],
};

/** Irregular past tenses accepted from en-inflectors; anything else must end in "ed". */
// biome-ignore format: a compact word list reads better than one word per line
const IRREGULAR_PAST = new Set([
  "broke", "built", "cast", "chose", "cut", "dug", "drew", "drove", "fed", "forecast", "gave",
  "ground", "held", "laid", "led", "made", "met", "oversaw", "paid", "proofread", "read",
  "rebuilt", "ran", "sold", "sent", "set", "spread", "took", "taught", "troubleshot", "wrote",
  "grew", "won", "undertook", "overcame", "forged",
]);

function regularPast(verb: string): string {
  if (verb.endsWith("e")) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return `${verb}ed`;
}

function pastTenses(verb: string): string[] {
  const override = PAST_OVERRIDES[verb];
  if (override) return override;
  const past = new Inflectors(verb).toPast();
  if (past && past !== verb && (past.endsWith("ed") || IRREGULAR_PAST.has(past))) return [past];
  if (past && IRREGULAR_PAST.has(past)) return [past];
  return [regularPast(verb)];
}

// biome-ignore format: a compact word list reads better than one word per line
const CURATED_WEAK_PHRASES = [
  "responsible for", "was responsible for", "were responsible for", "duties included",
  "duties include", "duties were", "worked on", "helped with", "helped to", "assisted with",
  "assisted in", "involved in", "was involved in", "participated in", "tasked with",
  "in charge of", "familiar with", "exposure to", "various", "etc.", "etc", "and so on",
  "and so forth", "et cetera", "a lot of", "lots of", "numerous", "things", "stuff",
  "tried to", "attempted to", "hopefully", "i think", "i believe", "i feel", "kind of",
  "sort of", "references available upon request", "references upon request",
  "handled various", "did various",
];

// Picks from the npm word lists (each is checked against its package at build time).
// biome-ignore format: a compact word list reads better than one word per line
const WEASEL_PICKS = [
  "various", "several", "many", "very", "quite", "fairly", "relatively", "extremely",
  "significantly", "substantially", "mostly", "largely", "exceedingly", "remarkably",
];
// biome-ignore format: a compact word list reads better than one word per line
const HEDGE_PICKS = [
  "a bit", "almost", "apparently", "basically", "kind of", "more or less", "maybe", "perhaps",
  "possibly", "probably", "somewhat", "sort of", "somehow", "believe", "seems",
  "hopefully",
];
// biome-ignore format: a compact word list reads better than one word per line
const FILLER_PICKS = [
  "actually", "basically", "really", "just", "totally", "literally", "stuff", "things",
  "simply", "truly", "definitely", "certainly", "absolutely",
];

/** Business clichés from no-cliches that turn up on resumes. */
// biome-ignore format: a compact word list reads better than one word per line
const CLICHE_PICKS = [
  "go the extra mile", "think outside of the box", "jack of all trades", "second to none",
  "tried and true", "last but not least", "ladder of success", "movers and shakers",
  "force to be reckoned with", "labor of love", "leaps and bounds", "burn the midnight oil",
  "take one for the team", "knock it out of the park", "no stone unturned", "reinvent the wheel",
  "put your best foot forward", "shoot for the moon", "set the world on fire", "one in a million",
  "the real deal", "tough as nails", "smart as a whip", "hit paydirt", "moment of truth",
  "eleventh hour", "bend over backwards", "cut to the chase", "get your feet wet",
  "know the ropes",
];

/** Resume buzzwords and clichés no open list covers (vague self-praise, not skills). */
// biome-ignore format: a compact word list reads better than one word per line
const CURATED_BUZZWORDS = [
  "synergy", "synergies", "synergize", "go-getter", "think outside the box", "outside the box",
  "results-driven", "results-oriented", "results driven", "results oriented", "hard worker",
  "hardworking", "hard-working", "dynamic", "rockstar", "rock star", "ninja", "guru", "wizard",
  "best of breed", "best-in-class", "world-class", "value add", "value-add", "thought leader",
  "thought leadership", "go-to person", "seasoned professional", "track record of success",
  "proven track record", "passionate", "motivated individual", "highly motivated",
  "extensive experience", "team-player mentality", "hit the ground running", "game changer",
  "game-changer", "win-win", "low-hanging fruit", "move the needle", "paradigm shift",
  "circle back", "touch base", "bring to the table", "wear many hats", "out-of-the-box",
  "cutting-edge", "bleeding-edge", "next-level", "ambitious", "visionary", "unique",
  "excellent communication skills", "strategic thinker", "people person", "go above and beyond",
  "above and beyond", "self-motivated go-getter", "perfectionist", "superstar", "evangelist",
];

// The line coaching's lists (docs/product.md#line-coaching). They quote words on one bullet, so
// every entry must be wrong on a bullet wherever it stands: no word with an ordinary use in a
// resume ("dynamic programming", "unique visitors", "setup wizard", "cost synergies",
// "out-of-the-box integrations", "Developer Evangelist" stay out).
// biome-ignore format: a compact word list reads better than one word per line
// "just" is left out: "just-in-time", "just over 40%", "just for fun" are ordinary on a resume.
const COACH_FILLER_PICKS = [
  "actually", "basically", "really", "totally", "literally", "stuff", "things",
  "simply", "truly", "definitely", "certainly", "absolutely",
];
// biome-ignore format: a compact word list reads better than one word per line
const COACH_WEASEL_PICKS = ["very", "quite", "fairly", "extremely", "various", "remarkably", "exceedingly"];
/** Vague fillers no package lists. */
// biome-ignore format: a compact word list reads better than one word per line
const COACH_CURATED_FILLERS = [
  "etc.", "etc", "and so on", "and so forth", "et cetera", "a lot of", "lots of", "numerous",
];
// biome-ignore format: a compact word list reads better than one word per line
const COACH_HEDGE_PICKS = [
  "a bit", "almost", "apparently", "more or less", "maybe", "perhaps", "possibly", "probably",
  "somewhat", "somehow", "seems", "hopefully",
];
// biome-ignore format: a compact word list reads better than one word per line
const COACH_CURATED_HEDGES = ["tried to", "attempted to", "i think", "i believe", "i feel"];
/** Resume clichés (self-praise and office jargon) that mean nothing else on a bullet. */
// biome-ignore format: a compact word list reads better than one word per line
const COACH_CURATED_CLICHES = [
  "go-getter", "think outside the box", "outside the box", "results-driven", "results-oriented",
  "results driven", "results oriented", "hard worker", "hardworking", "hard-working", "rockstar",
  "rock star", "best-in-class", "world-class", "world class", "value add", "value-add",
  "thought leader", "go-to person", "seasoned professional", "track record of success",
  "proven track record", "passionate", "motivated individual", "highly motivated",
  "team-player mentality", "hit the ground running", "game changer", "game-changer", "win-win",
  "low-hanging fruit", "move the needle", "paradigm shift", "circle back", "touch base",
  "bring to the table", "wear many hats", "cutting-edge", "next-level", "strategic thinker",
  "people person", "go above and beyond", "above and beyond", "self-motivated go-getter",
  "perfectionist", "superstar", "synergize",
];
/** Openings that describe a duty or a share of someone else's work instead of what was done. */
// biome-ignore format: a compact word list reads better than one word per line
const WEAK_OPENERS = [
  "responsible for", "was responsible for", "were responsible for", "duties included",
  "duties include", "duties were", "duties", "worked on", "worked with", "worked", "helped", "helped with",
  "helped to", "assisted", "assisted with", "assisted in", "involved in", "was involved in",
  "participated in", "tasked with", "in charge of", "exposure to", "familiar with",
  "responsibilities included", "responsibilities include", "responsibilities",
];

const PRONOUNS = ["i", "me", "my", "mine", "we", "our", "us"];

/** A standard English stopword list (NLTK's, lightly curated: no contractions' fragments). */
// biome-ignore format: a compact word list reads better than one word per line
const STOPWORDS = [
  "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are",
  "aren't", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both",
  "but", "by", "can", "cannot", "could", "couldn't", "did", "didn't", "do", "does", "doesn't",
  "doing", "don't", "down", "during", "each", "few", "for", "from", "further", "had", "hadn't",
  "has", "hasn't", "have", "haven't", "having", "he", "her", "here", "hers", "herself", "him",
  "himself", "his", "how", "i", "if", "in", "into", "is", "isn't", "it", "it's", "its",
  "itself", "just", "let's", "me", "more", "most", "mustn't", "my", "myself", "no", "nor",
  "not", "now", "of", "off", "on", "once", "only", "or", "other", "ought", "our", "ours",
  "ourselves", "out", "over", "own", "same", "shan't", "she", "should", "shouldn't", "so",
  "some", "such", "than", "that", "that's", "the", "their", "theirs", "them", "themselves",
  "then", "there", "there's", "these", "they", "they'd", "they'll", "they're", "they've",
  "this", "those", "through", "to", "too", "under", "until", "up", "very", "was", "wasn't",
  "we", "we'd", "we'll", "we're", "we've", "were", "weren't", "what", "what's", "when",
  "where", "which", "while", "who", "whom", "why", "will", "with", "won't", "would",
  "wouldn't", "you", "you'd", "you'll", "you're", "you've", "your", "yours", "yourself",
  "yourselves", "also", "etc", "via", "per", "upon", "within", "without", "among",
];

/** Reads a string-array literal (`let name = [ '…', … ];`) from a CommonJS package file. */
function readArrayLiteral(pkgFile: string, variable: string): string[] {
  const require = createRequire(import.meta.url);
  const text = readFileSync(require.resolve(pkgFile), "utf8");
  const start = text.search(new RegExp(`(?:let|var|const)\\s+${variable}\\s*=\\s*\\[`));
  if (start < 0) throw new Error(`${pkgFile}: no array ${variable}`);
  const end = text.indexOf("];", start);
  const body = text.slice(start, end);
  return [...body.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => (m[1] ?? "").replace(/\\(.)/g, "$1"));
}

function checkPicks(picks: string[], list: string[], pkg: string): void {
  const have = new Set(list.map((w) => w.toLowerCase()));
  for (const p of picks) if (!have.has(p)) throw new Error(`"${p}" is not in ${pkg}`);
}

/** Builds the lexicon; `softForms` (lower-cased soft-skill surface forms) never become buzzwords. */
export function buildLexicon(sources: Sources, softForms: Set<string>): LexiconOut {
  checkPicks(WEASEL_PICKS, readArrayLiteral("weasel-words/weasel.js", "weasels"), "weasel-words");
  checkPicks(HEDGE_PICKS, hedges, "hedges");
  checkPicks(FILLER_PICKS, fillers, "fillers");
  checkPicks(CLICHE_PICKS, readArrayLiteral("no-cliches/cliches.js", "cliches"), "no-cliches");
  checkPicks(COACH_FILLER_PICKS, fillers, "fillers");
  checkPicks(COACH_WEASEL_PICKS, readArrayLiteral("weasel-words/weasel.js", "weasels"), "weasel-words");
  checkPicks(COACH_HEDGE_PICKS, hedges, "hedges");

  const bases = uniqueSorted([
    ...sources.onetDwaVerbs.map((v) => v.toLowerCase()).filter((v) => !EXCLUDED_DWA_VERBS.has(v)),
    ...CURATED_ACTION_VERBS,
  ]);
  const actionVerbs = uniqueSorted(bases.flatMap((v) => [v, ...pastTenses(v)]));

  const weakPhrases = uniqueSorted([
    ...CURATED_WEAK_PHRASES,
    ...WEASEL_PICKS,
    ...HEDGE_PICKS,
    ...FILLER_PICKS,
  ]);
  const buzzwords = uniqueSorted([...CURATED_BUZZWORDS, ...CLICHE_PICKS].map((b) => b.toLowerCase()));

  const verbs = new Set(actionVerbs);
  for (const b of buzzwords) {
    if (verbs.has(b)) throw new Error(`buzzword "${b}" is also an action verb`);
    if (softForms.has(b)) throw new Error(`buzzword "${b}" is also a soft skill`);
  }
  for (const w of weakPhrases) if (verbs.has(w)) throw new Error(`weak phrase "${w}" is also an action verb`);

  return {
    actionVerbs,
    weakPhrases,
    buzzwords,
    pronouns: [...PRONOUNS],
    stopwords: uniqueSorted(STOPWORDS).sort(compareStrings),
    fillers: uniqueSorted([...COACH_FILLER_PICKS, ...COACH_WEASEL_PICKS, ...COACH_CURATED_FILLERS]),
    hedges: uniqueSorted([...COACH_HEDGE_PICKS, ...COACH_CURATED_HEDGES]),
    cliches: uniqueSorted([...CLICHE_PICKS, ...COACH_CURATED_CLICHES].map((c) => c.toLowerCase())),
    weakOpeners: uniqueSorted(WEAK_OPENERS),
  };
}
