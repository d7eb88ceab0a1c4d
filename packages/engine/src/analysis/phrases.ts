/**
 * Requirement phrases in words: content stems ("attention to detail" → attent, detail), the heart
 * of a requirement clause, and the posting's own name for a skill. Shared by requirement
 * extraction and matching.
 */
import { yearsInLine } from "../job/parse-job.ts";
import { degreeLevel } from "../resume/parse-resume.ts";
import { conceptsIn } from "../skills/concepts.ts";
import { perAnalysis } from "../text/memo.ts";
import { stem } from "../text/stem.ts";

export const LEAD_INS =
  /^(?:(?:(?:the |an? )?(?:ideal|qualified|successful|right|preferred|suitable) (?:candidate|applicant)s? (?:should|must|will|would|shall)(?: be| have)?|(?:well[- ])?acquainted with|conversant with|at ease with|ability (?:in|with|for)|(?:conducting|performing|providing|creating|executing|taking|using|utilizing|applying|deploying|streamlining|implementing|translating|execution of|application of|deployment of|implementation of|utilization of)|comprehensive|significant|sophisticated|detailed|in[- ]depth|broad|firm|keen|robust|supreme|steep|sharp|apt|proficient|competent|skilled|adept|expert|experienced|knowledgeable|familiar|versed|well[- ]versed|capable|strong|excellent|exceptional|solid|good|great|proven|demonstrated|outstanding|superb|effective|sound|working|basic|advanced|deep|thorough|hands[- ]on|previous|prior|some|professional|relevant|extensive|must have|must be|must|should have|you have|you are|you're|you(?:'ll| will)? (?:also )?need|we(?:'re| are) looking for|have|has|possess(?:es)?|ability to|able to|capable of|willingness to|willing to|comfortable|experience (?:with|in|using|of)|knowledge of|understanding of|familiarity with|proficiency (?:in|with)|proficient (?:in|with)|expertise (?:in|with|on)|skills? in|background in|foundation in|grasp (?:on|of)|command (?:of|on|over)|mastery (?:of|in)|aptitude (?:in|for)|interest in|capacity (?:to|for)|show|shows|exhibit|exhibits|display|displays|demonstrate|demonstrates|a|an|the|and|or|plus|including)\s+)+/i;
const GENERIC_STEMS = new Set(
  [
    "understand",
    "understanding",
    "depth",
    "familiar",
    "proficien",
    "proficient",
    "proficiency",
    "expertis",
    "expertise",
    "capabl",
    "capable",
    "compet",
    "competent",
    "notabl",
    "particularli",
    "especi",
    "especially",
    "import",
    "important",
    "essenti",
    "demand",
    "need",
    "necessari",
    "mandatori",
    "desir",
    "abil",
    "skill",
    "experi",
    "knowledg",
    "strong",
    "excel",
    "work",
    "year",
    "plu",
    "prefer",
    "requir",
    "must",
    "demonstr",
    "proven",
    "good",
    "great",
    "solid",
    "candid",
    "role",
    "job",
    "team",
    "compani",
    "environ",
    "relat",
    "relev",
    "similar",
    "equival",
    "etc",
    "includ",
    "other",
    "new",
    "level",
    "high",
    "well",
    "us",
    "our",
    "you",
    "will",
    "can",
    "self",
    "also",
    "includ",
    "minimum",
    "least",
    "profession",
    // Porter stems "professional" apart from "profession"; both say nothing of the skill
    // ("professional writing experience" asks for writing).
    "professional",
    "field",
  ].map((w) => stem(w)),
);
/**
 * Words that say how well, not what: "mastery of", "robust security acumen", "deeply-rooted skill
 * set in". Dropped as words, before stemming, so "extension" and "comprehension" keep their stems.
 */
const QUALIFIERS = new Set(
  "mastery masterly grasp talent acumen aptitude knack flair savvy adept keen seasoned boasts thoughtful attentiveness sophisticated deeply rooted profound profounded impeccable robust comprehensive significant extensive exceptional superior sharp exemplary outstanding appreciation demonstrable demonstratable demonstrative thorough various practical efficiently effectively apt adroit two three four five".split(
    " ",
  ),
);
const STOP = new Set(
  "a an the and or of to in on for with at by from as is are be been being this that these those it its your you we our us they their who what which will can may must should would could has have had do does not no any all each every such into over under per via than then so if but about up out own more most very".split(
    " ",
  ),
);

/** Irregular past tenses resumes use all the time: "ran interviews" meets "running interviews". */
const IRREGULAR: Record<string, string> = {
  ran: "run",
  led: "lead",
  built: "build",
  wrote: "write",
  written: "write",
  taught: "teach",
  made: "make",
  sold: "sell",
  bought: "buy",
  drove: "drive",
  driven: "drive",
  began: "begin",
  grew: "grow",
  kept: "keep",
  held: "hold",
  met: "meet",
  brought: "bring",
  spoke: "speak",
  chose: "choose",
  took: "take",
  gave: "give",
  found: "find",
  told: "tell",
  understood: "understand",
  oversaw: "oversee",
  won: "win",
  sent: "send",
  spent: "spend",
  paid: "pay",
  laid: "lay",
  drew: "draw",
  cut: "cut",
};

export const contentStems: (text: string) => readonly string[] = perAnalysis((text: string) => {
  const out: string[] = [];
  for (const w of text.toLowerCase().match(/[a-z][a-z'+#]*/g) ?? []) {
    const family = wordStem(w);
    if (family !== null) out.push(family);
  }
  return out;
});

const wordStems = new Map<string, string | null>();

/** A word's stem as phrase matching reads it, or null for a word that says nothing (cached: words repeat). */
function wordStem(w: string): string | null {
  const known = wordStems.get(w);
  if (known !== undefined) return known;
  let family: string | null = null;
  if (w.length >= 2 && !STOP.has(w) && !QUALIFIERS.has(w)) {
    const s = stem(
      (Object.hasOwn(IRREGULAR, w) ? IRREGULAR[w] : undefined) ?? (w.endsWith("'s") ? w.slice(0, -2) : w),
    );
    // One family however it is spelled: analysis, analyst, analytics, analysed, analyze.
    const stemmed = s.startsWith("analy") ? "analy" : s;
    family = GENERIC_STEMS.has(stemmed) ? null : stemmed;
  }
  if (wordStems.size < 50_000) wordStems.set(w, family);
  return family;
}

/**
 * The name a requirement is reported under: the posting's own words ("usability testing",
 * "AWS", "Excel"), unless they are a cryptic short form ("k8s", "js"), then the canonical name.
 */
export function displayName(canonical: string, surface: string): string {
  const s = surface
    .trim()
    .replace(/\s+(certifications?|certificates?|certified)$/i, "")
    .trim();
  if (s.length < 2 || /\d/.test(s) || /^[a-z]{1,3}$/.test(s)) return canonical;
  // Acronyms are what people search for: "PLCs", "AWS", "HACCP".
  if (/^[A-Z][A-Z0-9&]{1,7}s?$/.test(s)) return s;
  // The same words, fewer or more of them ("blueprints" / "Blueprint reading", "new hire
  // onboarding" / "Onboarding"): the canonical name. Other wording is the posting's own.
  const a = new Set(contentStems(s));
  const b = new Set(contentStems(canonical));
  const subset = (x: Set<string>, y: Set<string>) => [...x].every((v) => y.has(v));
  if (a.size === 0 || b.size === 0 || subset(a, b) || subset(b, a)) return canonical;
  return s;
}

/** The heart of a requirement clause: "Strong attention to detail." -> "attention to detail". */
export function requirementPhrase(text: string): string | null {
  if (yearsInLine(text) && contentStems(text.replace(/\d+\+?\s*(years?|yrs?)/gi, "")).length <= 2)
    return null;
  if (degreeLevel(text) && /\b(degree|diploma|ged)\b/i.test(text)) return null;
  let phrase = text.replace(/[.;:!,]+$/, "").trim();
  const years = yearsInLine(phrase);
  if (years)
    phrase = phrase
      .replace(years.text, " ")
      .replace(/^\s*(of|in|with)\s+/i, "")
      .trim();
  if (NOT_A_SKILL.test(phrase)) return null;
  // "SSL is demanded", "Automation skill is important": the predicate is not the requirement.
  phrase = phrase
    .replace(/\s+(?:preferred|required|desired|a plus|mandatory|needed|essential)$/i, "")
    .replace(
      /\s+(?:is|are)\s+(?:a\s+|an\s+)?(?:must|required|demanded|essential|important|needed|necessary|plus|preferred|desired|mandatory|critical|key|helpful|beneficial|advantageous|expected|a must)(?:\s+.*)?$/i,
      "",
    );
  phrase = phrase
    .replace(LEAD_INS, "")
    .replace(/\b(skills?|abilities|ability|experience|knowledge)$/i, "")
    .trim();
  phrase = phrase
    .replace(/^(\d+\+?\s*(years?|yrs?)\s*(of\s*)?)/i, "")
    .replace(LEAD_INS, "")
    .replace(/^experience\s+(?=\w+ing\b)/i, "")
    .trim();
  // What the skill is for, or where, is context: "data grouping to provide insights",
  // "Apache ZooKeeper for maintaining configuration", "recipes as given".
  // (A credential's "to" says what it licenses: "license to practice medicine" stays whole.)
  if (!CREDENTIAL_WORD.test(phrase)) phrase = phrase.replace(PURPOSE_TAIL, "");
  phrase = trimFunctionWords(phrase);
  // What is left of a clause about the reader or the process ("you'll also need", "selection is
  // subject", "it's best") is no requirement: a requirement names a thing, it makes no statement.
  if (STATEMENT.test(phrase)) return null;
  const words = phrase.split(/\s+/);
  if (words.length === 0 || words.length > 8 || phrase.length < 3) return null;
  const stems = contentStems(phrase);
  if (stems.length === 0 || stems.length > 6) return null;
  // A lone capitalised word is a tool the taxonomy does not know ("Gusto", "Ahrefs", "REDCap"),
  // unless it is a word that only looks like one at the start of a line.
  if (words.length === 1 && /^[A-Z]/.test(phrase)) {
    // Ordinary words that happen to start a line ("Advanced Excel", "Exposure to Spark") have
    // English endings; product names (Gusto, Ahrefs, REDCap) rarely do.
    const ordinary =
      /^[A-Z][a-z]+(ed|ing|ly|tion|sion|ment|ness|ence|ance|ure|ity|ive|ous|al|ful|able|ible|ery|ship|ism|ary|ory|ics|ogy|cy|ies|ent|ant|ize|ise|age)$/.test(
        phrase,
      );
    if (phrase.length < 3 || NOT_TOOLS.has(phrase.toLowerCase())) return null;
    // A lone ordinary word ("Mathematics", "Coordination") is asked for as a phrase; a name is kept as written.
    return ordinary ? phrase.toLowerCase() : phrase;
  }
  // Acronyms keep their case: "FMLA", "HACCP", "MDM strategies".
  return phrase
    .split(" ")
    .map((word) => (/^[A-Z][A-Z0-9&/-]{1,7}s?$/.test(word) ? word : word.toLowerCase()))
    .join(" ");
}

/** A web address: its words ("https", "gov") name no skill. */
export const URL_RE = /\b(?:https?:\/\/|www\.)\S+/gi;

/** "other than English", "except for COBOL": what a requirement line leaves out, to the clause's end. */
const EXCLUDED_RE =
  /\b(?:other than|except(?: for)?|excluding|apart from|rather than|instead of)\s+[^,;.()]*/gi;

const STATEMENT =
  /\b(?:you|you'll|you're|you've|your|we|we're|we'll|we've|our|us|they|their|it's|is|are|was|were|will|shall|may|might|could|would|should)\b/i;
const CREDENTIAL_WORD =
  /\b(?:licen[cs]e[sd]?|licensure|certif\w*|permits?|registration|clearance|authori[sz]ation|eligib\w*)\b/i;
const PURPOSE_TAIL =
  /(?<=\S)\s+(?:(?:in order |so as )?to (?!date\b)[a-z]+|for [a-z]+ing|concerning|regarding|within|along with|as (?:given|needed|required|directed)|in various)\b.*$/i;

/**
 * The stems a phrase requirement is met by: its content stems, less a generic last noun when
 * others remain ("automotive industry" is met by automotive work, "EDI systems" by EDI).
 */
export function phraseStems(phrase: string): readonly string[] {
  const stems = contentStems(phrase);
  const last = stems[stems.length - 1];
  return stems.length > 1 && last && GENERIC_TAIL.has(last) ? stems.slice(0, -1) : stems;
}

const GENERIC_TAIL = new Set(
  [
    "industry",
    "sector",
    "technology",
    "solution",
    "platform",
    "procedure",
    "process",
    "practice",
    "principle",
    "concept",
    "method",
    "methodology",
    "technique",
    "aspect",
    "system",
    "service",
    "application",
    "operation",
    "deployment",
    "environment",
  ].map((w) => stem(w)),
);

export const DESCRIBED_SKILLS = new Set([
  "automated-testing",
  "customer-service",
  "writing",
  "budgeting",
  "mentoring",
]);

/** Capitalised words that are left over from requirement lines but name nothing. */
const NOT_TOOLS = new Set(
  "act must plus bonus ideally preferred required experience knowledge ability strong excellent proven familiarity proficiency understanding other similar related equivalent etc yes both either all any some basic expert senior junior deep solid hands background comfort furthermore moreover additionally also however therefore thus finally lastly further overall again".split(
    " ",
  ),
);

/** Conditions of employment and benefits: never skills. */
export const NOT_A_SKILL =
  /\b(able to (?:travel|commute|relocate|access (?:work|job)|get to)|reliable transportation|work locations|citizens?(?:hip)?|nationals?|permanent residen\w*|must not be|excepted service|competitive service|foreign education|additional information|may apply|security clearance|public trust|years? (old|of age)|or older|at hire|of hire|upon hire|within \d+ (days|months)|pension|401\(?k|vesting|salary|bonus|insurance|pto|paid time off|benefits?|per hour|relocat|visa|sponsorship|background check|drug (test|screen)|equal opportunity|authorized to work|right to work|work authori[sz]ation|compensation|disqualif\w*|failure to|act of \d{4}|veterans'? (?:preference|employment)|commute|on-?site|remote|physical (?:requirements|demands)|(?:outlined|listed|described) below)\b/i;

const EDGE_WORDS = new Set(
  "a an the and or of to in on for with at by from as into toward towards via is are be who that which this these those your our their its any some all other another similar such after before during while when where using use able".split(
    " ",
  ),
);

/** Drops articles and prepositions left dangling at either end: "progress toward the" -> "progress". */
export function trimFunctionWords(phrase: string): string {
  const words = phrase
    .replace(/^[^\p{L}\p{N}.]+|[^\p{L}\p{N}+#)]+$/gu, "")
    .split(/\s+/)
    .filter(Boolean);
  while (words.length && EDGE_WORDS.has((words[0] ?? "").toLowerCase())) words.shift();
  while (words.length && EDGE_WORDS.has((words[words.length - 1] ?? "").toLowerCase())) words.pop();
  return words.join(" ");
}

/**
 * Requirement phrases left in a line once its named skills are taken out: a list such as
 * "laminated doughs and naturally leavened bread" becomes two phrases. A line fully covered by
 * skills or concepts yields none.
 */
/** Words that frame what is before or after them as a skill. */
const SKILL_FRAME = /\b(?:skills?|knowledge|proficiency|expertise)\b/i;

export function residualPhrases(
  text: string,
  hits: { start: number; end: number }[],
  hasConcept: boolean,
  /** Words the taxonomy knows but the context rejected ("Fluent in English"): prose, not tools. */
  prose: { start: number; end: number }[] = [],
): string[] {
  // A line that names a concept is about that concept; its other words are how it is phrased.
  if (NOT_A_SKILL.test(text) || hasConcept) return [];
  // Web addresses blanked out first, keeping every offset where it was.
  // So is what the line excludes ("languages other than English") and the words that exclude it.
  let rest = text
    .replace(URL_RE, (url) => " ".repeat(url.length))
    .replace(EXCLUDED_RE, (part) => " ".repeat(part.length));
  for (const hit of [...hits, ...prose].sort((x, y) => y.start - x.start))
    rest = `${rest.slice(0, hit.start)} ${rest.slice(hit.end)}`;
  rest = rest.replace(/\(.*?\)/g, " ").replace(/\s+/g, " ");
  // A clause after "or" is another way to meet the clause before it ("delivering tools or products
  // with high uptime", "a license to practice medicine or surgery in a State"): the ask is the
  // first, and the alternatives are not asks of their own (each would read as a separate gap).
  const parts = rest.split(
    /(;|\.\s+(?=[A-Z])|,\s*(?:or\s+)?|\s+(?:and|or|as well as|along with|besides|in addition to|including|such as|like|e\.g\.)\s+)/i,
  );
  const clauses: string[] = [];
  for (let p = 0; p < parts.length; p += 2) {
    const before = parts[p - 1] ?? "";
    const clause = (parts[p] ?? "").trim();
    if (clause && !/\bor\b/i.test(before)) clauses.push(clause);
  }
  const phrases: string[] = [];
  for (const clause of clauses) {
    // One lower-case word cut from a sentence ("Current, full, and unrestricted license") is a
    // fragment, not a requirement; a list of terms is read term by term elsewhere. One framed as
    // a skill ("Excellent driving skills, …", "knowledge of payroll") is the requirement.
    const phrase = requirementPhrase(clause);
    if (!phrase) continue;
    if (clauses.length > 1 && /^[a-z]+$/.test(phrase) && !SKILL_FRAME.test(clause)) continue;
    // Beside named skills, the rest of a line describes them ("Angular JS in constructing dynamic
    // interfaces"): only a name the taxonomy does not know (an acronym, a product) is asked for too.
    const distinct = new Set(contentStems(phrase)).size;
    const acronym = /^[A-Z0-9&/-]{2,8}$/.test(phrase);
    const toolName = /^[A-Z][\w.+#-]*$/.test(phrase);
    if ((hits.length > 0 && !acronym && !toolName) || (hasConcept && distinct < 3)) continue;
    if (hasConcept && conceptsIn(phrase).length > 0) continue;
    // Conditions of hiring are not skills: "card within 30 days of hire", "upon start".
    if (
      /\b(within \d+ (days|months)|of hire|upon hire|before (your )?start|after hire|prior to start)\b/i.test(
        phrase,
      )
    )
      continue;
    phrases.push(phrase);
  }
  return phrases.slice(0, 3);
}

/** An acronym or a short run of capitalised words: "SCCM", "ISO, FDA", "Operation Monitoring", "Capable-to-Match". */
const GLOSS_RE =
  /^(?:[A-Z][A-Z0-9&+./-]{1,9}(?:\s*[,/]\s*[A-Z][A-Z0-9&+./-]{1,9})*|[A-Z][\w'’-]*(?:\s+(?:(?:and|of|&|for|to|in)\s+)?[A-Z][\w'’-]*){0,3})$/;

/**
 * Parentheses that name what the words before them describe: an acronym ("System Center
 * Configuration Manager (SCCM)") or the skill's own name ("knowledge of operating machinery
 * (Operation Monitoring)"). A resume that uses that name meets the requirement as well as one that
 * uses the description. Examples ("(e.g. Python)") and asides in lower case are not glosses.
 */
export function glosses(text: string): { start: number; end: number; name: string }[] {
  const found: { start: number; end: number; name: string }[] = [];
  for (const match of text.matchAll(/\(([^()]{1,60})\)/g)) {
    const name = (match[1] ?? "").trim();
    if (!GLOSS_RE.test(name) || /^(?:e\.?g|i\.?e|etc|or|and)\b/i.test(name)) continue;
    found.push({ start: match.index, end: match.index + match[0].length, name });
  }
  return found;
}

/** Stems that are equal, or one a prefix of the other ("analys" / "analysi"), at five letters or more. */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  // "analys" / "analysi" are one word; "commun" (community) / "communic" are not.
  return (
    a.length >= 5 &&
    b.length >= 5 &&
    Math.abs(a.length - b.length) <= 1 &&
    (a.startsWith(b) || b.startsWith(a))
  );
}
