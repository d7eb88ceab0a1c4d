/**
 * The evaluation set's figures: how well the engine tells a well-matched resume from its
 * weakened twin (a few required skills deleted, one role shortened), plus two text-similarity
 * baselines on the same pairs for comparison.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TAnalysisResult } from "@resumelens/contract";
import { NOW, normaliseName } from "../support.ts";
import { type WeakenSpec, weaken } from "./weaken.ts";

export const PAIRS_DIR = fileURLToPath(new URL("./pairs/", import.meta.url));

/** The release targets the evaluation test asserts. */
export const TARGETS = {
  pairOrdering: 0.98,
  removedReportedMissing: 0.9,
  fullNotMissing: 0.9,
  yearsLower: 0.95,
} as const;

export type Pair = { id: string; job: string; resume: string; spec: WeakenSpec; weakened: string };

export type Analyze = (
  input: { resumeText: string; jobDescription: string },
  options: { now: Date },
) => TAnalysisResult;

/** Validates a weaken.json by hand: a malformed spec must fail loudly, not weaken nothing. */
export function parseSpec(raw: unknown, where: string): WeakenSpec {
  const fail = (why: string): never => {
    throw new Error(`${where}: ${why}`);
  };
  if (typeof raw !== "object" || raw === null) fail("not an object");
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!["removeSkills", "aliases", "shortenRole"].includes(key)) fail(`unknown key "${key}"`);
  }
  const skills = o.removeSkills;
  if (!Array.isArray(skills) || skills.length < 2 || skills.length > 4)
    fail("removeSkills must list 2–4 skills");
  if (!(skills as unknown[]).every((s) => typeof s === "string" && s.trim() !== "")) fail("bad removeSkills");
  if (o.aliases !== undefined) {
    if (typeof o.aliases !== "object" || o.aliases === null || Array.isArray(o.aliases)) fail("bad aliases");
    for (const [skill, list] of Object.entries(o.aliases as Record<string, unknown>)) {
      if (!(skills as string[]).includes(skill)) fail(`aliases for "${skill}", which is not removed`);
      if (!Array.isArray(list) || !list.every((a) => typeof a === "string" && a.trim() !== "")) {
        fail(`bad aliases for "${skill}"`);
      }
    }
  }
  const role = o.shortenRole as Record<string, unknown> | undefined;
  if (!role || typeof role.find !== "string" || typeof role.replace !== "string" || !role.find.trim()) {
    fail("shortenRole must be { find, replace }");
  }
  return o as unknown as WeakenSpec;
}

/** Every pair directory, sorted, with its weakened resume already built. */
export function loadPairs(dir: string = PAIRS_DIR): Pair[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((id) => {
      const base = join(dir, id);
      for (const file of ["job.txt", "resume.txt", "weaken.json"]) {
        if (!existsSync(join(base, file))) throw new Error(`pair ${id} lacks ${file}`);
      }
      const resume = readFileSync(join(base, "resume.txt"), "utf8");
      const spec = parseSpec(
        JSON.parse(readFileSync(join(base, "weaken.json"), "utf8")),
        `${id}/weaken.json`,
      );
      return {
        id,
        job: readFileSync(join(base, "job.txt"), "utf8"),
        resume,
        spec,
        weakened: weaken(resume, spec),
      };
    });
}

/** The occupation a pair belongs to: its id without a trailing number ("cashier-2" → "cashier"). */
export function occupationOf(id: string): string {
  return id.replace(/-\d+$/, "");
}

/**
 * Whether the engine reported a removed skill under one of its names. Names are compared after
 * normalising (case, punctuation, spacing); the engine reports phrase requirements in the
 * posting's own wording, so a reported name that contains the skill word for word also counts
 * ("servsafe food handler card" names "ServSafe").
 */
export function isReported(skill: string, aliases: readonly string[], reported: readonly string[]): boolean {
  const forms = [skill, ...aliases].map(normaliseName).filter(Boolean);
  return reported.some((name) => {
    const n = normaliseName(name);
    return forms.some((f) => n === f || ` ${n} `.includes(` ${f} `));
  });
}

export type RemovedOutcome = { skill: string; reportedMissing: boolean; missingInFull: boolean };

export type PairOutcome = {
  id: string;
  fullScore: number;
  weakScore: number;
  ordered: boolean;
  fullYears: number;
  weakYears: number;
  yearsLower: boolean;
  removed: RemovedOutcome[];
  weakMissing: string[];
  fullMissing: string[];
};

export type Figures = {
  pairs: number;
  /** Share of pairs where the full resume scores strictly higher than its weakened twin. */
  pairOrdering: number;
  /** Share of removed skills the engine lists as missing for the weakened resume. */
  removedReportedMissing: number;
  /** Share of removed skills the engine does NOT list as missing for the full resume. */
  fullNotMissing: number;
  /** Share of pairs where the weakened resume has strictly fewer years. */
  yearsLower: number;
};

const share = (hits: number, total: number) => (total === 0 ? 0 : hits / total);

/** Runs the engine on every pair (full and weakened) and computes the figures. */
export function evaluate(
  pairs: readonly Pair[],
  analyze: Analyze,
  now: Date = NOW,
): { outcomes: PairOutcome[]; figures: Figures } {
  const outcomes = pairs.map((p): PairOutcome => {
    const full = analyze({ resumeText: p.resume, jobDescription: p.job }, { now });
    const weak = analyze({ resumeText: p.weakened, jobDescription: p.job }, { now });
    const fullMissing = full.skillsMatch.missing.map((m) => m.skill);
    const weakMissing = weak.skillsMatch.missing.map((m) => m.skill);
    return {
      id: p.id,
      fullScore: full.overallScore,
      weakScore: weak.overallScore,
      ordered: full.overallScore > weak.overallScore,
      fullYears: full.experienceComparison.resumeYears,
      weakYears: weak.experienceComparison.resumeYears,
      yearsLower: weak.experienceComparison.resumeYears < full.experienceComparison.resumeYears,
      removed: p.spec.removeSkills.map((skill) => {
        const aliases = p.spec.aliases?.[skill] ?? [];
        return {
          skill,
          reportedMissing: isReported(skill, aliases, weakMissing),
          missingInFull: isReported(skill, aliases, fullMissing),
        };
      }),
      weakMissing,
      fullMissing,
    };
  });
  const removed = outcomes.flatMap((o) => o.removed);
  return {
    outcomes,
    figures: {
      pairs: outcomes.length,
      pairOrdering: share(outcomes.filter((o) => o.ordered).length, outcomes.length),
      removedReportedMissing: share(removed.filter((r) => r.reportedMissing).length, removed.length),
      fullNotMissing: share(removed.filter((r) => !r.missingInFull).length, removed.length),
      yearsLower: share(outcomes.filter((o) => o.yearsLower).length, outcomes.length),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Baselines: what plain text similarity achieves on the same pairs.

const STOPWORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being below between
both but by can could did do does doing down during each either etc every few for from further get had has
have having he her here hers him his how i if in into is it its itself just me more most my myself no nor
not now of off on once only or other our ours out over own per plus same she should so some such than that
the their them then there these they this those through to too under until up upon us very via was we were
what when where which while who whom why will with within without would you your yours yourself able across
including like well new one two three four five six seven eight nine ten year years day days week weeks
month months time work working job role team company experience ability strong must preferred required
requirements nice have has looking we're you'll you're we'll it's`.split(/\s+/),
);

/** Lower-case word tokens, keeping "c++", "c#", "node.js", "ci/cd" whole. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text
    .normalize("NFKC")
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}][\p{L}\p{N}+#.&'/-]*/gu)) {
    const t = m[0].replace(/[.'/&-]+$/, "");
    if (t) out.push(t);
  }
  return out;
}

/** Tokens that carry meaning: no stopwords, no bare numbers. */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((t) => !STOPWORDS.has(t) && !/^[\d.,/+%$-]+$/.test(t));
}

/** Baseline 1: the share of the posting's distinct content words that occur in the resume. */
export function keywordOverlap(job: string, resume: string): number {
  const wanted = new Set(contentWords(job));
  const have = new Set(tokenize(resume));
  let hits = 0;
  for (const w of wanted) if (have.has(w)) hits++;
  return share(hits, wanted.size);
}

/** Baseline 2: TF-IDF (raw counts, smoothed idf, L2 norm) fitted on a small corpus. */
export class TfIdf {
  private readonly idf = new Map<string, number>();
  private readonly defaultIdf: number;

  constructor(corpus: readonly string[]) {
    const df = new Map<string, number>();
    for (const doc of corpus) for (const t of new Set(contentWords(doc))) df.set(t, (df.get(t) ?? 0) + 1);
    const n = corpus.length;
    for (const [t, d] of df) this.idf.set(t, Math.log((1 + n) / (1 + d)) + 1);
    this.defaultIdf = Math.log(1 + n) + 1;
  }

  vector(text: string): Map<string, number> {
    const v = new Map<string, number>();
    for (const t of contentWords(text)) v.set(t, (v.get(t) ?? 0) + 1);
    let norm = 0;
    for (const [t, tf] of v) {
      const w = tf * (this.idf.get(t) ?? this.defaultIdf);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [t, w] of v) v.set(t, w / norm);
    return v;
  }

  cosine(a: string, b: string): number {
    const va = this.vector(a);
    const vb = this.vector(b);
    let dot = 0;
    for (const [t, w] of va) dot += w * (vb.get(t) ?? 0);
    return dot;
  }
}

export type BaselineOutcome = { id: string; overlap: [number, number]; tfidf: [number, number] };

/** Both baselines' pair ordering (full strictly above weakened; ties count as failures). */
export function baselines(pairs: readonly Pair[]): {
  keywordOverlap: number;
  tfidf: number;
  outcomes: BaselineOutcome[];
} {
  const jobs = pairs.map((p) => p.job);
  const outcomes = pairs.map((p): BaselineOutcome => {
    const model = new TfIdf([p.resume, p.weakened, ...jobs]);
    return {
      id: p.id,
      overlap: [keywordOverlap(p.job, p.resume), keywordOverlap(p.job, p.weakened)],
      tfidf: [model.cosine(p.job, p.resume), model.cosine(p.job, p.weakened)],
    };
  });
  return {
    keywordOverlap: share(outcomes.filter((o) => o.overlap[0] > o.overlap[1]).length, outcomes.length),
    tfidf: share(outcomes.filter((o) => o.tfidf[0] > o.tfidf[1]).length, outcomes.length),
    outcomes,
  };
}

// ---------------------------------------------------------------------------------------------
// Reporting

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The figures, their targets and the baselines as a small fixed-width table. */
export function formatTable(
  figures: Figures | null,
  base: { keywordOverlap: number; tfidf: number },
  occupations: number,
): string {
  const rows: [string, string, string][] = [["figure", "value", "target"]];
  if (figures) {
    const ok = (x: number, t: number) => `≥ ${pct(t)} ${x >= t ? "ok" : "MISSED"}`;
    rows.push(
      ["engine pairOrdering", pct(figures.pairOrdering), ok(figures.pairOrdering, TARGETS.pairOrdering)],
      [
        "engine removedReportedMissing",
        pct(figures.removedReportedMissing),
        ok(figures.removedReportedMissing, TARGETS.removedReportedMissing),
      ],
      [
        "engine fullNotMissing",
        pct(figures.fullNotMissing),
        ok(figures.fullNotMissing, TARGETS.fullNotMissing),
      ],
      ["engine yearsLower", pct(figures.yearsLower), ok(figures.yearsLower, TARGETS.yearsLower)],
    );
  }
  rows.push(
    ["baseline keyword overlap pairOrdering", pct(base.keywordOverlap), "(comparison)"],
    ["baseline TF-IDF cosine pairOrdering", pct(base.tfidf), "(comparison)"],
  );
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  const lines = rows.map(([a, b, c]) => `${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`);
  lines.splice(1, 0, "-".repeat(lines[0]?.length ?? 40));
  const pairs = figures?.pairs ?? "?";
  return [`evaluation set: ${pairs} pairs, ${occupations} occupations`, ...lines].join("\n");
}

/** One paragraph per pair that fails any figure, saying what went wrong. */
export function formatFailures(outcomes: readonly PairOutcome[]): string {
  const out: string[] = [];
  for (const o of outcomes) {
    const problems: string[] = [];
    if (!o.ordered)
      problems.push(`score not lower when weakened: full ${o.fullScore}, weakened ${o.weakScore}`);
    const notReported = o.removed.filter((r) => !r.reportedMissing).map((r) => r.skill);
    if (notReported.length) {
      problems.push(
        `removed but not reported missing: ${notReported.join(", ")} (weakened missing: ${o.weakMissing.join(", ") || "none"})`,
      );
    }
    const wronglyMissing = o.removed.filter((r) => r.missingInFull).map((r) => r.skill);
    if (wronglyMissing.length) {
      problems.push(`reported missing although present in the full resume: ${wronglyMissing.join(", ")}`);
    }
    if (!o.yearsLower) problems.push(`years not lower: full ${o.fullYears}, weakened ${o.weakYears}`);
    if (problems.length) out.push(`${o.id}\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  return out.length ? out.join("\n") : "no failing pairs";
}
