/**
 * Shared helpers for the engine's labelled tests: loading fixtures, comparing skill names the
 * way a person would, and a small independent date-range reader used only to sanity-check our
 * own labels (never the engine's output).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The clock every labelled test passes to the engine; years in the labels are computed against it. */
export const NOW = new Date("2026-06-15T00:00:00Z");

export const FIXTURES_DIR = fileURLToPath(new URL("./fixtures/", import.meta.url));

/** One expected name, or several acceptable spellings of the same skill. */
export type NameSpec = string | string[];

export type Assessment = "Over-qualified" | "Well-matched" | "Under-qualified" | "Cannot determine";

export type Expected = {
  mustMatch: NameSpec[];
  mustBeMissing: NameSpec[];
  mustNotBeMissing: NameSpec[];
  resumeYears: [number, number];
  requiredYears: number;
  /** One label, or the labels that are all defensible (only where the posting itself is ambiguous). */
  assessment: Assessment | Assessment[];
  minScore?: number;
  maxScore?: number;
  notes: string;
};

export type Fixture = { slug: string; job: string; resume: string; expected: Expected };

const ASSESSMENTS: readonly string[] = [
  "Over-qualified",
  "Well-matched",
  "Under-qualified",
  "Cannot determine",
];

function isNameSpec(value: unknown): value is NameSpec {
  if (typeof value === "string") return value.trim().length > 0;
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string" && v.trim());
}

/** Validates an expected.json by hand so a typo in a label fails loudly instead of passing vacuously. */
export function parseExpected(raw: unknown, where: string): Expected {
  const fail = (why: string): never => {
    throw new Error(`${where}: ${why}`);
  };
  if (typeof raw !== "object" || raw === null) fail("not an object");
  const o = raw as Record<string, unknown>;
  const allowed = new Set([
    "mustMatch",
    "mustBeMissing",
    "mustNotBeMissing",
    "resumeYears",
    "requiredYears",
    "assessment",
    "minScore",
    "maxScore",
    "notes",
  ]);
  for (const key of Object.keys(o)) if (!allowed.has(key)) fail(`unknown key "${key}"`);
  for (const key of ["mustMatch", "mustBeMissing", "mustNotBeMissing"] as const) {
    const list = o[key];
    if (!Array.isArray(list) || !list.every(isNameSpec)) fail(`${key} must be a list of names`);
  }
  const years = o.resumeYears;
  if (
    !Array.isArray(years) ||
    years.length !== 2 ||
    typeof years[0] !== "number" ||
    typeof years[1] !== "number" ||
    years[0] > years[1]
  ) {
    fail("resumeYears must be [min, max]");
  }
  if (typeof o.requiredYears !== "number" || o.requiredYears < 0) fail("requiredYears must be a number ≥ 0");
  const assessments = Array.isArray(o.assessment) ? o.assessment : [o.assessment];
  if (
    assessments.length === 0 ||
    !assessments.every((a) => typeof a === "string" && ASSESSMENTS.includes(a))
  ) {
    fail("assessment must be one of the four labels (or a list of them)");
  }
  for (const key of ["minScore", "maxScore"] as const) {
    if (o[key] !== undefined && (typeof o[key] !== "number" || o[key] < 0 || o[key] > 100))
      fail(`bad ${key}`);
  }
  if (typeof o.notes !== "string" || o.notes.length < 20) fail("notes must say why");
  return o as unknown as Expected;
}

/** Every fixture directory, sorted, with its texts and validated labels. */
export function loadFixtures(dir: string = FIXTURES_DIR): Fixture[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((slug) => {
      const base = join(dir, slug);
      for (const file of ["job.txt", "resume.txt", "expected.json"]) {
        if (!existsSync(join(base, file))) throw new Error(`fixture ${slug} lacks ${file}`);
      }
      return {
        slug,
        job: readFileSync(join(base, "job.txt"), "utf8"),
        resume: readFileSync(join(base, "resume.txt"), "utf8"),
        expected: parseExpected(
          JSON.parse(readFileSync(join(base, "expected.json"), "utf8")),
          `${slug}/expected.json`,
        ),
      };
    });
}

/**
 * Normalises a skill name for comparison: case, accents-compatible forms, punctuation and
 * spacing do not matter, but "C", "C#" and "C++" (and ".NET") stay distinct.
 */
export function normaliseName(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/c\+\+/g, " cplusplus ")
    .replace(/([a-z])#/g, "$1sharp")
    .replace(/\.net\b/g, " dotnet ")
    .replace(/[’']/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Whether an engine-reported name is the expected one. Equal after normalising; for a
 * multi-word expected phrase it is also enough that the engine's name contains it word for
 * word ("strong attention to detail" satisfies "attention to detail"), because the engine
 * reports requirement phrases in the posting's own wording.
 */
export function nameMatches(expected: string, actual: string): boolean {
  const e = normaliseName(expected);
  const a = normaliseName(actual);
  if (e === a) return true;
  // Skills offered as alternatives are reported as one requirement, "PLCs or Motor controls".
  if (/ or /.test(actual) && actual.split(/ or /).some((part) => normaliseName(part) === e)) return true;
  return e.includes(" ") && ` ${a} `.includes(` ${e} `);
}

/** Whether any of the acceptable spellings matches any of the reported names. */
export function specMatchesAny(spec: NameSpec, names: readonly string[]): boolean {
  const options = typeof spec === "string" ? [spec] : spec;
  return options.some((o) => names.some((n) => nameMatches(o, n)));
}

export function describeSpec(spec: NameSpec): string {
  return typeof spec === "string" ? spec : spec.join(" | ");
}

/**
 * Text normalisation used to check that evidence lines really come from the resume: the engine
 * may drop bullets and Markdown emphasis and collapse whitespace, but must not invent words.
 */
export function normaliseForSearch(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\u00ad/g, "")
    .replace(/[•●▪◦·*_#>➢→]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?)])/g, "$1")
    .trim()
    .toLowerCase();
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

// ---------------------------------------------------------------------------------------------
// A deliberately small reader for the date formats our own resumes use. It lets the label
// checks recompute "total years" independently of the engine, so an arithmetic slip in an
// expected.json or a shortenRole that does not shorten anything is caught before it misleads.

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const SEASONS: Record<string, [number, number]> = {
  spring: [3, 5],
  summer: [6, 8],
  fall: [9, 11],
  autumn: [9, 11],
  winter: [12, 14],
};

const MONTH_RE = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
const POINT_RE = `(?:${MONTH_RE}\\s+\\d{4}|\\d{1,2}/\\d{4}|\\d{4}-(?:0[1-9]|1[0-2])(?!\\d)|(?:spring|summer|fall|autumn|winter)\\s+\\d{4}|\\d{4})`;
const RANGE_RE = new RegExp(
  `(?<![\\d/])(${POINT_RE})[ \\t]*(?:–|—|-|to)[ \\t]*(${POINT_RE}|present|current|now)(?![\\d/])`,
  "gi",
);
const SEASON_ALONE_RE =
  /(?<![–—-][ \t]*)\b(spring|summer|fall|autumn|winter)\s+(\d{4})\b(?![ \t]*(?:–|—|-|to)[ \t]*\S)/gi;

type Point = { first: number; last: number }; // month indices (year*12 + month-1); year-only spans a year

function point(text: string): Point | null {
  const t = text.trim().toLowerCase();
  let m = /^(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) {
    const i = Number(m[2]) * 12 + Number(m[1]) - 1;
    return { first: i, last: i };
  }
  m = /^(\d{4})-(\d{2})$/.exec(t);
  if (m) {
    const i = Number(m[1]) * 12 + Number(m[2]) - 1;
    return { first: i, last: i };
  }
  m = /^([a-z]+)\.?\s+(\d{4})$/.exec(t);
  if (m) {
    const word = m[1] ?? "";
    const year = Number(m[2]);
    const season = SEASONS[word];
    if (season) return { first: year * 12 + season[0] - 1, last: year * 12 + season[1] - 1 };
    const month = MONTHS[word.slice(0, 3)];
    if (month) return { first: year * 12 + month - 1, last: year * 12 + month - 1 };
    return null;
  }
  m = /^(\d{4})$/.exec(t);
  if (m) return { first: Number(m[1]) * 12, last: Number(m[1]) * 12 + 11 };
  return null;
}

/** Half-open month intervals [from, to). */
type Span = [number, number];

/**
 * Date ranges found in a text, each read two ways: generously (inclusive months, a year-only
 * end runs to December, "Present" includes the current month) and strictly (exclusive months,
 * a year-only end stops in January, "Present" stops at the start of the current month).
 */
export function findRanges(text: string, now: Date = NOW): { loose: Span; tight: Span; text: string }[] {
  const nowIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const out: { loose: Span; tight: Span; text: string }[] = [];
  for (const m of text.matchAll(RANGE_RE)) {
    const start = point(m[1] ?? "");
    const endText = (m[2] ?? "").toLowerCase();
    const end = /present|current|now/.test(endText) ? { first: nowIndex, last: nowIndex } : point(endText);
    if (!start || !end) continue;
    out.push({ loose: [start.first, end.last + 1], tight: [start.first, end.first], text: m[0] });
  }
  for (const m of text.matchAll(SEASON_ALONE_RE)) {
    const p = point(`${m[1]} ${m[2]}`);
    if (p) out.push({ loose: [p.first, p.last + 1], tight: [p.first, p.last], text: m[0] });
  }
  return out;
}

function unionMonths(spans: Span[]): number {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let cur: Span | null = null;
  for (const [a, b] of sorted) {
    if (cur && a <= cur[1]) cur[1] = Math.max(cur[1], b);
    else {
      if (cur) total += cur[1] - cur[0];
      cur = [a, b];
    }
  }
  if (cur) total += cur[1] - cur[0];
  return total;
}

/** Total years of the union of every date range in the text, read strictly (min) and generously (max). */
export function unionYears(text: string, now: Date = NOW): { min: number; max: number } {
  const ranges = findRanges(text, now);
  return {
    min: unionMonths(ranges.map((r) => r.tight)) / 12,
    max: unionMonths(ranges.map((r) => r.loose)) / 12,
  };
}

/**
 * A Spanish ICU nurse's resume (written for the tests) with the given role bullets: the resume in
 * another language the engine tests read end to end.
 */
export function spanishNurseResume(bullets: string[]): string {
  return [
    "María Fernández Ruiz",
    "maria.fernandez@example.com | +34 600 000 000 | Sevilla",
    "PERFIL",
    "Enfermera con ocho años de experiencia en cuidados intensivos y urgencias de un hospital universitario.",
    "EXPERIENCIA",
    "Enfermera de UCI, Hospital Virgen del Rocío (2017 - 2025)",
    ...bullets.map((b) => `- ${b}`),
    "EDUCACIÓN",
    "Grado en Enfermería, Universidad de Sevilla, 2016",
    "HABILIDADES",
    "Soporte vital avanzado, Epic, trabajo en equipo",
  ].join("\n");
}
