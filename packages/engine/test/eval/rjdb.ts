/**
 * The RJDB evaluation triples (`../shared/data/eval/rjdb-dev.jsonl`): a posting, a resume written
 * for it and its weakened twin (some skills removed, one role shortened or dropped). Nobody here
 * wrote them; they are read from the shared folder and never copied into the repository.
 *
 * Rows are split once, by a hash of the posting, into a tuning part and a held-aside part (one row
 * in five). Weights are fitted on the tuning part only; the held-aside figures are reported apart.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TAnalysisResult } from "@resumelens/contract";
import { titleSimilarity } from "../../src/analysis/title-similarity.ts";
import { NOW } from "../support.ts";
import { keywordOverlap, TfIdf } from "./metrics.ts";
import { reportsMissing } from "./reported.ts";

export const RJDB_PATH = fileURLToPath(
  new URL("../../../../../shared/data/eval/rjdb-dev.jsonl", import.meta.url),
);

export type Triple = {
  /** 0-based row number in the file. */
  row: number;
  job: string;
  matched: string;
  twin: string;
  removedSkills: string[];
  /** Whether the twin's experience was cut (shortened or dropped) rather than kept as it was. */
  experienceCut: boolean;
  /** The generator's own roles with their year ranges ("Bakers (2013 - 2016)"). */
  truthRoles: { title: string; start: number; end: number }[];
  /** The part this row belongs to. */
  part: "tune" | "heldout";
  /** The row whose resume stands for "another occupation's resume". */
  otherRow: number;
};

export type Analyze = (
  input: { resumeText: string; jobDescription: string },
  options: { now: Date },
) => TAnalysisResult;

/** FNV-1a, for a split that does not depend on row order. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** True for rows held aside from any fitting. */
export function isHeldOut(job: string): boolean {
  return fnv1a(job.trim()) % 5 === 0;
}

function titleOf(job: string): string {
  const lines = job.split("\n").map((l) => l.trim());
  const at = lines.findIndex((l) => /^(#+\s*)?job title:?$/i.test(l));
  const raw = at >= 0 ? (lines.slice(at + 1).find(Boolean) ?? "") : (lines.find(Boolean) ?? "");
  return raw.replace(/^(#+\s*)?(job title:?\s*)?/i, "");
}

const TITLE_STOP = new Set([
  "and",
  "of",
  "the",
  "senior",
  "junior",
  "sr",
  "jr",
  "i",
  "ii",
  "iii",
  "lead",
  "-",
]);
function titleWords(title: string): Set<string> {
  return new Set(
    (title.toLowerCase().match(/[a-z]+/g) ?? [])
      .filter((w) => !TITLE_STOP.has(w) && w.length > 2)
      .map((w) => w.slice(0, 5)),
  );
}

/** Every row, or null when the shared data is not there (a clone without `../shared`). */
export function loadTriples(path: string = RJDB_PATH): Triple[] | null {
  if (!existsSync(path)) return null;
  const rows = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const titles = rows.map((r) => titleWords(titleOf(String(r["Job-Description"] ?? ""))));
  return rows.map((r, row) => {
    const job = String(r["Job-Description"] ?? "");
    const filtered = (r["Filtered-information"] ?? {}) as { Skills?: unknown; Experience?: unknown };
    const years = r["Experiences-years"] as [[string[], string[]], number, number[]] | undefined;
    const truthRoles = (years?.[0]?.[1] ?? []).flatMap((role) => {
      const m = /^(.*?)\s*\((\d{4})\s*-\s*(\d{4})\)\s*$/.exec(role);
      return m?.[1] && m[2] && m[3] ? [{ title: m[1], start: Number(m[2]), end: Number(m[3]) }] : [];
    });
    // Another occupation: the next row half the file away whose title shares no word with this one.
    let otherRow = (row + Math.floor(rows.length / 2)) % rows.length;
    for (let step = 0; step < rows.length; step++) {
      const candidate = (otherRow + step) % rows.length;
      const mine = titles[row] ?? new Set<string>();
      if (candidate !== row && ![...(titles[candidate] ?? [])].some((w) => mine.has(w))) {
        otherRow = candidate;
        break;
      }
    }
    return {
      row,
      job,
      matched: String(r["Resume-matched"] ?? ""),
      twin: String(r["Resume-unmatched"] ?? ""),
      removedSkills: Array.isArray(filtered.Skills) ? filtered.Skills.map(String) : [],
      experienceCut: !/same job experience/i.test(String(filtered.Experience ?? "")),
      truthRoles,
      part: isHeldOut(job) ? "heldout" : "tune",
      otherRow,
    };
  });
}

export type TripleOutcome = {
  row: number;
  part: Triple["part"];
  experienceCut: boolean;
  matchedScore: number;
  twinScore: number;
  otherScore: number;
  matchedYears: number;
  twinYears: number;
  removed: { skill: string; missingInTwin: boolean; missingInMatched: boolean }[];
};

export type TripleFigures = {
  rows: number;
  /** Matched resume strictly above its weakened twin. */
  ordered: number;
  /** Removed skills reported missing for the twin. */
  removedMissingInTwin: number;
  /** Removed skills not reported missing for the matched resume. */
  removedNotMissingInMatched: number;
  /** The twin has strictly fewer resumeYears (rows whose twin's experience was cut). */
  twinFewerYears: number;
  /** The same over every row, including the twins whose experience the generator left as it was. */
  twinFewerYearsAllRows: number;
  /** Matched resume scores 60 or more ('Good Match' or better). */
  matchedGood: number;
  matchedMedian: number;
  /** Another occupation's resume scores below 40. */
  otherBelow40: number;
  /** Another occupation's resume scores below the matched one. */
  otherBelowMatched: number;
};

export const TRIPLE_TARGETS: Omit<TripleFigures, "rows" | "matchedMedian" | "twinFewerYearsAllRows"> = {
  ordered: 0.98,
  removedMissingInTwin: 0.9,
  removedNotMissingInMatched: 0.9,
  twinFewerYears: 0.95,
  matchedGood: 0.9,
  otherBelow40: 0.95,
  otherBelowMatched: 0.99,
};

const share = (hits: number, total: number) => (total === 0 ? 0 : hits / total);

/** Runs the engine on each triple's matched resume, twin and another occupation's resume. */
export function evaluateTriples(
  triples: readonly Triple[],
  all: readonly Triple[],
  analyze: Analyze,
  now: Date = NOW,
): TripleOutcome[] {
  return triples.map((t) => {
    const other = all[t.otherRow] ?? t;
    const matched = analyze({ resumeText: t.matched, jobDescription: t.job }, { now });
    const twin = analyze({ resumeText: t.twin, jobDescription: t.job }, { now });
    const foreign = analyze({ resumeText: other.matched, jobDescription: t.job }, { now });
    return {
      row: t.row,
      part: t.part,
      experienceCut: t.experienceCut,
      matchedScore: matched.overallScore,
      twinScore: twin.overallScore,
      otherScore: foreign.overallScore,
      matchedYears: matched.experienceComparison.resumeYears,
      twinYears: twin.experienceComparison.resumeYears,
      removed: t.removedSkills.map((skill) => ({
        skill,
        missingInTwin: reportsMissing(twin, skill),
        missingInMatched: reportsMissing(matched, skill),
      })),
    };
  });
}

export function tripleFigures(outcomes: readonly TripleOutcome[]): TripleFigures {
  const removed = outcomes.flatMap((o) => o.removed);
  const scores = outcomes.map((o) => o.matchedScore).sort((a, b) => a - b);
  return {
    rows: outcomes.length,
    ordered: share(outcomes.filter((o) => o.matchedScore > o.twinScore).length, outcomes.length),
    removedMissingInTwin: share(removed.filter((r) => r.missingInTwin).length, removed.length),
    removedNotMissingInMatched: share(removed.filter((r) => !r.missingInMatched).length, removed.length),
    twinFewerYears: share(
      outcomes.filter((o) => o.experienceCut && o.twinYears < o.matchedYears).length,
      outcomes.filter((o) => o.experienceCut).length,
    ),
    twinFewerYearsAllRows: share(
      outcomes.filter((o) => o.twinYears < o.matchedYears).length,
      outcomes.length,
    ),
    matchedGood: share(outcomes.filter((o) => o.matchedScore >= 60).length, outcomes.length),
    matchedMedian: scores[Math.floor(scores.length / 2)] ?? 0,
    otherBelow40: share(outcomes.filter((o) => o.otherScore < 40).length, outcomes.length),
    otherBelowMatched: share(outcomes.filter((o) => o.otherScore < o.matchedScore).length, outcomes.length),
  };
}

export type TripleBaselines = {
  overlapOrdered: number;
  tfidfOrdered: number;
  overlapOtherBelow: number;
  tfidfOtherBelow: number;
};

/** Keyword overlap and TF-IDF cosine on the same triples (TF-IDF fitted on every posting and resume given). */
export function tripleBaselines(triples: readonly Triple[], all: readonly Triple[]): TripleBaselines {
  const model = new TfIdf(all.flatMap((t) => [t.job, t.matched]));
  let overlapOrdered = 0;
  let tfidfOrdered = 0;
  let overlapOther = 0;
  let tfidfOther = 0;
  for (const t of triples) {
    const other = (all[t.otherRow] ?? t).matched;
    const o = [keywordOverlap(t.job, t.matched), keywordOverlap(t.job, t.twin), keywordOverlap(t.job, other)];
    const c = [model.cosine(t.job, t.matched), model.cosine(t.job, t.twin), model.cosine(t.job, other)];
    if ((o[0] ?? 0) > (o[1] ?? 0)) overlapOrdered++;
    if ((c[0] ?? 0) > (c[1] ?? 0)) tfidfOrdered++;
    if ((o[2] ?? 0) < (o[0] ?? 0)) overlapOther++;
    if ((c[2] ?? 0) < (c[0] ?? 0)) tfidfOther++;
  }
  return {
    overlapOrdered: share(overlapOrdered, triples.length),
    tfidfOrdered: share(tfidfOrdered, triples.length),
    overlapOtherBelow: share(overlapOther, triples.length),
    tfidfOtherBelow: share(tfidfOther, triples.length),
  };
}

/** Stage 1 on RJDB: the generator's roles found with their years, and total years within half a year. */
export function roleRecall(
  triples: readonly Triple[],
  parse: (text: string) => {
    experience: { title: string | null; start: string | null; end: string | null }[];
    years: number;
  },
): { roles: number; recall: number; titled: number; yearsExact: number } {
  let roles = 0;
  let found = 0;
  let titled = 0;
  let exact = 0;
  for (const t of triples) {
    const parsed = parse(t.matched);
    for (const role of t.truthRoles) {
      roles++;
      const same = parsed.experience.filter(
        (e) => e.start?.startsWith(String(role.start)) && (e.end ?? "").startsWith(String(role.end)),
      );
      if (same.length > 0) found++;
      // The generator's titles are O*NET's ("Teachers - postsecondary") and the resume words them
      // its own way, so a title is read when it is at least as close as "Engineer" to "Software Engineer".
      if (same.some((e) => titleSimilarity(role.title, e.title ?? "") >= 0.6)) titled++;
    }
    const spans = t.truthRoles.map((r) => [r.start, r.end] as const).sort((a, b) => a[0] - b[0]);
    let total = 0;
    let from = -1;
    let to = -1;
    for (const [a, b] of spans) {
      if (a > to) {
        total += to - from;
        from = a;
        to = b;
      } else to = Math.max(to, b);
    }
    total += to - from;
    if (Math.abs(parsed.years - total) <= 0.5) exact++;
  }
  return {
    roles,
    recall: share(found, roles),
    titled: share(titled, roles),
    yearsExact: share(exact, triples.length),
  };
}
