import { type DegreeLevel, degreeLevel } from "../resume/parse-resume.ts";
import { isBullet, normalizeText, stripBullet } from "../text/normalize.ts";

export type JobSectionKind =
  | "intro"
  | "about"
  | "role"
  | "responsibilities"
  | "requirements"
  | "preferred"
  | "benefits"
  | "eeo"
  | "apply";
export type Priority = "Required" | "Preferred";
export type Seniority = "intern" | "entry" | "mid" | "senior" | "lead" | "manager" | "executive";

export type RequirementLine = {
  text: string;
  priority: Priority;
  section: JobSectionKind;
  /** Index into ParsedJob.lines. */
  lineIndex: number;
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
  education: { level: DegreeLevel; priority: Priority; text: string; equivalentExperienceOk: boolean } | null;
  lines: string[];
  /** Lines that are company boilerplate (benefits, equal-opportunity text, how to apply). */
  boilerplate: Set<number>;
};

const SECTION_WORDS: Record<Exclude<JobSectionKind, "intro">, string[]> = {
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
    "physical requirements",
    "physical demands",
    "working conditions",
    "work environment",
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
  apply: ["how to apply", "application process", "to apply", "next steps", "apply"],
};

const SECTION_BY_KEY = new Map<string, Exclude<JobSectionKind, "intro">>();
for (const [kind, names] of Object.entries(SECTION_WORDS)) {
  for (const name of names) SECTION_BY_KEY.set(name, kind as Exclude<JobSectionKind, "intro">);
}

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

/** A heading line of a job posting, with any content that follows a colon on the same line. */
function jobHeading(line: string): { kind: Exclude<JobSectionKind, "intro">; rest: string } | null {
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
  if (kind) return { kind, rest };
  if (head.split(" ").length <= 6) {
    if (/\b(preferred|nice to have|bonus|plus(es)?)\b/i.test(head)) return { kind: "preferred", rest };
    if (
      /\b(requirements?|qualifications?|must[- ]haves?|you('ll| will)? need|you bring|looking for|you have)\b/i.test(
        head,
      )
    ) {
      return { kind: "requirements", rest };
    }
    if (/\b(responsibilit(y|ies)|duties)\b/i.test(head)) return { kind: "responsibilities", rest };
    if (/\b(benefits|perks|compensation)\b/i.test(head)) return { kind: "benefits", rest };
  }
  return null;
}

const EEO_RE =
  /\b(equal (employment )?opportunity|without regard to|race, color|sexual orientation|veteran status|reasonable accommodation|e-?verify|affirmative action|drug[- ]free workplace|background check)\b/i;
const BENEFIT_RE =
  /\b(401\(?k\)?|paid time off|\bpto\b|health(care)?,? dental|dental(,| and) vision|medical, dental|parental leave|stock options|equity package|tuition reimbursement|employee discount|salary range|pay range|per hour|\$\d[\d,]*(\.\d+)?\s*(-|to|–)\s*\$?\d|compensation (package|and benefits|range)|benefits package)\b/i;
const PREFERRED_RE =
  /\b(preferred|nice[- ]to[- ]have|a plus|is a plus|are a plus|bonus|ideally|desirable|advantageous|helpful|not required)\b/i;
const REQUIREMENT_CUE_RE =
  /\b(experience (with|in|using)|knowledge of|proficien(t|cy)|familiar(ity)? with|ability to|able to|must|required|requires|years|degree|certification|certified|license|skills? in|understanding of|expertise in|background in|comfortable with)\b/i;

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};
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
    /\byears? (old|of age)\b|\byears? or older\b|\bin business\b|\bwarranty\b|\bcredit for\b|\bup to \d+ years\b/i.test(
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
  /\b(?:hiring|seeking|looking for|recruiting)\s+(?:an?|our|the)?\s*(?:experienced|talented|motivated|passionate|skilled|dedicated|full[- ]time|part[- ]time)?\s*([A-Z][\w/&+.#-]*(?:\s+[A-Z(][\w/&+.#)-]*){0,5})/;

function findTitle(lines: string[]): string | null {
  for (const line of lines.slice(0, 12)) {
    const labelled = TITLE_LABEL_RE.exec(line.trim());
    if (labelled?.[1]) return labelled[1].trim();
  }
  const first = lines.find((l) => l.trim())?.trim() ?? "";
  if (
    first &&
    first.length <= 80 &&
    !/[.!?]$/.test(first) &&
    !jobHeading(first) &&
    first.split(/\s+/).length <= 10
  ) {
    return first.replace(/\s+[-–—|(].*$/, "").trim() || first;
  }
  for (const line of lines.slice(0, 15)) {
    const hiring = HIRING_RE.exec(line);
    if (hiring?.[1]) return hiring[1].replace(/\s+(to|who|with|for|in|at)$/i, "").trim();
  }
  return null;
}

/**
 * Parses a job posting into its title, seniority, requirement lines (with priority), years and
 * education asked for; benefits, company blurbs and equal-opportunity text are set aside.
 */
export function parseJobDescription(text: string): ParsedJob {
  const lines = normalizeText(text).split("\n");
  const title = findTitle(lines);
  const requirements: RequirementLine[] = [];
  const responsibilities: RequirementLine[] = [];
  const boilerplate = new Set<number>();
  let section: JobSectionKind = "intro";
  let sawStructure = false;

  const unsectioned: RequirementLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? "";
    const heading = jobHeading(raw);
    let content = raw;
    if (heading) {
      section = heading.kind;
      sawStructure ||=
        heading.kind === "requirements" ||
        heading.kind === "preferred" ||
        heading.kind === "responsibilities";
      if (!heading.rest) {
        boilerplate.add(i);
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
      EEO_RE.test(line)
    ) {
      boilerplate.add(i);
      continue;
    }
    if (BENEFIT_RE.test(line) && !REQUIREMENT_CUE_RE.test(line)) {
      boilerplate.add(i);
      continue;
    }
    const pieces = splitSentences(line);
    for (const piece of pieces) {
      const priority: Priority =
        section === "preferred" || PREFERRED_RE.test(piece) ? "Preferred" : "Required";
      const entry: RequirementLine = { text: piece, priority, section, lineIndex: i };
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
    // The role summary names tools too; the intro (company name, location) does not count.
    responsibilities.push(...unsectioned.filter((e) => e.section === "role"));
  }

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
    seniority: title ? seniorityOf(title) : null,
    requirements,
    responsibilities,
    yearsRequired,
    yearsText,
    education,
    lines,
    boilerplate,
  };
}

/** Long prose lines hold several requirements; bullets are kept whole. */
function splitSentences(line: string): string[] {
  if (line.length < 160) return [line];
  return line
    .split(/(?<=[.;])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);
}
