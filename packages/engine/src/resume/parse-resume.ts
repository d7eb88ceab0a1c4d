import { allMatches } from "../text/matches.ts";
import { isBullet, normalizeText, stripBullet } from "../text/normalize.ts";
import {
  type DateRange,
  findDateRanges,
  findSingleDates,
  formatMonth,
  type MonthIndex,
  PLACEHOLDER_DATES_RE,
} from "./dates.ts";
import { degreeLevel, type EducationEntry, parseEducation } from "./education.ts";
import { durationRole, type InlineRole, inlineRole } from "./roles.ts";
import { headingKind, type Section, type SectionKind, splitSections } from "./sections.ts";
import {
  COUNTRY_RE,
  LEGAL_FORM_RE,
  leadingTitle,
  looksLikeLocation,
  orgScore,
  titleScore,
} from "./titles.ts";

export type Contact = {
  name: string | null;
  email: string | null;
  phone: string | null;
  location: string | null;
  links: string[];
};

export type ExperienceEntry = {
  title: string | null;
  company: string | null;
  location: string | null;
  /** "YYYY-MM" */
  start: string | null;
  /** "YYYY-MM", null while current */
  end: string | null;
  /** The dates as written. */
  dates: string | null;
  current: boolean;
  /** Month indexes for arithmetic; end exclusive. */
  startMonth: MonthIndex | null;
  endMonth: MonthIndex | null;
  /** A length given instead of dates ("2 years as a Curator"), in months; null when dated. */
  durationMonths: number | null;
  /** Header and bullet lines of the entry, as written. */
  lines: string[];
  bullets: string[];
  /** Index of the entry's first line in the normalised document. */
  lineIndex: number;
  section: "experience" | "projects" | "volunteer";
};

export { type DegreeLevel, degreeLevel, type EducationEntry } from "./education.ts";

export type ParsedResume = {
  contact: Contact;
  summary: string | null;
  experience: ExperienceEntry[];
  education: EducationEntry[];
  skills: string[];
  certifications: string[];
  sections: string[];
  /** Internal: the normalised lines and their sections, for matching with evidence. */
  lines: string[];
  sectionOf: SectionKind[];
};

// The look-behinds start a match only where a token starts: the same matches (a leftmost match never
// starts mid-token), but linear rather than quadratic time on a long run with no match (60k letters
// of pasted text took 84 s and blocked the server's event loop).
const EMAIL_RE = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
// "(555) 010-4477", "+44 20 7946 0958", five-and-five groupings ("+91-98765-43210"), and any
// dash a word processor substitutes for the hyphen ("(555) 555–0123"), with the country code
// written bare or in brackets ("(+1) 312-555-0123").
const PHONE_RE = new RegExp(
  [
    // "(555) 555–0123", "+1 555-555-0123", "(+1) 312-555-0123", "+91-98765-43210"
    "(?:\\(\\+\\d{1,3}\\)\\s?|\\+?\\d{1,3}[\\s.\\u2010-\\u2015-]?)?(?:(?:\\(\\d{2,4}\\)|\\d{2,4})[\\s./\\u2010-\\u2015-]?\\d{3,4}[\\s.\\u2010-\\u2015-]?\\d{3,4}|\\d{5}[\\s.\\u2010-\\u2015-]?\\d{5})(?!\\d)",
    // "+46 70 555 12 34", "+45 20 55 51 73": a country code and groups of one to four digits
    "\\+\\d{1,3}(?:[\\s.-]\\d{1,4}){3,6}(?!\\d)",
    // "06 12 34 56 78": French pairs; "07700 900461": a British mobile
    "\\b0\\d(?:[\\s.]\\d{2}){4}(?!\\d)",
    "\\b0\\d{4}\\s?\\d{6}(?!\\d)",
  ].join("|"),
);
const LINK_RE =
  /(?<![\w-])(?:https?:\/\/)?(?:www\.)?(?:linkedin\.com\/in\/[\w-]+|github\.com\/[\w-]+|[\w-]+\.(?:dev|io|me|com|net|org)\/[\w/-]*|[\w-]+\.(?:dev|io|me))\/?/gi;

/**
 * A paragraph that tells several roles, each sentence with its dates ("Worked as a .NET Lead from
 * 2014-2017. Before that, served as an Application Admin for 2010-2014."), as one line per
 * sentence: a line holds one role.
 */
function oneRolePerSentence(line: string, now: Date): string[] {
  if (findDateRanges(line, now).length < 2) return [line];
  const bullet = isBullet(line) ? "• " : "";
  const sentences = stripBullet(line)
    .split(/(?<=[a-z0-9)][.;!?])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);
  const dated = sentences.filter((s) => findDateRanges(s, now).length > 0).length;
  return dated >= 2 ? sentences.map((s) => `${bullet}${s}`) : [line];
}

/** Parses a resume's text into contact details, dated roles, education, skills and sections. */
export function parseResume(text: string, options: { now?: Date } = {}): ParsedResume {
  const now = options.now ?? new Date(Date.UTC(2100, 0, 1));
  const lines = unfoldDump(normalizeText(text))
    .split("\n")
    .flatMap((line) => oneRolePerSentence(line, now));
  const sections = splitSections(lines);
  const sectionOf: SectionKind[] = lines.map(() => "header");
  for (const section of sections) {
    for (let i = 0; i < section.lines.length; i++) sectionOf[section.startLine + i] = section.kind;
    if (section.startLine > 0 && !section.inline) sectionOf[section.startLine - 1] = section.kind;
  }

  const headings = new Set<number>();
  for (const section of sections)
    if (section.kind !== "header" && section.startLine > 0 && !section.inline)
      headings.add(section.startLine - 1);

  const header = sections.find((s) => s.kind === "header");
  const contact = parseContact(lines, header);
  const experience = sections
    .filter((s) => s.kind === "experience" || s.kind === "projects" || s.kind === "volunteer")
    .flatMap((s) => parseEntries(s, now));
  // A resume without an experience heading still has dated roles: look for them outside education.
  if (!experience.some((e) => e.section === "experience")) {
    for (const section of sections) {
      if (section.kind === "header" || section.kind === "other" || section.kind === "summary") {
        experience.push(
          ...parseEntries({ ...section, kind: "experience" }, now).filter((e) => e.title || e.company),
        );
      }
    }
  }
  const parsed: ParsedResume = {
    contact,
    summary:
      sections
        .find((s) => s.kind === "summary")
        ?.lines.filter(Boolean)
        .join(" ") ?? null,
    experience,
    education: sections.filter((s) => s.kind === "education").flatMap((s) => parseEducation(s.lines, now)),
    skills: sections.filter((s) => s.kind === "skills").flatMap((s) => parseSkillList(s.lines)),
    certifications: sections
      .filter((s) => s.kind === "certifications")
      .flatMap((s) => s.lines.map((l) => stripBullet(l).trim()).filter(Boolean)),
    sections: sections.filter((s) => s.kind !== "header").map((s) => s.heading),
    lines,
    sectionOf,
  };
  headingLinesOf.set(parsed, headings);
  return parsed;
}

/**
 * Which lines of a parse are section headings, and how many header lines (title, employer,
 * dates) each role has: what the side-by-side view shows as headings and role lines. Kept beside
 * the parse rather than in it, so the stored parse (resume.parsed_json) keeps its shape.
 */
const headingLinesOf = new WeakMap<ParsedResume, ReadonlySet<number>>();
const headerLineCount = new WeakMap<ExperienceEntry, number>();

/** The indexes of the lines that are section headings (a heading sharing its line with text is not one). */
export function headingLines(resume: ParsedResume): ReadonlySet<number> {
  return headingLinesOf.get(resume) ?? new Set();
}

/** How many lines from `entry.lineIndex` on are the role's header (title, employer, dates); at least one. */
export function roleHeaderLines(entry: ExperienceEntry): number {
  return headerLineCount.get(entry) ?? 1;
}

/**
 * A resume pasted as one line (a web form, a PDF copied in one go) keeps its structure only as
 * runs of spaces, inline headings ("## Experience", "SKILLS") and numbered or bulleted items.
 * Unfolds it into lines so it reads like the same resume with its line breaks. Linear: one pass
 * of splits over the text.
 */
export function unfoldDump(text: string): string {
  if (text.length < 300 || text.split("\n").length > 4) return text;
  const out: string[] = [];
  for (const block of text.replace(/(?:^|\s)#{1,6}\s+/g, "  ").split(/ {2,}|\n/)) {
    let piece = block.trim();
    if (!piece) continue;
    // A heading at the start of a block: "Experience 1. Welder (2019 - 2023)…".
    const words = piece.split(" ");
    for (let k = Math.min(4, words.length - 1); k >= 1; k--) {
      const prefix = words
        .slice(0, k)
        .join(" ")
        .replace(/[:*_]+$/g, "");
      if (headingKind(prefix)) {
        out.push(prefix);
        piece = words.slice(k).join(" ");
        break;
      }
    }
    for (const item of piece.split(/ (?=\d{1,2}\.\s+[A-Z(])| (?=[•▪●*]\s)|(?<=\)) (?=[-–]\s+[A-Z])/)) {
      if (item.trim()) out.push(item.trim());
    }
  }
  return out.join("\n");
}

function parseContact(lines: string[], header: Section | undefined): Contact {
  const top = lines.slice(0, Math.max(8, (header?.lines.length ?? 0) + 1));
  const everywhere = lines.join("\n");
  const email = EMAIL_RE.exec(top.join("\n"))?.[0] ?? EMAIL_RE.exec(everywhere)?.[0] ?? null;
  let phone: string | null = null;
  for (const line of [...top, ...lines]) {
    const withoutDates = line
      .replace(/\b(19|20)\d{2}\s*[-–]\s*(19|20)\d{2}\b/g, "")
      // "555-‐5555": a hyphen and a dash the typesetter doubled.
      .replace(/(?<=\d)[-\u2010-\u2015]{2,3}(?=\d)/g, "-");
    const match = PHONE_RE.exec(withoutDates.replace(EMAIL_RE, ""));
    if (match && match[0].replace(/\D/g, "").length >= 10) {
      phone = match[0].trim();
      break;
    }
  }
  // Every link names one of these domains: only lines with one can hold a link.
  const linkLines = lines.filter((line) => /\.(?:dev|io|me|com|net|org)/i.test(line)).join("\n");
  const links = [...new Set(allMatches(LINK_RE, linkLines).map((m) => m[0].replace(/\/$/, "")))]
    .filter((link) => !link.includes("@") && !EMAIL_RE.test(link))
    .slice(0, 6);

  let name: string | null = null;
  const headerLines = top.slice(0, Math.max(1, header?.lines.length ?? 0));
  for (const [i, line] of top.entries()) {
    if (headingKind(line)) continue;
    // "MARIA" above "GONZALEZ-LOPEZ": a name set in large type, one word per line.
    const pair = `${line.trim()} ${(top[i + 1] ?? "").trim()}`;
    if (
      i + 1 < headerLines.length &&
      isOneWordName(line) &&
      isOneWordName(top[i + 1] ?? "") &&
      isName(pair)
    ) {
      name = pair;
      break;
    }
    // Below the header, a line with dates or a legal form names an employer, not the person.
    if (i >= headerLines.length && (/\b(?:19|20)\d{2}\b/.test(line) || LEGAL_NAME_RE.test(line))) continue;
    // "Grace Adeyemi-Lund, RN, BSN" / 'RAYMOND "RAY" KETTLESON' / "Name | email", without a
    // "Curriculum Vitae" label before it.
    const written = (
      line
        .replace(/^\s*(?:curriculum vitae|r[eé]sum[eé]|cv)\b[\s:|–—-]*/i, "")
        .split(/\s{2,}|\s[|•·*]\s|\s[—–]\s/)[0] ?? ""
    )
      .split(",")[0]
      // An opener ends the scan too, so a run of unclosed "(" is linear, not quadratic, to strip.
      ?.replace(/\s*["“(][^"“”()]*["”)]\s*/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    // "Siobhán McAllister 14 Cranmore Gardens, Belfast": a name run into the address after it.
    const beforeNumber = /^(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3})\s+\d/u.exec(written ?? "")?.[1];
    const candidate = beforeNumber ?? (written && email ? splitJoinedName(written, email) : written);
    // Below the header (a sidebar's lists come first in a two-column file), only a line that is
    // the name alone: "Microsoft Excel, Microsoft" is a skills list.
    if (candidate && isName(candidate) && (i < headerLines.length || written === line.trim())) {
      name = candidate;
      break;
    }
  }
  // A sidebar read first puts the name further down: a name-like line on its own, set apart by
  // a blank line above and a heading or contact line below ("Amara Łukaszewicz" / "SUMMARY").
  if (!name) {
    for (let i = 1; i < Math.min(lines.length, 80); i++) {
      const line = (lines[i] ?? "").trim();
      const next = (lines[i + 1] ?? "").trim() || (lines[i + 2] ?? "").trim();
      // "Career Summary: Park Warden with …": a heading with its text on the same line counts too.
      const headingBelow =
        headingKind(next) !== null || (next.includes(":") && headingKind(next.split(":")[0] ?? "") !== null);
      if (
        (headingBelow || (!(lines[i - 1] ?? "").trim() && (EMAIL_RE.test(next) || PHONE_RE.test(next)))) &&
        isName(line) &&
        !headingKind(line) &&
        orgScore(line) < 0.5
      ) {
        name = line;
        break;
      }
    }
  }
  // "Fatima Schneider-Rodriguez | fatima@… | 801.555.0107" in a running header or footer, wherever
  // the extraction put it: the name opens the line that holds the email.
  if (!name && email) {
    const line = lines.find((l) => l.length <= 200 && l.includes(email)) ?? "";
    const first = (line.split(/\s{2,}|\s[|•·*]\s|\s[—–]\s/)[0] ?? "").trim();
    const beforeEmail = line
      .slice(0, line.indexOf(email))
      .replace(/[\s|•·*—–,:-]+$/, "")
      .trim();
    for (const candidate of [first, beforeEmail])
      if (!name && candidate !== line.trim() && isName(candidate) && orgScore(candidate) < 0.5)
        name = candidate;
  }
  // The place: in the header, else near the email (a sidebar's contact block).
  const at = email ? lines.findIndex((l) => l.includes(email)) : -1;
  const near = at >= 0 ? lines.slice(Math.max(0, at - 3), at + 4) : [];
  let location: string | null = null;
  // The header block only, when there is one: a role's "Partner, Belfast Trust" is not the place.
  const headerBlock = header && header.lines.length > 0 ? header.lines : top;
  for (const line of [...headerBlock, ...near]) {
    if (line.length > 300) continue;
    // "San Francisco, CA linkedin.com/in/priya": links and emails are not part of the place.
    const bare = line.replace(LINK_RE, "  ").replace(EMAIL_RE, "  ");
    for (const part of bare.split(/\s{2,}|\s[|•·*]\s|\s[-—–]\s/)) {
      location = placeIn(part);
      if (location) break;
    }
    if (location) break;
  }
  return { name, email, phone, location, links };
}

/**
 * The place a contact line's piece names: "Seattle, WA", "📍 Austin, TX", the city of a street
 * address ("2200 Wilson Blvd, Arlington, VA 22201" → "Arlington, VA"), or a city after its
 * postcode ("Königstraße 12, 70173 Stuttgart" → "Stuttgart").
 */
function placeIn(part: string): string | null {
  const piece = part.replace(/^[^\p{L}\d]+/u, "").trim();
  if (!piece || piece.length > 80) return null;
  if (looksLikeLocation(piece)) return piece;
  const street = /,\s*(\p{Lu}[\p{L}.' -]*,\s*[A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?$/u.exec(piece);
  if (street?.[1] && /^\d/.test(piece)) return street[1];
  const postcode = /(?:^|,\s*)\d{4,5}\s+(\p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)?)$/u.exec(piece);
  if (postcode?.[1]) return postcode[1];
  // "Belfast BT9 6JL", "Lyon (69003)": a city before its postcode.
  const cityFirst =
    /(?:^|,\s*)(\p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)?)\s+(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\(\d{4,5}\))$/u.exec(
      piece,
    );
  return cityFirst?.[1] ?? null;
}

/**
 * "AMARARODRIGUEZ", "MATEOKAYOKAFOR" (a letter-spaced name whose word gaps the extraction lost),
 * split where the email names its first or last part ("a.rodriguez@…" → "AMARA RODRIGUEZ",
 * "mateo_okafor7@…" → "MATEO KAY OKAFOR") or, for an email of one word, where its letters agree
 * with the name's start and end ("samueldubois@…" → "SAMUEL LEE DUBOIS"). Others are returned as is.
 */
function splitJoinedName(name: string, email: string): string {
  if (!/^[\p{Lu}]{7,30}$/u.test(name)) return name;
  const lower = name.toLowerCase();
  const local = (email.split("@")[0] ?? "").toLowerCase();
  const parts = local.split(/[^a-z]+/).filter((p) => p.length >= 3 && p.length < lower.length);
  let head = Math.max(0, ...parts.filter((p) => lower.startsWith(p)).map((p) => p.length));
  let tail = Math.max(0, ...parts.filter((p) => lower.endsWith(p)).map((p) => p.length));
  const letters = local.replace(/[^a-z]+/g, "");
  if (head === 0 && tail === 0 && letters !== lower) {
    while (head < letters.length && letters[head] === lower[head]) head++;
    while (tail < letters.length && letters[letters.length - 1 - tail] === lower[lower.length - 1 - tail])
      tail++;
    // A first initial ("jsmith") agrees with one letter: too little to cut on.
    if (head < 3) head = 0;
    if (tail < 3) tail = 0;
  }
  if (head + tail > lower.length) return name;
  const cuts = [0, head, lower.length - tail, lower.length].filter(
    (at, i, all) => i === 0 || at > (all[i - 1] ?? 0),
  );
  const words = cuts.slice(1).map((at, i) => name.slice(cuts[i], at));
  return words.length > 1 && words.every((w) => w.length >= 2) ? words.join(" ") : name;
}

/** One capitalised word of letters, as a name's part on a line of its own ("MARIA", "Nguyễn"). */
function isOneWordName(line: string): boolean {
  const word = line.trim();
  return word.length >= 2 && word.length <= 20 && /^[\p{Lu}][\p{L}'’-]*$/u.test(word) && !headingKind(word);
}

function isName(text: string): boolean {
  if (!text || text.length > 40 || /[@\d/:|]/.test(text)) return false;
  // Names in scripts without capitals: "王小明", "김민준".
  if (/^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]{2,5}$/u.test(text))
    return true;
  const words = text.split(/\s+/);
  if (words.length < 2 || words.length > 4) return false;
  if (titleScore(text, { occupations: false }) >= 0.6 || /\b(resume|curriculum|vitae|cv)\b/i.test(text))
    return false;
  // "B.S. Nursing" in a sidebar's education list.
  if (degreeLevel(text)) return false;
  return words.every((w) => /^[\p{Lu}][\p{L}'.-]*$/u.test(w) || /^[\p{Lu}]+$/u.test(w));
}

/** Where a role starts: its date range (or stated length), and its title when the line names it inline. */
type Header = {
  lineIndex: number;
  range: DateRange | null;
  inline?: InlineRole;
  months?: number;
  /** A template's placeholder dates left in ("March 20XX – Current"): the role stays, undated. */
  placeholder?: string;
};

/** Splits a section into dated entries: each starts at the header lines around a date range. */
function parseEntries(section: Section, now: Date): ExperienceEntry[] {
  // A table's header row ("Dates | Position | Company") names columns, not a role.
  const lines = section.lines.map((line) =>
    line.length <= 120 && COLUMN_LABELS_RE.test(line.trim()) ? "" : line,
  );
  const headers: Header[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const ranges = findDateRanges(line, now);
    const longBullet = isBullet(line) && stripBullet(line).split(" ").length > 8;
    const singles = ranges.length === 0 ? findSingleDates(line, now) : [];
    const single = singles.filter((d) => d.monthPrecision);
    // "Northwind Ensemble · Boston, MA · 2022": a lone year closing a short header line.
    const yearOnly =
      singles.length === 1 && single.length === 0 && isYearOnlyHeader(line, lines[i - 1])
        ? singles[0]
        : undefined;
    const range =
      ranges[0] ?? (single.length === 1 && line.length < 90 && !longBullet ? single[0] : yearOnly);
    if (range) {
      // A role on one line ("Title (2015 - 2017): what I did", "Worked as a … between 2013 and
      // 2016") names its title around the dates; a date inside a long bullet of a dated role
      // ("Led the 2019-2020 migration") is an event, not a role.
      const inline = inlineRole(line, range);
      const event = isSentence(line, range.text) && insideLastRole(headers, range, lines, i);
      if (
        inline &&
        !event &&
        (isSentence(line, range.text) || inline.rest !== null || NARRATIVE_RE.test(line))
      )
        headers.push({ lineIndex: i, range, inline });
      else if (!isSentence(line, range.text)) headers.push({ lineIndex: i, range });
      // In an experience section, a dated line outside the role above is a role whose title the
      // line does not give ("Supervision work during my tenure in animal training (2016 - 2018)").
      else if (section.kind === "experience" && !event && ranges.length === 1)
        headers.push({ lineIndex: i, range, inline: { title: "", company: null, rest: stripBullet(line) } });
      continue;
    }
    // "Sr .NET Web Developer - 2020: what I did": a lone year after a title names the role's year.
    const lone = section.kind === "experience" && singles.length === 1 && singles[0] ? singles[0] : null;
    const loneRole = lone ? inlineRole(line, lone) : null;
    // "Led $850M IPO in 2021; built investor relations": a year inside a sentence is an event.
    const inSentence = lone !== null && DANGLING_END_RE.test(line.slice(0, lone.index).trimEnd());
    if (lone && loneRole?.title && !inSentence) {
      headers.push({ lineIndex: i, range: lone, inline: loneRole });
      continue;
    }
    const placeholder = line.length < 120 ? PLACEHOLDER_DATES_RE.exec(line) : null;
    if (placeholder && !isSentence(line, placeholder[0])) {
      headers.push({ lineIndex: i, range: null, placeholder: placeholder[0] });
      continue;
    }
    const lasting =
      section.kind === "experience" && /\d|years?|months?/i.test(line) ? durationRole(line) : null;
    if (lasting) headers.push({ lineIndex: i, range: null, inline: lasting, months: lasting.months });
  }
  const entries: ExperienceEntry[] = [];
  let banner: string | null = null;
  /** How many header lines the previous role had above its date line. */
  let linesAboveDates = 0;
  for (let h = 0; h < headers.length; h++) {
    const current = headers[h];
    if (!current) continue;
    const next = headers[h + 1];
    const previousEnd = h > 0 ? (headers[h - 1]?.lineIndex ?? -1) : -1;
    // Header lines: the date line, up to two short non-bullet lines above it (not taken by the
    // previous entry's bullets), and short lines below it until the first bullet.
    let first = current.lineIndex;
    while (!current.inline && first - 1 > previousEnd && first > current.lineIndex - 3) {
      const above = lines[first - 1] ?? "";
      if (!above.trim() || isBullet(above) || endsSentence(above) || above.length > 90) break;
      // A sentence (a bullet drawn without a marker) or the wrapped tail of one is work, not a header.
      if (wrapsLineAbove(lines, first - 1) || /,$/.test(above.trim()) || isProseLine(above)) break;
      // A role without bullets above: the line may be its tail, unless roles here put their
      // header above the dates ("FACEBOOK | Software Engineer" / "Jan 2015 - Present").
      if (
        h > 0 &&
        entries[entries.length - 1]?.bullets.length === 0 &&
        first - 1 <= previousEnd + 2 &&
        linesAboveDates === 0
      )
        break;
      first--;
    }
    const previousAbove = linesAboveDates;
    linesAboveDates = current.lineIndex - first;
    // "03.2019 – 08.2021  Entwicklungsingenieur" / "Mercedes-Benz AG, Sindelfingen": when roles
    // here open on their date line (this one and the one before), the lines under it are its own,
    // even right above the next role's dates.
    const opensOnDateLine =
      h > 0 &&
      previousAbove === 0 &&
      linesAboveDates === 0 &&
      !current.inline &&
      !isBareDateLine(lines[current.lineIndex] ?? "", current);
    const stop = next
      ? next.lineIndex -
        (opensOnDateLine ? 0 : linesAboveBelongingToNext(lines, next.lineIndex, current.lineIndex))
      : lines.length;
    let last = current.lineIndex;
    while (!current.inline && last + 1 < stop) {
      const below = lines[last + 1] ?? "";
      if (!below.trim() || isBullet(below) || below.length > 90 || endsSentence(below)) break;
      if (last + 1 - current.lineIndex > 2 || isProseLine(below) || /,$/.test(below.trim())) break;
      last++;
      // "Credit Coordinator, Ironwood Outfitters LLC" under a bare date line names the whole role:
      // the line after it is work (a bullet drawn without a text marker).
      if (
        last === current.lineIndex + 1 &&
        isBareDateLine(lines[current.lineIndex] ?? "", current) &&
        isRoleLine(below)
      )
        break;
    }
    // "2019 – Present" on its own, the role in the first bullet below ("• Senior Accountant, Gamma
    // Inc"): that bullet heads the role.
    if (
      !current.inline &&
      first === current.lineIndex &&
      last === current.lineIndex &&
      isBareDateLine(lines[current.lineIndex] ?? "", current)
    ) {
      const below = lines[last + 1] ?? "";
      const role = stripBullet(below).trim();
      const [head = role, employer] = role.split(SPLIT_RE);
      if (
        last + 1 < stop &&
        isBullet(below) &&
        role.length <= 90 &&
        role.split(/\s+/).length <= 10 &&
        !endsSentence(role) &&
        (titleScore(head) >= 0.4 ||
          isRoleLine(role) ||
          (!!employer && head.split(/\s+/).length <= 5 && orgScore(employer) >= 0.5))
      )
        last++;
    }
    const headerLines = lines.slice(first, last + 1);
    const body = lines.slice(last + 1, stop);
    if (current.inline?.rest) body.unshift(`• ${current.inline.rest}`);
    const split = current.inline
      ? { title: current.inline.title || null, company: current.inline.company, location: null }
      : splitHeader(headerLines, current);
    const { title, location } = split;
    let { company } = split;
    // A shared-employer banner: "Acme Corporation" on its own line above the first of several
    // "Title, Team  dates" lines. Later roles of the run have no employer line of their own.
    const dateLine = lines[current.lineIndex] ?? "";
    const teamOnDateLine =
      !current.inline &&
      dateLine
        .replace(current.range?.text ?? current.placeholder ?? "", "")
        .split(SPLIT_RE)
        .filter((p) => p.trim()).length >= 2;
    const above = headerLines.slice(0, current.lineIndex - first);
    if (
      above.length === 1 &&
      company === (above[0] ?? "").trim() &&
      teamOnDateLine &&
      isBannerLine(above[0] ?? "")
    ) {
      banner = company;
    } else if (
      banner &&
      headerLines.length === 1 &&
      teamOnDateLine &&
      company &&
      !LEGAL_NAME_RE.test(company)
    ) {
      company = banner;
    } else if (headerLines.length > 1) {
      banner = null;
    }
    // (The non-blank lines and the duplicates are found once each, not per line: linear on a
    // hostile paste of thousands of bullets.)
    const nonBlank = body.filter((b) => b.trim());
    const bullets = unique(
      body
        .map((l) => stripBullet(l).trim())
        .filter((l) => l.length > 0)
        .reduce<string[]>((acc, l, i) => {
          // Wrapped bullet text continues the previous bullet.
          const raw = nonBlank[i] ?? "";
          if (!isBullet(raw) && acc.length > 0 && /^[\p{Ll}\d(]/u.test(l)) acc[acc.length - 1] += ` ${l}`;
          else acc.push(l);
          return acc;
        }, []),
    );
    const range = current.range;
    const entry: ExperienceEntry = {
      title,
      company,
      location,
      start: range ? formatMonth(range.start) : null,
      end: !range || range.present ? null : formatMonth(range.endYearOnly ? range.end : range.end - 1),
      dates: range ? range.text.trim() : (current.placeholder?.trim() ?? null),
      current: range?.present ?? false,
      startMonth: range?.start ?? null,
      endMonth: range?.end ?? null,
      durationMonths: range ? null : (current.months ?? null),
      lines: [...headerLines, ...body].filter((l) => l.trim()),
      bullets,
      lineIndex: section.startLine + first,
      section:
        section.kind === "projects" ? "projects" : section.kind === "volunteer" ? "volunteer" : "experience",
    };
    headerLineCount.set(entry, last - first + 1);
    entries.push(entry);
  }
  return entries;
}

/** How many short non-bullet lines just above the next entry's date line belong to that entry. */
/** A date line with nothing else on it ("2019 – Present", "10/2021 to present"). */
function isBareDateLine(line: string, header: Header): boolean {
  return (
    stripBullet(line)
      .replace(header.range?.text ?? header.placeholder ?? "", "")
      .replace(/[\s|•·,:;()–—-]+/g, "") === ""
  );
}

/** "Museum Docent, Meadowbrook Manufacturing" / "Acme Corp | Staff Engineer": two or three short
 *  names, each word capitalised, as a role's title and employer are written (work is a sentence). */
function isRoleLine(line: string): boolean {
  const parts = stripBullet(line).trim().split(SPLIT_RE);
  if (parts.length < 2 || parts.length > 3) return false;
  return parts.every((part) => {
    const words = part.trim().split(/\s+/);
    return (
      words.length <= 6 && words.every((w) => /^[\p{Lu}\d(&]/u.test(w) || /^(?:of|and|the|for|de)$/.test(w))
    );
  });
}

const COLUMN_LABEL =
  "(?:dates?|period|duration|from|to|years?|position|title|job title|role|company|employer|organi[sz]ation|location|city|description|responsibilities)";
const COLUMN_LABELS_RE = new RegExp(
  `^${COLUMN_LABEL}(?:(?:\\s{2,}|\\s*[|•·]\\s*)${COLUMN_LABEL}){1,5}$`,
  "i",
);

/** A line that ends a sentence: a full stop or semicolon, not the point of "Co." or "Inc.". */
function endsSentence(line: string): boolean {
  const t = line.trim();
  return /[.;]$/.test(t) && !/\b(?:inc|corp|co|ltd|llc|plc|bros|intl|assn|dept|univ|st|jr|sr)\.$/i.test(t);
}

/**
 * A sentence rather than a header: none of a header's separators, and many words, or five or more
 * written in sentence case ("Migrated 40+ services to a multi-region architecture"; a title or an
 * employer capitalises its words).
 */
function isProseLine(line: string): boolean {
  if (/[|•·]|\s{2,}|\s[–—]\s/.test(line)) return false;
  const words = line.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length > 10) return true;
  const lower = words.slice(1).filter((w) => /^\p{Ll}/u.test(w)).length;
  return words.length >= 5 && lower >= 0.6 * (words.length - 1);
}

/** Whether line `i` is the wrapped tail of the long, unfinished line above it: "for 34 sites",
 *  "water depths, tides and hazards". A role's header line starts with a capital. */
function wrapsLineAbove(lines: string[], i: number): boolean {
  const line = (lines[i] ?? "").trim();
  const above = (lines[i - 1] ?? "").trim();
  if (above.length < 45 || /[.;:!?]$/.test(above)) return false;
  // "… newsletters using" / "Canva and Adobe": a sentence does not stop on a function word.
  return /^[\p{Ll}\d(]/u.test(line) || DANGLING_END_RE.test(above);
}

const DANGLING_END_RE =
  /\s(?:a|an|the|and|or|of|to|in|on|for|with|by|from|into|using|via|including|such as|across|between|through)$/i;

function linesAboveBelongingToNext(lines: string[], nextIndex: number, floor: number): number {
  let count = 0;
  while (count < 2 && nextIndex - count - 1 > floor) {
    const above = lines[nextIndex - count - 1] ?? "";
    if (!above.trim() || isBullet(above) || endsSentence(above) || above.length > 90) break;
    if (wrapsLineAbove(lines, nextIndex - count - 1) || /,$/.test(above.trim()) || isProseLine(above)) break;
    count++;
  }
  return count;
}

const INSTITUTION_LAST_RE = /\b(?:university|college|institute|universidad|université|universität)$/i;
const INSTITUTION_OF_RE =
  /^(?:the\s+)?(?:university|college|institute|universidad|université)\s+(?:of|de)\s/i;
const LEGAL_NAME_RE = /\b(?:inc|llc|llp|ltd|corp|corporation|company|gmbh|plc|co)\b\.?/i;

/** An employer name alone on its line: no dates, no separators, not a title. */
/** The items in order, each once (as `filter((x, i, all) => all.indexOf(x) === i)`, in one pass). */
function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

function isBannerLine(line: string): boolean {
  const t = line.trim();
  return (
    t.length <= 60 && !/\d/.test(t) && t.split(SPLIT_RE).length === 1 && titleScore(t) < 0.4 && !isBullet(t)
  );
}

/** A short line ending in a lone year after a separator, under a short title line: a role header. */
function isYearOnlyHeader(line: string, above: string | undefined): boolean {
  if (isBullet(line) || line.length > 80) return false;
  const match = /^(.*\S)\s*(?:·|\||•|,|\s{2,}|\s[–—-])\s*(?:19|20)\d{2}$/.exec(line.trim());
  if (!match?.[1] || /\d/.test(match[1]) || /[.;:!?]$/.test(match[1])) return false;
  const prev = (above ?? "").trim();
  return (
    prev.length > 0 &&
    prev.length <= 60 &&
    !isBullet(prev) &&
    !/[.;:]$/.test(prev) &&
    !/\d/.test(prev) &&
    (titleScore(prev) >= 0.4 || /^[A-Z][\w&'/-]*(?: [A-Z&][\w&'/-]*){0,3}$/.test(prev))
  );
}

const NARRATIVE_RE =
  /\b(?:worked|served|employed|engaged|functioned|acted|catered|contributed|experience|role|position|years?)\b[^.;]{0,60}\b(?:as|was)\s/i;

/** True when a dated line sits in the body of the role above it and its range lies inside that role's. */
function insideLastRole(headers: Header[], range: DateRange, lines: string[], i: number): boolean {
  const last = headers[headers.length - 1];
  if (!last?.range || last.inline) return false;
  if (!isBullet(lines[i] ?? "") && i - last.lineIndex > 6) return false;
  return range.start >= last.range.start && range.end <= last.range.end;
}

/** A date inside a long sentence ("Led the 2019-2020 migration…") is not an entry header. */
function isSentence(line: string, dateText: string): boolean {
  const words = stripBullet(line)
    .replace(dateText, "")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return words > 14 || (isBullet(line) && words > 6);
}

/** First words of two-word city names ("New York", "San Jose", "St. Louis"). */
const CITY_FIRST_WORDS =
  /^(?:new|san|santa|los|las|saint|st\.?|fort|ft\.?|salt|palo|mountain|redwood|kansas|jersey|hong|kuala|buenos|rio|sao|são|tel|abu|cape|port|el|la|le)$/i;

/** What O*NET writes after an occupation's name to narrow it: "Teachers, Postsecondary". */
const QUALIFIER_RE = /^(?:postsecondary|all other|except\b)/i;

/** Stand-ins for a kept parenthetical's spaces and commas while a header line is split. */
const MASK_SPACE = "\uE000";
const MASK_COMMA = "\uE001";
const MASK_OPEN = "\uE002";
const MASK_CLOSE = "\uE003";
const PLACES_RE =
  /\b([A-Z][\p{L}.' -]{1,30},\s*[A-Z]{2})(?:\s*(?:&|and|\/)\s*[A-Z][\p{L}.' -]{1,30},\s*[A-Z]{2}\b)+/u;
const SPLIT_RE = /\s*(?:\s{2,}|\s[|•·]\s|\s[–—-]\s|,\s(?=[A-Z])|\s@\s|\sat\s(?=[A-Z]))\s*/;

function splitHeader(
  headerLines: string[],
  header: Header,
): { title: string | null; company: string | null; location: string | null } {
  const parts: string[] = [];
  const lineOf: number[] = [];
  const leadOf: boolean[] = [];
  for (const [lineNo, raw] of headerLines.entries()) {
    let lead = true;
    // A short parenthetical right after a name belongs to it ("Nurse Practitioner (PCNP)",
    // "Danggeun Pay Inc. (KarrotPay)"): kept whole, its spaces and commas masked from the split.
    // Other notes (dates, places, long asides) describe the role and are neither.
    const line = stripBullet(raw)
      .replace(header.range?.text ?? header.placeholder ?? "", "  ")
      // "Palo Alto, CA & Ithaca, NY": the first place stands for the list.
      .replace(PLACES_RE, "  $1  ")
      .replace(/(?<=[\p{L}.])\s?\(([^()\d]{2,40})\)/gu, (_m, inner: string) =>
        !/\p{L}/u.test(inner) ||
        looksLikeLocation(inner) ||
        /^(?:remote|hybrid|on-?site)$/i.test(inner.trim())
          ? "  "
          : `${MASK_SPACE}${MASK_OPEN}${inner.replace(/ /g, MASK_SPACE).replace(/,/g, MASK_COMMA)}${MASK_CLOSE}`,
      )
      .replace(/\([^)]*\)|\[[^\]]*\]/g, "  ")
      .replace(/[()[\]]/g, " ");
    for (const piece of line.split(SPLIT_RE)) {
      const clean = piece
        .replace(/^[\s,:;|–—-]+|[\s,:;|–—-]+$/g, "")
        .trim()
        .replaceAll(MASK_SPACE, " ")
        .replaceAll(MASK_COMMA, ",")
        .replaceAll(MASK_OPEN, "(")
        .replaceAll(MASK_CLOSE, ")");
      if (clean && !/^(present|current)$/i.test(clean)) {
        parts.push(clean);
        lineOf.push(lineNo);
        leadOf.push(lead);
        lead = false;
      }
    }
  }
  // "J.B. Hunt Transport, Inc": a legal form after a comma belongs to the name before it, and so
  // does a campus after a university ("University of California, Berkeley").
  const writtenAs = (i: number, joined: string) => {
    const line = headerLines[lineOf[i] ?? 0] ?? "";
    return line.length <= 300 && line.includes(joined);
  };
  for (let i = parts.length - 1; i > 0; i--) {
    const part = parts[i] ?? "";
    const before = parts[i - 1] ?? "";
    // "University of California" / "California State University", not "University Faculty Member".
    const campus =
      (INSTITUTION_LAST_RE.test(before) || INSTITUTION_OF_RE.test(before)) &&
      orgScore(part) < 0.7 &&
      /^\p{Lu}[\p{L}.'-]*(?: \p{Lu}[\p{L}.'-]*)?$/u.test(part) &&
      writtenAs(i, `${before}, ${part}`);
    // "R.O.K Cyber Command, MND": an organisation's initials after a comma are part of its name.
    const initials =
      /^[A-Z]{3,5}$/.test(part) && !COUNTRY_RE.test(part) && writtenAs(i, `${before}, ${part}`);
    if (!(LEGAL_FORM_RE.test(part) || campus || initials) || lineOf[i] !== lineOf[i - 1]) continue;
    parts[i - 1] = `${parts[i - 1]}, ${parts[i]}`;
    parts.splice(i, 1);
    lineOf.splice(i, 1);
    leadOf.splice(i, 1);
  }
  // "Arts, Communications, History, and Humanities Teachers, Postsecondary": a serial list is one
  // title with the short names before it, and a qualifier after a title ("Postsecondary", "All
  // Other", "Except Legal") belongs to it.
  for (let i = parts.length - 1; i > 0; i--) {
    const part = parts[i] ?? "";
    const sameLine = (k: number) => lineOf[k] === lineOf[i];
    let from = i;
    if (/(?:^|,\s)(?:and|or|&)\s/i.test(part))
      while (
        from > 0 &&
        sameLine(from - 1) &&
        (parts[from - 1] ?? "").split(" ").length <= 3 &&
        orgScore(parts[from - 1] ?? "") < 0.7 &&
        !looksLikeLocation(parts[from - 1] ?? "")
      )
        from--;
    else if (QUALIFIER_RE.test(part) && sameLine(i - 1) && titleScore(parts[i - 1] ?? "") >= 0.4)
      from = i - 1;
    if (from === i) continue;
    parts.splice(from, i - from + 1, parts.slice(from, i + 1).join(", "));
    lineOf.splice(from + 1, i - from);
    leadOf.splice(from + 1, i - from);
    i = from + 1;
  }
  // "Software Engineer Microsoft Redmond, WA, USA": a title, an employer and a city written
  // without separators before a state or a country. The city is the last word (two after
  // "New", "San", …).
  for (let i = 0; i + 1 < parts.length; i++) {
    const next = parts[i + 1] ?? "";
    if (!/^[A-Z]{2}$/.test(next) && !COUNTRY_RE.test(next)) continue;
    const split = leadingTitle(parts[i] ?? "");
    if (!split) continue;
    const words = split.rest.split(" ");
    const cityWords = words.length >= 3 && CITY_FIRST_WORDS.test(words[words.length - 2] ?? "") ? 2 : 1;
    const company = words.slice(0, -cityWords).join(" ");
    const city = words.slice(-cityWords).join(" ");
    const pieces = company ? [split.title, company, city] : [split.title, city];
    parts.splice(i, 1, ...pieces);
    lineOf.splice(i, 1, ...pieces.map(() => lineOf[i] ?? 0));
    leadOf.splice(i, 1, ...pieces.map((_, k) => k === 0 && (leadOf[i] ?? false)));
    break;
  }
  let location: string | null = null;
  let locationLine = -1;
  const rest: string[] = [];
  const restLine: number[] = [];
  const restLead: boolean[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? "";
    const pair = `${part}, ${parts[i + 1] ?? ""}`;
    if (!location && parts[i + 1] && /^[A-Z]{2}$/.test(parts[i + 1] ?? "") && looksLikeLocation(pair)) {
      location = pair;
      locationLine = lineOf[i] ?? -1;
      i++;
    } else if (!location && looksLikeLocation(part)) {
      location = part;
      locationLine = lineOf[i] ?? -1;
    } else if (location && COUNTRY_RE.test(part)) location = `${location}, ${part}`;
    else if (
      !location &&
      parts[i + 1] &&
      COUNTRY_RE.test(parts[i + 1] ?? "") &&
      lineOf[i + 1] === lineOf[i] &&
      /^[A-Z][\p{L}.' -]*$/u.test(part) &&
      // "Software Engineer · Remote": a title before the place is not a city, nor is an employer
      // ("Northwind Bank, India").
      titleScore(part) < 0.5 &&
      orgScore(part) < 0.7
    ) {
      location = `${part}, ${parts[i + 1]}`;
      locationLine = lineOf[i] ?? -1;
      i++;
    } else {
      rest.push(part);
      restLine.push(lineOf[i] ?? 0);
      restLead.push(leadOf[i] ?? false);
    }
  }
  if (rest.length === 0) return { title: null, company: null, location };
  if (rest.length === 1) {
    const only = rest[0] ?? "";
    return titleScore(only) >= orgScore(only)
      ? { title: only, company: null, location }
      : { title: null, company: only, location };
  }
  // "Software Engineer (Compulsory Military Service)": a name is judged without the note after it.
  const bare = (part: string) => part.replace(/\s*\([^()]*\)$/, "");
  // Choose the most title-like piece as the title and the most organisation-like other piece as the company.
  let titleIndex = 0;
  let best = -1;
  // "University of California  Berkeley, CA" / "Transfer Center Peer  Sep 2025 – Present": the
  // place is written beside the employer, so on a header of several lines the title is elsewhere.
  const onLines = new Set(restLine).size;
  rest.forEach((part, i) => {
    const besidePlace = onLines > 1 && restLine[i] === locationLine ? 0.3 : 0;
    const score = titleScore(bare(part)) - orgScore(bare(part)) * 0.5 - i * 0.01 - besidePlace;
    if (score > best) {
      best = score;
      titleIndex = i;
    }
  });
  const others = rest.filter((_, i) => i !== titleIndex);
  const othersAt = rest.map((_, i) => i).filter((i) => i !== titleIndex);
  let companyIndex = 0;
  let bestOrg = -1;
  others.forEach((part, i) => {
    // "Software Engineer II, Payments Platform" over "Wingtip Financial | Chicago, IL": the piece
    // leading a line of its own names the employer; one trailing the title names a team.
    const at = othersAt[i] ?? 0;
    const ownLine = restLead[at] === true && restLine[at] !== restLine[titleIndex];
    const score = orgScore(bare(part)) - titleScore(bare(part)) * 0.3 - i * 0.01 + (ownLine ? 0.1 : 0);
    if (score > bestOrg) {
      bestOrg = score;
      companyIndex = i;
    }
  });
  let title = rest[titleIndex] ?? null;
  // "Docent, Library Collections Assistant | Heritage Museum": two roles held at once, written with a
  // comma before the title, while the employer stands apart.
  const before = rest[titleIndex - 1];
  const titleLine = headerLines[restLine[titleIndex] ?? 0] ?? "";
  if (
    title &&
    before &&
    othersAt[companyIndex] !== titleIndex - 1 &&
    restLine[titleIndex - 1] === restLine[titleIndex] &&
    restLead[titleIndex - 1] === true &&
    before.split(" ").length <= 3 &&
    /^\p{Lu}/u.test(before) &&
    orgScore(before) < 0.7 &&
    !looksLikeLocation(before) &&
    titleLine.length <= 300 &&
    titleLine.includes(`${before}, ${title}`)
  )
    title = `${before}, ${title}`;
  // "SVP, Finance & Corporate Development", "Director, FP&A": a one-word title with its function.
  const after = rest[titleIndex + 1];
  if (
    title &&
    after &&
    !title.includes(" ") &&
    othersAt[companyIndex] !== titleIndex + 1 &&
    restLine[titleIndex + 1] === restLine[titleIndex] &&
    after.split(" ").length <= 5 &&
    orgScore(after) < 0.7 &&
    !looksLikeLocation(after) &&
    titleLine.length <= 300 &&
    titleLine.includes(`${title}, ${after}`)
  )
    title = `${title}, ${after}`;
  return { title, company: others[companyIndex] ?? null, location };
}

/** Items of a skills section: "Languages: Python, Go" / "• Python • SQL" / "Python | SQL". */
export function parseSkillList(lines: string[]): string[] {
  const items: string[] = [];
  for (const raw of lines) {
    let line = stripBullet(raw).trim();
    if (!line) continue;
    const label = /^([A-Za-z][A-Za-z &/]{1,40}):\s*(.+)$/.exec(line);
    // "Interests: Marathon running, chess" under Skills: pastimes, not skills.
    if (label?.[1] && headingKind(label[1]) === "interests") continue;
    if (label?.[2]) line = label[2];
    // Separators include the marks designers use between items ("Illustrator ★ Photoshop ◆ Figma").
    for (const piece of line.split(/\s*(?:[,;|•·★☆◆◇▪■●○✦✓✔➤►]|\s{2,}|\s\/\s)\s*/u)) {
      const item = piece
        .replace(/^(and|&)\s+/i, "")
        .replace(/[.]$/, "")
        .trim();
      if (item && item.length <= 60 && item.split(" ").length <= 6) items.push(item);
    }
  }
  return [...new Set(items)];
}
