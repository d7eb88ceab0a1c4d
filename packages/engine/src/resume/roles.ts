/**
 * Roles written on one line, as many resumes (and most pasted ones) do:
 *
 *   "Title (2015 - 2017): what I did"            "1. Title, Employer (2019 - 2023)"
 *   "Worked as a Survey Researcher between 2013 and 2016"
 *   "2015 - 2016 : Served as a Helper - construction trades, managed…"
 *   "2013 - 2016 at Dice.com as a Software Development Engineer, my main…"
 *   "4 years as a Lead Developer (2017 to 2021)"  "1-year as a Software Developer, where…"
 *
 * Every pattern here is linear: no nested quantifiers over the same characters.
 */

import { allMatches } from "../text/matches.ts";
import { NUMBER_WORDS as NUMBERS } from "../text/numbers.ts";
import type { DateRange } from "./dates.ts";
import { orgScore, titleScore } from "./titles.ts";

export type InlineRole = {
  title: string;
  company: string | null;
  /** What the line says after the role itself ("managed time and resources…"), if anything. */
  rest: string | null;
};

/** "a year as …" is one year. */
const NUMBER_WORDS: Readonly<Record<string, number>> = { ...NUMBERS, a: 1, an: 1 };

/** Words that end a title read after "as a": a preposition, a clause, a date. */
const TITLE_STOP =
  /\s+(?:at|for|with|from|between|during|since|until|where|which|who|while|when|and then|in the period|for the period|responsible|handling|managing|working|focusing|specializing|specialising|i\b|my\b|we\b)\b|[,;:!?(]|\.(?=\s|$)|\s[–—]\s|\s-{2,}|$/i;

/** The same stops but a comma, for a title that is a serial list ("Arts, Communications, and … Teachers"). */
const LIST_TITLE_STOP = new RegExp(TITLE_STOP.source.replace("[,;:!?(]", "[;:!?(]"), "i");

/** "(worked|served|…) as a TITLE", the narrative way of naming a role. */
const AS_RE = /\b(?:as|was)\s+(?:an?\s+|the\s+)?(?=[\p{L}.])/giu;

/** Cleans a title candidate: bullets, numbering, labels ("Role:", "Position:") and wrapping quotes. */
export function cleanTitle(text: string): string {
  return text
    .replace(/^[\s•*\-–—>|:]+|[\s*_"'“”‘’:;,.–—-]+$/g, "")
    .replace(/^\d{1,2}[.)]\s+/, "")
    .replace(/^(?:role|position|title|job title|designation|job)\s*:\s*/i, "")
    .replace(/^[_"'“”‘’]+/, "")
    .trim();
}

function plausibleTitle(text: string): boolean {
  const t = text.trim();
  if (t.length < 2 || t.length > 90) return false;
  const words = t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length === 0 || words.length > 12) return false;
  if (!/^[\p{L}.]/u.test(t)) return false;
  if (titleScore(t) >= 0.3) return true;
  // Unknown titles ("Archivist", "Curators", "Tool and Die Makers") are written as names: capitalised.
  const capitalised = words.filter((w) => /^[\p{Lu}.]/u.test(w)).length;
  return capitalised >= Math.ceil(words.length / 2) || (words.length <= 4 && /^[\p{Lu}]/u.test(t));
}

/** The title after "as a" in a sentence, with the employer when "at/for/with X" follows. */
function narrativeTitle(sentence: string): { title: string; company: string | null; end: number } | null {
  for (const match of allMatches(AS_RE, sentence)) {
    const from = (match.index ?? 0) + match[0].length;
    const tail = sentence.slice(from);
    const stop = TITLE_STOP.exec(tail);
    let raw = tail.slice(0, stop ? stop.index : tail.length);
    // "as an Arts, communications, history - and humanities teachers (2017 - 2019)": a first name
    // that is no title, a comma, and a list that ends in one.
    if (stop?.[0] === "," && titleScore(raw) < 0.4) {
      const longer = LIST_TITLE_STOP.exec(tail);
      const list = tail.slice(0, longer ? longer.index : tail.length);
      if (/\band\b|\bor\b|&/.test(list.slice(raw.length)) && titleScore(list) >= 0.4) raw = list;
    }
    let title = cleanTitle(raw);
    let company: string | null = null;
    // "Small Talk Engineer in Parseame Technologies": a capitalised name after "in" is the employer.
    const inOrg = / in (?=[A-Z])/.exec(title);
    if (inOrg && inOrg.index > 0) {
      company = title.slice(inOrg.index + 4);
      title = title.slice(0, inOrg.index);
    }
    if (!plausibleTitle(title)) continue;
    const after = tail.slice(raw.length);
    const org =
      /^\s+(?:at|for|with|in)\s+([\p{Lu}][\p{L}\p{N}&.'’-]*(?:\s+[\p{Lu}&][\p{L}\p{N}&.'’-]*){0,5})/u.exec(
        after,
      );
    // "with Acme Corp" names an employer; "with PostgreSQL", "with Java and JS" name tools.
    if (org?.[1] && (!/^\s+with\b/.test(after) || orgScore(org[1]) >= 0.5))
      company ??= org[1].replace(/[.,]+$/, "");
    return { title, company, end: from + raw.length };
  }
  return null;
}

/** Splits "Title, Employer" / "Title - Employer" / "Title at Employer" into its parts. */
function titleAndCompany(text: string): { title: string; company: string | null } {
  const at = /^(.+?)\s+(?:at|@)\s+([\p{Lu}].*)$/u.exec(text);
  if (at?.[1] && at[2]) return { title: cleanTitle(at[1]), company: cleanTitle(at[2]) };
  const comma = text.indexOf(", ");
  if (comma > 0) {
    const head = text.slice(0, comma);
    const tail = text.slice(comma + 2);
    // "Material moving workers, Managed daily…": a sentence after the comma is not an employer.
    if (orgScore(tail) > titleScore(tail) && tail.split(/\s+/).length <= 6)
      return { title: cleanTitle(head), company: cleanTitle(tail) };
    if (titleScore(tail) > titleScore(head) && orgScore(head) > 0.5)
      return { title: cleanTitle(tail), company: cleanTitle(head) };
    if (/^(?:organi[sz]ation|company|employer)\s*:/i.test(tail))
      return { title: cleanTitle(head), company: null };
  }
  return { title: cleanTitle(text), company: null };
}

/**
 * The role a long line names around its date range, or null when the date belongs to something
 * else ("Led the 2019-2020 migration of…").
 */
export function inlineRole(line: string, range: DateRange): InlineRole | null {
  const text = line.replace(/^[•*\-–—>\s]+/, "");
  const at = text.indexOf(range.text);
  if (at < 0) return null;
  const before = text
    .slice(0, at)
    .replace(
      /\b(?:from|between|during|since|for the (?:period|year|duration) of|for the (?:period|year)|in the (?:years?|period)|period|dates?|from:)\s*:?\s*$/i,
      "",
    );
  const after = text.slice(at + range.text.length);

  // 1. "Worked as a Survey Researcher between 2013 and 2016", "2013 - 2016 at Dice.com as a …".
  const narrative = narrativeTitle(text);
  if (narrative) {
    let company = narrative.company;
    if (!company) {
      const org = /\bat\s+([\p{Lu}][\p{L}\p{N}&.'’-]*(?:\s+[\p{Lu}&][\p{L}\p{N}&.'’-]*){0,4})\s+as\b/u.exec(
        text,
      );
      company = org?.[1] ?? null;
    }
    const rest = restOf(after);
    return { title: narrative.title, company, rest };
  }

  // 2. "Title, Employer (2019 - 2023). What I did" / "Lead Test Engineer - Nov 2018 - Jul 2023. Working on…".
  const head = cleanTitle(before.replace(/[([]\s*$/, ""));
  if (head && plausibleTitle(head.split(/,\s*(?:organi[sz]ation|company)\s*:/i)[0] ?? head)) {
    const { title, company } = titleAndCompany(head);
    if (title && plausibleTitle(title)) return { title, company, rest: restOf(after) };
  }

  // 3. Date first: "2015 - 2016 : Helper - construction trades, managed time…".
  if (!before.trim()) {
    const tail = after.replace(/^[\s)\]:|–—-]+/, "");
    const stop = /[,;.:](?:\s|$)|\s[–—]\s/.exec(tail);
    let end = stop ? stop.index : tail.length;
    // "2019 – 2021  Senior Analyst, Acme Corp": a short capitalised name after the comma is the
    // employer, to the end of the line or the next separator.
    if (stop?.[0].startsWith(",")) {
      const employer = /^\s*[\p{Lu}][^,;:|]{0,60}?(?=[,;:|]\s|\s[–—]\s|\s{2,}|$)/u.exec(tail.slice(end + 1));
      const name = employer?.[0].trim() ?? "";
      const sentence =
        /[!?]$/.test(name) || (/\.$/.test(name) && !/\b(?:inc|corp|co|ltd|llc|plc)\.$/i.test(name));
      if (employer && name.split(/\s+/).length <= 6 && !sentence) end += 1 + employer[0].length;
    }
    // "2015 — 2017  Cascade Partners — Activities Coordinator": a short name after the dash is the
    // other half of the role; the more title-like half is the title.
    if (stop && /[–—]/.test(stop[0])) {
      const right = /^\s*([\p{Lu}][^,;:|–—]{0,60}?)\s*(?=[,;:|]\s|\s[–—]\s|\s{2,}|$)/u.exec(
        tail.slice(end + stop[0].length),
      );
      const left = cleanTitle(tail.slice(0, end));
      const other = cleanTitle(right?.[1] ?? "");
      if (right && other.split(/\s+/).length <= 6 && !/[.!?]$/.test(other) && plausibleTitle(left)) {
        const leftFirst =
          titleScore(left) - orgScore(left) * 0.5 >= titleScore(other) - orgScore(other) * 0.5;
        const [title, company] = leftFirst ? [left, other] : [other, left];
        if (titleScore(title) >= 0.3)
          return { title, company, rest: restOf(tail.slice(end + stop[0].length + right[0].length)) };
      }
    }
    const first = cleanTitle(tail.slice(0, end));
    // "2021-2022: Security Analyst at ABC Corp, where I…": the title is judged without its employer.
    const { title, company } = titleAndCompany(first);
    if (title && plausibleTitle(title) && titleScore(title) >= 0.3)
      return { title, company, rest: restOf(tail.slice(first.length)) };
  }
  return null;
}

function restOf(text: string): string | null {
  const rest = text.replace(/^[\s)\]:;,.|–—-]+/, "").trim();
  return rest.length >= 3 ? rest : null;
}

const DURATION_RE =
  /(?:^|[^\p{L}\p{N}])(\d{1,2}(?:\.\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|an?)\s*[- ]?\s*\+?\s*(years?|yrs?|months?)\b/iu;

/**
 * A role given as a length of time instead of dates, in an experience section:
 * "1-year as a Software Developer, where…", "Two years as an Elementary School Teacher".
 */
export function durationRole(line: string): (InlineRole & { months: number }) | null {
  const text = line.replace(/^[•*\-–—>\s]+/, "");
  const duration = DURATION_RE.exec(text);
  if (!duration?.[1] || !duration[2]) return null;
  // The length must qualify the role itself: "N years as a …", "N years of experience as a …".
  const afterDuration = text.slice((duration.index ?? 0) + duration[0].length);
  if (!/^\s*(?:of\s+(?:\w+\s+){0,2}experience\s+)?(?:working\s+)?(?:as|was)\b/i.test(afterDuration))
    return null;
  const narrative = narrativeTitle(afterDuration);
  if (!narrative) return null;
  const amount = NUMBER_WORDS[duration[1].toLowerCase()] ?? Number.parseFloat(duration[1]);
  if (!Number.isFinite(amount) || amount <= 0 || amount > 50) return null;
  const months = Math.round(/^m/i.test(duration[2]) ? amount : amount * 12);
  return {
    title: narrative.title,
    company: narrative.company,
    rest: restOf(afterDuration.slice(narrative.end)),
    months,
  };
}
