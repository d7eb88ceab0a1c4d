/**
 * Dates and date ranges as resumes write them: "Jan 2019 – Present", "03/2019-now", "2019–2023",
 * "Summer 2021", "June 2020 to Aug 2022", "Since 2018". Months are counted as integers
 * (year × 12 + month − 1) so ranges can be merged and measured exactly.
 */

import { allMatches } from "../text/matches.ts";

export type MonthIndex = number;

/** A parsed range. `end` is exclusive; `present` marks an open-ended role measured up to `now`. */
export type DateRange = {
  start: MonthIndex;
  end: MonthIndex;
  present: boolean;
  /** Whether the start/end were given with a month (false for "2019 – 2021"). */
  monthPrecision: boolean;
  /** The end was a bare year ("– 2021"): `end` is January of that year. */
  endYearOnly: boolean;
  /** The text that was parsed, as it stands in the line. */
  text: string;
  /** Where that text starts in the line. */
  index: number;
};

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/**
 * Month names of the other languages resumes arrive in (Spanish, French, German, Portuguese,
 * Italian): a date means the same in any language. Abbreviations that are English words ("ago",
 * "set") are left out.
 */
const FOREIGN_MONTHS: Record<string, number> = {
  enero: 1,
  ene: 1,
  janvier: 1,
  janv: 1,
  januar: 1,
  janeiro: 1,
  gennaio: 1,
  febrero: 2,
  février: 2,
  fevrier: 2,
  févr: 2,
  februar: 2,
  fevereiro: 2,
  fev: 2,
  febbraio: 2,
  marzo: 3,
  mars: 3,
  märz: 3,
  maerz: 3,
  mär: 3,
  março: 3,
  marco: 3,
  abril: 4,
  abr: 4,
  avril: 4,
  avr: 4,
  aprile: 4,
  mayo: 5,
  mai: 5,
  maio: 5,
  maggio: 5,
  junio: 6,
  juin: 6,
  juni: 6,
  junho: 6,
  giugno: 6,
  julio: 7,
  juillet: 7,
  juil: 7,
  juli: 7,
  julho: 7,
  luglio: 7,
  agosto: 8,
  août: 8,
  aout: 8,
  septiembre: 9,
  setiembre: 9,
  septembre: 9,
  setembro: 9,
  settembre: 9,
  octubre: 10,
  octobre: 10,
  oktober: 10,
  okt: 10,
  outubro: 10,
  ottobre: 10,
  noviembre: 11,
  novembre: 11,
  novembro: 11,
  diciembre: 12,
  dic: 12,
  décembre: 12,
  decembre: 12,
  déc: 12,
  dezember: 12,
  dez: 12,
  dezembro: 12,
  dicembre: 12,
};
for (const [name, month] of Object.entries(FOREIGN_MONTHS)) MONTHS[name] ??= month;
const SEASONS: Record<string, [number, number]> = {
  spring: [3, 5],
  summer: [6, 8],
  fall: [9, 11],
  autumn: [9, 11],
  winter: [12, 2],
};

const MONTH_NAME = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|${Object.keys(
  FOREIGN_MONTHS,
)
  .sort((a, b) => b.length - a.length)
  .join("|")})`;
const SEASON = "(?:spring|summer|fall|autumn|winter)";
const YEAR = "(?:19[5-9]\\d|20[0-4]\\d)";
const SHORT_YEAR = "(?:'\\d{2})";
/** One point in time. Order matters: the longest forms first. */
const POINT = [
  // "15/07/2017", "01.03.2022", "07/15/2017": a day's date; only its month and year count.
  `(?:0?[1-9]|[12]\\d|3[01])\\s*[/.]\\s*(?:0?[1-9]|[12]\\d|3[01])\\s*[/.]\\s*${YEAR}`,
  `${MONTH_NAME}\\.?,?\\s+(?:${YEAR}|${SHORT_YEAR})`,
  `${SEASON}\\s+${YEAR}`,
  `(?:0?[1-9]|1[0-2])\\s*[/.]\\s*${YEAR}`,
  `${YEAR}\\s*[/.-]\\s*(?:0[1-9]|1[0-2])(?![\\d])`,
  `${YEAR}`,
].join("|");
const PRESENT =
  "(?:present|pres\\.?|current(?:ly)?|now|today|ongoing|to\\s+date|till\\s+date|till\\s+now|date|actualidad|presente|actual|atual|attuale|aujourd'hui|heute|en\\s+cours|jetzt)";
// "2019 - 2023", "2008 to 2013", "From: 2017 To: 2020", "between 2013 and 2016".
const SEPARATOR = "\\s*(?:[-–—~]+|to:?|until|till|through|thru)\\s*";
const BETWEEN = `between\\s+(${POINT})\\s+and\\s+(${POINT}|${PRESENT})`;
// A student's end date to come: "Sep 2022 – Expected May 2026", "Mar. 2016 Exp. Jun. 2017".
const EXPECTED = "(?:(?:exp\\.|expected|anticipated)\\s+)?";

const RANGE_RE = new RegExp(
  `(?<![\\w/])(?:(${POINT})${SEPARATOR}${EXPECTED}(${POINT}|${PRESENT})|${BETWEEN})(?![\\w/])`,
  "gi",
);
// "Sep. 2023 Mar. 2024": a range whose dash the typesetter drew as a glyph with no text (a soft
// hyphen in LaTeX templates). Only two month-and-year points (or one and "Present") side by side.
const MONTH_YEAR = `${MONTH_NAME}\\.?,?\\s+(?:${YEAR}|${SHORT_YEAR})`;
const GAP_RANGE_RE = new RegExp(
  `(?<![\\w/])(${MONTH_YEAR})\\s+${EXPECTED}(${MONTH_YEAR}|${PRESENT})(?![\\w/])`,
  "gi",
);
// "June 3, 2026" / "3 June 2026": a day's date (a letter's or a footer's), not a role's.
const DAY_DATE_RE = new RegExp(
  `(?<![\\w/])(?:${MONTH_NAME}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+${YEAR}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH_NAME}\\.?,?\\s+${YEAR})(?![\\w/])`,
  "gi",
);
const SINCE_RE = new RegExp(`(?<![\\w/])(?:since|from|depuis|desde|seit|dal)\\s+(${POINT})(?![\\w/])`, "gi");
const SINGLE_RE = new RegExp(`(?<![\\w/])(${POINT})(?![\\w/])`, "gi");
const PRESENT_RE = new RegExp(`^${PRESENT}$`, "i");
/** Every word for "now" in a text ("Present", "to date", "heute"). */
export const PRESENT_WORDS_RE = new RegExp(`(?<![\\p{L}])${PRESENT}(?![\\p{L}])`, "giu");

type Point = { month: MonthIndex; monthPrecision: boolean; seasonEnd?: MonthIndex };

function toIndex(year: number, month: number): MonthIndex {
  return year * 12 + (month - 1);
}

function parseYear(text: string): number {
  if (text.startsWith("'")) {
    const short = Number.parseInt(text.slice(1), 10);
    return short > 50 ? 1900 + short : 2000 + short;
  }
  return Number.parseInt(text, 10);
}

function parsePoint(raw: string): Point | null {
  const text = raw.trim().toLowerCase();
  let match = /^(\p{L}+)\.?,?\s+('?\d{2,4})$/u.exec(text);
  if (match?.[1] && match[2]) {
    const name = match[1];
    const year = parseYear(match[2]);
    const month = MONTHS[name];
    if (month) return { month: toIndex(year, month), monthPrecision: true };
    const season = SEASONS[name];
    if (season) {
      const [from, to] = season;
      const endYear = to < from ? year + 1 : year;
      return { month: toIndex(year, from), monthPrecision: true, seasonEnd: toIndex(endYear, to) };
    }
    return null;
  }
  // Day first ("15/07/2017", the way most of the world writes it), unless the second number cannot
  // be a month ("07/15/2017").
  match = /^(\d{1,2})\s*[/.]\s*(\d{1,2})\s*[/.]\s*(\d{4})$/.exec(text);
  if (match?.[1] && match[2] && match[3]) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    return { month: toIndex(Number(match[3]), second > 12 ? first : second), monthPrecision: true };
  }
  match = /^(\d{1,2})\s*[/.]\s*(\d{4})$/.exec(text);
  if (match?.[1] && match[2])
    return { month: toIndex(Number(match[2]), Number(match[1])), monthPrecision: true };
  match = /^(\d{4})\s*[/.-]\s*(\d{2})$/.exec(text);
  if (match?.[1] && match[2])
    return { month: toIndex(Number(match[1]), Number(match[2])), monthPrecision: true };
  match = /^(\d{4})$/.exec(text);
  if (match?.[1]) return { month: toIndex(Number(match[1]), 1), monthPrecision: false };
  return null;
}

/**
 * Every date range in a line, left to right. `now` closes "Present". Year-only ranges count whole
 * years ("2019 – 2023" is four years); a single year or season stands for itself.
 */
export function findDateRanges(line: string, now: Date): DateRange[] {
  // Every date names a year, so a line without a digit has none.
  if (!/\d/.test(line)) return [];
  const nowIndex = toIndex(now.getUTCFullYear(), now.getUTCMonth() + 1);
  const found: DateRange[] = [];
  const taken: [number, number][] = [];
  const overlaps = (from: number, to: number) => taken.some(([a, b]) => from < b && to > a);

  for (const match of allMatches(RANGE_RE, line)) {
    const start = parsePoint(match[1] ?? match[3] ?? "");
    if (!start) continue;
    const endText = (match[2] ?? match[4] ?? "").toLowerCase();
    const isPresent = PRESENT_RE.test(endText.trim());
    const endPoint = isPresent ? null : parsePoint(endText);
    if (!isPresent && !endPoint) continue;
    let end: MonthIndex;
    if (isPresent) end = nowIndex + 1;
    else if (endPoint?.monthPrecision) end = (endPoint.seasonEnd ?? endPoint.month) + 1;
    else end = endPoint ? endPoint.month : start.month;
    // "2019 – Mar 2021": a year-only start counts from January; "Mar 2019 – 2021" up to the start of 2021.
    if (end <= start.month) end = start.month + (start.monthPrecision ? 1 : 6);
    const index = match.index ?? 0;
    taken.push([index, index + match[0].length]);
    found.push({
      start: start.month,
      end: Math.min(end, nowIndex + 1),
      present: isPresent,
      monthPrecision: start.monthPrecision || Boolean(endPoint?.monthPrecision),
      endYearOnly: Boolean(endPoint && !endPoint.monthPrecision && end > start.month),
      text: match[0],
      index,
    });
  }
  for (const match of allMatches(GAP_RANGE_RE, line)) {
    const index = match.index ?? 0;
    if (overlaps(index, index + match[0].length)) continue;
    const start = parsePoint(match[1] ?? "");
    const endText = (match[2] ?? "").toLowerCase();
    const isPresent = PRESENT_RE.test(endText.trim());
    const endPoint = isPresent ? null : parsePoint(endText);
    if (!start || (!isPresent && !endPoint) || (endPoint && endPoint.month < start.month)) continue;
    taken.push([index, index + match[0].length]);
    found.push({
      start: start.month,
      end: Math.min(isPresent ? nowIndex + 1 : (endPoint?.month ?? start.month) + 1, nowIndex + 1),
      present: isPresent,
      monthPrecision: true,
      endYearOnly: false,
      text: match[0],
      index,
    });
  }
  for (const match of allMatches(SINCE_RE, line)) {
    const index = match.index ?? 0;
    if (overlaps(index, index + match[0].length)) continue;
    const start = parsePoint(match[1] ?? "");
    if (!start) continue;
    taken.push([index, index + match[0].length]);
    found.push({
      start: start.month,
      end: nowIndex + 1,
      present: true,
      monthPrecision: start.monthPrecision,
      endYearOnly: false,
      text: match[0],
      index,
    });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Single dates that are not part of a range ("Summer 2021", "May 2020", "2018"), as ranges of their own. */
export function findSingleDates(line: string, now: Date): DateRange[] {
  if (!/\d/.test(line)) return [];
  const ranges = findDateRanges(line, now);
  const days = allMatches(DAY_DATE_RE, line).map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length]);
  const nowIndex = toIndex(now.getUTCFullYear(), now.getUTCMonth() + 1);
  const result: DateRange[] = [];
  for (const match of allMatches(SINGLE_RE, line)) {
    const index = match.index ?? 0;
    if (ranges.some((range) => index >= range.index && index < range.index + range.text.length)) continue;
    if (days.some(([from = 0, to = 0]) => index >= from && index < to)) continue;
    const point = parsePoint(match[1] ?? "");
    if (!point) continue;
    const end =
      point.seasonEnd !== undefined ? point.seasonEnd + 1 : point.month + (point.monthPrecision ? 1 : 12);
    result.push({
      start: point.month,
      end: Math.min(end, nowIndex + 1),
      present: false,
      monthPrecision: point.monthPrecision,
      endYearOnly: false,
      text: match[0],
      index,
    });
  }
  return result;
}

/** Total months covered by the ranges, overlaps counted once. */
export function unionMonths(ranges: { start: MonthIndex; end: MonthIndex }[]): number {
  const sorted = [...ranges].filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let currentStart = -1;
  let currentEnd = -1;
  for (const range of sorted) {
    if (range.start > currentEnd) {
      if (currentEnd > currentStart) total += currentEnd - currentStart;
      currentStart = range.start;
      currentEnd = range.end;
    } else currentEnd = Math.max(currentEnd, range.end);
  }
  if (currentEnd > currentStart) total += currentEnd - currentStart;
  return total;
}

/** "YYYY-MM" for a month index. */
export function formatMonth(index: MonthIndex): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** "3 yrs 2 mos", "8 mos", "1 yr". */
export function formatDuration(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts: string[] = [];
  if (years > 0) parts.push(`${years} yr${years === 1 ? "" : "s"}`);
  if (rest > 0 || years === 0) parts.push(`${rest} mo${rest === 1 ? "" : "s"}`);
  return parts.join(" ");
}

/** "March 20XX – Current", "20XX - 20XX", "Jun 20xx to Present": a template's dates never filled in. */
export const PLACEHOLDER_DATES_RE =
  /(?<![\w/])(?:[A-Za-z]{3,9}\.?\s+)?(?:19|20)[Xx]{2}(?:\s*(?:[-–—]+|to)\s*(?:(?:[A-Za-z]{3,9}\.?\s+)?(?:19|20)(?:[Xx]{2}|\d{2})|present|current|now))?(?![\w/])/i;
