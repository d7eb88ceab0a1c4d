/**
 * Requirements that are phrases rather than named skills ("attention to detail", "physical
 * stamina", "customer service") and the ways resumes say them. A concept matches a job
 * requirement when one of its `names` patterns does, and a resume line when one of its `cues` does.
 * Curated by hand; each cue was chosen to be specific enough not to fire on ordinary prose.
 */

import { allMatches } from "../text/matches.ts";
import { perAnalysis } from "../text/memo.ts";

export type Concept = {
  id: string;
  /** The requirement as the report names it. */
  label: string;
  /** How job postings ask for it. */
  names: RegExp;
  /** How resumes show it. */
  cues: RegExp;
  /** A duty that is a skill in its own right: asked for even when the posting lists it among duties. */
  duty?: boolean;
};

const c = (id: string, label: string, names: RegExp, cues: RegExp, duty?: boolean): Concept => ({
  id,
  label,
  names,
  cues,
  ...(duty ? { duty } : {}),
});

export const CONCEPTS: Concept[] = [
  c(
    "attention-to-detail",
    "attention to detail",
    /attention to detail|detail[- ]oriented|detail[- ]focused|meticulous|accuracy|accurate|precision/,
    /attention to detail|detail[- ](oriented|focused|minded)|meticulous|\baccura(te|cy)\b|\bprecis(e|ion|ely)\b|thorough|error[- ]free|zero (errors|defects|discrepancies)|double[- ]check|quality (checks?|control|assurance)|\baudit(ed|s)?\b|reconcil|100% (accuracy|compliance)|careful(ly)?\b|spotted|caught errors/,
  ),
  c(
    "physical-stamina",
    "physical stamina",
    /physical(ly)? (stamina|endurance|demanding|fit)|stamina|endurance|stand(ing)? for (long|extended|prolonged|\d+)|on (your|their) feet|long (shifts|periods)/,
    /stamina|endurance|on (my|our|their) feet|stand(ing)? for (long|extended|\d+)|\d+[- ]hour shifts|long shifts|double shifts|physically demanding|high[- ]volume (kitchen|bakery|warehouse|restaurant|store)|lift(ing|ed)? (up to |over )?\d+|heavy lifting|\bovernight shifts|walked|on[- ]foot|manual (labor|handling)/,
  ),
  c(
    "lifting",
    "lifting heavy items",
    /lift(ing)? (up to |at least |over )?\d+|heavy lifting|carry (up to )?\d+|move heavy/,
    /lift(ing|ed)? (up to |over )?\d+|heavy lifting|carr(y|ied|ying) (up to )?\d+|\d+\s*(lb|lbs|pounds|kg)\b|loaded|unloaded|moved (heavy|\d+)|pallets?\b|stock(ed|ing) shelves/,
  ),
  c(
    "customer-service",
    "customer service",
    /customer service|client service|guest service|customer[- ]facing|customer experience|customer satisfaction|serving customers|service[- ]oriented/,
    /customer (service|support|care|satisfaction|experience|relations)|client (service|relations|satisfaction)|guest (service|satisfaction|experience|relations)|customer[- ]facing|serv(ed|ing|e) (\d[\d,]*\+? )?(customers|guests|clients|patrons|members)|(assist|help|greet)(ed|ing)? (\d[\d,]*\+? )?(customers|guests|clients|patrons|shoppers)|front of house|\bcsat\b|\bnps\b|complaints?|hospitality/,
  ),
  c(
    "communication",
    "communication skills",
    /communication|communicat(e|ing)|interpersonal|verbal and written|written and verbal|presentation skills|explain (findings|results|complex|technical)|non[- ]technical (audiences?|stakeholders)|storytelling/,
    // "Wrote" only with something people read ("wrote Terraform modules" is no communication).
    /communicat|present(ed|ing|ations?)\b|public speaking|explain(ed|ing)?\b|liais(ed|on)|wrote (?:(?:the|a|an|our|\d+|weekly|monthly|quarterly|technical|internal|user|design|project|incident|grant|press|training) ){0,2}(?:reports?|documentation|docs|proposals?|articles?|guides?|manuals?|procedures|policies|newsletters?|blog|posts?|grants?|briefs?|memos?|runbooks?|playbooks?|specs?|specifications|releases?|copy|content|postmortems?)\b|authored|documented|briefed|reported to|correspond|interpersonal|negotiat|facilitat(ed|ing)|trained \d+|taught/,
  ),
  c(
    "teamwork",
    "teamwork",
    /teamwork|team player|collaborat|work(ing)? (well )?(in|with|as part of) (a )?team|cross[- ]functional/,
    /teamwork|team player|collaborat|cross[- ]functional|partner(ed|ing) with|worked (closely )?with|with (a )?team of|alongside|peer|co-?workers|teammates/,
  ),
  c(
    "leadership",
    "leadership",
    /leadership|lead(ing)? (a )?team|people management|supervisory|supervis(e|ing)|manage (a )?team|mentor/,
    /\b(led|lead(ing)?|head(ed)?)\b|leadership|supervis|manag(ed|ing) (a |an )?(team|staff|crew|group|\d+)|mentor|coach(ed|ing)|train(ed|ing) (new |\d+ )|direct reports|oversaw|oversee/,
  ),
  c(
    "problem-solving",
    "problem solving",
    /problem[- ]solving|solve problems|troubleshoot/,
    /problem[- ]solv|solv(ed|ing)|troubleshoot|resolv(ed|ing)|root[- ]cause|debug|diagnos|fix(ed|ing)|investigat|improv(ed|ing)/,
  ),
  c(
    "critical-thinking",
    "critical thinking",
    /critical thinking|analytical thinking|sound judg(e)?ment|judg(e)?ment and decision|decision[- ]making/,
    /critical thinking|evaluat(ed|ing)|assess(ed|ing)|judg(e)?ment|decid(ed|ing)|decisions?\b|weigh(ed|ing)? (options|risks)|root[- ]cause/,
  ),
  c(
    "time-management",
    "time management",
    /time management|manage (your |their |my )?time|meet (tight )?deadlines|prioriti[sz]|multi[- ]?task|juggle/,
    /time management|deadlines?|prioriti[sz]|multi[- ]?task|on[- ]time|ahead of schedule|under tight|schedul(ed|ing)|juggl|simultaneous|concurrent(ly)?|\d+ (projects|accounts|clients|patients|tables) (at once|simultaneously|concurrently)/,
  ),
  c(
    "organization",
    "organizational skills",
    /organi[sz](ational|ation) skills|organi[sz]ed|organi[sz]ation/,
    /organi[sz](ed|ing|ation|ational)|coordinat|schedul|plann(ed|ing)|track(ed|ing)|catalog|maintain(ed|ing) records|filing|inventory/,
  ),
  c(
    "work-independently",
    "working independently",
    /work(ing)? independently|independent(ly)?|self[- ](starter|motivated|directed)|minimal supervision|autonom|own initiative/,
    /independent(ly)?|self[- ](directed|starter|motivated|taught|managed)|autonom|minimal supervision|sole (owner|responsib|developer|designer|accountant)|own initiative|on my own|single[- ]handed|founded|freelance/,
  ),
  c(
    "adaptability",
    "adaptability",
    /adaptab|adapt to|flexib|changing (priorities|environment|needs)|comfortable with ambiguity|learn quickly/,
    /adapt|flexib|changing (priorities|environment|requirements|needs)|pivot|ambigu|learn(ed)? (quickly|fast)|quick learner|cross[- ]trained|rotat(ed|ing) (between|across)|wore many hats/,
  ),
  c(
    "reliability",
    "reliability",
    /reliab|dependab|punctual|strong work ethic|work ethic|attendance/,
    /reliab|dependab|punctual|perfect attendance|work ethic|never missed|consistent(ly)?|trusted (to|with)|employee of the (month|year)|\d+ years? (without|with no)/,
  ),
  c(
    "fast-paced",
    "working in a fast-paced environment",
    /fast[- ]paced|high[- ]volume|high[- ]pressure|under pressure|busy environment|thrive in/,
    /fast[- ]paced|high[- ]volume|high[- ]pressure|under pressure|busy|rush|peak (hours|season)|\d[\d,]*\+? (orders|customers|tickets|calls|covers|patients|units|packages) (per|a|each|every) (day|shift|week|hour)|tight deadlines/,
  ),
  c(
    "drivers-license",
    "valid driver's license",
    /driver'?s licen[cs]e|driving licen[cs]e|valid licen[cs]e to drive|clean driving record|\bcdl\b/,
    /driver'?s licen[cs]e|driving licen[cs]e|\bcdl\b|clean driving record|class [abc] licen[cs]e|licensed driver/,
  ),
  c(
    "analytical",
    "analytical skills",
    /analytical|analy[sz]e data|data[- ]driven|quantitative/,
    /analy[sz]|data[- ]driven|metrics|kpis?\b|insights|dashboards?|forecast|model(ed|ing)|quantitative|statistic|report(ed|ing) on/,
  ),
  c(
    "sales",
    "sales experience",
    /sales experience|selling|sales skills|quota|closing (deals|sales)|business development/,
    /\bsales\b|\bsold\b|quota|revenue|upsell|cross[- ]sell|closed (\$|\d|deals|accounts)|pipeline|prospect|new accounts|commission|business development/,
  ),
  c(
    "cash-handling",
    "cash handling",
    /cash handling|handle cash|cash register|point of sale|\bpos\b|money handling/,
    /cash (handling|register|drawer|management)|handled (cash|payments|transactions)|point of sale|\bpos\b|balanced (the )?(drawer|till|register)|till|transactions|payments/,
  ),
  c(
    "safety",
    "safety practices",
    /safety (procedures|protocols|standards|regulations|practices|guidelines)|safe work|work safely|osha/,
    /safety|\bosha\b|incident[- ]free|zero (incidents|accidents|injuries)|lockout|tagout|\bppe\b|hazard|compliance with (health|safety)|safe(ly)?\b/,
  ),
  c(
    "multilingual",
    "bilingual",
    /bilingual|multilingual|second language|fluen(t|cy) in (two|multiple|a second)/,
    /bilingual|multilingual|fluent in|native (speaker|spanish|french|english)|spanish|french|mandarin|cantonese|german|portuguese|arabic|korean|japanese|vietnamese|tagalog|hindi/,
  ),
  c(
    "mentoring",
    "mentoring and training others",
    /mentor|coach|train(ing)? (new|junior|others|staff)|develop (junior|others|talent)/,
    /mentor|coach(ed|ing)|train(ed|ing) (\d+ |new |junior |incoming )?(hires|staff|employees|engineers|team members|nurses|associates|cashiers|interns|students|colleagues)|onboard(ed|ing)|taught/,
    // A duty too: "Mentor mid-level engineers" under the duties asks for it (as a plus).
    true,
  ),
  c(
    "stakeholder-management",
    "stakeholder management",
    /stakeholder|partner with (business|leadership|executives)|executive communication|cross[- ]functional partners/,
    /stakeholder|executives?|leadership team|c-suite|\bvp\b|directors|business partners|cross[- ]functional|clients?\b|sponsors?/,
  ),
  c(
    "compassion",
    "compassionate patient care",
    /compassion|empath|bedside manner|patient[- ]centered|caring (for|about) (patients|residents|clients|others)/,
    /compassion|empath|bedside|patient[- ](centered|advocacy|education|satisfaction|comfort)|comfort(ed|ing)|famil(y|ies) (support|education)|emotional support|caring/,
  ),
  c(
    "creativity",
    "creativity",
    /creativ|innovative|original ideas|artistic/,
    /creat(ed|ive|ivity)|design(ed|s)|concept(s|ed)|original|innovat|invent|launched|campaign|portfolio|illustrat|crafted/,
  ),
  c(
    "writing",
    "writing skills",
    /writing skills|written communication|strong writer|excellent writing|copywriting|technical writing/,
    // Writing something people read ("wrote the runbooks", "written reports"), not code or modules.
    /(?:wrote|written|writ(?:e|es|ing))\s+(?:(?:the|a|an|our|\d+|weekly|monthly|quarterly|technical|internal|user|design|project|incident|grant|press|training|all|clear) ){0,2}(?:reports?|documentation|docs|proposals?|articles?|guides?|manuals?|procedures|policies|newsletters?|blogs?|posts?|grants?|briefs?|memos?|runbooks?|playbooks?|specs?|specifications|releases?|copy|content|postmortems?|stories|papers?|chapters?|books?)\b|authored|drafted|edited|published|blog|articles?|copy(writing)?|documentation|newsletter|proposals?|reports?\b/,
  ),
  c(
    "automated-testing",
    "automated testing",
    /automated test|test automation|unit test|integration test|testing frameworks?/,
    /automated (tests?|testing)|test automation|unit tests?|integration tests?|end[- ]to[- ]end tests?|e2e|test suites?|\btdd\b|\bjest\b|pytest|junit|cypress|playwright|selenium|testcontainers|mocha|rspec|test coverage/,
  ),
  c(
    "schedule-availability",
    "schedule availability",
    // ("On-call rotation" alone is the on-call support skill: an SRE's duty, not a shift pattern.)
    /availab(le|ility) (for|to work|on)|early (morning|shift)s?|weekends?|overnight|night shifts?|flexible (schedule|hours)|holidays|rotating shifts?/,
    /weekends?|early (morning|shift)s?|\b\d{1,2}(:\d{2})? ?a\.?m\.?|overnight|night shifts?|on[- ]call|holidays|flexible (schedule|hours)|opening shifts?|closing shifts?|rotating shifts?|double shifts?/,
  ),
  c(
    "budgeting",
    "budget management",
    // Not a quota named a budget: "error budgets", "latency budget", "performance budget".
    /(?<!(?:error|latency|performance|memory|power|time|token|compute|carbon|risk) )budget(ing|s)? (management|planning|oversight)?|manage (a )?budget|financial planning|cost control/,
    /(?<!(?:error|latency|performance|memory|power|time|token|compute|carbon|risk) )budget|\$\d[\d.,]*\s*(k|m|million|thousand)?\s*(budget|p&l|spend)|cost (savings|reduction|control)|reduced costs|forecast|p&l/,
    true,
  ),
  c(
    "estimating",
    "cost estimating and bidding",
    /\bestimat(e|es|ing|ion)\b|\bbid(s|ding)?\b|quantity take-?offs?|take-?offs?\b|cost (estimates?|proposals?)|quot(e|es|ing) (jobs|projects|work)/,
    /\bestimat(ed|es|ing|or)\b|\bbid(s|ding)?\b|\bwon \d+ (bids|contracts)|take-?offs?\b|quantity survey|cost (estimates?|proposals?)|quot(ed|es|ing)\b|proposals?\b/,
    true,
  ),
];

/** Concepts a requirement line asks for. */
/** Any concept's name: one pass that rules out most lines before each concept is tried. */
const ANY_NAME = new RegExp(CONCEPTS.map((concept) => `(?:${concept.names.source})`).join("|"));

/** Whether some concept's `names` matches a lower-case text: false for most lines, so each concept need not be tried. */
export const namesAnyConcept: (lower: string) => boolean = perAnalysis((lower: string) =>
  ANY_NAME.test(lower),
);

export function conceptsIn(text: string): Concept[] {
  const lower = text.toLowerCase().replace(/-/g, " ");
  if (!ANY_NAME.test(lower)) return [];
  return CONCEPTS.filter((concept) => concept.names.test(lower));
}

const GLOBAL_NAMES = new Map(CONCEPTS.map((concept) => [concept.id, new RegExp(concept.names.source, "g")]));

/** Character spans of a line that name a concept, to let the concept stand for skills inside them. */
export const conceptSpans: (text: string) => readonly (readonly [number, number])[] = perAnalysis(
  (text: string) => {
    const lower = text.toLowerCase();
    const spans: [number, number][] = [];
    if (!ANY_NAME.test(lower)) return spans;
    for (const concept of CONCEPTS) {
      const re = GLOBAL_NAMES.get(concept.id) ?? new RegExp(concept.names.source, "g");
      for (const match of allMatches(re, lower))
        spans.push([match.index ?? 0, (match.index ?? 0) + match[0].length]);
    }
    return spans;
  },
);

/** Whether a resume line, in lower case, shows a concept. */
export function lineShows(concept: Concept, lower: string): boolean {
  // "time-management", "detail-oriented" and "time management" are one wording; so are
  // "on-boarding" and "onboarding", "co-ordinated" and "coordinated".
  if (concept.cues.test(lower)) return true;
  if (!lower.includes("-")) return false;
  return concept.cues.test(lower.replace(/-/g, " ")) || concept.cues.test(lower.replace(/-/g, ""));
}

/** The concept a soft skill's name is one wording of ("Time management" → time management), if any. */
export function conceptOfName(name: string): Concept | undefined {
  const lower = name.toLowerCase();
  if (!ANY_NAME.test(lower)) return undefined;
  return CONCEPTS.find((c) => c.names.test(lower));
}
