import { loadOccupations } from "../data/index.ts";

/**
 * Words that make a phrase a job title ("Senior Software Engineer", "Registered Nurse",
 * "Line Cook") or an organisation ("Acme Corp", "St. Mary's Hospital"). Used to tell a role's
 * title from its employer when a header line holds both.
 */

const TITLE_WORDS = new Set(
  `engineer engineering developer programmer architect analyst scientist manager director lead head chief officer
  president vice vp founder cofounder co-founder owner partner principal staff senior junior associate assistant intern
  internship trainee apprentice fellow consultant specialist coordinator administrator admin representative rep agent
  technician tech mechanic electrician plumber carpenter welder operator driver courier clerk cashier teller server
  bartender barista cook chef baker pastry dishwasher host hostess nurse rn lpn cna physician doctor surgeon therapist
  pharmacist hygienist dentist assistant aide caregiver paramedic emt teacher instructor professor lecturer tutor
  educator counselor librarian principal coach trainer accountant bookkeeper auditor controller cfo ceo cto coo cio
  designer artist writer editor copywriter journalist producer photographer marketer strategist recruiter generalist
  hr buyer planner scheduler dispatcher supervisor foreman superintendent inspector estimator surveyor paralegal
  attorney lawyer counsel secretary receptionist associate officer guard security investigator detective soldier
  sergeant lieutenant captain worker laborer labourer handler picker packer loader stocker merchandiser salesperson
  sales seller advisor adviser banker broker underwriter adjuster actuary economist statistician researcher
  postdoc student volunteer ambassador steward stewardess attendant housekeeper janitor custodian cleaner
  landscaper gardener farmer rancher machinist fabricator assembler installer repairer maintenance programmer
  tester qa sre devops dba webmaster product project program account accounts customer support success service
  data software hardware network systems cloud security frontend front-end backend back-end fullstack full-stack
  mobile web ios android ux ui graphic visual interior clinical medical dental nursing registered licensed certified
  practitioner pediatric emergency icu or er charge staff head line sous executive general operations office
  warehouse shift team store retail floor`.split(/\s+/),
);

/** The last word of a title is nearly always one of these. */
const TITLE_HEADS = new Set(
  `engineer developer programmer architect analyst scientist manager director lead head officer president founder
  owner partner principal intern trainee apprentice fellow consultant specialist coordinator administrator
  representative rep agent technician mechanic electrician plumber carpenter welder operator driver courier clerk
  cashier teller server bartender barista cook chef baker dishwasher host hostess nurse rn lpn cna physician doctor
  surgeon therapist pharmacist hygienist dentist assistant aide caregiver paramedic emt teacher instructor professor
  lecturer tutor educator counselor librarian coach trainer accountant bookkeeper auditor controller cfo ceo cto coo
  cio designer artist writer editor copywriter journalist producer photographer marketer strategist recruiter
  generalist buyer planner scheduler dispatcher supervisor foreman superintendent inspector estimator surveyor
  paralegal attorney lawyer counsel secretary receptionist associate guard investigator worker laborer labourer
  handler picker packer loader stocker merchandiser salesperson advisor adviser banker broker underwriter adjuster
  actuary economist statistician researcher postdoc student volunteer ambassador attendant housekeeper janitor
  custodian cleaner landscaper gardener farmer machinist fabricator assembler installer repairer tester sre dba
  practitioner hr vp svp evp avp ta ra helper handyman apprentice journeyman wireman lineman roofer painter mason nanny`.split(
    /\s+/,
  ),
);

const ORG_WORDS = new Set(
  `inc inc. llc llp ltd ltd. limited corp corp. corporation company co co. group holdings gmbh ag sa plc pty bv
  university college school academy institute hospital clinic center centre health healthcare medical labs lab
  laboratories bank capital partners ventures solutions systems technologies technology software services consulting
  agency studio studios foundation association society council department dept county city state federal ministry
  government restaurant bakery cafe café hotel resort store stores market markets foods logistics pharmacy district
  church nonprofit network networks media press publishing airlines motors industries enterprises international global
  manufacturing energy builders outfitters analytics financial insurance construction retail pharmaceuticals
  trading traders transport transportation shipping airways utilities mills farms realty properties hospitality
  brands products supply supplies automotive telecom wireless entertainment museum library gallery theatre theater`.split(
    /\s+/,
  ),
);

function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9.&+/ -]+/g, " ")
      .split(/[\s/]+/)
      // A dash between words ("Helpers - construction trades") is punctuation, not a word.
      .filter((w) => /[a-z0-9]/.test(w))
  );
}

/** "supervisors" → "supervisor", "workers" → "worker": titles are often written in the plural. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** Plurals in O*NET's titles that name things, not people ("Sales Representatives, … Products"). */
const NOT_PEOPLE = new Set(
  `activities animals benefits biofuels bus carriers changers claims commodities customs distributors engines
  feeders fibers fillers forces gas layers markers materials monitors news occupations operations persons
  processors products programs publishers sales securities services sports surfaces tiles trades utilities
  vehicles vessels winders`.split(/\s+/),
);

let occupationHeads: Set<string> | undefined;

/**
 * The people O*NET's occupation titles name, singular: "Dancers and Choreographers", "Teachers,
 * Postsecondary", "Meeting, Convention, and Event Planners" → dancer, choreographer, teacher,
 * planner. A title the hand list above does not know ("Logistician", "Archivist") is still a title.
 */
function occupationHead(word: string): boolean {
  if (!occupationHeads) {
    occupationHeads = new Set();
    for (const { title } of loadOccupations())
      for (const segment of title.split(/,|\s+and\s+|\/|--|[()]/)) {
        const last = segment.trim().split(/\s+/).pop()?.toLowerCase() ?? "";
        if (/^[a-z-]+s$/.test(last) && !last.endsWith("ss") && !NOT_PEOPLE.has(last))
          occupationHeads.add(singular(last));
      }
  }
  return occupationHeads.has(singular(word));
}

/**
 * German titles are compounds ending in their head ("Entwicklungsingenieur", "Projektleiter",
 * "Softwareentwickler", "Versuchsingenieurin").
 */
const GERMAN_HEAD_RE =
  /(?:ingenieur|entwickler|leiter|berater|referent|techniker|assistent|architekt|sachbearbeiter|spezialist|kaufmann|kauffrau|mitarbeiter|verk[aä]ufer|pfleger|lehrer|arzt|ärztin|manager|analyst|direktor|vorstand|meister|gesch[aä]ftsf[uü]hrer)(?:in)?$/;

/** A word that ends a title. `occupations: false` keeps to the hand list (a surname such as Singer). */
const isHead = (w: string, occupations = true) =>
  TITLE_HEADS.has(w) ||
  TITLE_HEADS.has(singular(w)) ||
  (w.length >= 6 && GERMAN_HEAD_RE.test(w)) ||
  (occupations && occupationHead(w));

const LEVEL_RE = /^(?:i{1,3}|iv|v|vi{1,3}|[1-5]|i\/ii|ii\/iii|l[1-9])$/;

/**
 * How much a phrase looks like a job title, 0..1. With `occupations: false` only the hand list of
 * title words counts, for a line that may be a person's name ("Anna Singer").
 */
export function titleScore(text: string, { occupations = true }: { occupations?: boolean } = {}): number {
  const all = words(text).map((w) => w.replace(/[.,]$/, ""));
  // A level after the title ("Software Engineer II", "Analyst 2", "Engineer I/II") is not its head.
  const list = all.length > 1 ? all.filter((w, i) => i === 0 || !LEVEL_RE.test(w)) : all;
  if (list.length === 0 || list.length > 9) return 0;
  const last = list[list.length - 1] ?? "";
  let score = 0;
  const headLast = isHead(last, occupations);
  if (headLast) score += 0.6;
  else if (list.some((w) => isHead(w, occupations))) score += 0.4;
  const known = list.filter((w) => TITLE_WORDS.has(w) || TITLE_WORDS.has(singular(w))).length;
  score += 0.4 * (known / list.length);
  // "Senior Software Engineer", "Construction Manager", "Bank Teller": an organisation or industry
  // word before a title head qualifies the title; it counts against the phrase only as its last
  // word ("Ironwood Manufacturing") or in a phrase without a head.
  if (list.some((w) => ORG_WORDS.has(w) && !(headLast && (TITLE_WORDS.has(w) || w !== last)))) score -= 0.5;
  return Math.max(0, Math.min(1, score));
}

/** How much a phrase looks like an organisation name, 0..1. */
export function orgScore(text: string): number {
  const list = words(text);
  if (list.length === 0) return 0;
  let score = 0;
  if (list.some((w) => ORG_WORDS.has(w.replace(/[.,]$/, "")))) score += 0.7;
  if (/^[A-Z]/.test(text.trim())) score += 0.15;
  if (titleScore(text) >= 0.6) score -= 0.5;
  return Math.max(0, Math.min(1, score));
}

/**
 * The title at the start of a header written without separators ("Software Engineer Microsoft
 * Redmond"): the longest run of leading words that reads as a title and ends in a title head
 * ("Engineer"), with the words after it; null when no such prefix leaves words over.
 */
export function leadingTitle(text: string): { title: string; rest: string } | null {
  const tokens = text.trim().split(/\s+/);
  for (let k = Math.min(tokens.length - 1, 6); k >= 1; k--) {
    const head = tokens.slice(0, k).join(" ");
    const last = words(tokens[k - 1] ?? "")[0] ?? "";
    if (isHead(last) && titleScore(head) >= 0.6) return { title: head, rest: tokens.slice(k).join(" ") };
  }
  return null;
}

/** Countries and the like written after a city or a state ("Seoul, South Korea", "WA, USA"). */
export const COUNTRY_RE =
  /^(?:usa|u\.s\.a?\.?|us|uk|u\.k\.|united states|united kingdom|england|canada|mexico|brazil|india|china|japan|south korea|korea|singapore|australia|new zealand|germany|france|spain|italy|ireland|netherlands|belgium|switzerland|sweden|norway|denmark|finland|poland|israel|philippines|vietnam|indonesia|malaysia|nigeria|kenya|south africa|egypt|argentina|chile|colombia|peru|pakistan|bangladesh|remote)$/i;

/** The legal form of a company written after its name ("Inc", "LLC", "Ltd.", "GmbH"). */
export const LEGAL_FORM_RE =
  /^(?:inc|incorporated|llc|l\.l\.c|llp|ltd|limited|corp|corporation|plc|gmbh|ag|s\.?a|pty ltd|pvt ltd|lp)\.?$/i;

/** Organisation words that are also parts of place names ("Salt Lake City, UT"). */
const PLACE_WORDS = new Set(["city", "county", "state", "district", "international"]);

/** "Seattle, WA", "London, UK", "Remote", "New York, NY 10001", "Berlin, Germany". */
export function looksLikeLocation(text: string): boolean {
  const t = text.trim();
  // "J.B. Hunt Transport, Inc" is a company.
  if (LEGAL_FORM_RE.test(t.slice(t.lastIndexOf(",") + 1).trim())) return false;
  // "Remote", "Remote (US)", "Hybrid – Austin", not "Remote Monitor" (a title).
  if (/^(?:remote|hybrid|on-?site)(?:$|\s*[(,/|–—-])/i.test(t) && t.length < 40) return true;
  // "University of California, Berkeley", "Northwind Bank, India": an organisation at a place.
  const place = t.slice(0, Math.max(0, t.lastIndexOf(",")));
  if (words(place).some((w) => ORG_WORDS.has(w.replace(/[.,]$/, "")) && !PLACE_WORDS.has(w))) return false;
  if (/^[A-Z][A-Za-z.' -]+,\s*(?:[A-Z]{2}(?:\s+\d{5})?|[A-Z][a-z]+(?: [A-Z][a-z]+)?)$/.test(t)) return true;
  // "Tampa FL", "San Jose CA": a city and a US state without the comma.
  const state = /^[A-Z][a-z]+(?: [A-Z][a-z]+)? ([A-Z]{2})$/.exec(t)?.[1];
  return state !== undefined && US_STATES.has(state);
}

const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  ),
);
