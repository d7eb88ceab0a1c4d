import type { TLinkedInPosition, TLinkedInProfile } from "@resumelens/contract";
import { type ImportedProfile, NotALinkedInFile } from "./types.ts";

/*
 * Reads the text of a LinkedIn "Save to PDF" profile, as the document pipeline extracts it (see
 * documents/pdf/extract-pdf.ts: the grey sidebar is read as a column before the main one).
 *
 * Layout: sidebar "Contact", "Top Skills", "Languages", "Certifications" (also "Honors-Awards",
 * "Publications", "Patents"); main column name, headline, location, then "Summary", "Experience"
 * (company; an optional total duration when one company has several roles; title; "January 2020 -
 * Present (4 years 1 month)"; location; description) and "Education" (school; "Degree, Field ·
 * (2013 - 2017)"). Footers "Page 1 of 2" are dropped.
 */

const SIDEBAR_HEADINGS = new Set([
  "contact",
  "top skills",
  "languages",
  "certifications",
  "honors-awards",
  "honors & awards",
  "publications",
  "patents",
]);
const MAIN_HEADINGS = new Set(["summary", "experience", "education", "volunteer experience", "projects"]);

const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const DATE = `(?:${MONTH}\\s+)?\\d{4}`;
/** "January 2020 - Present (4 years 1 month)", "2016 - 2018 (2 years)", "May 2019 - May 2019 (1 month)". */
const DATE_RANGE = new RegExp(`^(${DATE})\\s*[-–—]\\s*(${DATE}|present)(?:\\s*\\(([^)]*)\\))?$`, "i");
/** The total of a company with several roles: "6 years 3 months", "1 year", "11 months". */
const DURATION = /^(?:\d+\s+years?)?(?:\s*\d+\s+months?)?$/i;
const PAGE_FOOTER = /^page \d+ of \d+$/i;

const heading = (line: string) => line.toLowerCase().replace(/\s+/g, " ");
const isHeading = (line: string) => SIDEBAR_HEADINGS.has(heading(line)) || MAIN_HEADINGS.has(heading(line));
const isDuration = (line: string) => line.trim() !== "" && DURATION.test(line.trim());

/** Parses a Save-to-PDF profile's text; throws NotALinkedInFile when the text is not one. */
export function parseProfilePdfText(text: string): ImportedProfile {
  const all = text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => !PAGE_FOOTER.test(line));
  const lines = all.filter(Boolean);

  const firstMain = lines.findIndex((line) => MAIN_HEADINGS.has(heading(line)));
  const hasSidebar = lines.some((line) => heading(line) === "contact" || heading(line) === "top skills");
  const hasExperienceOrEducation = lines.some(
    (line) => heading(line) === "experience" || heading(line) === "education",
  );
  if (firstMain < 0 || !hasSidebar || !hasExperienceOrEducation) {
    throw new NotALinkedInFile("no LinkedIn profile sections");
  }

  const sections = splitSections(lines);
  const header = headerBlock(all, lines, firstMain);
  const positions = parseExperience(sections.get("experience") ?? []);
  return {
    name: header.name,
    headline: header.headline,
    location: header.location,
    summary: (sections.get("summary") ?? []).join("\n") || null,
    skills: (sections.get("top skills") ?? []).filter((line) => line.length <= 80),
    positions,
    education: parseEducation(sections.get("education") ?? []),
    profileUrl: null,
  };
}

/** Lines under each heading, up to the next heading (the header block ends the last sidebar section). */
function splitSections(lines: string[]): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string | null = null;
  for (const line of lines) {
    if (isHeading(line)) {
      current = heading(line);
      if (!sections.has(current)) sections.set(current, []);
      continue;
    }
    if (current) sections.get(current)?.push(line);
  }
  return sections;
}

/**
 * Name, headline and location: the block just above the first main heading (the name may have
 * been read first, at the top of the text). The sidebar is read first, so its last section runs
 * into the block; the extractor's blank line (the name is
 * set much larger) separates them. Without one, the last three lines are taken (name, headline,
 * location), the headline allowed to wrap over lines that do not look like a person's name.
 */
function headerBlock(
  all: string[],
  lines: string[],
  firstMain: number,
): { name: string; headline: string; location: string } {
  // The same block, in `all` (with blank lines): find the main heading's position there.
  const target = lines[firstMain];
  let mainIndex = -1;
  let seen = -1;
  for (let i = 0; i < all.length; i++) {
    if (all[i]) seen++;
    if (seen === firstMain && all[i] === target) {
      mainIndex = i;
      break;
    }
  }
  const before = all.slice(0, Math.max(0, mainIndex));
  // Drop the blank lines just above the heading, then take the paragraph that ends there.
  while (before.length && !before[before.length - 1]) before.pop();
  let start = before.length;
  while (start > 0 && before[start - 1] && !isHeading(before[start - 1] as string)) start--;
  let block = before.slice(start);
  // Only a paragraph set off by a blank line is the header alone; one that runs up to a sidebar
  // heading holds that section's last lines too.
  const setOff = start === 0 || !before[start - 1];
  if (!setOff || block.length < 2 || block.length > 6) {
    // No usable blank line: the lines above the heading, back to the nearest name-like line.
    const above = lines.slice(0, firstMain);
    let nameIndex = -1;
    for (let i = above.length - 3; i >= Math.max(0, above.length - 6); i--) {
      if (looksLikeName(above[i] as string)) {
        nameIndex = i;
        break;
      }
    }
    block = nameIndex >= 0 ? above.slice(nameIndex) : above.slice(-3);
  }
  // The extractor reads the largest type at the top of the page first: the name may open the
  // text, set off by a blank line, with the headline and location left above the main heading.
  const opening = all.findIndex((line) => line);
  const openingLine = all[opening] ?? "";
  const nameFirst =
    opening >= 0 &&
    !all[opening + 1] &&
    looksLikeName(openingLine) &&
    !block.includes(openingLine) &&
    block.length >= 1 &&
    block.length <= 4;
  const [name = "", ...rest] = nameFirst ? [openingLine, ...block] : block;
  const location = rest.length >= 2 ? (rest[rest.length - 1] as string) : "";
  const headline = (rest.length >= 2 ? rest.slice(0, -1) : rest).join(" ");
  return { name, headline, location };
}

function looksLikeName(line: string): boolean {
  return (
    /^[\p{Lu}][\p{L}'’.-]*(?:\s+[\p{Lu}][\p{L}'’.-]*){1,3}(?:,\s*[\p{L}.]+)?$/u.test(line) &&
    line.length <= 50
  );
}

/** The positions of the Experience section, newest first as LinkedIn lists them. */
function parseExperience(lines: string[]): TLinkedInPosition[] {
  const dateIndexes = lines.flatMap((line, index) => (DATE_RANGE.test(line) ? [index] : []));
  const positions: TLinkedInPosition[] = [];
  let groupCompany: string | null = null;
  let previousEnd = 0; // first line after the previous entry's dates (and location)
  const entryStarts: number[] = [];
  for (const d of dateIndexes) {
    const range = DATE_RANGE.exec(lines[d] as string);
    const title = lines[d - 1] ?? "";
    const between = lines.slice(previousEnd, Math.max(previousEnd, d - 1));
    let company: string;
    let start = d - 1;
    const lineBefore = lines[d - 2];
    if (lineBefore !== undefined && d - 2 >= previousEnd && isDuration(lineBefore) && lines[d - 3]) {
      // "Company / 6 years 3 months / Title / dates": the first role of a company with several.
      company = lines[d - 3] as string;
      groupCompany = company;
      start = d - 3;
    } else if (between.length === 0 && groupCompany) {
      company = groupCompany; // the next role of the same company, right after the previous one
    } else if (
      lineBefore !== undefined &&
      d - 2 >= previousEnd &&
      (!groupCompany || looksLikeCompany(lineBefore))
    ) {
      company = lineBefore;
      groupCompany = null;
      start = d - 2;
    } else {
      company = groupCompany ?? "";
    }
    entryStarts.push(start);
    let end = d + 1;
    const maybeLocation = lines[d + 1];
    const location = maybeLocation && looksLikeLocation(maybeLocation) ? maybeLocation : null;
    if (location) end++;
    previousEnd = end;
    positions.push({
      title,
      company,
      location,
      startedOn: shortDate(range?.[1] ?? ""),
      finishedOn: /present/i.test(range?.[2] ?? "") ? null : shortDate(range?.[2] ?? ""),
      description: null,
    });
  }
  // Descriptions: from after an entry's dates/location to the next entry's first line.
  positions.forEach((position, n) => {
    const d = dateIndexes[n] as number;
    const from = d + 1 + (position.location ? 1 : 0);
    const to = entryStarts[n + 1] ?? lines.length;
    const text = joinWrapped(lines.slice(from, Math.max(from, to)));
    position.description = text || null;
  });
  return positions;
}

/** Lines of a description: a line that does not end a sentence was wrapped, and continues. */
function joinWrapped(lines: string[]): string {
  let text = "";
  for (const line of lines) {
    if (!text) text = line;
    else text += /[.!?:;]$/.test(text) || /^[•·*-]\s/.test(line) ? `\n${line}` : ` ${line}`;
  }
  return text.trim();
}

function looksLikeCompany(line: string): boolean {
  return line.length <= 60 && !/[.;:,]$/.test(line) && !/^[•·\-–]/.test(line);
}

function looksLikeLocation(line: string): boolean {
  if (DATE_RANGE.test(line) || line.length > 70 || /[.;:]$/.test(line)) return false;
  return (
    /^(?:remote|hybrid|on-site)$/i.test(line) ||
    /\b(?:area|metropolitan|region)\b/i.test(line) ||
    /^[\p{Lu}][\p{L} .'’-]*(?:,\s*[\p{Lu}][\p{L} .'’-]*){1,3}$/u.test(line)
  );
}

function parseEducation(lines: string[]): TLinkedInProfile["education"] {
  const education: TLinkedInProfile["education"] = [];
  for (let i = 0; i < lines.length; i++) {
    const school = lines[i] as string;
    const next = lines[i + 1];
    if (next && (/·/.test(next) || /\(\s*\d{4}/.test(next))) {
      const degree = next
        .replace(/\s*·?\s*\([^)]*\)\s*$/, "")
        .replace(/\s*·\s*$/, "")
        .trim();
      education.push({ school, degree: degree || null });
      i++;
    } else {
      education.push({ school, degree: null });
    }
  }
  return education;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "January 2021" → "Jan 2021", the data export's form; "2019" stays. */
function shortDate(value: string): string | null {
  const match = /^([a-z]+)\s+(\d{4})$/i.exec(value.trim());
  if (!match) return value.trim() || null;
  const month = MONTHS.find((m) => (match[1] as string).toLowerCase().startsWith(m));
  return month ? `${month[0]?.toUpperCase()}${month.slice(1)} ${match[2]}` : value.trim();
}
