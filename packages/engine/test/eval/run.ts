/**
 * Prints the evaluation figures, the baselines and, per failing pair, what went wrong.
 *
 *   npx tsx packages/engine/test/eval/run.ts            # everything
 *   npx tsx packages/engine/test/eval/run.ts devops-engineer cashier   # only these pairs
 *
 * Exits non-zero when a target is missed. Without a loadable engine it prints the baselines only.
 */
import {
  type Analyze,
  baselines,
  evaluate,
  formatFailures,
  formatTable,
  loadPairs,
  occupationOf,
  TARGETS,
} from "./metrics.ts";

const only = process.argv.slice(2);
const all = loadPairs();
const pairs = only.length ? all.filter((p) => only.includes(p.id)) : all;
if (pairs.length === 0) {
  console.error(`no pairs match ${only.join(", ")}; known: ${all.map((p) => p.id).join(", ")}`);
  process.exit(2);
}
const occupations = new Set(pairs.map((p) => occupationOf(p.id))).size;
const base = baselines(pairs);

// Loaded by URL at run time so this script still reports the baselines while the engine is
// being written (a static import would make the whole script fail to start).
const engineUrl = new URL("../../src/index.ts", import.meta.url).href;
let analyze: Analyze | null = null;
try {
  const engine = (await import(engineUrl)) as { analyzeResume?: Analyze };
  analyze = engine.analyzeResume ?? null;
  if (!analyze) console.log("engine loaded but exports no analyzeResume; baselines only\n");
} catch (error) {
  console.log(`engine not loadable (${(error as Error).message.split("\n")[0]}); baselines only\n`);
}

if (!analyze) {
  console.log(formatTable(null, base, occupations));
} else {
  const { outcomes, figures } = evaluate(pairs, analyze);
  console.log(formatTable(figures, base, occupations));
  console.log("\nper pair: full → weakened score, years");
  for (const o of outcomes) {
    const removed = o.removed.map((r) => `${r.reportedMissing ? "✓" : "✗"}${r.skill}`).join(" ");
    console.log(
      `  ${o.id.padEnd(26)} ${String(o.fullScore).padStart(3)} → ${String(o.weakScore).padStart(3)}   ` +
        `${o.fullYears} → ${o.weakYears}   ${removed}`,
    );
  }
  console.log(`\nfailing pairs:\n${formatFailures(outcomes)}`);
  const missed = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).filter((k) => figures[k] < TARGETS[k]);
  if (missed.length) {
    console.log(`\ntargets missed: ${missed.join(", ")}`);
    process.exitCode = 1;
  }
}
