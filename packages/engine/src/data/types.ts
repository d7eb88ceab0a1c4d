// Types of the engine's data files (packages/engine/data/*.json, built by `npm run data:build`).

/** What kind of skill: programming languages are "hard"; "language" means a human language. */
export type SkillCategory = "hard" | "tool" | "soft" | "language" | "certification";

/** One entry of the skills taxonomy. */
export type Skill = {
  /** Stable slug: "kubernetes", "javascript", "microsoft-excel", "attention-to-detail". */
  id: string;
  /** Canonical display name: "Kubernetes", "JavaScript", "Microsoft Excel". */
  name: string;
  category: SkillCategory;
  /** Other surface forms people write ("k8s", "JS", "Postgres", "MS Excel"). No surface form
   *  belongs to two skills (compared case-insensitively). */
  aliases: string[];
  /**
   * Match the name and aliases only with their exact casing. Set when a form is one or two
   * letters ("R", "Go", "JS") or an ordinary word ("Swift", "Excel"); such skills also list
   * lower-case and capitalised variants of their safe forms ("golang", "Golang").
   */
  caseSensitive?: true;
  /** Some surface form is also an ordinary word or means something else ("Access", "Go",
   *  "CV"): accept those forms only with supporting context. */
  ambiguous?: true;
  /** Which forms are ambiguous (the others, such as "Microsoft Access", are safe). */
  ambiguousForms?: string[];
  /** Forms that are also everyday spoken words ("Fluent", "Python"): matched in any case, but
   *  only with context (a list, another skill, a name in mid-sentence). */
  contextForms?: string[];
  /** Id of a broader skill ("react" → "javascript"), for partial credit. */
  parent?: string;
  /** Popularity 0..1 from the number of O*NET occupations using the tool (log scale). */
  weight?: number;
  /** O*NET commodity category ("Spreadsheet software"), when the skill is an O*NET tool. */
  group?: string;
};

export type SkillsFile = { version: 1; skills: Skill[] };

/** BLS OEWS May 2025 national annual wages in USD. */
export type Wages = {
  p10: number;
  p25: number;
  median: number;
  p75: number;
  p90: number;
  mean: number | null;
};

/** One O*NET occupation. */
export type Occupation = {
  /** O*NET-SOC code: "15-1252.00". */
  code: string;
  /** From the title: "software-developers". Role aliases add "software-engineer" and others. */
  slug: string;
  title: string;
  description: string;
  /** O*NET Job Zone 1..5 (preparation needed). */
  jobZone: number | null;
  /** Reported titles first, then O*NET alternate titles, at most 60. */
  altTitles: string[];
  /** Skill ids of O*NET's hot technologies for the occupation. */
  hotTech: string[];
  /** O*NET skills with importance ≥ 3.0 (of 5), most important first. */
  skills: { name: string; importance: number }[];
  /** Related occupation codes, best first, at most 10. */
  related: string[];
  /** Null when OEWS publishes no wages for the occupation. */
  wages: Wages | null;
  /** The OEWS code the wages come from, when it is the broader group rather than the
   *  occupation itself (e.g. "13-1020" for 13-1021.00). */
  wagesSoc?: string;
  /** Up to 8 task statements, core tasks first. */
  tasks?: string[];
};

export type OccupationsFile = { version: 1; occupations: Occupation[] };

/** Role slug → O*NET-SOC code ("software-engineer" → "15-1252.00"). */
export type RoleAliases = Record<string, string>;

/** Word lists for the ATS review; every entry is lower case. */
export type Lexicon = {
  /** Resume action verbs, base form and past tense ("lead", "led"). */
  actionVerbs: string[];
  /** Vague or passive phrasing ("responsible for", "various"). */
  weakPhrases: string[];
  /** Clichés and empty self-praise ("synergy", "go-getter"); never a skill name. */
  buzzwords: string[];
  /** First-person pronouns. */
  pronouns: string[];
  /** English stopwords. */
  stopwords: string[];
  /** Line coaching (docs/product.md#line-coaching): filler and vague words ("really", "various"). */
  fillers: string[];
  /** …hedges ("probably", "tried to"). */
  hedges: string[];
  /** …resume clichés ("results-driven", "go the extra mile"). */
  cliches: string[];
  /** …openings that state a duty rather than an action ("responsible for", "helped"). */
  weakOpeners: string[];
};
