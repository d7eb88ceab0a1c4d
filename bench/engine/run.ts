/**
 * Engine benchmark: taxonomy load time and memory, then latency (p50/p99) and throughput of
 * analyzeResume on one core for a two-page resume and a typical job description, then time and result
 * size on the worst in-limit inputs we could build (issue 29), run from the same
 * esbuild bundle the API is built into.
 * Run: npm run bench:engine. Figures vary with machine load; the noise line says how much.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer", name), "utf8");

// The engine as the API ships it: bundled by esbuild (apps/api/build.mjs), not transpiled on the fly.
const outdir = mkdtempSync(path.join(os.tmpdir(), "engine-bench-"));
await build({
  entryPoints: [path.join(root, "packages/engine/src/index.ts")],
  outfile: path.join(outdir, "engine.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
});
const importStart = performance.now();
const engine: typeof import("../../packages/engine/src/index.ts") = await import(
  pathToFileURL(path.join(outdir, "engine.mjs")).href
);
const importMs = performance.now() - importStart;
rmSync(outdir, { recursive: true, force: true });
const heapBefore = process.memoryUsage().heapUsed;
const rssBefore = process.memoryUsage().rss;
const loadStart = performance.now();
engine.engineData();
const loadMs = performance.now() - loadStart;
const heapAfter = process.memoryUsage().heapUsed;
const rssAfter = process.memoryUsage().rss;

const resumeText = fixture("resume.txt");
// A two-page resume: the fixture plus a second page of older roles.
const twoPage = `${resumeText}\n\n${resumeText.split("\n").slice(8).join("\n")}`;
const jobDescription = fixture("job.txt");
const now = new Date("2026-06-15T00:00:00Z");

for (let i = 0; i < 50; i++) engine.analyzeResume({ resumeText: twoPage, jobDescription }, { now });

function run(iterations: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    engine.analyzeResume({ resumeText: twoPage, jobDescription }, { now });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const rounds = [run(500), run(500), run(500)];
const all = rounds.flat().sort((a, b) => a - b);
const medians = rounds.map((r) => pct(r, 50));
const spread = (Math.max(...medians) - Math.min(...medians)) / Math.min(...medians);

const words = twoPage.split(/\s+/).length;
console.log("ResumeLens engine benchmark");
console.log(
  `machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, Node ${process.versions.node}, load avg ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(`input: resume ${words} words, job description ${jobDescription.split(/\s+/).length} words`);
console.log(`module import (the esbuild bundle the API ships; JSON parse): ${importMs.toFixed(0)} ms`);
console.log(
  `taxonomy and occupation indexes built (first use): ${loadMs.toFixed(0)} ms, heap +${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB, rss +${((rssAfter - rssBefore) / 1e6).toFixed(1)} MB`,
);
console.log(
  `latency over ${all.length} runs: p50 ${pct(all, 50).toFixed(2)} ms, p90 ${pct(all, 90).toFixed(2)} ms, p99 ${pct(all, 99).toFixed(2)} ms`,
);
const perSecond = (times: number[]) => times.length / (times.reduce((sum, t) => sum + t, 0) / 1000);
console.log(
  `throughput (one core): ${perSecond(all).toFixed(0)} analyses/s over all runs; per round of 500: ${rounds
    .map((r) => perSecond(r).toFixed(0))
    .join(", ")}/s`,
);
console.log(
  `noise: the three rounds' medians differ by ${(spread * 100).toFixed(1)}% (this machine shares its cores; a round with a busy neighbour is slower)`,
);

// Hostile in-limit input (issue 29): the worst shapes we could build (packages/engine/test/
// hostile-inputs.ts), at 100,000 resume and 20,000 posting characters. Their inputs are built
// with the test module (it reads the taxonomy for skill names); the timing is the bundle's.
const { sizeInputs } = await import("../../packages/engine/test/hostile-inputs.ts");
const hostile = sizeInputs();
console.log(
  `\nhostile input (${hostile.length} shapes at the limits; fastest of 3 runs, result JSON in characters / UTF-8 bytes):`,
);
let worstMs = 0;
let worstBytes = 0;
for (const { name, input } of hostile) {
  let best = Number.POSITIVE_INFINITY;
  let json = "";
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const result = engine.analyzeResume(input, { now });
    best = Math.min(best, performance.now() - start);
    json = JSON.stringify(result);
  }
  const bytes = Buffer.byteLength(json);
  worstMs = Math.max(worstMs, best);
  worstBytes = Math.max(worstBytes, bytes);
  console.log(
    `  ${name.padEnd(64)} ${best.toFixed(0).padStart(5)} ms  ${(json.length / 1000).toFixed(0).padStart(4)} K chars  ${(bytes / 1000).toFixed(0).padStart(4)} K bytes`,
  );
}
console.log(
  `  worst: ${worstMs.toFixed(0)} ms per analysis, ${(worstBytes / 1000).toFixed(0)} KB per result (bound in hostile-inputs.test.ts: 600 KB); same machine noise as above`,
);
