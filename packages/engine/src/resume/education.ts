import { allMatches } from "../text/matches.ts";
import { stripBullet } from "../text/normalize.ts";
import { findDateRanges, findSingleDates } from "./dates.ts";

export type EducationEntry = {
  degree: string | null;
  field: string | null;
  institution: string | null;
  year: string | null;
  level: DegreeLevel | null;
};

export type DegreeLevel = "high-school" | "certificate" | "associate" | "bachelor" | "master" | "doctorate";

const END = "(?![A-Za-z])";
const DEGREES: { level: DegreeLevel; re: RegExp }[] = [
  {
    level: "doctorate",
    re: new RegExp(
      `\\b(?:ph\\.?\\s?d\\.?|doctor(?:ate)? of|d\\.?phil|ed\\.?d\\.?|m\\.d\\.?|md|pharm\\.?d|j\\.d\\.?|jd|dnp|psy\\.?d)${END}`,
      "i",
    ),
  },
  {
    level: "master",
    re: new RegExp(
      `\\b(?:master'?s?|m\\.?sc?\\.?|m\\.a\\.?|mba|m\\.?eng|m\\.?ed|msn|mph|mfa|m\\.?s\\.?w|llm|mpa|mps)${END}`,
      "i",
    ),
  },
  {
    level: "bachelor",
    re: new RegExp(
      `\\b(?:bachelor'?s?|b\\.?sc?\\.?|b\\.a\\.?|ba|b\\.?eng|b\\.?tech|bsn|bba|b\\.?f\\.?a|b\\.?com|a\\.b\\.|b\\.e\\.|b\\.m\\.|b\\.?mus)${END}`,
      "i",
    ),
  },
  {
    level: "associate",
    re: new RegExp(`\\b(?:associate'?s?(?: of| degree| in)|a\\.a\\.?s?\\.?|aas|a\\.s\\.|adn)${END}`, "i"),
  },
  {
    level: "certificate",
    re: /\b(?:certificate|diploma(?! in high)|apprenticeship|vocational|trade school|journeyman)(?![A-Za-z])/i,
  },
  { level: "high-school", re: /\b(?:high school|ged|secondary school|hs diploma)(?![A-Za-z])/i },
];
const INSTITUTION_RE =
  /\b(university|college|institute|school|academy|polytechnic|universidad|université|universität|conservatory)\b/i;

const DEGREES_GLOBAL = DEGREES.map((d) => ({ ...d, global: new RegExp(d.re.source, "gi") }));

/** Two-letter degree abbreviations that are also other things: "MS Office", "Boston, MA", "BA" (business analyst). */
const BARE_ABBREVIATION = /^(?:ma|ms|ba|bs|aa|as|md|jd)$/i;
const PRODUCT_AFTER =
  /^\s*[- ]?(?:office|word|excel|powerpoint|outlook|access|project|visio|teams|sql|dynamics|windows|dos|exchange|sharepoint|navision|paint|edge|azure|365)\b/i;
const DEGREE_CONTEXT_AFTER =
  /^\s*(?:in\b|of\b|degree|\/|,\s*[A-Z][a-z]|\(|[-–]\s*[A-Z]|[A-Z][a-z]+\s+(?:science|arts|studies|engineering|administration))/;
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
      return level;
    }
  }
  return null;
}

/** Degrees, institutions and years of an education section, one entry per degree or school. */
export function parseEducation(lines: string[], now: Date): EducationEntry[] {
  const entries: EducationEntry[] = [];
  let current: EducationEntry | null = null;
  const flush = () => {
    if (current && (current.degree || current.institution)) entries.push(current);
    current = null;
  };
  for (const raw of lines) {
    const line = stripBullet(raw).trim();
    if (!line) continue;
    const level = degreeLevel(line);
    const institution = INSTITUTION_RE.test(line) ? extractInstitution(line) : null;
    const years = [
      ...findDateRanges(line, now).map((r) => r.end - 1),
      ...findSingleDates(line, now).map((d) => d.start),
    ];
    const year = years.length > 0 ? String(Math.floor(Math.max(...years) / 12)) : null;
    const entry = current as EducationEntry | null;
    if (level && (!entry || entry.degree)) {
      flush();
      current = { degree: extractDegree(line), field: extractField(line), institution, year, level };
    } else if (level && entry) {
      entry.degree = extractDegree(line);
      entry.field = extractField(line);
      entry.level = level;
      entry.year ??= year;
    } else if (institution && (!entry || entry.institution)) {
      flush();
      current = { degree: null, field: null, institution, year, level: null };
    } else if (institution && entry) {
      entry.institution = institution;
      entry.year ??= year;
    } else if (entry && year) {
      entry.year ??= year;
    }
  }
  flush();
  return entries;
}

function extractInstitution(line: string): string {
  const parts = line.split(/\s{2,}|\s[|•·–—-]\s|,\s/).map((p) => p.trim());
  const at = parts.findIndex((p) => INSTITUTION_RE.test(p));
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
  return parts[at] ?? line.trim();
}

function educationParts(line: string): string[] {
  return line
    .split(/\s{2,}|\s[|•·–—]\s|,\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function extractDegree(line: string): string {
  const part = educationParts(line).find((p) => degreeLevel(p) && !INSTITUTION_RE.test(p)) ?? line;
  return part.replace(/\s*[(]?\s*(19|20)\d{2}.*$/, "").trim();
}

function extractField(line: string): string | null {
  const degree = extractDegree(line);
  const inField = /\b(?:in|of)\s+([A-Z][A-Za-z&' ]{2,60})$/.exec(
    degree.replace(/^(bachelor|master|doctor|associate)'?s?\s+of\s+\w+(\s+in)?/i, (m) =>
      /\sin$/.test(m) ? "in" : "",
    ),
  );
  if (inField?.[1]) return inField[1].trim();
  const rest = degree.replace(
    /^(?:[A-Za-z]\.){1,3}[A-Za-z]?\.?\s+|^(?:BS|BA|BSc|MS|MSc|MA|MBA|PhD|BSN|MSN|AAS|AS|AA|BBA|BEng|MEng)\s+/,
    "",
  );
  return rest !== degree && /^[A-Z]/.test(rest) ? rest.trim() : null;
}
