/**
 * The real evaluation set (`real/`): published postings and resumes from public sources, labelled
 * by hand (see real/README.md and real/SOURCES.md). Test data only: it never ships.
 *
 * Figures: AUC of fit vs unrelated (engine, TF-IDF, keyword overlap), the share of fits in the
 * 'Good Match' band, junior-vs-senior ordering, keyword stuffing (an unrelated resume with the
 * posting pasted under it, or one bare line of the posting's skills), and the stages measured on
 * their own: requirement extraction precision and recall, role and years recall.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TAnalysisResult } from "@resumelens/contract";
import { runPipeline } from "../../src/analysis/analyze.ts";
import { contentStems } from "../../src/analysis/phrases.ts";
import { NOW } from "../support.ts";
import { keywordOverlap, TfIdf } from "./metrics.ts";
import type { Analyze } from "./rjdb.ts";

export const REAL_DIR = fileURLToPath(new URL("./real/", import.meta.url));

type RequirementLabel = { text: string; kind: string; priority: "Required" | "Preferred" };
type RoleLabel = { title: string; start: string; end: string; employer?: string };
type PairLabel =
  | { posting: string; resume: string; label: "fit" | "unrelated" }
  | { posting: string; junior: string; senior: string; label: "junior-vs-senior"; expect: string };

export type RealSet = {
  postings: Map<string, { text: string; requirements: RequirementLabel[]; seniority: string }>;
  resumes: Map<string, { text: string; roles: RoleLabel[]; totalYears: number }>;
  pairs: PairLabel[];
};

export function loadRealSet(dir: string = REAL_DIR): RealSet | null {
  if (!existsSync(join(dir, "labels.json"))) return null;
  const labels = JSON.parse(readFileSync(join(dir, "labels.json"), "utf8")) as {
    postings: Record<string, { requirements: RequirementLabel[]; seniority: string }>;
    resumes: Record<string, { roles: RoleLabel[]; totalYears: number }>;
    pairs: PairLabel[];
  };
  const read = (folder: string) =>
    new Map(
      readdirSync(join(dir, folder))
        .filter((f) => f.endsWith(".txt"))
        .map((f) => [f.replace(/\.txt$/, ""), readFileSync(join(dir, folder, f), "utf8")]),
    );
  const postingTexts = read("postings");
  const resumeTexts = read("resumes");
  const postings: RealSet["postings"] = new Map();
  for (const [id, label] of Object.entries(labels.postings)) {
    const text = postingTexts.get(id);
    if (text === undefined) throw new Error(`labels name posting ${id}, which has no file`);
    postings.set(id, { text, requirements: label.requirements, seniority: label.seniority });
  }
  const resumes: RealSet["resumes"] = new Map();
  for (const [id, label] of Object.entries(labels.resumes)) {
    const text = resumeTexts.get(id);
    if (text === undefined) throw new Error(`labels name resume ${id}, which has no file`);
    resumes.set(id, { text, roles: label.roles, totalYears: label.totalYears });
  }
  return { postings, resumes, pairs: labels.pairs };
}

/** Area under the ROC curve: the chance a fit scores above an unrelated pair (ties count half). */
export function auc(positives: number[], negatives: number[]): number {
  if (!positives.length || !negatives.length) return Number.NaN;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/** The line a keyword stuffer would paste: the posting's named required skills, up to nine. */
function keywordLine(posting: string): string {
  const p = runPipeline({ resumeText: "", jobDescription: posting }, { now: NOW });
  return p.requirements
    .filter(
      (r) =>
        r.priority === "Required" && (r.kind === "skill" || r.kind === "credential") && r.category !== "soft",
    )
    .slice(0, 9)
    .map((r) => r.name)
    .join(" ");
}

export type RealFigures = {
  fits: number;
  unrelated: number;
  aucEngine: number;
  aucTfidf: number;
  aucOverlap: number;
  fitsAtLeast60: number;
  fitMedian: number;
  unrelatedBelow40: number;
  juniorSenior: { pairs: number; ordered: number };
  stuffed: {
    cases: number;
    /** Mean points an unrelated resume gains when the posting is pasted under it. */
    pastedGain: number;
    /** Share of pasted-posting resumes the ATS review flags as copied text. */
    pastedFlagged: number;
    /** Mean points gained by appending one bare line of the posting's skills. */
    keywordLineGain: number;
    /** Share of stuffed resumes still scoring below the real fit for that posting. */
    belowFit: number;
  };
  requirements: { labelled: number; extracted: number; precision: number; recall: number };
  roles: { labelled: number; recall: number; yearsWithinHalf: number; resumes: number };
  perPair: { posting: string; resume: string; label: string; score: number; tfidf: number }[];
};

const COPIED_ISSUE = /repeat the job posting word for word/;

function stemsMatch(label: string, extracted: string): boolean {
  const a = new Set(contentStems(label));
  const b = new Set(contentStems(extracted));
  if (a.size === 0 || b.size === 0) return label.trim().toLowerCase() === extracted.trim().toLowerCase();
  const shared = [...a].filter((s) => b.has(s)).length;
  return shared / a.size >= 0.5 || shared / b.size >= 0.75;
}

function parseMonth(text: string, end: boolean): number | null {
  if (/present|current|now/i.test(text)) return 2026 * 12 + 5;
  const m = /^(\d{4})(?:-(\d{2}))?/.exec(text.trim());
  if (!m?.[1]) return null;
  return Number(m[1]) * 12 + (m[2] ? Number(m[2]) - 1 : end ? 11 : 0);
}

export function evaluateReal(set: RealSet, analyze: Analyze): RealFigures {
  const now = NOW;
  const cache = new Map<string, TAnalysisResult>();
  const run = (resume: string, posting: string) => {
    const key = `${resume}\u0000${posting}`;
    let result = cache.get(key);
    if (!result) {
      result = analyze({ resumeText: resume, jobDescription: posting }, { now });
      cache.set(key, result);
    }
    return result;
  };
  const tfidf = new TfIdf([...set.postings.values(), ...set.resumes.values()].map((d) => d.text));
  const perPair: RealFigures["perPair"] = [];
  const engine = { fit: [] as number[], unrelated: [] as number[] };
  const cos = { fit: [] as number[], unrelated: [] as number[] };
  const overlap = { fit: [] as number[], unrelated: [] as number[] };
  let jsPairs = 0;
  let jsOrdered = 0;
  for (const pair of set.pairs) {
    const posting = set.postings.get(pair.posting);
    if (!posting) continue;
    if (pair.label === "junior-vs-senior") {
      const junior = set.resumes.get(pair.junior);
      const senior = set.resumes.get(pair.senior);
      if (!junior || !senior) continue;
      const j = run(junior.text, posting.text).overallScore;
      const s = run(senior.text, posting.text).overallScore;
      jsPairs++;
      if (pair.expect === "junior-higher" ? j > s : s > j) jsOrdered++;
      continue;
    }
    const resume = set.resumes.get(pair.resume);
    if (!resume) continue;
    const score = run(resume.text, posting.text).overallScore;
    const c = tfidf.cosine(posting.text, resume.text);
    engine[pair.label].push(score);
    cos[pair.label].push(c);
    overlap[pair.label].push(keywordOverlap(posting.text, resume.text));
    perPair.push({ posting: pair.posting, resume: pair.resume, label: pair.label, score, tfidf: c });
  }

  // Stuffing: for each posting with a fit, its unrelated resumes with the posting pasted under
  // them, and with one bare line of the posting's required skills.
  const stuffed = { cases: 0, pasted: 0, flagged: 0, keyword: 0, belowFit: 0 };
  for (const fitPair of perPair.filter((p) => p.label === "fit")) {
    const posting = set.postings.get(fitPair.posting);
    if (!posting) continue;
    for (const other of perPair.filter((p) => p.label === "unrelated" && p.posting === fitPair.posting)) {
      const resume = set.resumes.get(other.resume);
      if (!resume) continue;
      const base = run(resume.text, posting.text);
      const pasted = run(`${resume.text}\n\n${posting.text}`, posting.text);
      const keywords = run(`${resume.text}\n${keywordLine(posting.text)}`, posting.text);
      stuffed.cases++;
      stuffed.pasted += pasted.overallScore - base.overallScore;
      stuffed.keyword += keywords.overallScore - base.overallScore;
      if (pasted.atsAnalysis.issues.some((i) => COPIED_ISSUE.test(i.issue))) stuffed.flagged++;
      if (Math.max(pasted.overallScore, keywords.overallScore) < fitPair.score) stuffed.belowFit++;
    }
  }

  // Stage 3: requirement extraction against the hand labels.
  let labelled = 0;
  let recalled = 0;
  let extracted = 0;
  let correct = 0;
  for (const posting of set.postings.values()) {
    const p = runPipeline({ resumeText: "", jobDescription: posting.text }, { now });
    const names = p.requirements.map((r) => r.name);
    for (const label of posting.requirements) {
      labelled++;
      const hit =
        label.kind === "years"
          ? p.job.yearsRequired !== null || p.requirements.some((r) => r.kind === "experience")
          : label.kind === "education"
            ? p.job.education !== null || names.some((n) => stemsMatch(label.text, n))
            : names.some((n) => stemsMatch(label.text, n));
      if (hit) recalled++;
    }
    for (const name of names) {
      extracted++;
      if (posting.requirements.some((l) => stemsMatch(l.text, name))) correct++;
    }
  }

  // Stage 1: roles and years against the hand labels.
  let roleLabels = 0;
  let rolesFound = 0;
  let yearsOk = 0;
  for (const resume of set.resumes.values()) {
    const p = runPipeline({ resumeText: resume.text, jobDescription: "" }, { now });
    for (const role of resume.roles) {
      roleLabels++;
      const start = parseMonth(role.start, false);
      if (start === null) continue;
      if (
        p.resume.experience.some(
          (e) => e.startMonth !== null && Math.floor(e.startMonth / 12) === Math.floor(start / 12),
        )
      )
        rolesFound++;
    }
    if (Math.abs(p.experience.resumeYears - resume.totalYears) <= 0.5) yearsOk++;
  }

  const fitScores = [...engine.fit].sort((a, b) => a - b);
  return {
    fits: engine.fit.length,
    unrelated: engine.unrelated.length,
    aucEngine: auc(engine.fit, engine.unrelated),
    aucTfidf: auc(cos.fit, cos.unrelated),
    aucOverlap: auc(overlap.fit, overlap.unrelated),
    fitsAtLeast60: engine.fit.filter((s) => s >= 60).length / Math.max(1, engine.fit.length),
    fitMedian: fitScores[Math.floor(fitScores.length / 2)] ?? 0,
    unrelatedBelow40: engine.unrelated.filter((s) => s < 40).length / Math.max(1, engine.unrelated.length),
    juniorSenior: { pairs: jsPairs, ordered: jsPairs ? jsOrdered / jsPairs : Number.NaN },
    stuffed: {
      cases: stuffed.cases,
      pastedGain: stuffed.cases ? stuffed.pasted / stuffed.cases : 0,
      pastedFlagged: stuffed.cases ? stuffed.flagged / stuffed.cases : 0,
      keywordLineGain: stuffed.cases ? stuffed.keyword / stuffed.cases : 0,
      belowFit: stuffed.cases ? stuffed.belowFit / stuffed.cases : 0,
    },
    requirements: {
      labelled,
      extracted,
      precision: extracted ? correct / extracted : 0,
      recall: labelled ? recalled / labelled : 0,
    },
    roles: {
      labelled: roleLabels,
      recall: roleLabels ? rolesFound / roleLabels : 0,
      yearsWithinHalf: set.resumes.size ? yearsOk / set.resumes.size : 0,
      resumes: set.resumes.size,
    },
    perPair,
  };
}
