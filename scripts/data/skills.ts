// Builds the skills taxonomy (packages/engine/data/skills.json) from the open sources plus the
// curated lists. Outline:
//   1. every source entry becomes a record with a display name, category and surface forms;
//   2. records sharing a merge key (normalised name or alias) are merged into one skill;
//   3. surface forms claimed by two skills go to the stronger claim (curated beats sources,
//      names beat aliases); a skill that loses its own name is dropped;
//   4. flags: see the common-word rule in common-words.ts and `toSkill` below.
import * as linguist from "linguist-languages";
import type { Skill } from "../../packages/engine/src/data/types.ts";
import type { Category, CuratedSkill } from "./curated.ts";
import {
  CURATED_CERTIFICATIONS,
  CURATED_LANGUAGES,
  CURATED_OCCUPATIONAL,
  CURATED_SOFT,
  CURATED_TECH,
  KEEP_COMMON_STRIPPED,
  ONET_SOFTWARE_BRANDS,
  VENDORS,
} from "./curated.ts";
import type { Sources } from "./sources.ts";
import {
  alnumLength,
  clean,
  compareStrings,
  isAcronym,
  isSingleToken,
  lowerKey,
  normKey,
  sentenceCase,
  slugify,
  titleCase,
} from "./text.ts";

/** One skill as written to skills.json (key order here is the output key order). */
/** One skill as written: the engine's own type, so the build and the loader cannot drift apart. */
export type SkillOut = Skill;

export type SkillsResult = {
  skills: SkillOut[];
  /** Raw O*NET technology name → skill id, for occupations' hot technologies. */
  onetToSkill: Map<string, string>;
  /** Forms dropped from a skill because a stronger claim took them (for review). */
  collisions: { form: string; kept: string; dropped: string }[];
  /** Skill id → the source records merged into it (`npm run data:build -- --explain`). */
  members: Map<string, string[]>;
};

type SourceName = "curated" | "linguist" | "esco-language" | "github" | "devicon" | "onet" | "esco-digital";

// Which source names a merged skill when no curated entry does.
const SOURCE_PRIORITY: Record<SourceName, number> = {
  curated: 0,
  linguist: 1,
  "esco-language": 1,
  github: 2,
  devicon: 3,
  onet: 4,
  "esco-digital": 5,
};

// Strength of a claim on a surface form, lower wins.
const RANK_CURATED_NAME = 0;
const RANK_CURATED_ALIAS = 1;
const RANK_NAME = 2;
const RANK_ALIAS = 3;
const RANK_WEAK_ALIAS = 4;

type Form = { text: string; rank: number };

type Rec = {
  source: SourceName;
  name: string;
  category: Category;
  entity: boolean;
  forms: Form[];
  mergeKeys: string[];
  curated?: CuratedSkill;
  occupations?: number;
  commodity?: string;
  onetName?: string;
  /** Only kept when another source confirms it (O*NET tools of one occupation, generic topics). */
  weak?: boolean;
  /** Language slugs from devicon tags, for parents of frameworks and libraries. */
  langTags?: string[];
  /** An acronym the record derived from its own name ("SQL" from "Structured query language SQL"). */
  acronym?: { short: string; expansion: string };
  /** The display name was made up from a slug: any other source names the skill better. */
  derivedName?: boolean;
  /** The name is one common word ("Edge"): a fuller name from another source is better. */
  plainName?: boolean;
};

const MAX_FORM_LENGTH = 60;

/** O*NET commodity categories whose named products get a generic parent skill. */
const COMMODITY_PARENT: Record<string, string> = {
  "Spreadsheet software": "spreadsheets",
  "Accounting software": "accounting-software",
  "Customer relationship management CRM software": "crm",
  "Enterprise resource planning ERP software": "erp",
  "Word processing software": "word-processing",
  "Point of sale POS software": "pos-systems",
};

/** devicon tags naming the language or platform a framework or library belongs to. */
const DEVICON_LANG_TAG: Record<string, string> = {
  javascript: "javascript",
  js: "javascript",
  typescript: "typescript",
  python: "python",
  java: "java",
  php: "php",
  ruby: "ruby",
  go: "go",
  rust: "rust",
  nodejs: "nodejs",
  reactjs: "react",
  react: "react",
  angular: "angular",
  vuejs: "vuejs",
  css: "css",
  kotlin: "kotlin",
  swift: "swift",
  dotnet: "dotnet",
  csharp: "csharp",
  elixir: "elixir",
  scala: "scala",
};
const DEVICON_LIBRARY_TAGS = new Set([
  "framework",
  "library",
  "orm",
  "testing",
  "state-management",
  "component",
]);
const DEVICON_HARD_TAGS = new Set(["language", "framework", "library", "orm", "programming", "markup"]);

/** github topics that are not skills: games, events, schools, communities. */
const GITHUB_BLOCK_RE =
  /game|jam\b|hackathon|hacktoberfest|advent|universit|college|school|disambiguation|minecraft|mod\b|mods\b|plugin|addon|extension|\b20\d\d\b|simulator|shooter|roguel|metroidvania|\bcrawl|fantasy|anime|console$|strategy$|tactics$|role-playing|shoot-em-up|competition|challenge|warcraft|multiplayer|interactive-film|visual-novel|interactive-fiction|dungeon|beat-em-up|platformer|horror/i;
const GITHUB_BLOCK_TOPICS = new Set([
  "awesome",
  "tutorial",
  "example",
  "demo",
  "project-demo",
  "portfolio",
  "boilerplate",
  "cheat-sheet",
  "bootcamp",
  "hacksquad",
  "for-the-love-of-code",
  "first-timers-only",
  "covid-19",
  "queer",
  "transgender",
  "christianity",
  "no-ai",
  "blazing-fast",
  "learning-by-doing",
  "community-driven",
  "interview",
  "koans",
  "hms",
  "mada",
  "esprit",
  "itmo",
  "epitech",
  "ensisa",
  "nashville",
  "rocketseat",
  "scambaiting",
  "whistleblowing",
  "pepeland",
  "tridecco",
  "anyland",
  "zork",
  "undertale",
  "yu-gi-oh",
  "animal-crossing",
  "touhou",
  "genshin-impact",
  "league-of-legends",
  "world-of-warcraft",
  "valorant",
  "teamfight-tactics",
  "elite-dangerous",
  "guild-wars-2",
  "blue-archive",
  "vrchat",
  "roblox",
  "factorio",
  "space-engineers",
  "kerbal-space-program",
  "kerbal-space-program-2",
  "garrys-mod",
  "geometry-dash",
  "battlesnake",
  "spacetraders",
  "leetcode",
  "hackerrank",
  "codechef",
  "infoarena",
  "online-judge",
  "calculate-pi",
  "einstein-problem",
  "identicons",
  "randomizer",
  "dark-mode",
  "emoji",
  "anime",
  "nasa",
  "noaa-national-stock-assessment-program",
  "deutscher-wetterdienst",
  "the-gene-ontology-consortium",
  "obo-foundry",
  "biological-expression-language",
  "citizen-science",
  "climate-change",
  "quantum-field-theory",
  "astrophysics",
  "julia-sets",
  "cellular-automaton",
  "mazes",
  "user-scripts",
  "userscripts",
  "dotfiles",
  "pass",
  "twitter",
  "source-engine",
  "vysoke-uceni-technicke-v-brne",
  "university-of-pisa",
  "hangzhou-dianzi-university",
  "the-university-of-texas-at-arlington",
  "nasa-s-pace-mission",
  "adventurex-2025",
  "dcode-2025",
  "hack-club",
  "software-challenge-germany",
  "edupage",
  "pepeland",
  "4x",
]);
/** Aliases in the sources that name something else or nothing a person writes. */
const ALIAS_BLOCK = new Set(
  [
    "vuex",
    "plpgsql",
    "node",
    "cake",
    "cakescript",
    "sh",
    "bash",
    "zsh",
    "envrc",
    "next",
    "djs",
    "jvm",
    "jdk",
    "openjdk",
    "rusthon",
    "py",
    "python2",
    "rscript",
    "splus",
    "golang-examples",
    "react-js",
    "cd",
    "cpps",
    "py3",
    "actions",
  ].map(normKey),
);

function isCommonWord(form: string, common: Set<string>): boolean {
  return isSingleToken(form) && common.has(lowerKey(form));
}

/** Splits "Google Cloud Platform (GCP)" into the name and the parenthesised part. */
function splitParen(name: string): { base: string; paren: string | null } {
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(name);
  if (!m) return { base: clean(name), paren: null };
  return { base: clean(m[1] ?? ""), paren: clean(m[2] ?? "") };
}

const STOP_WORDS = new Set(["of", "and", "for", "the", "or", "in", "to", "a", "an", "&"]);

/** First letters of the content words: "Geographic information systems" → "gis". */
function strictInitials(f: string): string {
  return f
    .split(/[\s-]+/)
    .filter((w) => w && !STOP_WORDS.has(w.toLowerCase()))
    .map((w) => w.charAt(0).toLowerCase())
    .join("");
}

/**
 * Whether `acronym` abbreviates `words`: each content word gives the next letter with its first
 * letter and may give more from inside ("HyperText" in HTML, "JavaScript" in JSON); digits
 * repeat the letter before ("EC2" is Elastic Compute Cloud, "S3" Simple Storage Service);
 * "ex" may stand for X (eXtensible).
 */
function acronymOf(acronym: string, words: string[]): boolean {
  const a = acronym
    .toLowerCase()
    .replace(/([a-z])(\d)/g, (_, ch: string, d: string) => ch.repeat(Number(d)))
    .replace(/[^a-z]/g, "");
  const ws = words.map((w) => w.toLowerCase().replace(/^ex(?=[a-z])/, "x")).filter(Boolean);
  if (a.length < 2 || ws.length === 0) return false;
  const go = (i: number, j: number): boolean => {
    if (j === ws.length) return i === a.length;
    const w = ws[j] as string;
    if (STOP_WORDS.has(w) && go(i, j + 1)) return true;
    if (i >= a.length || w[0] !== a[i]) return false;
    let k = i + 1;
    let pos = 1;
    if (go(k, j + 1)) return true;
    while (k < a.length) {
      const at = w.indexOf(a[k] as string, pos);
      if (at < 0) return false;
      pos = at + 1;
      k++;
      if (go(k, j + 1)) return true;
    }
    return false;
  };
  return go(0, 0);
}

type OnetClean = {
  name: string;
  forms: string[];
  generic: boolean;
  acronym?: { short: string; expansion: string };
  /** The product name without its vendor ("Excel"), which only merges when it is one
   *  distinctive word ("Java", "QuickBooks"); "Analytics" or "Supply Chain Management" do not. */
  stripped?: string;
};

/**
 * O*NET writes "Structured query language SQL", "Microsoft Excel", "Atlassian JIRA",
 * "Amazon Web Services AWS CloudFormation": derive a display name and the forms people write.
 */
export function cleanOnetName(raw: string, common: Set<string>): OnetClean {
  const full = clean(raw);
  const hadSoftware = /\s+software$/i.test(full);
  const noSoftware = full.replace(/\s+software$/i, "");
  const vendor = VENDORS.find((v) => noSoftware.startsWith(`${v.prefix} `));
  const words = noSoftware.split(" ");
  const productWords = vendor ? noSoftware.slice(vendor.prefix.length + 1).split(" ") : words;
  const forms: string[] = [];

  // An acronym after the words it abbreviates: "Border Gateway Protocol BGP",
  // "American National Standards Institute ANSI C", "Amazon Web Services AWS CloudFormation".
  for (let i = 1; i < words.length; i++) {
    const a = words[i] ?? "";
    if (!isAcronym(a) && !/^[A-Z][2-9]$/.test(a)) continue;
    // With a vendor, the acronym may abbreviate only the product ("Microsoft Visual Basic for
    // Applications VBA").
    const vendorWords = words.length - productWords.length;
    const inProduct = vendor !== undefined && i > vendorWords && acronymOf(a, words.slice(vendorWords, i));
    const expansionWords = inProduct ? words.slice(vendorWords, i) : words.slice(0, i);
    if (!acronymOf(a, expansionWords)) continue;
    const expansion = expansionWords.join(" ");
    const rest = words.slice(i + 1).join(" ");
    if (rest) {
      // The acronym leads the product's usual name: "AWS CloudFormation", "ANSI C".
      forms.push(`${expansion} ${rest}`);
      return { name: `${a} ${rest}`, forms, generic: false };
    }
    const name = inProduct && vendor?.keepInName ? `${vendor.prefix} ${expansion}` : expansion;
    forms.push(a, expansion);
    if (hadSoftware) forms.push(`${a} software`);
    if (vendor && inProduct) forms.push(`${vendor.prefix} ${a}`);
    const generic = !vendor && expansionWords.slice(1).every((w) => w === w.toLowerCase());
    return { name, forms: forms.filter((f) => f !== name), generic, acronym: { short: a, expansion } };
  }

  const last = words[words.length - 1] ?? "";
  const restLower = words.slice(1).every((w) => w === w.toLowerCase());
  // A plain word, unless O*NET means a product of that name ("Workday software" is Workday,
  // "Calendar software" is generic).
  const first = (words[0] ?? "").toLowerCase();
  const firstPlain =
    /^[A-Z]?[a-z-]+$/.test(words[0] ?? "") && common.has(first) && !ONET_SOFTWARE_BRANDS.has(first);
  // A lone word without "software" ("Basecamp", "Opera") is a product name.
  if (!vendor && restLower && firstPlain && (hadSoftware || words.length > 1)) {
    // "Word processing software": keep it whole, a one-word remainder would be too vague.
    if (hadSoftware && words.length >= 2) forms.push(noSoftware);
    return { name: full, forms, generic: true };
  }
  // A name ending in a lower-case word keeps "software" ("ComputerEase construction accounting
  // software"); "SAP software" and "Salesforce software" lose it.
  const endsWithName = /[A-Z0-9+#]/.test(last);
  const stem = hadSoftware && !endsWithName ? full : noSoftware;
  let name = stem;
  if (vendor) {
    const stripped = stem.slice(vendor.prefix.length + 1);
    // "Autodesk Mechanical", "Blackbaud CRM" and "Thomson Reuters Risk Management" stay whole:
    // without the vendor they name something else.
    const distinctive = !isAcronym(stripped) && stripped.split(" ").some((w) => !common.has(w.toLowerCase()));
    if (!vendor.keepInName && distinctive) name = stripped;
    forms.push(stem);
    if (distinctive || KEEP_COMMON_STRIPPED.has(stripped)) forms.push(stripped);
    if (vendor.prefix === "Microsoft") forms.push(`MS ${stripped}`);
    return { name, forms: forms.filter((f) => f !== name), generic: false, stripped };
  }
  return { name, forms: forms.filter((f) => f !== name), generic: false };
}

function makeRec(
  source: SourceName,
  name: string,
  category: Category,
  entity: boolean,
  aliases: { text: string; weak?: boolean; mergeOnly?: boolean; noMerge?: boolean }[],
  common: Set<string>,
  extra: Partial<Rec> = {},
): Rec {
  const forms: Form[] = [{ text: clean(name), rank: RANK_NAME }];
  const mergeKeys = [normKey(name)];
  for (const a of aliases) {
    const text = clean(a.text);
    if (!text || normKey(text) === "" || ALIAS_BLOCK.has(normKey(text))) continue;
    const commonWord = isCommonWord(text, common) && !KEEP_COMMON_STRIPPED.has(text);
    // Two-letter aliases ("fb", "js") are too ambiguous to merge on; curated ones still do.
    if (!commonWord && !a.weak && !a.noMerge && alnumLength(text) >= 3) mergeKeys.push(normKey(text));
    if (a.mergeOnly || commonWord) continue;
    if (alnumLength(text) <= 2 || text.length > MAX_FORM_LENGTH) continue;
    // Short lower-case slugs ("inc", "rbx", "wow") are file extensions and topic tags, not names.
    if (alnumLength(text) <= 3 && text === text.toLowerCase()) continue;
    forms.push({ text, rank: a.weak ? RANK_WEAK_ALIAS : RANK_ALIAS });
  }
  const plainName = isCommonWord(clean(name), common);
  return { source, name: clean(name), category, entity, forms, mergeKeys, plainName, ...extra };
}

function curatedRecs(common: Set<string>): Rec[] {
  const all = [
    ...CURATED_TECH,
    ...CURATED_OCCUPATIONAL,
    ...CURATED_CERTIFICATIONS,
    ...CURATED_SOFT,
    ...CURATED_LANGUAGES,
  ];
  return all.map((c) => {
    const entity =
      c.entity ?? (c.category === "tool" || c.category === "certification" || c.category === "language");
    const forms: Form[] = [{ text: c.name, rank: RANK_CURATED_NAME }];
    for (const a of c.aliases ?? []) forms.push({ text: clean(a), rank: RANK_CURATED_ALIAS });
    // Curated one-word aliases that are common words ("Canvas", "Word") do not merge: a source
    // entry with that name may be something else (github's "Canvas" is the HTML element).
    const aliasKeys = (c.aliases ?? []).filter((a) => !isCommonWord(a, common));
    const mergeKeys = [c.name, ...aliasKeys, ...(c.merge ?? [])].map(normKey);
    return { source: "curated", name: c.name, category: c.category, entity, forms, mergeKeys, curated: c };
  });
}

function onetRecs(sources: Sources, common: Set<string>): Rec[] {
  const cleaned = sources.onetTech.map((t) => cleanOnetName(t.name, common));
  // A product name two vendors share ("Analytics": Adobe and Google) names neither.
  const strippedCount = new Map<string, number>();
  for (const c of cleaned)
    if (c.stripped) strippedCount.set(normKey(c.stripped), (strippedCount.get(normKey(c.stripped)) ?? 0) + 1);
  return sources.onetTech.map((t, i) => {
    const c = cleaned[i] as OnetClean;
    const words = t.name.split(" ").length;
    const stripped = c.stripped;
    const strippedMerges =
      stripped !== undefined && isSingleToken(stripped) && strippedCount.get(normKey(stripped)) === 1;
    const aliases = c.forms
      .filter((text) => text !== stripped || strippedCount.get(normKey(stripped)) === 1)
      .map((text) => ({ text, noMerge: text === stripped && !strippedMerges }));
    return makeRec(
      "onet",
      c.name,
      "tool",
      !c.generic,
      [{ text: t.name, mergeOnly: true }, ...aliases],
      common,
      {
        occupations: t.occupations,
        commodity: t.commodity,
        onetName: t.name,
        // One-occupation tools that are generic, long-winded or named by one everyday word
        // ("Route", "Analyze") are kept only when another source confirms them.
        weak: t.occupations < 2 && !t.hot && (c.generic || words > 5 || isCommonWord(c.name, common)),
        acronym: c.acronym,
      },
    );
  });
}

/** A github topic name is a brand ("TikTok", "Node.js", "Kubernetes") unless it reads like a
 *  phrase ("Machine learning") or a plain word ("Security"). */
function githubIsEntity(name: string, common: Set<string>): boolean {
  if (isSingleToken(name)) return !common.has(name.toLowerCase()) || /[A-Z].*[A-Z]|[.+#0-9]/.test(name);
  const words = name.split(" ");
  return words.slice(1).some((w) => /[A-Z]/.test(w)) || /[.+#]/.test(name);
}

function githubRecs(sources: Sources, common: Set<string>): Rec[] {
  const languageTopics = new Set([
    "language",
    "javascript",
    "python",
    "java",
    "php",
    "ruby",
    "go",
    "rust",
    "nodejs",
    "typescript",
    "kotlin",
    "swift",
    "c",
    "cpp",
    "csharp",
    "dotnet",
    "elixir",
    "scala",
    "r",
  ]);
  const recs: Rec[] = [];
  for (const t of sources.githubTopics) {
    if (
      GITHUB_BLOCK_TOPICS.has(t.topic) ||
      GITHUB_BLOCK_TOPICS.has(slugify(t.name)) ||
      GITHUB_BLOCK_RE.test(t.topic) ||
      GITHUB_BLOCK_RE.test(t.name)
    ) {
      continue;
    }
    const { base, paren } = splitParen(t.name);
    if (!base) continue;
    const aliases: { text: string; mergeOnly?: boolean }[] = [];
    if (paren && !/^(software|disambiguation)$/i.test(paren)) aliases.push({ text: paren });
    aliases.push({ text: t.topic, mergeOnly: t.topic.includes("-") });
    for (const a of t.aliases) {
      // Version variants ("python3", "cpp11") only help merging; hyphenated slugs are not how
      // people write the name.
      const mergeOnly = a.includes("-") || /\d/.test(a);
      aliases.push({ text: a, mergeOnly });
    }
    const entity = githubIsEntity(base, common);
    const hard = !entity || t.related.some((r) => languageTopics.has(r));
    recs.push(
      makeRec("github", base, hard ? "hard" : "tool", entity, aliases, common, {
        // A plain word ("Security", "Web") alone is a topic, not a skill.
        weak: isCommonWord(base, common),
      }),
    );
  }
  return recs;
}

/** devicon names are slugs ("androidstudio"); an alternative name may say it properly. */
function deviconName(d: { name: string; altnames: string[] }): { name: string; derived: boolean } {
  const nice = d.altnames.find((a) => /[A-Z]/.test(a) && normKey(a) === normKey(d.name));
  if (nice) return { name: nice, derived: false };
  const spaced = d.altnames.find((a) => /[A-Z]/.test(a) && / /.test(a));
  if (spaced) return { name: spaced, derived: false };
  if (/^[a-z0-9]+js$/.test(d.name) && d.name.length > 4) {
    const stem = d.name.slice(0, -2);
    return { name: `${stem.charAt(0).toUpperCase()}${stem.slice(1)}.js`, derived: true };
  }
  return { name: `${d.name.charAt(0).toUpperCase()}${d.name.slice(1)}`, derived: true };
}

function deviconRecs(sources: Sources, common: Set<string>): Rec[] {
  // An alternative name listed under two entries (devicon gives Jekyll Jest's "jestjs") is a
  // data slip: it merges neither.
  const altCount = new Map<string, number>();
  for (const d of sources.devicon) {
    for (const k of new Set([d.name, ...d.altnames].map(normKey)))
      altCount.set(k, (altCount.get(k) ?? 0) + 1);
  }
  return sources.devicon.map((d) => {
    const { name, derived } = deviconName(d);
    const hard = d.tags.some((t) => DEVICON_HARD_TAGS.has(t));
    const library = d.tags.some((t) => DEVICON_LIBRARY_TAGS.has(t));
    const langTags = library ? d.tags.map((t) => DEVICON_LANG_TAG[t]).filter((t): t is string => !!t) : [];
    // Slugs and run-together names ("atlassianjira") only merge; they are not written by people.
    const runTogether = (a: string) => /^[a-z0-9]+$/.test(a) && a.length > 10;
    const aliases = [
      { text: d.name, mergeOnly: d.name !== name.toLowerCase() },
      ...d.altnames
        .filter((a) => (altCount.get(normKey(a)) ?? 0) < 2)
        .map((text) => ({ text, mergeOnly: runTogether(text) })),
    ];
    const rec = makeRec("devicon", name, hard ? "hard" : "tool", true, aliases, common, {
      langTags,
      derivedName: derived,
    });
    // A made-up name is never offered as a surface form.
    if (derived) rec.forms = rec.forms.filter((f) => f.rank !== RANK_NAME);
    return rec;
  });
}

function linguistRecs(popular: Set<string>, common: Set<string>): Rec[] {
  const recs: Rec[] = [];
  // Read as plain records: the package's literal types make \`aliases\` invisible on most entries.
  const languages = Object.values(linguist) as { name: string; type: string; aliases?: readonly string[] }[];
  for (const lang of languages) {
    if (lang.type !== "programming") continue;
    const keys = [lang.name, ...(lang.aliases ?? [])].map(normKey);
    if (!keys.some((k) => popular.has(k))) continue;
    recs.push(
      makeRec(
        "linguist",
        lang.name,
        "hard",
        true,
        (lang.aliases ?? []).map((text) => ({ text })),
        common,
      ),
    );
  }
  return recs;
}

function escoDigitalRecs(sources: Sources, common: Set<string>): Rec[] {
  const recs: Rec[] = [];
  for (const e of sources.escoDigital) {
    if (e.type !== "knowledge") continue;
    const { base } = splitParen(e.label);
    if (!base || base.split(" ").length > 4 || ESCO_TOPIC_RE.test(base)) continue;
    const entity = /^[A-Z]/.test(base) && !/^ICT\b/.test(base);
    // ESCO's alternative labels for digital skills are mostly related concepts or category
    // members ("Haskell techniques", "SSL" for encryption): only matching acronyms are kept.
    const alts = e.alt
      .map(clean)
      .filter((a) => isAcronym(a) && strictInitials(base) === a.toLowerCase())
      .map((text) => ({ text, weak: true }));
    recs.push(
      makeRec("esco-digital", base, entity ? "tool" : "hard", entity, alts, common, {
        weak: entity && isCommonWord(base, common),
      }),
    );
  }
  return recs;
}

function escoLanguageRecs(sources: Sources, common: Set<string>): Rec[] {
  const recs: Rec[] = [];
  for (const r of sources.escoLanguages) {
    if (r.skillType !== "knowledge" || !/languages/.test(r.broaderConceptPT ?? "")) continue;
    const name = clean(r.preferredLabel ?? "");
    if (!name) continue;
    const alts = (r.altLabels ?? "")
      .split(/\s*\|\s*|\n/)
      .map(clean)
      .filter(
        (a) => a && /^[A-Z]/.test(a) && a.split(" ").length <= 3 && !/^(from|competent|ability)\b/i.test(a),
      )
      .map((text) => ({ text }));
    recs.push(
      makeRec("esco-language", name, "language", true, [...alts, { text: `${name} language` }], common),
    );
  }
  return recs;
}

/** ESCO alternative labels that are vaguer than, or different from, the skill they sit under. */
const ESCO_ALT_BLOCK = new Set([
  "climb",
  "store goods",
  "record information",
  "take in information",
  "anticipate needs",
  "seek out questions",
  "innovate",
  "invent",
  "think ahead",
  "shape the future",
  "cooperate",
  "bargain",
  "persist",
  "make an effort",
  "delegate",
  "achieve goals",
  "meet targets",
  "present products",
  "enjoys selling",
  "mnemonics principles",
  "act intuitevely",
  "demonstrate technical acumen",
  "use hand tools",
  "show interest",
  "demonstrate interest",
  "manage complaints",
  "resolve conflict",
  "defuse conflict",
  "coordinate actions",
  "review information",
  "assess processes",
  "identify opportunities",
  "pursue opportunities",
  "be reactive",
  "demonstrate agility",
  "show sense of humour",
  "demonstrate positive attitude",
  "demonstrate enthusiasm",
  "exhibit enthusiasm",
  "counselling",
  "advise customers",
]);

/** ESCO digital knowledge labels that describe a topic area, not a skill a resume names. */
const ESCO_TOPIC_RE =
  /^(types?|principles|concepts?|characteristics|features|components|levels|methods|techniques|tools|procedures|functionalities|structure|process(es)?|range|categories) (of|for|in)\b|\b(suppliers|market|limitations|legislation|policies|areas|genres|standards|requirements|specifications|policy|hardware|equipment|machines|systems used)\b/i;

/** ESCO transversal skills only enter through curated soft skills (their `esco` labels). */
function escoTransversalForms(sources: Sources, common: Set<string>): Map<string, string[]> {
  const byLabel = new Map<string, string[]>();
  for (const e of sources.escoTransversal) {
    const alts = e.alt
      .map(clean)
      .filter(
        (a) =>
          a &&
          a.length <= MAX_FORM_LENGTH &&
          a.split(" ").length <= 5 &&
          !isCommonWord(a, common) &&
          !ESCO_ALT_BLOCK.has(a) &&
          !/\b(your|yourself|one's|oneself)\b/i.test(a),
      );
    byLabel.set(clean(e.label), [clean(e.label), ...alts]);
  }
  return byLabel;
}

class UnionFind {
  private parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r] ?? r;
    let c = i;
    while (this.parent[c] !== r) {
      const next = this.parent[c] ?? r;
      this.parent[c] = r;
      c = next;
    }
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

type Cluster = {
  recs: Rec[];
  lead: Rec;
  id: string;
  name: string;
  category: Category;
  entity: boolean;
  forms: Map<string, Form>; // lowerKey → best form
  occupations: number;
  commodity?: string;
  parent?: string;
  explicitAmbiguous: Set<string>;
};

function weightOf(occupations: number, max: number): number {
  return Math.round((Math.log1p(occupations) / Math.log1p(max)) * 1000) / 1000;
}

function compareRecs(a: Rec, b: Rec): number {
  return (
    Number(a.source !== "curated") - Number(b.source !== "curated") ||
    Number(a.derivedName ?? false) - Number(b.derivedName ?? false) ||
    Number(a.plainName ?? false) - Number(b.plainName ?? false) ||
    SOURCE_PRIORITY[a.source] - SOURCE_PRIORITY[b.source] ||
    (b.occupations ?? 0) - (a.occupations ?? 0) ||
    compareStrings(a.name, b.name)
  );
}

/** Builds the taxonomy. Deterministic: every step sorts before it chooses. */
export function buildSkills(
  sources: Sources,
  common: Set<string>,
  spoken: ReadonlySet<string> = new Set(),
): SkillsResult {
  const curated = curatedRecs(common);
  const onet = onetRecs(sources, common);
  const github = githubRecs(sources, common);
  const devicon = deviconRecs(sources, common);
  const escoDigital = escoDigitalRecs(sources, common);
  const popular = new Set(
    [...onet, ...github, ...devicon, ...escoDigital, ...curated].flatMap((r) => r.mergeKeys),
  );
  const recs = [
    ...curated,
    ...linguistRecs(popular, common),
    ...escoLanguageRecs(sources, common),
    ...github,
    ...devicon,
    ...onet,
    ...escoDigital,
  ];

  // ESCO transversal alternative labels join the curated soft skills that claim them.
  const transversal = escoTransversalForms(sources, common);
  for (const r of curated) {
    for (const label of r.curated?.esco ?? []) {
      const forms = transversal.get(label);
      if (!forms) throw new Error(`curated skill "${r.name}" names unknown ESCO label "${label}"`);
      for (const f of forms) r.forms.push({ text: f, rank: RANK_WEAK_ALIAS });
    }
  }

  // An acronym O*NET derived ("PMP" from "Pathogen Modeling Program PMP") that another source
  // expands differently ("Project Management Professional") is dropped: it is not this tool.
  const expansions = new Map<string, Set<string>>();
  for (const r of recs) {
    for (const f of r.forms) {
      if (isSingleToken(f.text)) continue;
      const ini = strictInitials(f.text);
      if (ini.length < 2) continue;
      const set = expansions.get(ini) ?? new Set<string>();
      set.add(normKey(f.text));
      expansions.set(ini, set);
    }
  }
  for (const r of recs) {
    if (!r.acronym) continue;
    const others = [...(expansions.get(r.acronym.short.toLowerCase()) ?? [])].filter(
      (k) => k !== normKey(r.acronym?.expansion ?? "") && !k.startsWith(normKey(r.acronym?.expansion ?? "")),
    );
    if (others.length === 0) continue;
    const key = normKey(r.acronym.short);
    r.mergeKeys = r.mergeKeys.filter((k) => k !== key);
    r.forms = r.forms.filter((f) => normKey(f.text) !== key && !normKey(f.text).startsWith(`${key}software`));
  }

  // 2. Merge. Two curated skills never merge: a source entry that links them (github's
  // "Continuous Delivery (CD)" and "Continuous Deployment (CD)") joins the first one only.
  const uf = new UnionFind(recs.length);
  const curatedRoot = new Set<number>();
  // Soft skills take no source entries ("Adobe Persuasion" is not persuasion).
  const softRoot = new Set<number>();
  recs.forEach((r, i) => {
    if (r.source === "curated") curatedRoot.add(i);
    if (r.source === "curated" && r.category === "soft") softRoot.add(i);
  });
  const byKey = new Map<string, number>();
  recs.forEach((r, i) => {
    for (const k of r.mergeKeys) {
      if (!k) continue;
      const j = byKey.get(k);
      if (j === undefined) {
        byKey.set(k, i);
        continue;
      }
      const ri = uf.find(i);
      const rj = uf.find(j);
      if (ri === rj) continue;
      if (softRoot.has(ri) || softRoot.has(rj)) continue;
      if (curatedRoot.has(ri) && curatedRoot.has(rj)) {
        if (r.source === "curated" && recs[j]?.source === "curated") {
          throw new Error(`curated skills "${r.name}" and "${recs[j]?.name}" share the form key "${k}"`);
        }
        continue;
      }
      uf.union(ri, rj);
      if (curatedRoot.has(ri) || curatedRoot.has(rj)) curatedRoot.add(uf.find(ri));
    }
  });
  const groups = new Map<number, Rec[]>();
  recs.forEach((r, i) => {
    const root = uf.find(i);
    const list = groups.get(root) ?? [];
    list.push(r);
    groups.set(root, list);
  });

  const clusters: Cluster[] = [];
  for (const members of groups.values()) {
    const curatedMembers = members.filter((r) => r.source === "curated");
    if (curatedMembers.length > 1) {
      throw new Error(`curated skills merge into one: ${curatedMembers.map((r) => r.name).join(", ")}`);
    }
    // Unconfirmed weak records (one-occupation generic O*NET tools, plain-word topics) drop out.
    if (members.every((r) => r.weak)) continue;
    const sorted = [...members].sort(compareRecs);
    const lead = sorted[0] as Rec;
    // Names over 60 characters are descriptions, not something a resume or job ad writes.
    if (lead.name.length > MAX_FORM_LENGTH) continue;
    // The name is always a surface form, even when made up from a devicon slug ("Helm").
    const leadForms = lead.forms.some((f) => f.text === lead.name)
      ? lead.forms
      : [{ text: lead.name, rank: RANK_NAME }, ...lead.forms];
    const c = lead.curated;
    // A curated hard or soft skill is a named thing only when a language or developer-tool
    // source says so (React, Flask), not because a github topic is capitalised.
    const entity = c
      ? (c.entity ??
        (lead.entity || members.some((r) => r.entity && (r.source === "linguist" || r.source === "devicon"))))
      : members.some((r) => r.entity);
    const onetMembers = members.filter((r) => r.source === "onet");
    const topOnet = [...onetMembers].sort(
      (a, b) => (b.occupations ?? 0) - (a.occupations ?? 0) || compareStrings(a.name, b.name),
    )[0];
    const forms = new Map<string, Form>();
    for (const r of sorted) {
      for (const f of r === lead ? leadForms : r.forms) {
        if (!f.text || f.text.length > MAX_FORM_LENGTH) continue;
        if (r !== lead && r.source !== "curated") {
          // Another source's name becomes an alias here, and aliases that are plain words
          // ("Edge" for Microsoft Edge, "Salt" for SaltStack) or blocked are not kept.
          if (ALIAS_BLOCK.has(normKey(f.text))) continue;
          if (isCommonWord(f.text, common) && !KEEP_COMMON_STRIPPED.has(f.text)) continue;
        }
        const rank = r === lead ? f.rank : Math.max(f.rank, RANK_ALIAS);
        const key = lowerKey(f.text);
        const prev = forms.get(key);
        if (!prev || rank < prev.rank) forms.set(key, { text: f.text, rank });
        else if (rank === prev.rank && prev.text !== f.text && entity) {
          // Same word in two casings: keep both for case-sensitive lookup ("Golang"/"golang").
          forms.set(`${key}\u0000${f.text}`, { text: f.text, rank });
        }
      }
    }
    clusters.push({
      recs: members,
      lead,
      id: c?.id ?? slugify(lead.name),
      name: lead.name,
      category: c?.category ?? lead.category,
      entity,
      forms,
      occupations: Math.max(0, ...onetMembers.map((r) => r.occupations ?? 0)),
      commodity: topOnet?.commodity,
      parent: c?.parent,
      explicitAmbiguous: new Set(c?.ambiguous ?? []),
    });
  }

  // 3. Give each surface form (case-insensitively) to one skill.
  const strength = (c: Cluster) => (c.lead.source === "curated" ? 0 : 1);
  clusters.sort(
    (a, b) =>
      strength(a) - strength(b) ||
      SOURCE_PRIORITY[a.lead.source] - SOURCE_PRIORITY[b.lead.source] ||
      b.occupations - a.occupations ||
      compareStrings(a.id, b.id),
  );
  const owner = new Map<string, { cluster: Cluster; rank: number }>();
  for (const c of clusters) {
    for (const [key, f] of c.forms) {
      const k = key.split("\u0000")[0] as string;
      const prev = owner.get(k);
      if (!prev || f.rank < prev.rank) owner.set(k, { cluster: c, rank: f.rank });
    }
  }
  const collisions: SkillsResult["collisions"] = [];
  const survivors: Cluster[] = [];
  const lostTo = new Map<Cluster, Cluster>();
  for (const c of clusters) {
    for (const key of [...c.forms.keys()]) {
      const k = key.split("\u0000")[0] as string;
      const o = owner.get(k);
      if (o && o.cluster !== c) {
        collisions.push({ form: c.forms.get(key)?.text ?? k, kept: o.cluster.id, dropped: c.id });
        c.forms.delete(key);
      }
    }
    const nameOwner = owner.get(lowerKey(c.name));
    if (nameOwner && nameOwner.cluster !== c) {
      lostTo.set(c, nameOwner.cluster);
      continue;
    }
    survivors.push(c);
  }

  // Unique ids (a clash means two different skills slugify alike: the weaker gets a suffix).
  const usedIds = new Set<string>();
  for (const c of survivors) {
    let id = c.id || "skill";
    if (usedIds.has(id)) {
      if (c.lead.source === "curated") throw new Error(`duplicate curated id ${id}`);
      let n = 2;
      while (usedIds.has(`${id}-${n}`)) n++;
      id = `${id}-${n}`;
    }
    c.id = id;
    usedIds.add(id);
  }

  // Parents: curated, then devicon language tags, then O*NET commodity.
  for (const c of survivors) {
    if (c.parent) {
      if (!usedIds.has(c.parent)) throw new Error(`skill ${c.id} has unknown parent ${c.parent}`);
      continue;
    }
    const tag = c.recs.flatMap((r) => r.langTags ?? []).find((t) => usedIds.has(t) && t !== c.id);
    if (tag) c.parent = tag;
    else if (
      c.entity &&
      c.commodity &&
      COMMODITY_PARENT[c.commodity] &&
      COMMODITY_PARENT[c.commodity] !== c.id
    ) {
      c.parent = COMMODITY_PARENT[c.commodity];
    }
  }

  const maxOcc = Math.max(1, ...survivors.map((c) => c.occupations));
  const skills = survivors.map((c) => toSkill(c, common, maxOcc, spoken));
  skills.sort((a, b) => compareStrings(a.id, b.id));

  const members = new Map<string, string[]>();
  for (const c of survivors) {
    members.set(
      c.id,
      c.recs
        .map((r) => `${r.source}: ${r.name}${r.onetName && r.onetName !== r.name ? ` (${r.onetName})` : ""}`)
        .sort(compareStrings),
    );
  }
  const onetToSkill = new Map<string, string>();
  for (const c of clusters) {
    let target: Cluster | undefined = c;
    for (let hops = 0; target && lostTo.has(target) && hops < 5; hops++) target = lostTo.get(target);
    if (!target || lostTo.has(target)) continue;
    for (const r of c.recs) if (r.onetName) onetToSkill.set(r.onetName, target.id);
  }
  collisions.sort((a, b) => compareStrings(a.form, b.form) || compareStrings(a.dropped, b.dropped));
  return { skills, onetToSkill, collisions, members };
}

/**
 * Flags (the rule, in one place):
 * - a form is AMBIGUOUS when the skill is a named thing (product, language, framework,
 *   credential) and the form is one common English word (see common-words.ts), or a single
 *   letter, or curated says so ("CV", "PR", "Agile");
 * - the skill is CASE-SENSITIVE when it has an ambiguous form, a form of one or two letters
 *   or digits ("R", "Go", "JS"; not "C#" or "C++"), or an all-capitals acronym that is a
 *   common or everyday spoken word in lower case ("REST", "PALS", "CALM"). Its other forms then get lower-case, Sentence-case and Title Case
 *   variants so that matching stays forgiving for them.
 */
/** Words that carry no meaning of their own: a name made only of them ("To-Do") is prose in a posting. */
const FUNCTION_WORDS = new Set(
  "a an the to do does be is it on in at by up as of or and for no not so go get set let put all one now how what who why we you me my us".split(
    " ",
  ),
);

function functionWordsOnly(form: string): boolean {
  const words = lowerKey(form)
    .split(/[\s-]+/)
    .filter(Boolean);
  return words.length >= 2 && words.every((w) => FUNCTION_WORDS.has(w));
}

function toSkill(c: Cluster, common: Set<string>, maxOcc: number, spoken: ReadonlySet<string>): SkillOut {
  const texts = [...c.forms.values()].map((f) => f.text);
  // "Act!" is the word "act": trailing punctuation of a brand does not make it another word.
  const bare = (t: string) => lowerKey(t).replace(/[!.]+$/, "");
  // One casing per form for case-insensitive skills: the best-ranked one.
  const primary = [...c.forms.entries()].filter(([k]) => !k.includes("\u0000")).map(([, f]) => f.text);
  const ambiguousForms = texts.filter(
    (t) =>
      c.explicitAmbiguous.has(t) ||
      /^\p{L}$/u.test(t) ||
      (c.entity && (isCommonWord(t, common) || (isSingleToken(t) && common.has(bare(t)))) && !isAcronym(t)) ||
      functionWordsOnly(t),
  );
  // A name that is also an everyday spoken word ("Fluent", "Python", "Rust") needs context to
  // count, in any case: a list, another skill beside it, or a name written in mid-sentence.
  const contextForms =
    c.entity && c.category !== "language"
      ? texts.filter(
          (t) => !ambiguousForms.includes(t) && isSingleToken(t) && !isAcronym(t) && spoken.has(bare(t)),
        )
      : [];
  const risky = (t: string) =>
    ambiguousForms.includes(t) ||
    /^[\p{L}\p{N}]{1,2}$/u.test(t) ||
    (isAcronym(t) && (common.has(t.toLowerCase()) || spoken.has(t.toLowerCase())));
  const caseSensitive = texts.some(risky);

  const all = new Set<string>(texts);
  if (caseSensitive) {
    for (const t of texts) {
      if (risky(t) || alnumLength(t) < 3) continue;
      all.add(t.toLowerCase());
      all.add(sentenceCase(t));
      if (!isSingleToken(t)) all.add(titleCase(t));
    }
  }
  const deduped = (caseSensitive ? [...all] : primary)
    .filter((t) => t !== c.name && (caseSensitive || lowerKey(t) !== lowerKey(c.name)))
    .sort(compareStrings);

  const out: SkillOut = { id: c.id, name: c.name, category: c.category, aliases: deduped };
  if (caseSensitive) out.caseSensitive = true;
  if (ambiguousForms.length > 0) {
    out.ambiguous = true;
    out.ambiguousForms = [...new Set(ambiguousForms)].sort(compareStrings);
  }
  if (contextForms.length > 0) out.contextForms = [...new Set(contextForms)].sort(compareStrings);
  if (c.parent && c.parent !== c.id) out.parent = c.parent;
  if (c.occupations > 0) out.weight = weightOf(c.occupations, maxOcc);
  if (c.commodity) out.group = c.commodity;
  return out;
}
