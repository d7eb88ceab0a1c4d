import { allMatches } from "../text/matches.ts";
import { isBullet, stripBullet } from "../text/normalize.ts";
import { findDateRanges, findSingleDates, PLACEHOLDER_DATES_RE } from "./dates.ts";
import { COUNTRY_RE, looksLikeLocation } from "./titles.ts";

export type EducationEntry = {
  degree: string | null;
  field: string | null;
  institution: string | null;
  year: string | null;
  level: DegreeLevel | null;
};

export type DegreeLevel = "high-school" | "certificate" | "associate" | "bachelor" | "master" | "doctorate";

const END = "(?![A-Za-z])";
const HIGH_SCHOOL_RE = /\b(?:high school|ged|secondary school|hs diploma)(?![A-Za-z])/i;
const DEGREES: { level: DegreeLevel; re: RegExp }[] = [
  {
    level: "doctorate",
    re: new RegExp(
      `\\b(?:ph\\.?\\s?d\\.?|doctor(?:ate)? of|juris doctor|d\\.?phil|ed\\.?d\\.?|m\\.d\\.?|md|pharm\\.?d|j\\.d\\.?|jd|dnp|psy\\.?d|doctorado en|doctorat en|doctorat de|doutorado em)${END}`,
      "i",
    ),
  },
  {
    level: "master",
    re: new RegExp(
      `\\b(?:master'?s?|m\\.?sc?\\.?|m\\.a\\.?|mba|m\\.?eng|(?<!-)m\\.?ed|msn|mph|mfa|m\\.?s\\.?w|ll\\.?m\\.?|mpa|mps|s\\.m\\.|m[aá]ster en|m[aá]ster universitario|maestr[ií]a en|mestrado em|master of)${END}`,
      "i",
    ),
  },
  {
    level: "bachelor",
    re: new RegExp(
      `\\b(?:bachelor'?s?|b\\.?sc?\\.?|b\\.a\\.?|ba|b\\.?eng|b\\.?tech|bsn|bba|b\\.?f\\.?a|b\\.?com|a\\.b\\.|s\\.b\\.|b\\.e\\.|b\\.m\\.|b\\.?mus|ll\\.?b\\.?|grado en|licenciatura en|licenciado en|licence en|licence professionnelle|bacharelado em)${END}`,
      "i",
    ),
  },
  {
    level: "associate",
    re: new RegExp(`\\b(?:associate'?s?(?: of| degree| in)|a\\.a\\.?s?\\.?|aas|a\\.s\\.|adn)${END}`, "i"),
  },
  {
    level: "certificate",
    re: /\b(?:certificate|(?<!(?:high school|hs) )diploma(?! in high)|apprenticeship|vocational|trade school|journeyman)(?![A-Za-z])/i,
  },
  { level: "high-school", re: HIGH_SCHOOL_RE },
];
const INSTITUTION_RE =
  /\b(university|college|institute|school|academy|polytechnic|universidad|universidade|université|universität|universitat|universiteit|universit[àa]|hochschule|institut|instituto|politecnico|polytechnique|école|escuela|faculdade|facultad|conservatory)(?![\p{L}])/iu;

const DEGREES_GLOBAL = DEGREES.map((d) => ({ ...d, global: new RegExp(d.re.source, "gi") }));

/** Two-letter degree abbreviations that are also other things: "MS Office", "Boston, MA", "BA" (business analyst). */
const BARE_ABBREVIATION = /^(?:ma|ms|ba|bs|aa|as|md|jd)$/i;
const PRODUCT_AFTER =
  /^\s*[- ]?(?:office|word|excel|powerpoint|outlook|access|project|visio|teams|sql|dynamics|windows|dos|exchange|sharepoint|navision|paint|edge|azure|365)\b/i;
const DEGREE_CONTEXT_AFTER =
  /^\s*(?:in\b|of\b|degree|\/|,\s*[A-Z][a-z]|\(|[-–]\s*[A-Z]|[A-Z][a-z]+\s+(?:[Ss]cience|[Aa]rts|[Ss]tudies|[Ee]ngineering|[Aa]dministration))/;
const DEGREE_CONTEXT = /\b(?:degree|bachelor|master|graduate|diploma|university|college)\b/i;

/** The highest degree level a text names, if any. */
export function degreeLevel(text: string): DegreeLevel | null {
  for (const { level, re, global } of DEGREES_GLOBAL) {
    if (!re.test(text)) continue;
    for (const m of allMatches(global, text)) {
      const found = m[0].trim();
      const after = text.slice((m.index ?? 0) + m[0].length);
      if (PRODUCT_AFTER.test(after)) continue;
      if (BARE_ABBREVIATION.test(found) && !DEGREE_CONTEXT_AFTER.test(after) && !DEGREE_CONTEXT.test(text))
        continue;
      // "LLM" is a language model far more often than a law degree: only "LLM in Tax Law", "LLM degree".
      if (/^llm$/i.test(found) && !DEGREE_CONTEXT_AFTER.test(after)) continue;
      // "McNary High School - Diploma": a high school's diploma.
      if (level === "certificate" && /^diploma$/i.test(found) && HIGH_SCHOOL_RE.test(text)) continue;
      return level;
    }
  }
  return null;
}

/** Programmes that name no degree ("Data Analytics Immersive", "Full-Stack Web Development Program"). */
const PROGRAMME_RE = /\b(?:program(?:me)?|boot ?camp|immersive|nanodegree)\b/i;
/** Lines about an entry rather than a new one: grades, honours, coursework, activities. */
const DETAIL_START_RE =
  /^(?:c?gpa\b|cumulative|overall|major gpa|honou?rs?\b(?!\s+(?:bachelor|b\.?a\b|b\.?sc?\b|degree))|awards?\b|relevant|course(?:work|s)\b|thesis|dissertation|activities|minors?\b|concentrations?\b|dean'?s|scholarships?\b|member|societ|clubs?\b|including|focus|research|advis[eo]r|supervisor|magna|summa|cum laude|[-–(])/i;
const DETAIL_RE =
  /\b(?:c?gpa|cum laude|(?:dean|president|chancellor|provost|director)'?s'? (?:list|honou?r roll)|honou?r roll|coursework|scholarship|valedictorian|salutatorian|with (?:high(?:est)? )?(?:distinction|honou?rs))\b/i;
/** Credentials that are not schools ("AWS Certified Solutions Architect") under a degree line. */
const NOT_A_SCHOOL_RE = /\b(?:certified|certification|licen[cs]ed?|candidate|expected)\b/i;
/** "B.S. in Computer Science from Stanford University": the school after "from" or "at". */
const FROM_SCHOOL_RE = /\s+(?:from|at)\s+(?=[A-Z])/;

/** "B.S. in Physics from Stanford University" → the degree and the school; "University of Texas at Austin" stays whole. */
function splitFromSchool(part: string): string[] {
  const from = FROM_SCHOOL_RE.exec(part);
  if (!from || educationLevel(part.slice(0, from.index)) === null) return [part];
  return [part.slice(0, from.index), part.slice(from.index + from[0].length)];
}
/** "Major in Computer Science; Minors in …" under a degree line names its field. */
const MAJOR_RE =
  /^(?:majors?|concentration|speciali[sz]ation|emphasis|field of study)\s*(?:in\b|:)\s*([^;|]+)/i;
/** "MS Data Science", "BA Economics" at the start of an education line: a degree, not an abbreviation. */
const LEADING_BARE_RE = /^(MA|MS|BA|BS|AA|AS)(?:,\s*|\s+)(?:in\s+)?[A-Z][a-z]/;
const LEADING_BARE_LEVEL: Record<string, DegreeLevel> = {
  MA: "master",
  MS: "master",
  BA: "bachelor",
  BS: "bachelor",
  AA: "associate",
  AS: "associate",
};
/** A school name that wraps onto the next line ("Westbrook Community" / "College, 2016"). */
const INSTITUTION_TAIL_RE =
  /^(?:university|college|institute|school|academy|polytechnic|conservatory)(?![\w'])(?!\s+(?:of|for)\b)/i;
const INSTITUTION_TAIL_END_RE =
  /\b(?:university|college|institute|school|academy|polytechnic|conservatory)$/i;
const CONNECTOR_WORDS = new Set(["of", "the", "and", "&", "for", "at", "de", "la", "du", "der", "y", "in"]);
const PLACEHOLDER_GLOBAL = new RegExp(PLACEHOLDER_DATES_RE.source, "gi");
const DATE_WORDS_RE =
  /\b(?:expected|anticipated|graduat(?:ed|ion|ing)|grad|class of|completed|since|until)\b/gi;

type LineKind = "degree" | "school" | "date" | "major" | "detail" | "other" | "blank";

/** One line of an education section and what it holds. */
type EducationLine = {
  text: string;
  kind: LineKind;
  level: DegreeLevel | null;
  /** Names an institution by its keyword ("University", "College"). */
  school: boolean;
  year: string | null;
  /** The line without dates, locations or column neighbours: a school's name when nothing else names one. */
  name: string;
};

/** The degree level of a line inside an education section, where "MS Data Science" is a degree. */
function educationLevel(text: string): DegreeLevel | null {
  const level = degreeLevel(text);
  if (level) return level;
  // "BA, Economics — Cornell University": the abbreviation alone before its field.
  const alone = /^(MA|MS|BA|BS|AA|AS)$/.exec(text.trim());
  if (alone?.[1]) return LEADING_BARE_LEVEL[alone[1]] ?? null;
  const bare = LEADING_BARE_RE.exec(text);
  if (!bare?.[1] || PRODUCT_AFTER.test(text.slice(bare[1].length))) return null;
  return LEADING_BARE_LEVEL[bare[1]] ?? null;
}

function dateTexts(line: string, now: Date): string[] {
  return [
    ...findDateRanges(line, now).map((r) => r.text),
    ...findSingleDates(line, now).map((d) => d.text),
    ...[...line.matchAll(PLACEHOLDER_GLOBAL)].map((m) => m[0]),
  ];
}

/** The latest year the line prints, an ongoing ("– Present") range giving none. */
function yearOf(line: string, now: Date): string | null {
  const texts = [
    ...findDateRanges(line, now)
      .filter((r) => !r.present)
      .map((r) => r.text),
    ...findSingleDates(line, now).map((d) => d.text),
  ];
  const years = texts.flatMap((t) => [...t.matchAll(/(?:19|20)\d{2}/g)].map((m) => Number(m[0])));
  return years.length > 0 ? String(Math.max(...years)) : null;
}

function withoutDates(line: string, now: Date): string {
  let out = line;
  for (const text of dateTexts(line, now)) out = out.replace(text, " ");
  return out;
}

/** The first column of a dateless line, trimmed of punctuation ("Caltech  Sep 2022 – Present" → "Caltech"). */
function nameOf(line: string, now: Date): string {
  const parts = withoutDates(line, now)
    .replace(DATE_WORDS_RE, " ")
    .split(/\s{2,}|\s[|•·–—-]\s|\||\(\s*\)/)
    .map((p) => trimPunctuation(p))
    .filter(Boolean);
  const name = parts[0] ?? "";
  // "MIT, Cambridge, MA": the school without its place.
  const comma = name.indexOf(", ");
  return comma > 0 && looksLikeLocation(name.slice(comma + 2)) ? name.slice(0, comma) : name;
}

/** Short, capitalised words: how a school or programme is named when no keyword says so. */
function looksLikeName(name: string): boolean {
  if (name.length < 2 || name.length > 60 || /[:;!?@]|\d/.test(name) || looksLikeLocation(name)) return false;
  if (NOT_A_SCHOOL_RE.test(name)) return false;
  const words = name.split(/\s+/);
  return (
    words.length <= 6 &&
    /^[A-Z]/.test(name) &&
    words.every((w) => /^[A-Z(&]/.test(w) || CONNECTOR_WORDS.has(w.toLowerCase()))
  );
}

function classifyLine(raw: string, now: Date): EducationLine {
  const bullet = isBullet(raw);
  const text = stripBullet(raw)
    .replace(/^[|▪◦]\s*/, "")
    .trim();
  const name = nameOf(text, now);
  const school = text.split(/\s{2,}|\s[|•·–—-]\s|,\s*/).some(isInstitutionPart);
  const year = yearOf(text, now);
  const line = { text, level: null, school, year, name };
  if (!text) return { ...line, kind: "blank" };
  if (MAJOR_RE.test(text)) return { ...line, kind: "major" };
  if (DETAIL_START_RE.test(text) || /^[a-z]/.test(text)) return { ...line, kind: "detail" };
  const level = educationLevel(text);
  // "Lincoln High School  2012" names the school; "High School Diploma" the credential.
  if (level === "high-school" && school && !/\b(?:diploma|ged|graduate)\b/i.test(text))
    return { ...line, level, kind: "school" };
  if (level) return { ...line, level, kind: "degree" };
  if (PROGRAMME_RE.test(text) && !DETAIL_RE.test(text) && looksLikeName(name))
    return { ...line, kind: "degree" };
  // "Aug. 2021 - May. 2025 · Columbus, Ohio · GPA: 3.7": the dates of the entry above, with its details.
  if (year && DETAIL_RE.test(text) && dateTexts(text, now).some((d) => text.indexOf(d) === 0))
    return { ...line, kind: "date" };
  // "Community College of Allegheny County, coursework in …" names its school first.
  const schoolFirst = school && isInstitutionPart(text.split(/,\s|\s{2,}|\s[|•·–—-]\s/)[0] ?? "");
  if ((DETAIL_RE.test(text) && !schoolFirst) || (bullet && !(school && looksLikeName(name))))
    return { ...line, kind: "detail" };
  if (school) return { ...line, kind: "school" };
  const rest = withoutDates(text, now)
    .replace(DATE_WORDS_RE, " ")
    .replace(/[\s|·•,.:()–—-]+/g, " ")
    .trim();
  if (!rest || (year && looksLikeLocation(rest.replace(/ ([A-Z]{2})$/, ", $1"))))
    return { ...line, kind: "date" };
  if (text.split(/\s+/).length > 10) return { ...line, kind: "detail" };
  return { ...line, kind: "other" };
}

/**
 * Joins the lines a narrow column wrapped: "Bachelor of Science in" / "Accounting", "Maple Grove
 * Institute of" / "Technology, 2018", "Westbrook Community" / "College", and a degree's last words
 * on a line of their own right above its school ("Master of Business" / "Administration").
 */
function unwrapLines(lines: string[], now: Date): string[] {
  const joined: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? "";
    for (let next = lines[i + 1]; next !== undefined && continuesOn(line, next, now); next = lines[i + 1]) {
      line = `${line} ${next.trim()}`;
      i++;
    }
    joined.push(line);
  }
  const out: string[] = [];
  for (let i = 0; i < joined.length; i++) {
    const line = joined[i] ?? "";
    const head = classifyLine(line, now);
    let end = i + 1;
    if (head.kind === "degree" && !head.school && !head.year) {
      while (end < joined.length && end - i <= 3 && isDegreeTail(joined[end] ?? "", now)) end++;
      const after = end < joined.length ? classifyLine(joined[end] ?? "", now) : null;
      const tail = joined.slice(i + 1, end);
      if (end > i + 1 && (after?.kind === "school" || tail.every((l) => FIELD_WORDS_RE.test(l)))) {
        out.push([line, ...joined.slice(i + 1, end).map((l) => l.trim())].join(" "));
        i = end - 1;
        continue;
      }
    }
    out.push(line);
  }
  return out;
}

function continuesOn(line: string, next: string, now: Date): boolean {
  if (!line.trim() || !next.trim() || isBullet(next)) return false;
  const here = classifyLine(line, now);
  if (here.kind === "detail" || here.kind === "major") return false;
  // "Massachusetts Institute" / "of Technology"; "Bachelor of Science" / "in Computer Science".
  if (/^\s*(?:of|in|and|&)\s+[A-Z]/.test(next))
    return (
      (here.school && INSTITUTION_TAIL_END_RE.test(line.trim())) ||
      (here.kind === "degree" && !here.school && !here.year)
    );
  if (!/^\s*[A-Z0-9(]/.test(next)) return false;
  if (/(?:\b(?:of|in|and|for|at|the)|[,&])$/i.test(line.trim())) return true;
  return (
    INSTITUTION_TAIL_RE.test(next.trim()) &&
    here.kind === "other" &&
    !here.year &&
    here.name.split(/\s+/).length <= 4 &&
    looksLikeName(here.name)
  );
}

function isDegreeTail(line: string, now: Date): boolean {
  const c = classifyLine(line, now);
  return c.kind === "other" && !c.year && c.text.split(/\s+/).length <= 4 && looksLikeName(c.text);
}

/** Degrees, institutions and years of an education section, one entry per degree or school. */
export function parseEducation(lines: string[], now: Date): EducationEntry[] {
  // Blank lines stay: a name is a degree's school only right under it, not across a gap.
  const items = unwrapLines(lines, now).map((raw) => classifyLine(raw, now));
  // A school named without a keyword ("Caltech", "General Assembly") stands next to a degree line.
  const anchorAfter: (EducationLine | undefined)[] = [];
  for (let i = items.length - 1, anchor: EducationLine | undefined; i >= 0; i--) {
    anchorAfter[i] = anchor;
    const item = items[i];
    if (item && item.kind !== "date" && item.kind !== "detail" && item.kind !== "blank") anchor = item;
  }
  const hintlessSchoolAt = (i: number) => {
    const item = items[i];
    const next = anchorAfter[i];
    return item?.kind === "other" && looksLikeName(item.name) && next?.kind === "degree" && !next.school;
  };
  // Schools above their degrees, or degrees above their schools: read from the first of either.
  const firstDegree = items.findIndex((l) => l.kind === "degree" && !l.school);
  const firstSchool = items.findIndex((l, i) => l.kind === "school" || hintlessSchoolAt(i));
  const schoolFirst = firstSchool >= 0 && (firstDegree < 0 || firstSchool < firstDegree);
  // Dates on a line of their own above each entry ("2015 – 2019" / "B.S. …" / "Stanford University").
  const filled = items.filter((l) => l.kind !== "blank");
  const datesLead = filled[0]?.kind === "date" && filled.slice(1).some((l) => l.kind === "date");

  const entries: EducationEntry[] = [];
  let current: EducationEntry | null = null;
  let school: { institution: string; year: string | null } | null = null;
  let pendingYear: string | null = null;
  let previous: LineKind | null = null;
  // A keyword-less school on the degree's own line ("B.Tech | IIT Bombay | 2018"), when no other line names one.
  const schoolHints = new Map<EducationEntry, string>();
  const flush = () => {
    if (current && !current.institution) current.institution = schoolHints.get(current) ?? null;
    if (current && (current.degree || current.institution)) entries.push(current);
    current = null;
  };
  const open = (entry: EducationEntry) => {
    flush();
    entry.year ??= pendingYear;
    pendingYear = null;
    current = entry;
  };
  const degreeEntry = (item: EducationLine): [EducationEntry, string | null] => {
    const { degree, field, school: hint } = splitDegree(item.text, now);
    return [
      { degree, field, institution: null, year: item.year, level: item.level },
      item.school ? null : hint,
    ];
  };

  items.forEach((item, i) => {
    const entry = current as EducationEntry | null;
    if (item.kind === "degree" && item.school) {
      open({ ...degreeEntry(item)[0], institution: extractInstitution(item.text) });
      if (schoolFirst) school = { institution: extractInstitution(item.text), year: item.year };
    } else if (item.kind === "degree") {
      const [found, hint] = degreeEntry(item);
      // "MSc Computer Science, ETH Zurich, 2019–2021": a line with its own school and year stands alone,
      // unless it is the degree a school line above is waiting for.
      const standsAlone = hint !== null && item.year !== null && !(schoolFirst && entry && !entry.degree);
      let target: EducationEntry;
      if (standsAlone) {
        target = { ...found, institution: hint };
        open(target);
      } else if (entry && !entry.degree) {
        target = Object.assign(entry, {
          ...found,
          institution: entry.institution,
          year: entry.year ?? found.year,
        });
      } else {
        const inherited = schoolFirst ? school : null;
        target = {
          ...found,
          institution: inherited?.institution ?? null,
          year: found.year ?? inherited?.year ?? null,
        };
        open(target);
      }
      if (hint && !target.institution) schoolHints.set(target, hint);
    } else if (item.kind === "school" || (schoolFirst && hintlessSchoolAt(i))) {
      const institution = item.kind === "school" ? extractInstitution(item.text) : item.name;
      if (!schoolFirst && entry && !entry.institution) {
        entry.institution = institution;
        entry.year ??= item.year;
      } else {
        open({ degree: null, field: null, institution, year: item.year, level: item.level });
        school = { institution, year: item.year };
      }
    } else if (item.kind === "other") {
      // Degrees above their schools: a name right under a degree line is its school.
      if (
        !schoolFirst &&
        entry?.degree &&
        !entry.institution &&
        previous === "degree" &&
        looksLikeName(item.name)
      ) {
        entry.institution = item.name;
        entry.year ??= item.year;
      }
    } else if (item.kind === "major") {
      if (entry && !entry.field) entry.field = MAJOR_RE.exec(item.text)?.[1]?.trim() ?? null;
    } else if (item.kind === "date") {
      if (entry && !datesLead) entry.year ??= item.year;
      else if (datesLead) pendingYear = item.year;
      else pendingYear ??= item.year;
    }
    if (item.kind !== "date") previous = item.kind;
  });
  flush();
  return entries;
}

function extractInstitution(line: string): string {
  const parts = line
    .split(/\s{2,}|\s[|•·–—-]\s|,\s/)
    .flatMap(splitFromSchool)
    .map((p) => p.trim());
  const at = parts.findIndex(isInstitutionPart);
  if (at < 0) return line.trim();
  const next = parts[at + 1];
  // "California State University, Fresno": a campus or city right after the name belongs to it.
  if (
    next &&
    /^[A-Z][a-z]+(?: [A-Z][a-z]+)?$/.test(next) &&
    !degreeLevel(next) &&
    !INSTITUTION_RE.test(next)
  ) {
    return `${parts[at]}, ${next}`;
  }
  return trimPunctuation(parts[at] ?? line);
}

/** Field words after a degree's comma: "Bachelor of Music, Music Composition", "Degree: Major in X, Minor in Y". */
const FIELD_PART_RE = /^(?:majors?|minors?|concentration|speciali[sz]ation|emphasis|track|double major)\b/i;
const HONOURS_RE = /\b(?:c?gpa|cum laude|honou?rs|dean'?s|distinction|first class|magna|summa|expected)\b/i;

/** The degree as written (with its field after a comma) and the field of study. */
function splitDegree(
  line: string,
  now: Date,
): { degree: string; field: string | null; school: string | null } {
  const isCredential = (p: string) =>
    (educationLevel(p) !== null || PROGRAMME_RE.test(p)) && !isInstitutionPart(p);
  // Column gaps and separators, kept at the odd places.
  const pieces = line.split(/(\s{2,}|\s[|•·–—-]\s|\s\|)/);
  const segments = pieces.filter((_, n) => n % 2 === 0);
  const partsOf = (segment: string) =>
    segment
      .split(/,\s*/)
      .flatMap(splitFromSchool)
      .map((p) => p.trim());
  const degreeAt = segments.findIndex((segment) => partsOf(segment).some(isCredential));
  const parts = degreeAt < 0 ? [] : partsOf(segments[degreeAt] ?? "");
  const at = parts.findIndex(isCredential);
  if (at < 0) {
    const degree = cleanDegree(line);
    return { degree, field: extractField(degree), school: null };
  }
  const head = cleanDegree(parts[at] ?? line);
  const kept = [head];
  let field = extractField(head);
  // "Economics, B.A.": the field written before its degree.
  const before = parts[0] ?? "";
  if (
    at === 1 &&
    field === null &&
    FIELD_WORDS_RE.test(before) &&
    looksLikeName(before) &&
    !isInstitutionPart(before)
  ) {
    kept.unshift(before);
    field = before;
  }
  let plainTaken = field !== null;
  let k = at + 1;
  for (; k < parts.length; k++) {
    const part = cleanDegree(parts[k] ?? "");
    const next = parts[k + 1] ?? "";
    const blocked =
      !part ||
      part !== parts[k] ||
      !/^[A-Z]/.test(part) ||
      isInstitutionPart(part) ||
      HONOURS_RE.test(part) ||
      educationLevel(part) !== null ||
      /^[A-Z]{2}$/.test(part) ||
      /^[A-Z]{2}\b/.test(next) ||
      looksLikeLocation(part);
    if (blocked) break;
    if (FIELD_PART_RE.test(part)) {
      kept.push(part);
      field ??= part.replace(FIELD_PART_RE, "").replace(/^\s*(?:in|:)\s*/i, "") || null;
    } else if (!plainTaken) {
      kept.push(part);
      field = part;
      plainTaken = true;
    } else if (FIELD_WORDS_RE.test(part)) {
      // A second field or a specialisation ("B.S.E., Computer Engineering"), not a school's name.
      kept.push(part);
    } else break;
  }
  // "Master of Science – Computer Science": the field in the next column.
  const nextSegment = (segments[degreeAt + 1] ?? "").trim();
  if (
    field === null &&
    k === parts.length &&
    FIELD_WORDS_RE.test(nextSegment) &&
    looksLikeName(nextSegment) &&
    !isInstitutionPart(nextSegment) &&
    educationLevel(nextSegment) === null &&
    !HONOURS_RE.test(nextSegment)
  ) {
    field = nextSegment;
    const separator = pieces[2 * degreeAt + 1] ?? "";
    if (/[–—-]/.test(separator)) kept.push(`${kept.pop() ?? ""}${separator}${nextSegment}`);
  }
  // What the line holds besides the degree: a school's name, if one reads like a name.
  const others = [
    ...parts.slice(k),
    ...segments.filter((segment) => !parts.some((p) => segment.includes(p) && p.length > 0)),
  ].map((p) => nameOf(p, now));
  const school = others.find((p, n) => looksLikeSchoolName(p, others[n + 1] ?? "")) ?? null;
  return { degree: kept.join(", "), field, school };
}

/** Words of a field of study, which a keyword-less name beside a degree must not hold. */
const FIELD_WORDS_RE =
  /\b(?:sciences?|engineering|studies|arts|management|administration|business|mathematics|economics|physics|chemistry|biology|psychology|history|english|nursing|design|finance|accounting|marketing|law|medicine|music|education|technology|analytics|informatics|communications?|literature|philosophy|languages?|statistics|humanities|honou?rs?|mechanical|electrical|civil|chemical|computer|software|data|information|applied|general|liberal|political|social|environmental|public|health|fine|pre-?\w+|track|option|stream)\b/i;

function looksLikeSchoolName(part: string, next: string): boolean {
  return (
    looksLikeName(part) &&
    !FIELD_WORDS_RE.test(part) &&
    !HONOURS_RE.test(part) &&
    !DETAIL_RE.test(part) &&
    !PROGRAMME_RE.test(part) &&
    educationLevel(part) === null &&
    !/^[A-Z]{2}$/.test(part) &&
    !COUNTRY_RE.test(part) &&
    !looksLikeLocation(`${part}, ${next}`)
  );
}

/** "Central Crossing High School" names a school; "High School Diploma" names a credential. */
function isInstitutionPart(part: string): boolean {
  return INSTITUTION_RE.test(part) && !/\b(?:diploma|degree|ged)\b/i.test(part);
}

/** A degree part without its trailing year ("B.S. Computer Science (2019)"). */
function cleanDegree(written: string): string {
  // "2012 Associate of Applied Science": a year before the degree is not part of it.
  const part = written.replace(/^\s*(?:19|20)\d{2}\b[\s:|–—-]*/, "");
  // "… in History. GPA 3.5", "… (2019)": the degree ends where its grade or year begins.
  const end = /(?:19|20)\d{2}|\b(?:c?gpa|grade point)\b/i.exec(part);
  if (!end) return part.trim();
  let head = part.slice(0, end.index);
  // "… (Expected 2025": the bracket the date was in.
  const bracket = head.lastIndexOf("(");
  if (bracket > head.lastIndexOf(")")) head = head.slice(0, bracket);
  // "…, Expected May 2025", "… Class of 2019": the words that lead into the date.
  const words = head.trim().split(/\s+/);
  while (words.length > 1 && DATE_LEAD_WORDS.has((words.at(-1) ?? "").toLowerCase().replace(/[.,:;]+$/, "")))
    words.pop();
  if (words.length > 2 && /^of$/i.test(words.at(-1) ?? "") && /^class$/i.test(words.at(-2) ?? ""))
    words.splice(-2);
  head = trimPunctuation(words.join(" "));
  // "… in History. GPA 3.5": the sentence's full stop, not an abbreviation's ("B.S.").
  if (/[a-z]{3}\.$/.test(head)) return head.slice(0, -1);
  return head;
}

const DATE_LEAD_WORDS = new Set([
  ..."expected anticipated graduated graduation graduating grad est completed since until from to in".split(
    " ",
  ),
  ..."spring summer fall autumn winter".split(" "),
  ..."jan feb mar apr may jun jul aug sep sept oct nov dec".split(" "),
  ..."january february march april june july august september october november december".split(" "),
]);

const EDGE_PUNCTUATION = new Set([..." \t,.:;–—-"]);

/** The text without spaces and separators at either end (a loop: a `[…]+$` regex is quadratic on long runs). */
function trimPunctuation(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && EDGE_PUNCTUATION.has(text[from] ?? "")) from++;
  while (to > from && EDGE_PUNCTUATION.has(text[to - 1] ?? "") && text[to - 1] !== ".") to--;
  return text.slice(from, to);
}

function extractField(degree: string): string | null {
  const inField = /\b(?:[Ii][Nn]|[Oo][Ff])\s+([A-Z][A-Za-z&'/ -]{2,60})$/.exec(
    // "Bachelor of Science in Nursing (BSN)": the field before the abbreviation.
    degree
      .replace(/\s*\([A-Z.]{2,8}\)$/, "")
      .replace(/\b(bachelor|master|doctor|associate)'?s?\s+of\s+\w+(\s+in)?/i, (m) =>
        /\sin$/i.test(m) ? "in" : "",
      ),
  );
  if (inField?.[1]) return inField[1].trim();
  // "Bachelor of Science: Computer Science".
  const afterColon = /:\s*([A-Z][A-Za-z&'/ -]{2,60})$/.exec(degree);
  if (afterColon?.[1]) return afterColon[1].trim();
  const rest = degree.replace(
    /^(?:[A-Za-z]\.){1,3}[A-Za-z]?\.?\s+|^Ph\.?\s?D\.?\s+|^[A-Z][a-z]?\.\s?[A-Z][a-z]{1,3}\.?\s+|^(?:BS|BA|BSc|MS|MSc|MA|MBA|PhD|BSN|MSN|AAS|AS|AA|BBA|BEng|MEng)\s+/,
    "",
  );
  if (rest !== degree && /^[A-Z]/.test(rest)) return rest.trim();
  // "Bachelor of Engineering (Computer Engineering)"; not "(BSN)" or "(B.S.)".
  const inParentheses = /\(([A-Z][A-Za-z&'/ -]{2,60})\)$/.exec(degree);
  const inside = inParentheses?.[1]?.trim() ?? "";
  // A field reads as words ("Biostatistics", "Human Resource Management"), not "BDes", "PharmD" or a note.
  if (
    /[a-z]/.test(inside) &&
    !/^\S+[A-Z]/.test(inside) &&
    !/\b(?:approved|accredited|hons|honou?rs|online|part-time|full-time|in progress|track)\b/i.test(inside)
  )
    return inside;
  return null;
}
