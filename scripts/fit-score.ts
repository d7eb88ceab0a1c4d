/**
 * Fits the overall score's weights and the relevance calibration on evaluation data, and writes
 * them to packages/engine/data/score-model.json. Reproducible: same data, same model.
 *
 *   npm run fit:engine            # fit and write
 *   npm run fit:engine -- --check # fit and fail if the committed model differs
 *
 * Data: the tuning rows of RJDB (`../shared/data/eval/rjdb-dev.jsonl`, one row in five held aside
 * by a hash of the posting and never read here) — each a posting, the resume written for it, its
 * weakened twin and another occupation's resume — plus the engine's own 42 evaluation pairs.
 *
 * Objective (see docs/decisions/2026-11-24-engine-2.md): a resume written for the posting should
 * reach the 'Good Match' band (≥ 60, fitted to 65 for margin), another occupation's resume should
 * stay below 40 (fitted to 35), and every resume should score above its weakened twin. Each is a
 * smooth hinge (softplus); weights stay in [0.03, 0.5] and sum to 1, so every component keeps a
 * visible share. Minimised by projected gradient descent from equal weights.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runPipeline } from "../packages/engine/src/analysis/analyze.ts";
import {
  COMPONENT_KEYS,
  type ComponentKey,
  calibrated,
  type ScoreModel,
  weightedScore,
} from "../packages/engine/src/analysis/score.ts";
import { loadPairs } from "../packages/engine/test/eval/metrics.ts";
import { loadTriples } from "../packages/engine/test/eval/rjdb.ts";
import { loadFixtures, NOW } from "../packages/engine/test/support.ts";

const MODEL_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../packages/engine/data/score-model.json",
);

/** The objective's targets and limits, named so the decision record can cite them. */
export const FIT = {
  goodTarget: 65,
  badTarget: 35,
  softness: 5,
  orderMargin: 2,
  orderSoftness: 2,
  orderWeight: 1,
  minWeight: 0.03,
  maxWeight: 0.5,
  steps: 4000,
  learningRate: 0.02,
} as const;

type Values = Partial<Record<ComponentKey, number | null>> & { rawRelevance: number; rawOccupation: number };

/** Component values of one resume against one posting (the two similarities still raw). */
function values(resumeText: string, jobDescription: string): Values {
  const p = runPipeline({ resumeText, jobDescription }, { now: NOW });
  const out: Values = { rawRelevance: p.relevance.text, rawOccupation: p.relevance.occupation };
  for (const c of p.components) if (c.key !== "relevance" && c.key !== "occupation") out[c.key] = c.value;
  return out;
}

/** Every component's value under a model's calibration. */
function scored(v: Values, model: ScoreModel): number {
  return weightedScore(
    {
      ...v,
      relevance: calibrated(v.rawRelevance, model.relevance),
      occupation: calibrated(v.rawOccupation, model.occupation),
    },
    model,
  );
}

type Example = { good: Values; twin: Values | null; bad: Values };
/** A hand-labelled fixture: the score band its labels allow. */
type Banded = { values: Values; min: number | null; max: number | null };

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const softplus = (x: number) => (x > 30 ? x : Math.log1p(Math.exp(x)));

function loss(examples: Example[], model: ScoreModel, banded: Banded[] = []): number {
  const score = (v: Values) => scored(v, model);
  let total = 0;
  // Each labelled fixture counts like ten examples: there are few, and they carry what the RJDB
  // rows cannot (an apprentice short of the years asked for, a career changer).
  for (const b of banded) {
    const s = score(b.values);
    if (b.min !== null) total += 10 * softplus((b.min - s) / FIT.softness);
    if (b.max !== null) total += 10 * softplus((s - b.max) / FIT.softness);
  }
  for (const e of examples) {
    const good = score(e.good);
    total += softplus((FIT.goodTarget - good) / FIT.softness);
    total += softplus((score(e.bad) - FIT.badTarget) / FIT.softness);
    if (e.twin)
      total += FIT.orderWeight * softplus((score(e.twin) - good + FIT.orderMargin) / FIT.orderSoftness);
  }
  return total / examples.length;
}

/** Keeps weights within bounds and summing to 1 (a few rounds of clip-and-rescale). */
function project(weights: Record<ComponentKey, number>): Record<ComponentKey, number> {
  const out = { ...weights };
  for (let round = 0; round < 20; round++) {
    for (const k of COMPONENT_KEYS) out[k] = Math.min(FIT.maxWeight, Math.max(FIT.minWeight, out[k]));
    const sum = COMPONENT_KEYS.reduce((s, k) => s + out[k], 0);
    for (const k of COMPONENT_KEYS) out[k] /= sum;
  }
  return out;
}

export function fitModel(examples: Example[], banded: Banded[] = []): ScoreModel {
  // Each similarity is worth 0 at the median of another occupation's resume and 100 at the median
  // of a resume written for the posting.
  const scale = (raw: (v: Values) => number) => ({
    low: Math.round(median(examples.map((e) => raw(e.bad))) * 1000) / 1000,
    high: Math.round(median(examples.map((e) => raw(e.good))) * 1000) / 1000,
  });
  const relevance = scale((v) => v.rawRelevance);
  const occupation = scale((v) => v.rawOccupation);
  let weights = project(
    Object.fromEntries(COMPONENT_KEYS.map((k) => [k, 1 / COMPONENT_KEYS.length])) as Record<
      ComponentKey,
      number
    >,
  );
  const model = (w: Record<ComponentKey, number>): ScoreModel => ({
    version: 1,
    weights: w,
    relevance,
    occupation,
    fit: null,
  });
  const h = 1e-4;
  for (let step = 0; step < FIT.steps; step++) {
    const base = loss(examples, model(weights), banded);
    const next = { ...weights };
    for (const k of COMPONENT_KEYS) {
      const bumped = { ...weights, [k]: weights[k] + h };
      next[k] = weights[k] - (FIT.learningRate * (loss(examples, model(bumped), banded) - base)) / h;
    }
    weights = project(next);
  }
  const rounded = Object.fromEntries(COMPONENT_KEYS.map((k) => [k, Math.round(weights[k] * 1000) / 1000]));
  return { version: 1, weights: rounded as Record<ComponentKey, number>, relevance, occupation, fit: null };
}

function figures(examples: Example[], model: ScoreModel) {
  const score = (v: Values) => scored(v, model);
  const withTwin = examples.filter((e) => e.twin);
  const share = (n: number, d: number) => Math.round((1000 * n) / Math.max(1, d)) / 1000;
  return {
    goodAtLeast60: share(examples.filter((e) => score(e.good) >= 60).length, examples.length),
    badBelow40: share(examples.filter((e) => score(e.bad) < 40).length, examples.length),
    aboveTwin: share(withTwin.filter((e) => e.twin && score(e.good) > score(e.twin)).length, withTwin.length),
  };
}

function main() {
  const triples = loadTriples();
  if (!triples) {
    console.error(
      "fit:engine needs ../shared/data/eval/rjdb-dev.jsonl (clone the repository beside shared/).",
    );
    process.exit(2);
  }
  const tune = triples.filter((t) => t.part === "tune");
  const examples: Example[] = tune.map((t) => ({
    good: values(t.matched, t.job),
    twin: values(t.twin, t.job),
    bad: values(triples[t.otherRow]?.matched ?? "", t.job),
  }));
  const pairs = loadPairs();
  pairs.forEach((p, i) => {
    const other = pairs[(i + Math.floor(pairs.length / 2)) % pairs.length];
    examples.push({
      good: values(p.resume, p.job),
      twin: values(p.weakened, p.job),
      bad: values(other?.resume ?? "", p.job),
    });
  });
  const banded: Banded[] = loadFixtures().map((f) => ({
    values: values(f.resume, f.job),
    min: f.expected.minScore ?? null,
    max: f.expected.maxScore ?? null,
  }));
  const fitted = fitModel(examples, banded);
  const model: ScoreModel = {
    ...fitted,
    note: "Written by `npm run fit:engine` (scripts/fit-score.ts); do not edit by hand.",
    fit: {
      data: `RJDB tuning rows (${tune.length} of ${triples.length}; one in five held aside), ${pairs.length} own pairs and the score bands of ${banded.length} labelled fixtures`,
      objective: FIT,
      figures: figures(examples, fitted),
    },
  };
  const text = `${JSON.stringify(model, null, 2)}\n`;
  if (process.argv.includes("--check")) {
    const current = readFileSync(MODEL_PATH, "utf8");
    if (current !== text) {
      console.error("score-model.json is not what the fit produces: run npm run fit:engine and commit it.");
      process.exit(1);
    }
    console.log("score-model.json matches the fit.");
    return;
  }
  writeFileSync(MODEL_PATH, text);
  console.log(JSON.stringify(model, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
