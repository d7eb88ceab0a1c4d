/**
 * `npm run eval:engine` — every figure of the engine's evaluation, with text-similarity baselines
 * computed in the same run:
 *
 *   1. RJDB (`../shared/data/eval/rjdb-dev.jsonl`): tuning rows and held-aside rows separately.
 *   2. The real set (`real/`): AUC of fit vs unrelated, junior vs senior, keyword stuffing.
 *   3. The engine's own 42 pairs.
 *   4. Each stage on its own: roles and years read (stage 1), requirements extracted (stage 3),
 *      removed skills reported (stage 4), shortened experience seen (stage 5), ranking (stage 6).
 *
 * Options: --rows N (only the first N RJDB rows, for a quick look), --quiet (figures only).
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { analyzeResume, ENGINE_VERSION, runPipeline } from "../../src/analysis/analyze.ts";
import { NOW } from "../support.ts";
import { baselines, evaluate, loadPairs } from "./metrics.ts";
import { evaluateReal, loadRealSet } from "./real.ts";
import {
  evaluateTriples,
  loadTriples,
  roleRecall,
  TRIPLE_TARGETS,
  type Triple,
  tripleBaselines,
  tripleFigures,
} from "./rjdb.ts";

const args = process.argv.slice(2);
const rowsArg = args.indexOf("--rows");
const limit = rowsArg >= 0 ? Number(args[rowsArg + 1]) : Number.POSITIVE_INFINITY;
const pct = (x: number) => (Number.isNaN(x) ? "  n/a" : `${(100 * x).toFixed(1).padStart(5)}%`);
const started = performance.now();

console.log(`ResumeLens engine ${ENGINE_VERSION} evaluation — ${new Date().toISOString().slice(0, 10)}`);
console.log(
  `machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, Node ${process.versions.node}\n`,
);

// 1. RJDB -------------------------------------------------------------------------------------
const triples = loadTriples();
if (!triples) {
  console.log("RJDB: ../shared/data/eval/rjdb-dev.jsonl not found (a clone without ../shared); skipped.\n");
} else {
  const used = triples.slice(0, limit);
  const parts: [string, Triple[]][] = [
    ["tuning rows", used.filter((t) => t.part === "tune")],
    ["held-aside rows", used.filter((t) => t.part === "heldout")],
  ];
  console.log(
    "1. RJDB dev set (GPT-written postings, matched resume, weakened twin); another occupation's resume as the unrelated one",
  );
  const header = `   ${"figure".padEnd(58)}${parts.map(([name, rows]) => `${name} (${rows.length})`.padStart(22)).join("")}   target`;
  console.log(header);
  const results = parts.map(([, rows]) => {
    const outcomes = evaluateTriples(rows, triples, analyzeResume);
    return { figures: tripleFigures(outcomes), base: tripleBaselines(rows, triples) };
  });
  const row = (label: string, pick: (r: (typeof results)[number]) => number, target: string) =>
    console.log(
      `   ${label.padEnd(58)}${results.map((r) => pct(pick(r)).padStart(22)).join("")}   ${target}`,
    );
  row("matched resume above its twin — engine", (r) => r.figures.ordered, `≥ ${pct(TRIPLE_TARGETS.ordered)}`);
  row("matched resume above its twin — TF-IDF cosine", (r) => r.base.tfidfOrdered, "(baseline)");
  row("matched resume above its twin — keyword overlap", (r) => r.base.overlapOrdered, "(baseline)");
  row(
    "removed skills reported missing for the twin",
    (r) => r.figures.removedMissingInTwin,
    `≥ ${pct(TRIPLE_TARGETS.removedMissingInTwin)}`,
  );
  row(
    "removed skills not reported missing for the matched resume",
    (r) => r.figures.removedNotMissingInMatched,
    `≥ ${pct(TRIPLE_TARGETS.removedNotMissingInMatched)}`,
  );
  row(
    "twin has fewer resumeYears (rows whose experience was cut)",
    (r) => r.figures.twinFewerYears,
    `≥ ${pct(TRIPLE_TARGETS.twinFewerYears)}`,
  );
  row(
    "twin has fewer resumeYears (every row)",
    (r) => r.figures.twinFewerYearsAllRows,
    "(12% of twins keep their years)",
  );
  row("matched resume scores ≥ 60", (r) => r.figures.matchedGood, `≥ ${pct(TRIPLE_TARGETS.matchedGood)}`);
  console.log(
    `   ${"matched resume median score".padEnd(58)}${results.map((r) => String(r.figures.matchedMedian).padStart(22)).join("")}`,
  );
  row(
    "another occupation's resume scores < 40",
    (r) => r.figures.otherBelow40,
    `≥ ${pct(TRIPLE_TARGETS.otherBelow40)}`,
  );
  row(
    "another occupation's resume below the matched one — engine",
    (r) => r.figures.otherBelowMatched,
    `≥ ${pct(TRIPLE_TARGETS.otherBelowMatched)}`,
  );
  row(
    "another occupation's resume below the matched one — TF-IDF",
    (r) => r.base.tfidfOtherBelow,
    "(baseline)",
  );
  row(
    "another occupation's resume below the matched one — overlap",
    (r) => r.base.overlapOtherBelow,
    "(baseline)",
  );
  const stage1 = roleRecall(used, (text) => {
    const p = runPipeline({ resumeText: text, jobDescription: "" }, { now: NOW });
    return { experience: p.resume.experience, years: p.experience.resumeYears };
  });
  console.log(
    `   stage 1 (read the resume): ${stage1.roles} generator roles, ${pct(stage1.recall)} found with their years, ${pct(stage1.titled)} with their title; total years within half a year ${pct(stage1.yearsExact)}\n`,
  );
}

// 2. Real set ---------------------------------------------------------------------------------
const real = loadRealSet();
if (!real) console.log("2. Real set: real/labels.json not found; skipped.\n");
else {
  const f = evaluateReal(real, analyzeResume);
  console.log(
    `2. Real set (${real.postings.size} published postings, ${real.resumes.size} resumes; sources and licences in real/SOURCES.md)`,
  );
  console.log(`   fit vs unrelated: ${f.fits} fit and ${f.unrelated} unrelated pairs`);
  console.log(
    `     AUC — engine ${f.aucEngine.toFixed(3)}, TF-IDF cosine ${f.aucTfidf.toFixed(3)}, keyword overlap ${f.aucOverlap.toFixed(3)}`,
  );
  console.log(
    `     fits scoring ≥ 60: ${pct(f.fitsAtLeast60)} (median ${f.fitMedian}); unrelated scoring < 40: ${pct(f.unrelatedBelow40)}`,
  );
  console.log(
    `   junior vs senior: ${f.juniorSenior.pairs} pairs, expected order ${pct(f.juniorSenior.ordered)}`,
  );
  console.log(
    `   keyword stuffing (${f.stuffed.cases} unrelated resumes): posting pasted under the resume +${f.stuffed.pastedGain.toFixed(1)} points (flagged ${pct(f.stuffed.pastedFlagged)}); one bare line of its skills +${f.stuffed.keywordLineGain.toFixed(1)} points; stuffed still below the real fit ${pct(f.stuffed.belowFit)}`,
  );
  console.log(
    `   stage 3 (extract requirements): ${f.requirements.labelled} hand-labelled, ${f.requirements.extracted} extracted — precision ${pct(f.requirements.precision)}, recall ${pct(f.requirements.recall)}`,
  );
  console.log(
    `   stage 1 (read the resume): ${f.roles.labelled} labelled roles, ${pct(f.roles.recall)} found; total years within half a year for ${pct(f.roles.yearsWithinHalf)} of ${f.roles.resumes} resumes`,
  );
  if (!args.includes("--quiet")) {
    console.log("   per pair (engine score, TF-IDF cosine):");
    for (const p of f.perPair.filter((x) => x.label === "fit"))
      console.log(
        `     fit        ${p.posting.padEnd(30)} ${p.resume.padEnd(26)} ${String(p.score).padStart(3)}  ${p.tfidf.toFixed(3)}`,
      );
  }
  console.log("");
}

// 3. Own pairs --------------------------------------------------------------------------------
const pairs = loadPairs();
const own = evaluate(pairs, analyzeResume);
const ownBase = baselines(pairs);
console.log(
  `3. Own evaluation pairs (${own.figures.pairs}, written here: not evidence of quality, kept as a regression check)`,
);
console.log(
  `   full above weakened ${pct(own.figures.pairOrdering)} (TF-IDF ${pct(ownBase.tfidf)}, overlap ${pct(ownBase.keywordOverlap)}); removed reported missing ${pct(own.figures.removedReportedMissing)}; not missing in full ${pct(own.figures.fullNotMissing)}; fewer years ${pct(own.figures.yearsLower)}\n`,
);

console.log(`evaluated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
