import { isBullet } from "../text/normalize.ts";
import { findDateRanges } from "./dates.ts";
import { titleScore } from "./titles.ts";

/** The kinds of resume section the engine understands. */
export type SectionKind =
  | "header"
  | "summary"
  | "experience"
  | "education"
  | "skills"
  | "projects"
  | "certifications"
  | "awards"
  | "volunteer"
  | "languages"
  | "interests"
  | "publications"
  | "references"
  | "coursework"
  | "activities"
  | "other";

export type Section = {
  kind: SectionKind;
  /** The heading as written ("" for the header block before the first heading). */
  heading: string;
  /** Index of the first content line in the document's line array. */
  startLine: number;
  /** The heading shares the first content line ("Summary: …"); otherwise it is the line before. */
  inline?: boolean;
  lines: string[];
};

/** Heading vocabulary: the words people use for each section, lower-case, without punctuation. */
const HEADINGS: Record<Exclude<SectionKind, "header" | "other">, string[]> = {
  summary: [
    "perfil",
    "perfil profesional",
    "resumen",
    "resumen profesional",
    "objetivo",
    "sobre mi",
    "profil",
    "profil professionnel",
    "objectif",
    "a propos",
    "kurzprofil",
    "profil",
    "zusammenfassung",
    "perfil profissional",
    "resumo",
    "objetivo profissional",
    "summary",
    "professional summary",
    "career summary",
    "executive summary",
    "profile",
    "professional profile",
    "personal profile",
    "about",
    "about me",
    "objective",
    "career objective",
    "professional objective",
    "overview",
    "summary of qualifications",
    "qualifications summary",
    "highlights",
    "career highlights",
    "introduction",
    "hello",
    "who i am",
    "personal statement",
    "professional statement",
    "personal summary",
  ],
  experience: [
    // Lab and research positions are roles with dates, like jobs ("Research" alone: see splitSections).
    "research positions",
    "research appointments",
    "experiencia",
    "experiencia laboral",
    "experiencia profesional",
    "historial laboral",
    "experience professionnelle",
    "experiences professionnelles",
    "parcours professionnel",
    "berufserfahrung",
    "erfahrung",
    "beruflicher werdegang",
    "experiencia profissional",
    "historico profissional",
    "experience",
    "work experience",
    "professional experience",
    "relevant experience",
    "employment",
    "employment history",
    "work history",
    "career history",
    "professional background",
    "career experience",
    "industry experience",
    "experience highlights",
    "related experience",
    "other experience",
    "additional experience",
    "teaching experience",
    "clinical experience",
    "research experience",
    "leadership experience",
    "internships",
    "internship experience",
    "professional history",
    "work",
    "experiences",
    "positions held",
    "academic appointments",
    "academic positions",
    "appointments",
    "where i ve worked",
    "where i have worked",
    "career",
  ],
  education: [
    "educacion",
    "formacion",
    "formacion academica",
    "estudios",
    "formation",
    "etudes",
    "diplomes",
    "ausbildung",
    "bildung",
    "bildungsweg",
    "studium",
    "educacao",
    "formacao",
    "formacao academica",
    "education",
    "academic background",
    "education and training",
    "education & training",
    "academics",
    "academic history",
    "educational background",
    "academic qualifications",
    "education and certifications",
    "education & certifications",
    "training",
    "degrees",
    "schooling",
    "formal education",
    "higher education",
    "weiterbildung",
  ],
  skills: [
    "habilidades",
    "competencias",
    "aptitudes",
    "conocimientos",
    "competences",
    "competences techniques",
    "kenntnisse",
    "fahigkeiten",
    "kompetenzen",
    "competencias tecnicas",
    "skills",
    "technical skills",
    "core skills",
    "key skills",
    "core competencies",
    "competencies",
    "areas of expertise",
    "expertise",
    "technologies",
    "technology",
    "tools",
    "tools and technologies",
    "skills and abilities",
    "skills & abilities",
    "proficiencies",
    "technical proficiencies",
    "tech stack",
    "skills summary",
    "skill set",
    "skillset",
    "additional skills",
    "relevant skills",
    "programs",
    "software",
    "computer skills",
    "strengths",
    "qualifications",
    "skills and qualifications",
    "skills & qualifications",
    "technical expertise",
    "hard skills",
    "soft skills",
    "toolbox",
    "toolkit",
  ],
  projects: [
    "projects",
    "personal projects",
    "selected projects",
    "academic projects",
    "key projects",
    "project experience",
    "side projects",
    "portfolio",
  ],
  certifications: [
    "certificaciones",
    "certifications professionnelles",
    "zertifikate",
    "certificacoes",
    "certifications",
    "certification",
    "certificates",
    "licenses",
    "licensure",
    "licenses and certifications",
    "licenses & certifications",
    "certifications and licenses",
    "certifications & licenses",
    "credentials",
    "professional certifications",
    "professional development",
  ],
  awards: [
    "awards",
    "honors",
    "honours",
    "awards and honors",
    "honors and awards",
    "achievements",
    "accomplishments",
    "key achievements",
    "recognition",
    "grants",
    "grants and funding",
    "grants & funding",
    "funding",
    "fellowships",
  ],
  volunteer: [
    "volunteer",
    "volunteering",
    "volunteer experience",
    "volunteer work",
    "community involvement",
    "community service",
  ],
  languages: [
    "idiomas",
    "langues",
    "sprachen",
    "linguas",
    "languages",
    "language skills",
    "spoken languages",
  ],
  interests: ["interests", "hobbies", "hobbies and interests", "personal interests"],
  publications: [
    "publications",
    "papers",
    "research",
    "presentations",
    "talks",
    "speaking",
    "speaking engagements",
    "patents",
  ],
  references: ["references", "referees"],
  coursework: ["coursework", "relevant coursework", "courses", "selected coursework"],
  activities: [
    "activities",
    "extracurricular activities",
    "extracurriculars",
    "leadership",
    "leadership and activities",
    "affiliations",
    "memberships",
    "professional affiliations",
    "board positions",
    "board memberships",
    "board service",
    "boards",
  ],
};

const HEADING_KIND = new Map<string, SectionKind>();
/** The same names without their spaces: "PROFESSIONALEXPERIENCE", "E X E C U T I V E S U M M A RY". */
const SPACELESS_KIND = new Map<string, SectionKind>();
for (const [kind, names] of Object.entries(HEADINGS)) {
  for (const name of names) {
    HEADING_KIND.set(name, kind as SectionKind);
    SPACELESS_KIND.set(name.replace(/ /g, ""), kind as SectionKind);
  }
}

/**
 * The last word of a qualified heading ("Career Transition Summary", "Programming Skills") and its
 * kind. Not "Education" nor "Profile": employers end in them ("NGP Professional Education").
 */
const QUALIFIED_LAST: Record<string, SectionKind> = {
  experience: "experience",
  employment: "experience",
  summary: "summary",
  objective: "summary",
  publications: "publications",
  presentations: "publications",
  talks: "publications",
  papers: "publications",
  patents: "publications",
  skills: "skills",
  competencies: "skills",
  proficiencies: "skills",
  skillset: "skills",
};

function headingKey(line: string): string {
  return line
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " & ")
    .replace(/[^a-z& ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The section a line opens, or null. A heading is a short line that is not a bullet and either
 * names a known section ("Work Experience", "SKILLS:", "Licenses & Certifications") or is set in
 * capitals and followed by content.
 */
export function headingKind(line: string): SectionKind | null {
  const trimmed = line.trim();
  if (!trimmed || isBullet(trimmed) || trimmed.length > 48) return null;
  // "Skills: Python, SQL" is a labelled line, not a heading, unless nothing follows the colon.
  const colon = trimmed.indexOf(":");
  if (colon >= 0 && trimmed.slice(colon + 1).trim().length > 0) return null;
  if (/\d{3,}|@/.test(trimmed)) return null;
  // A sentence is not a heading; a greeting may be ("Hello!").
  if (/[.!?]$/.test(trimmed))
    return /!$/.test(trimmed) ? (HEADING_KIND.get(headingKey(trimmed)) ?? null) : null;
  // "Ausbildung / Education", "Skills | Kenntnisse": a heading in two languages, either half.
  const halves = trimmed.split(/\s[/|]\s/);
  if (halves.length === 2) return headingOf(halves[0] ?? "") ?? headingOf(halves[1] ?? "");
  return headingOf(trimmed);
}

/** "professionalexperience", "s u m m a ry": written without word gaps, or a letter at a time. */
function letterSpaced(key: string): boolean {
  const words = key.split(" ");
  return words.length === 1 || words.filter((w) => w.length === 1).length >= 3;
}

function headingOf(text: string): SectionKind | null {
  const key = headingKey(text);
  if (!key) return null;
  const known =
    HEADING_KIND.get(key) ??
    HEADING_KIND.get(key.replace(/^(my|key|selected|relevant) /, "")) ??
    (letterSpaced(key) ? SPACELESS_KIND.get(key.replace(/ /g, "")) : undefined);
  if (known) return known;
  // "Professional Experience & Leadership" / "Education and Certifications": the first part decides.
  const first = key.split(/ (?:&|and) /)[0] ?? "";
  if (first !== key) return HEADING_KIND.get(first) ?? null;
  // "Performance Experience", "Career Transition Summary", "Conference Presentations",
  // "Programming Skills": a qualified heading of a known kind.
  const words = key.split(" ");
  const qualified = words.length <= 3 ? QUALIFIED_LAST[words[words.length - 1] ?? ""] : undefined;
  return qualified ?? null;
}

/** True when a line looks like an unknown heading: short, in capitals, letters only. */
function looksLikeHeading(line: string): boolean {
  const trimmed = line.trim().replace(/:$/, "");
  if (trimmed.length < 4 || trimmed.length > 40 || isBullet(trimmed)) return false;
  // "ELECTRICAL APPRENTICE" in capitals is a role title, not a section.
  if (titleScore(trimmed) >= 0.5) return false;
  if (!/^[A-Z][A-Z &/]+$/.test(trimmed)) return false;
  return trimmed.split(" ").length <= 4;
}

/** A reference date after any resume's: only whether a line holds a date range matters here. */
const FAR_FUTURE = new Date(Date.UTC(2100, 0, 1));

/** Sections whose lines may carry a labelled line of their own ("Tools: Jira, Git"). */
const LABELLED_LINES_INSIDE = new Set<SectionKind>([
  "experience",
  "projects",
  "volunteer",
  "skills",
  "summary",
]);

/** A summary or skills heading followed on the same line by its text, or null. */
function inlineHeading(
  line: string,
  current: SectionKind,
): { kind: SectionKind; heading: string; text: string } | null {
  if (LABELLED_LINES_INSIDE.has(current) || isBullet(line)) return null;
  const colon = line.indexOf(":");
  if (colon < 3 || colon > 40) return null;
  const heading = line.slice(0, colon).trim();
  const text = line.slice(colon + 1).trim();
  if (!text || heading.split(/\s+/).length > 4) return null;
  const kind = headingKind(heading);
  return kind === "summary" || kind === "skills" ? { kind, heading, text } : null;
}

/** One or two capitalised words, as a half of a wrapped heading ("Technical" / "Proficiencies"). */
function isShortWords(line: string): boolean {
  return /^\p{Lu}[\p{L}&]*(?: (?:&|and|of|\p{Lu}[\p{L}&]*))?$/u.test(line.trim());
}

/** Splits a normalised document into sections. Lines before the first heading form the header. */
export function splitSections(lines: string[]): Section[] {
  const sections: Section[] = [{ kind: "header", heading: "", startLine: 0, lines: [] }];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    // A capitalised line with a date just below it heads a role ("ELECTRICAL HELPER"), not a section.
    const datedBelow = /\b(19|20)\d{2}\b/.test(`${lines[i + 1] ?? ""} ${lines[i + 2] ?? ""}`);
    // "…and maintenance of records, for 13" / "projects": the wrapped tail of a long line, not a heading.
    const above = (lines[i - 1] ?? "").trim();
    const wrapped = /^[\p{Ll}\d]/u.test(line.trim()) && above.length >= 45 && !/[.:;!?]$/.test(above);
    // "Academic" / "Background": a heading wrapped by a narrow label column.
    const next = (lines[i + 1] ?? "").trim();
    const wrappedHeading =
      !wrapped && !headingKind(line) && isShortWords(line) && isShortWords(next)
        ? headingKind(`${line.trim()} ${next}`)
        : null;
    if (wrappedHeading && wrappedHeading !== "other") {
      sections.push({ kind: wrappedHeading, heading: `${line.trim()} ${next}`, startLine: i + 2, lines: [] });
      i++;
      continue;
    }
    const kind = wrapped
      ? null
      : (headingKind(line) ?? (looksLikeHeading(line) && i > 0 && !datedBelow ? "other" : null));
    // "LionLike MindState  June 2012 – Present" / "Volunteer": under a dated role line in the
    // section it would name, the word is the role's title.
    const current = sections[sections.length - 1]?.kind;
    const titleOfRole = kind === current && /\b(19|20)\d{2}\b/.test(above) && !/^\p{Lu}+$/u.test(line.trim());
    // "LIAM" / "DUBOIS" / "liam@…": a word in capitals above the contact line is the name's end.
    const nameAboveContact =
      kind === "other" && current === "header" && /@|\d{3}[\s.-]?\d{4}/.test(lines[i + 1] ?? "");
    if (kind && !titleOfRole && !nameAboveContact) {
      sections.push({ kind, heading: line.trim().replace(/:$/, ""), startLine: i + 1, lines: [] });
      continue;
    }
    // "Professional Summary: Accountant with six years…" / "Core Competencies: Excel, GAAP": a
    // heading with its text on the same line. Inside a role, "Skills: …" is the role's own line.
    const inline = inlineHeading(line, sections[sections.length - 1]?.kind ?? "header");
    if (inline) {
      sections.push({
        kind: inline.kind,
        heading: inline.heading,
        startLine: i,
        lines: [inline.text],
        inline: true,
      });
      continue;
    }
    sections[sections.length - 1]?.lines.push(line);
  }
  for (const section of sections) {
    // "RESEARCH" over "Robot Learning Lab | Researcher / Jan 2014 – Jan 2015": positions, not papers.
    if (
      section.kind === "publications" &&
      headingKey(section.heading) === "research" &&
      section.lines.some((line) => findDateRanges(line, FAR_FUTURE).length > 0)
    )
      section.kind = "experience";
  }
  return sections.filter((section) => section.kind === "header" || section.lines.some((line) => line.trim()));
}
