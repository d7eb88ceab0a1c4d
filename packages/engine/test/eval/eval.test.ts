import { beforeAll, describe, expect, it } from "vitest";
import { analyzeResume } from "../../src/index.ts";
import {
  baselines,
  evaluate,
  type Figures,
  formatFailures,
  formatTable,
  loadPairs,
  occupationOf,
  type PairOutcome,
  TARGETS,
} from "./metrics.ts";

const pairs = loadPairs();

describe("evaluation set: full resume vs weakened twin", () => {
  let figures: Figures;
  let outcomes: PairOutcome[];

  beforeAll(() => {
    ({ figures, outcomes } = evaluate(pairs, analyzeResume));
    const base = baselines(pairs);
    const occupations = new Set(pairs.map((p) => occupationOf(p.id))).size;
    console.log(`${formatTable(figures, base, occupations)}\n\n${formatFailures(outcomes)}`);
  }, 180_000);

  it("evaluates every pair", () => {
    expect(figures.pairs).toBe(pairs.length);
    expect(outcomes.map((o) => o.id)).toEqual(pairs.map((p) => p.id));
  });

  it(`ranks the full resume strictly above its weakened twin (≥ ${TARGETS.pairOrdering})`, () => {
    const failing = outcomes.filter((o) => !o.ordered).map((o) => `${o.id} ${o.fullScore}→${o.weakScore}`);
    expect(figures.pairOrdering, failing.join("; ")).toBeGreaterThanOrEqual(TARGETS.pairOrdering);
  });

  it(`names the removed skills as missing (≥ ${TARGETS.removedReportedMissing})`, () => {
    const failing = outcomes.flatMap((o) =>
      o.removed.filter((r) => !r.reportedMissing).map((r) => `${o.id}:${r.skill}`),
    );
    expect(figures.removedReportedMissing, failing.join(", ")).toBeGreaterThanOrEqual(
      TARGETS.removedReportedMissing,
    );
  });

  it(`does not call those skills missing in the full resume (≥ ${TARGETS.fullNotMissing})`, () => {
    const failing = outcomes.flatMap((o) =>
      o.removed.filter((r) => r.missingInFull).map((r) => `${o.id}:${r.skill}`),
    );
    expect(figures.fullNotMissing, failing.join(", ")).toBeGreaterThanOrEqual(TARGETS.fullNotMissing);
  });

  it(`sees the shortened experience (≥ ${TARGETS.yearsLower})`, () => {
    const failing = outcomes.filter((o) => !o.yearsLower).map((o) => `${o.id} ${o.fullYears}→${o.weakYears}`);
    expect(figures.yearsLower, failing.join("; ")).toBeGreaterThanOrEqual(TARGETS.yearsLower);
  });
});
