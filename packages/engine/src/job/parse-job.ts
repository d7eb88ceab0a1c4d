import { type DegreeLevel, degreeLevel } from "../resume/parse-resume.ts";
import { titleScore } from "../resume/titles.ts";
import { allMatches } from "../text/matches.ts";
import { isBullet, normalizeText, stripBullet } from "../text/normalize.ts";
import { NUMBER_WORDS } from "../text/numbers.ts";

export type JobSectionKind =
  | "intro"
  | "about"
  | "role"
  | "responsibilities"
  | "requirements"
  | "preferred"
  | "benefits"
  | "eeo"
  | "apply"
  /** Physical demands and working conditions: conditions of the job, not things a resume shows. */
  | "physical"
  /** A heading nobody recognises: its lines count only when they read as requirements. */
  | "other";
export type Priority = "Required" | "Preferred";
export type Seniority = "intern" | "entry" | "mid" | "senior" | "lead" | "manager" | "executive";

export type RequirementLine = {
  text: string;
  priority: Priority;
  section: JobSectionKind;
  /** Index into ParsedJob.lines. */
  lineIndex: number;
  /** "Customer Service: Experience in helping clients…": the label names the requirement. */
  label?: string;
  /** The text after the label. */
  detail?: string;
};

/** Experience the posting asks for: "4 years as a Systems Administrator", "3+ years of payroll". */
export type ExperienceAsk = {
  years: number;
  /** The role or field the years are asked in, in the posting's words; null for "5+ years of experience". */
  field: string | null;
  /** A minimum of hours ("3000 hours total time") instead of years. */
  hours: number | null;
  priority: Priority;
  line: RequirementLine;
};

export type ParsedJob = {
  title: string | null;
  seniority: Seniority | null;
  /** Requirement lines (requirements and preferred sections, or requirement-like sentences). */
  requirements: RequirementLine[];
  /** What the person will do: skills named here count as preferred unless also required. */
  responsibilities: RequirementLine[];
  yearsRequired: number | null;
  yearsText: string | null;
  /** Every experience ask, in posting order. */
  experienceAsks: ExperienceAsk[];
  education: { level: DegreeLevel; priority: Priority; text: string; equivalentExperienceOk: boolean } | null;
  lines: string[];
  /** Lines that are company boilerplate (benefits, equal-opportunity text, how to apply). */
  boilerplate: Set<number>;
  /** The section each line stands in (a heading line, in the section it opens). */
  sectionOf: JobSectionKind[];
  /** Lines that are only a heading ("Requirements", "## Job title"), with no text of their own. */
  headings: Set<number>;
  /** Every heading line, those with text after a colon too ("Location: Denver"), and its words ("Location"). */
  headingWords: Map<number, string>;
};

const SECTION_WORDS: Record<Exclude<JobSectionKind, "intro" | "other">, string[]> = {
  about: [
    "about us",
    "about the company",
    "who we are",
    "company overview",
    "our mission",
    "about the team",
    "the company",
    "our company",
    "company description",
    "about our company",
    "our story",
    "our team",
  ],
  role: [
    "about the role",
    "the role",
    "position summary",
    "job summary",
    "overview",
    "job description",
    "role overview",
    "summary",
    "the opportunity",
    "position overview",
    "role description",
    "position description",
    "description",
    "about the job",
    "about this role",
    "the position",
    "job overview",
  ],
  responsibilities: [
    "responsibilities",
    "key responsibilities",
    "main responsibilities",
    "primary responsibilities",
    "what you'll do",
    "what you will do",
    "what youll do",
    "duties",
    "job duties",
    "duties and responsibilities",
    "duties & responsibilities",
    "essential duties",
    "essential functions",
    "essential duties and responsibilities",
    "day to day",
    "a day in the life",
    "your role",
    "in this role you will",
    "in this role, you will",
    "your responsibilities",
    "what you'll be doing",
    "what you will be doing",
    "the work",
    "your impact",
    "role responsibilities",
    "you will",
    "key objectives",
    "objectives",
    "key duties",
    "major duties",
  ],
  requirements: [
    "requirements",
    "qualifications",
    "required qualifications",
    "minimum qualifications",
    "basic qualifications",
    "minimum requirements",
    "what you bring",
    "what you'll bring",
    "what you will bring",
    "must have",
    "must haves",
    "must-haves",
    "what we're looking for",
    "what you need",
    "what you'll need",
    "what you will need",
    "what we need",
    "you'll need",
    "you will need",
    "what it takes",
    "what you should have",
    "what we expect",
    "we're looking for",
    "we are looking for",
    "looking for",
    "requirements & qualifications",
    "must-have",
    "required",
    "the basics",
    "minimum requirements and qualifications",
    "who you'll be",
    "is this you",
    "your profile",
    "candidate profile",
    "skills required",
    "what we are looking for",
    "skills and experience",
    "skills & experience",
    "required skills",
    "you have",
    "who you are",
    "about you",
    "required experience",
    "job requirements",
    "skills and qualifications",
    "skills & qualifications",
    "knowledge, skills and abilities",
    "knowledge, skills, and abilities",
    "competencies",
    "experience",
    "requirements and qualifications",
    "education and experience",
    "education",
    "certifications",
    "licenses and certifications",
    "skills",
    "your background",
    "your skills",
    "to be successful",
    "you should have",
    "ideal candidate",
    "the ideal candidate",
  ],
  preferred: [
    "preferred qualifications",
    "preferred",
    "nice to have",
    "nice to haves",
    "nice-to-have",
    "nice-to-haves",
    "bonus",
    "bonus points",
    "pluses",
    "desired qualifications",
    "desired skills",
    "preferred skills",
    "preferred experience",
    "it's a plus",
    "additional qualifications",
    "ideally",
    "extra credit",
    "desirable",
    "bonus if you have",
    "even better",
    "good to have",
  ],
  benefits: [
    "benefits",
    "perks",
    "what we offer",
    "compensation",
    "salary",
    "pay",
    "why join us",
    "why you'll love working here",
    "our benefits",
    "perks and benefits",
    "perks & benefits",
    "benefits and perks",
    "total rewards",
    "compensation and benefits",
    "compensation & benefits",
    "we offer",
    "what's in it for you",
    "pay and benefits",
    "schedule",
    "job type",
    "location",
  ],
  eeo: [
    "equal opportunity",
    "equal employment opportunity",
    "eeo statement",
    "diversity and inclusion",
    "diversity",
    "accommodations",
    "eeo",
  ],
  apply: [
    "how to apply",
    "application process",
    "to apply",
    "next steps",
    "apply",
    "application instructions",
  ],
  physical: [
    "conditions of employment",
    "condition of employment",
    "key requirements",
    "security clearance",
    "physical requirements",
    "physical demands",
    "physical demands and work environment",
    "working conditions",
    "work environment",
    "work conditions",
    "physical and mental demands",
    "environmental conditions",
  ],
};

type HeadingKind = Exclude<JobSectionKind, "intro"> | "title";
const SECTION_BY_KEY = new Map<string, HeadingKind>();
for (const [kind, names] of Object.entries(SECTION_WORDS)) {
  for (const name of names) SECTION_BY_KEY.set(name, kind as HeadingKind);
}
/** "## Job title" on a line of its own: the title is on the next line. */
const TITLE_HEADINGS = ["job title", "title", "position", "position title", "role", "job", "job position"];
for (const name of TITLE_HEADINGS) SECTION_BY_KEY.set(name, "title");

function key(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^a-z' &,-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[:,-]+$/, "")
    .trim();
}

/**
 * A heading line of a job posting, with any content that follows a colon on the same line.
 * `marked` is true for a line the author marked as a heading (markdown "##", a bold line), which
 * is a heading even when its words are unknown.
 */
function jobHeading(line: string, marked = false): { kind: HeadingKind; rest: string } | null {
  const trimmed = line.trim();
  if (!trimmed || isBullet(trimmed)) return null;
  const colon = trimmed.indexOf(":");
  const head = colon >= 0 ? trimmed.slice(0, colon) : trimmed;
  if (head.length > 70) return null;
  const rest = colon >= 0 ? trimmed.slice(colon + 1).trim() : "";
  if (colon < 0 && /[.!?]$/.test(trimmed)) return null;
  const k = key(head);
  const kind =
    SECTION_BY_KEY.get(k) ??
    SECTION_BY_KEY.get(k.replace(/^(the |our |your |key |required |minimum |preferred )/, ""));
  if (kind) return kind === "title" && rest ? null : { kind, rest };
  if (head.split(" ").length <= 6) {
    // "Physical Scientist", "Benefits Specialist", "Requirements Engineer": a job title, not a section.
    if (colon < 0 && titleScore(head) >= 0.5) return marked ? { kind: "other", rest } : null;
    if (/\b(preferred|nice to have|bonus|plus(es)?|desired)\b/i.test(head))
      return { kind: "preferred", rest };
    if (
      /\b(requirements?|qualifications?|must[- ]haves?|you('ll| will)? need|you bring|looking for|you have)\b/i.test(
        head,
      )
    ) {
      return { kind: "requirements", rest };
    }
    if (/\b(responsibilit(y|ies)|duties)\b/i.test(head)) return { kind: "responsibilities", rest };
    if (/\b(benefits|perks|compensation|salary|pay(?: range| rate| scale| grade)?)\b/i.test(head))
      return { kind: "benefits", rest };
    if (/\bphysical\b|\bwork(ing)? (environment|conditions)\b/i.test(head)) return { kind: "physical", rest };
    // "About Acme", "Who We Are": the company's own blurb.
    if (/^(about|who we are|why)\b/i.test(head) && !/\b(you|role|job|position)\b/i.test(head))
      return { kind: "about", rest };
    // A heading the posting marks as one, or a short capitalised line ending in a colon, that we
    // do not know: it still ends the section before it (so "About us" cannot swallow the rest).
    // A sentence that leads into a list ("Candidates should possess aptitudes in:") is not one.
    if (!marked && LEAD_IN_RE.test(head)) return null;
    if (!rest && (marked || /:$/.test(trimmed) || /^[A-Z][A-Z &/,-]{3,}$/.test(trimmed)))
      return { kind: "other", rest };
  }
  return null;
}

/** A sentence that leads into the benefits list: "…many benefits including:", "We offer:". */
const BENEFITS_LEAD_RE =
  /(?:\b(?:benefits|perks)\b|\bwe offer\b|\byou(?:'ll| will) (?:get|receive|enjoy)\b)[^:.!?]{0,40}:\s*$/i;

/** Words that make a short line ending in a colon a sentence rather than a heading. */
const LEAD_IN_RE =
  /\b(?:should|must|will|would|shall|can|need|needs|include|includes|including|possess|possesses|have|has|are|is|be|following|candidates?|applicants?|you|your|we|ideal)\b/i;

const EEO_RE =
  /\b(equal (employment )?opportunity|without regard to|race, color|sexual orientation|veteran status|reasonable accommodation|e-?verify|affirmative action|drug[- ]free workplace|background check)\b/i;
const BENEFIT_RE =
  /\b(401\(?k\)?|paid time off|\bpto\b|health(care)?,? dental|dental(,| and) vision|medical, dental|parental leave|stock options|equity package|tuition reimbursement|employee discount|salary range|pay range|per hour|\$\d[\d,]*(\.\d+)?\s*(-|to|–)\s*\$?\d|compensation (package|and benefits|range)|benefits package)\b/i;
/** The hiring process talking: how qualifications are credited, forms, pay and appointment terms. */
const PROCESS_RE =
  /\b(selection priority|i?ctap\b|appointments? (?:to last|will last|may last|is for|are for|of up to)|not[- ]to[- ]exceed|nte \d|(?:rated|considered|be) (?:best |well[- ])?qualified|category rating|placed (?:in|into) (?:a |the )?(?:different |lower )?categor|supporting documentation|inflated your|(?:reemployed|re-employed) annuitant|locality pay|starting salary|total compensation|if found (?:to be )?eligible|minimally qualified|receive (?:a )?score|application (?:will be|is) (?:evaluated|reviewed|rated)|this (?:position|role|job|vacancy) (?:is|will be|may be|can be)|(?:is|are) located in|who may apply|excepted service|hiring authorit|disabled veterans|military spouses|executive order|we recommend|as detailed as possible|in order to qualify|to qualify (?:for|based)|you (?:will|may) receive credit|you may (?:apply|qualify)|if (?:you are )?qualifying based on|for (?:more|further|additional) information|direct deposit|annuitant|positions? may be filled|born after|selective service|probationary period|trial period|background (?:investigation|check)|financial disclosure|veterans'? preference|this (?:announcement|vacancy)|divide your|percentages?|must be (?:a )?u\.?s\.? citizen|citizenship (?:is )?required|suitability|drug[- ]free|pay (?:grade|band|range)|salary (?:range|grade)|relocation (?:expenses|incentive)|telework eligib|work schedule|duty station|appointment type|promotion potential|refers to paid and unpaid|career field position|if you are using (?:education|experience))\b/i;

/** A sentence that says what the candidate must have, wherever it stands. */
const ASKS_CANDIDATE_RE =
  /\b(?:you (?:should|must|will need to|need to) (?:have|be|possess|bring|understand|know)|you(?:'ll| will) need\b|you have|candidates? (?:must|should|will) have|applicants? must|must have|the ideal candidate (?:has|will have)|strongest candidates will have|requirements include|is required|are required)\b/i;

/** How to apply, and calls to action: never requirements. */
const APPLY_RE =
  /\b(please (submit|send|apply|email)|submit (your|a) (resume|cv|application)|(?:on|in) your resume|each job (?:on|in) your|hours per week|exact dates|your application (?:must|should)|how you (?:meet|qualify)|qualifications questionnaire|send (your|a) (resume|cv)|to apply\b|apply (now|online|today|here)|click (apply|here)|interested (candidates|applicants)|qualified (candidates|applicants) (should|may|will)|cover letter|we look forward to|only shortlisted)/i;
/** The company talking about itself: blurbs, slogans and mission statements. */
const BLURB_RE =
  /^(we are|we're|we have|we offer|we believe|we value|our (company|team|mission|client|clients|values|culture|people|vision|goal|story)|founded in|join (us|our|a team)|come (join|grow)|at [A-Z][\w&'.-]*(\s[A-Z][\w&'.-]*)*,? (we|our)|[A-Z][\w&'.-]*(\s[A-Z][\w&'.-]*)* (is|are) (a|an|the) (leading|global|premier|fast[- ]growing|growing|trusted|innovative|world|national|award|family|top|nationally|locally))\b/i;
/** A physical-demands table row: "Weight lifted: up to 100 lbs", "Standing: frequently (31-65% of time)". */
const PHYSICAL_ROW_RE =
  /\b(\d{1,3}\s*[-–]\s*\d{1,3}\s*%|%\s*of (the )?(time|day|shift)|\b(occasionally|frequently|constantly|rarely)\b\s*[(:-]|weight (lifted|carried)|lift(ed)?\/carr)/i;

const PREFERRED_RE =
  /\b(preferred|nice[- ]to[- ]have|a plus|is a plus|are a plus|bonus|ideally|desirable|advantageous|helpful|not required|(?:an?|distinct|added|definite) advantage|an asset|beneficial|desired|would be nice)\b/i;
const REQUIREMENT_CUE_RE =
  /\b(experience (with|in|using)|knowledge of|proficien(t|cy)|familiar(ity)? with|ability to|able to|must|required|requires|years|degree|certification|certified|license|skills? in|understanding of|expertise in|background in|comfortable with)\b/i;

const NUM =
  "(\\d{1,2}(?:\\.\\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)";
const YEARS_PATTERNS = [
  new RegExp(`\\b${NUM}\\s*(?:-|–|to)\\s*${NUM}\\+?\\s*(?:\\(\\d+\\)\\s*)?(?:years?|yrs?)\\b`, "i"),
  new RegExp(
    `\\b(?:at least|minimum(?: of)?|min\\.?|over|more than|no less than)\\s+${NUM}\\+?\\s*(?:\\(\\d+\\)\\s*)?(?:full[- ]time\\s+)?(?:years?|yrs?)\\b`,
    "i",
  ),
  new RegExp(`\\b${NUM}\\s*(?:\\(\\d+\\)\\s*)?\\+?\\s*(?:or more\\s+)?(?:years?|yrs?)\\b`, "i"),
];

function toNumber(text: string): number {
  return NUMBER_WORDS[text.toLowerCase()] ?? Number.parseFloat(text);
}

/** Years of experience a line asks for ("3+ years", "at least four years", "2-4 years" → 2). */
export function yearsInLine(line: string): { years: number; text: string } | null {
  if (
    /\byears? (old|of age)\b|\byears? or older\b|\bin business\b|\bwarranty\b|\bcredit for\b|\bup to \d+ years\b|\bnot to exceed\b|\bin excess of\b|\bappointment\b|\bserve\b|\bterm (?:of|is|position)\b|\btenure\b|\bcontract (?:of|length|term|duration)\b|\bprobation/i.test(
      line,
    )
  )
    return null;
  for (const pattern of YEARS_PATTERNS) {
    const match = pattern.exec(line);
    if (match?.[1]) {
      const years = toNumber(match[1]);
      if (years > 0 && years <= 30) return { years, text: match[0] };
    }
  }
  return null;
}

function seniorityOf(title: string): Seniority | null {
  const t = title.toLowerCase();
  if (/\b(intern|internship|co-?op)\b/.test(t)) return "intern";
  if (/\b(chief|vp|vice president|head of|c[teo]o)\b/.test(t)) return "executive";
  if (/\b(director|manager)\b/.test(t) && !/\b(account|case|project|product|program)\s+manager\b/.test(t))
    return "manager";
  if (/\b(lead|staff|principal|architect)\b/.test(t)) return "lead";
  if (/\b(senior|sr\.?|iii|iv)\b/.test(t)) return "senior";
  if (/\b(junior|jr\.?|entry[- ]level|associate|graduate|trainee|apprentice|i)\b/.test(t)) return "entry";
  if (/\b(ii|mid[- ]level|intermediate)\b/.test(t)) return "mid";
  return null;
}

const TITLE_LABEL_RE = /^(?:job title|position|title|role|job)\s*:\s*(.+)$/i;
const HIRING_RE =
  /\b(?:hiring|seeking|looking for|recruiting|accepting applications)\s+(?:for\s+)?(?:an?|our|the)?\s*(?:GS-\d+\s+)?(?:experienced|talented|motivated|passionate|skilled|dedicated|full[- ]time|part[- ]time)?\s*([A-Z0-9][\w/&+.#-]*(?:\s+(?:[A-Z(&][\w/&+.#)-]*|-|–|and|of|for)){0,7})/;

function findTitle(lines: string[]): string | null {
  for (const [i, line] of lines.slice(0, 12).entries()) {
    const labelled = TITLE_LABEL_RE.exec(line.trim());
    if (labelled?.[1]) return labelled[1].trim();
    // "## Job title" then the title on the next line.
    if (jobHeading(line)?.kind === "title") {
      const next = lines.slice(i + 1).find((l) => l.trim());
      const kind = next ? jobHeading(next)?.kind : undefined;
      if (next && next.trim().length <= 100 && (!kind || kind === "other")) return stripBullet(next.trim());
    }
  }
  const first = stripBullet(lines.find((l) => l.trim())?.trim() ?? "");
  if (
    first &&
    first.length <= 80 &&
    !/[.!?]$/.test(first) &&
    !jobHeading(first) &&
    first.split(/\s+/).length <= 10
  ) {
    // "Acme - Senior Welder", "Login.gov - DevOps Engineer", "Welder (Night Shift)": the most
    // title-like part of the line is the title.
    const parts = first
      .replace(/\s*\(.*?\)\s*/g, " ")
      .split(/\s+[-–—|]\s+/)
      .map((p) => p.trim())
      .filter(Boolean);
    const best = [...parts].sort((a, b) => titleScore(b) - titleScore(a))[0];
    return (best && titleScore(best) > 0 ? best : parts[0]) || first;
  }
  for (const line of lines.slice(0, 15)) {
    const t = stripBullet(line.trim()).replace(/\s+[-–—|]\s+GS-\d+.*$/, "");
    if (t.length <= 60 && !/[.!?:]$/.test(t) && !jobHeading(t) && titleScore(t) >= 0.6) return t;
  }
  for (const line of lines.slice(0, 15)) {
    const hiring = HIRING_RE.exec(line);
    if (hiring?.[1]) {
      const found = hiring[1]
        .replace(/\.\s.*$|\.$/, "")
        .replace(/\s+(to|who|with|for|in|at|this|that)$/i, "")
        .trim();
      const parts = found.split(/\s+[-–—|]\s+/);
      return [...parts].sort((a, b) => titleScore(b) - titleScore(a))[0] ?? found;
    }
  }
  return null;
}

/**
 * Parses a job posting into its title, seniority, requirement lines (with priority), years and
 * education asked for; benefits, company blurbs and equal-opportunity text are set aside.
 */
export function parseJobDescription(text: string): ParsedJob {
  const lines = normalizeText(text).split("\n");
  const marked = markedHeadings(text);
  const title = findTitle(lines);
  const requirements: RequirementLine[] = [];
  const responsibilities: RequirementLine[] = [];
  const boilerplate = new Set<number>();
  const sectionOf: JobSectionKind[] = lines.map(() => "intro");
  const headings = new Set<number>();
  const headingWords = new Map<number, string>();
  let section: JobSectionKind = "intro";
  let sawStructure = false;

  const unsectioned: RequirementLine[] = [];
  let titleLine = -1;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? "";
    const heading = jobHeading(raw, marked.has(raw.trim().replace(/:$/, "").toLowerCase()));
    let content = raw;
    sectionOf[i] = section;
    if (heading?.kind === "title") {
      boilerplate.add(i);
      headings.add(i);
      titleLine = i + 1;
      continue;
    }
    if (i === titleLine || (i <= titleLine + 1 && raw.trim() === title)) {
      boilerplate.add(i);
      continue;
    }
    // "You will have access to many benefits including:", "What we offer:": a sentence that leads
    // into the benefits list (no heading of its own, so jobHeading leaves it).
    if (!heading && BENEFITS_LEAD_RE.test(raw) && !isBullet(raw.trim())) {
      section = "benefits";
      sectionOf[i] = section;
      boilerplate.add(i);
      continue;
    }
    if (heading) {
      section = heading.kind;
      sectionOf[i] = section;
      headingWords.set(i, heading.rest ? raw.slice(0, raw.indexOf(":")) : raw);
      sawStructure ||=
        heading.kind === "requirements" ||
        heading.kind === "preferred" ||
        heading.kind === "responsibilities";
      if (!heading.rest) {
        boilerplate.add(i);
        headings.add(i);
        continue;
      }
      content = heading.rest;
    }
    const line = stripBullet(content).trim();
    if (!line) continue;
    if (
      section === "benefits" ||
      section === "eeo" ||
      section === "apply" ||
      section === "about" ||
      section === "physical" ||
      EEO_RE.test(line) ||
      PHYSICAL_ROW_RE.test(line)
    ) {
      boilerplate.add(i);
      continue;
    }
    if ((BENEFIT_RE.test(line) || APPLY_RE.test(line)) && !REQUIREMENT_CUE_RE.test(line)) {
      boilerplate.add(i);
      continue;
    }
    const pieces = splitSentences(line).filter((piece) => !isBoilerplateSentence(piece));
    if (pieces.length === 0) boilerplate.add(i);
    for (const piece of pieces) {
      const priority: Priority =
        // "(EKS preferred)" prefers what the parentheses name, not the whole line.
        section === "preferred" || PREFERRED_RE.test(piece.replace(/\([^()]{0,80}\)/g, " "))
          ? "Preferred"
          : "Required";
      const entry: RequirementLine = { text: piece, priority, section, lineIndex: i, ...labelOf(piece) };
      if (section === "requirements" || section === "preferred") requirements.push(entry);
      else if (section === "responsibilities") responsibilities.push(entry);
      else unsectioned.push(entry);
    }
  }
  // A posting without requirement headings: requirement-like sentences stand in for them.
  if (!requirements.length) {
    for (const entry of unsectioned) {
      if (REQUIREMENT_CUE_RE.test(entry.text) || isBullet(lines[entry.lineIndex] ?? ""))
        requirements.push(entry);
      else responsibilities.push(entry);
    }
    if (!sawStructure && !requirements.length) requirements.push(...responsibilities.splice(0));
  } else {
    // The role summary names tools too; the intro (company name, location) does not count. Under a
    // heading we do not know, only lines that read as requirements count. A summary sentence that
    // says what the candidate must have ("You should have strong experience with Python") is a
    // requirement wherever it stands.
    for (const entry of unsectioned) {
      if (
        ASKS_CANDIDATE_RE.test(entry.text) ||
        (entry.section === "other" && REQUIREMENT_CUE_RE.test(entry.text))
      )
        requirements.push(entry);
      else if (entry.section === "role") responsibilities.push(entry);
    }
  }
  // A line that introduces a list ("Experience must include one of the following:") asks for its items.
  for (let i = requirements.length - 1; i >= 0; i--)
    if (/(?:following|below|these)\s*:?$|:$/i.test(requirements[i]?.text ?? "") && !requirements[i]?.detail)
      requirements.splice(i, 1);
  const experienceAsks = [...requirements, ...unsectioned.filter((e) => e.section === "role")]
    .map(experienceAsk)
    .filter((ask): ask is ExperienceAsk => ask !== null);

  let yearsRequired: number | null = null;
  let yearsText: string | null = null;
  for (const entry of [...requirements, ...responsibilities]) {
    if (entry.priority === "Preferred" && yearsRequired !== null) continue;
    const found = yearsInLine(entry.text);
    if (!found) continue;
    // Years asked of one tool ("2+ years with Kubernetes") are smaller than the overall ask; keep the largest.
    if (yearsRequired === null || (entry.priority === "Required" && found.years > yearsRequired)) {
      yearsRequired = found.years;
      yearsText = entry.text;
    }
  }

  let education: ParsedJob["education"] = null;
  for (const entry of requirements) {
    const level = degreeLevel(entry.text);
    if (
      !level ||
      !/\b(degree|diploma|ged|bachelor|master|associate|ph\.?d|b\.?s|b\.?a|m\.?s|mba|graduate)\b/i.test(
        entry.text,
      )
    )
      continue;
    const candidate = {
      level,
      priority: entry.priority,
      text: entry.text,
      equivalentExperienceOk: /\bequivalent|or (relevant |related )?experience|in lieu\b/i.test(entry.text),
    };
    if (!education || (education.priority === "Preferred" && candidate.priority === "Required"))
      education = candidate;
  }

  return {
    title,
    seniority: (title ? seniorityOf(title) : null) ?? seniorityFromText(lines, yearsRequired),
    requirements,
    responsibilities,
    yearsRequired,
    yearsText,
    experienceAsks,
    education,
    lines,
    boilerplate,
    sectionOf,
    headings,
    headingWords,
  };
}

/**
 * A US federal General Schedule grade ("GS-13", "GS 9", "GS-0343-12", "GS-12/13") names the level:
 * GS-5 and below are entry grades, GS-7 to 11 call for a few years' or a graduate degree's worth of
 * experience, and GS-12 and above for years of specialised experience at the grade below (OPM's
 * qualification standards). The highest grade the posting offers decides.
 */
const GS_GRADE_RE = /\bGS[- ]?(?:\d{4}[- ])?(\d{1,2})((?:\s?\/\s?\d{1,2})*)(?!\d)/g;

export function federalGrade(text: string): number | null {
  let grade: number | null = null;
  for (const m of allMatches(GS_GRADE_RE, text)) {
    for (const g of [m[1], ...(m[2]?.split("/") ?? [])].map(Number))
      if (g >= 1 && g <= 15) grade = Math.max(grade ?? 0, g);
  }
  return grade;
}

/**
 * The level of a US federal GS grade. A grade needs a year at the one below it (GS-9 and up), and
 * a bachelor's degree enters at GS-5 to GS-7, so GS-15 is at least seven years in (OPM's
 * qualification standards): the top of the schedule leads.
 */
function seniorityOfGrade(grade: number): Seniority {
  return grade >= 15 ? "lead" : grade >= 12 ? "senior" : grade >= 7 ? "mid" : "entry";
}

/** An entry-level posting says so in its text even when its title does not. */
function seniorityFromText(lines: string[], years: number | null): Seniority | null {
  const text = lines.join(" ");
  if (
    /\b(entry[- ]level|no (prior )?experience (is )?(required|necessary|needed)|recent (college )?graduates?|new grads?)\b/i.test(
      text,
    )
  )
    return "entry";
  const grade = federalGrade(text);
  if (grade !== null) return seniorityOfGrade(grade);
  return years === 0 ? "entry" : null;
}

/** Headings the author marked as such: "## Skills", "**What you bring**". */
function markedHeadings(text: string): Set<string> {
  const marked = new Set<string>();
  for (const raw of text.split("\n")) {
    const m =
      /^\s{0,3}#{1,6}\s+(.{2,80}?)\s*#*\s*$/.exec(raw) ??
      /^\s*(?:\*\*|__)([^*_]{2,60})(?:\*\*|__):?\s*$/.exec(raw);
    if (m?.[1]) marked.add(m[1].replace(/[*_]/g, "").trim().replace(/:$/, "").toLowerCase());
  }
  return marked;
}

function isBoilerplateSentence(sentence: string): boolean {
  if (PROCESS_RE.test(sentence)) return true;
  if (REQUIREMENT_CUE_RE.test(sentence) && !/^(we are|we're|our)\b/i.test(sentence)) return false;
  return BLURB_RE.test(sentence.trim()) || APPLY_RE.test(sentence);
}

/** Labels that name a list rather than a requirement ("Tools: Python, SQL"). */
const GENERIC_LABEL =
  /^(?:(?:required|preferred|desired|technical|key|core|other|additional|relevant|must[- ]have|nice[- ]to[- ]have)\s+)?(?:skills?|tools?|technologies|technology|tech stack|stack|software|languages?|certifications?|licen[cs]es?|education|experience|requirements?|qualifications?|notes?|location|schedule|hours|shift|travel|salary|pay|type|job type|platforms?|systems?|frameworks?|environment|knowledge|abilities|competencies)$/i;

/** "Customer Service: Experience in helping clients…" → the label and the detail. */
function labelOf(text: string): { label?: string; detail?: string } {
  const m = /^([^:]{2,80}):\s+(\S.*)$/.exec(text);
  if (!m?.[1] || !m[2]) return {};
  const label = m[1].trim();
  const words = label.split(/\s+/).length;
  // A sentence that leads into a list ("The candidate should have the following core skills:
  // A, B, C") is no label: the list is the requirement.
  if (
    words > 10 ||
    /[.!?;]/.test(label) ||
    GENERIC_LABEL.test(label) ||
    /^\d|#\s*\d|\d+$/.test(label) ||
    (words >= 4 && LEAD_IN_RE.test(label))
  )
    return {};
  return { label, detail: m[2].trim() };
}

/** Words that end the field of an experience ask: "… as a Welder, preferably in …". */
const FIELD_STOP =
  /[:;,.(]|\s(?:for|with|within|preferably|including|such as|as well as|or equivalent|is (?:required|crucial|essential|key|vital|important|critical|a must)|required|preferred|and (?:a|an) |in (?:a|an|the) |handling|managing|focusing|fostering|overseeing|supporting|leading|engaging|serving|providing|ensuring|responsible|who|where|which)\b|$/i;

/**
 * "SRE, DevOps or infrastructure engineering, with on-call duty": a field named as a list of
 * alternatives, each of one to four words, the last joined by "or" (or ", and"). Null when the
 * comma does not start such a list (then the field ends at the comma).
 */
function listedField(field: string): string | null {
  const parts = field.split(",", 7);
  const kept: string[] = [];
  let closed = false;
  for (const raw of parts) {
    const stop = FIELD_STOP.exec(raw);
    const part = raw.slice(0, stop && stop[0] !== "" ? stop.index : raw.length).trim();
    const words = part
      .replace(/^(?:and\/or|or|and)\s+/i, "")
      .split(/\s+/)
      .filter(Boolean);
    // An item is a name, not another ask ("…, 5 years as an Audio and Video technician").
    if (words.length === 0 || /\d|\byears?\b/i.test(part)) break;
    const joined = /^(?:and\/or|or|and)\s/i.test(part) || /\s(?:and\/or|or)\s/i.test(part);
    if (words.length > (joined ? 8 : 4)) break;
    kept.push(part);
    if (joined) {
      closed = true;
      break;
    }
    if (stop && stop[0] !== "") break;
  }
  return closed && kept.length >= 2 ? kept.join(", ").replace(/,\s+(?=(?:and\/or|or|and)\s)/i, " ") : null;
}

/**
 * The alternatives a field names: "SRE, DevOps or infrastructure engineering" → SRE | DevOps |
 * infrastructure engineering. "And" joins alternatives only in a comma list ("sales and
 * marketing" is one field).
 */
export function fieldAlternatives(field: string): string[] {
  const list = field.includes(",");
  return field
    .split(list ? /,\s*|\s+(?:and\/or|or|and)\s+/i : /\s+(?:and\/or|or)\s+/i)
    .map((part) => part.replace(/^(?:and\/or|or|and)\s+/i, "").trim())
    .filter((part) => part.length >= 2);
}

/**
 * The experience a requirement line asks for: years (or flight hours) and the role or field.
 * "Has spent at least 4 years working as a Junior Systems Admin" → 4, "Junior Systems Admin";
 * "3+ years of payroll experience" → 3, "payroll"; "Prior experience as a QA Engineer" → 0, "QA Engineer".
 */
export function experienceAsk(line: RequirementLine): ExperienceAsk | null {
  const text = line.label && /\d|year|experience/i.test(line.label) ? line.label : line.text;
  const hours =
    /\b(\d{1,2},?\d{3}|\d{3})\+?\s*(?:total\s+)?(?:flight\s+|flying\s+)?hours\b(?:\s+(?:of\s+)?(?:total\s+)?(?:flight\s+)?time)?/i.exec(
      text,
    );
  if (hours?.[1]) {
    return { years: 0, field: null, hours: Number(hours[1].replace(",", "")), priority: line.priority, line };
  }
  const found = yearsInLine(text);
  // "… working as a Junior Systems Admin", "experience as an SOC Analyst" (not "such as Windows",
  // "as well as", "as part of").
  const asAt =
    /\b(?:experience|worked|working|work|years?|yrs?|served|employed)\b[^.;:]{0,40}?(?<!(?:such|well|much|many|soon|long)\s)\bas\s+(?!(?:well|much|many|needed|required|part|possible|soon|long|follows?|such|appropriate|necessary|assigned|directed)\b)(?:an?\s+|the\s+)?([A-Za-z][^.;:(]{1,80})/i.exec(
      text,
    );
  let field: string | null = null;
  if (asAt?.[1]) field = asAt[1];
  else if (!found) return null;
  else {
    const after = text.slice(text.indexOf(found.text) + found.text.length);
    const inField =
      /\bexperience\s+(?:in|with|of|within|doing|performing)\s+(?:an?\s+|the\s+)?(.{3,80})$/i.exec(text);
    // "5 years of backend development experience": the field sits before "experience".
    const before = /^\s*(?:of\s+)?(.{3,60}?)\s+experience\b/i.exec(after);
    const m =
      /^\s*(?:of\s+)?(?:(?:professional|previous|prior|relevant|related|recent|direct|progressive|hands[- ]on|full[- ]time|proven|demonstrated|practical|paid|post[- ]graduate|industry)\s+)*(?:experience\s+)?(?:working\s+)?(?:in|with|as|on|of|doing|performing|within)?\s*(?:an?\s+|the\s+)?(.*)$/i.exec(
        after,
      );
    if (inField?.[1]) field = inField[1];
    else if (before?.[1] && !/\b(?:of|in|with|as)\b/i.test(before[1])) field = before[1];
    else field = m?.[1] ?? null;
  }
  // "… we recommend being as detailed as possible in your resume": advice, not an ask.
  if (field !== null && /\b(possible|your|you|resume|application|recommend)\b/i.test(field)) return null;
  if (field !== null) {
    const stop = FIELD_STOP.exec(field);
    field =
      (stop?.[0] === "," ? listedField(field) : null) ??
      field
        .slice(0, stop ? stop.index : field.length)
        .replace(/\b(?:experience|role|position|field|capacity|setting|environment)s?\s*$/i, "")
        .trim();
    if (
      field.length < 2 ||
      /^(?:a|an|the|this|that|similar|related|relevant|equivalent|professional|which|years?|and|or)$/i.test(
        field,
      )
    )
      field = null;
  }
  if (!found && field === null) return null;
  return { years: found?.years ?? 0, field, hours: null, priority: line.priority, line };
}

/** Long prose lines hold several requirements; bullets are kept whole. */
function splitSentences(line: string): string[] {
  if (line.length < 160) return [line];
  return line
    .split(/(?<=[.;])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);
}
