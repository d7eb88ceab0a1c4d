/**
 * Regression floors on data nobody here wrote: the held-aside RJDB rows (never used to fit) and
 * the real set. The floors sit just under the figures the engine reaches today (see
 * `npm run eval:engine` for every figure beside its target); a change that loses ground fails.
 */
import { describe, expect, it } from "vitest";
import { analyzeResume } from "../../src/index.ts";
import { evaluateReal, loadRealSet } from "./real.ts";
import { evaluateTriples, loadTriples, tripleBaselines, tripleFigures } from "./rjdb.ts";

const triples = loadTriples();
if (!triples) console.log("rjdb.test.ts: ../shared/data/eval/rjdb-dev.jsonl not found; RJDB floors skipped");

describe.skipIf(!triples)("RJDB held-aside rows", () => {
  const all = triples ?? [];
  const rows = all.filter((t) => t.part === "heldout");
  const figures = tripleFigures(evaluateTriples(rows, all, analyzeResume));
  const base = tripleBaselines(rows, all);

  it("holds out about one row in five, by a hash of the posting", () => {
    expect(rows.length).toBeGreaterThan(all.length * 0.15);
    expect(rows.length).toBeLessThan(all.length * 0.25);
  });

  it("ranks the matched resume above its twin more often than TF-IDF does", () => {
    expect(figures.ordered).toBeGreaterThanOrEqual(0.92);
    expect(figures.ordered).toBeGreaterThan(base.tfidfOrdered);
  });

  it("reports the removed skills missing for the twin and not for the matched resume", () => {
    expect(figures.removedMissingInTwin).toBeGreaterThanOrEqual(0.7);
    expect(figures.removedNotMissingInMatched).toBeGreaterThanOrEqual(0.72);
  });

  // Two analyses per held-aside row (214): seconds on a quiet machine, more on a shared one.
  it("never marks a requirement line met while the summary lists a thing it names as missing", {
    timeout: 60_000,
  }, () => {
    // On data nobody here wrote: a row that reads "Fulfilled" beside a missing skill it names
    // tells the reader two things at once. Names are compared as whole words of the line.
    const contradictions: string[] = [];
    const words = (s: string) => ` ${s.toLowerCase().replace(/[^a-z0-9+#.]+/g, " ")} `;
    for (const t of rows) {
      for (const resumeText of [t.matched, t.twin]) {
        const r = analyzeResume({ resumeText, jobDescription: t.job }, { now: new Date("2026-11-26") });
        const missing = r.skillsMatch.missing.map((m) => m.skill);
        for (const row of r.experienceComparison.jobRequirements.filter((x) => x.status === "matched")) {
          const line = words(row.requirement);
          const named = missing.filter((m) => row.requirement !== m && line.includes(words(m)));
          if (named.length) contradictions.push(`${row.requirement} | missing: ${named.join(", ")}`);
        }
      }
    }
    // A metRow names one skill of a longer phrase ("SQL Server Integration Services" beside a
    // missing "SQL Server") and is not a contradiction; allow one per hundred postings for those.
    expect(contradictions.length, contradictions.slice(0, 5).join("\n")).toBeLessThanOrEqual(
      rows.length / 100,
    );
  });

  it("counts required skills the same way on the Skills Match card and in Before/After", () => {
    for (const t of rows.slice(0, 40)) {
      const r = analyzeResume({ resumeText: t.twin, jobDescription: t.job }, { now: new Date("2026-11-26") });
      const matched = r.skillsMatch.matched.filter((s) => s.priority === "Required").length;
      const total = matched + r.skillsMatch.missing.filter((s) => s.priority === "Required").length;
      const line = r.preview.before.find((b) => /required skills shown$/.test(b));
      if (total === 0) continue;
      expect(line, `row ${t.row}`).toBe(`${matched} of ${total} required skills shown`);
    }
  });

  it("sees the shortened experience", () => {
    expect(figures.twinFewerYears).toBeGreaterThanOrEqual(0.95);
  });

  it("puts matched resumes in the Good Match band and another occupation's resume below 40", () => {
    expect(figures.matchedGood).toBeGreaterThanOrEqual(0.9);
    expect(figures.otherBelow40).toBeGreaterThanOrEqual(0.95);
    expect(figures.otherBelowMatched).toBeGreaterThanOrEqual(0.99);
  });
});

const real = loadRealSet();
describe.skipIf(!real)("real postings and resumes", () => {
  const f = real ? evaluateReal(real, analyzeResume) : null;

  it("separates fits from unrelated resumes better than TF-IDF", () => {
    expect(f?.aucEngine ?? 0).toBeGreaterThan(f?.aucTfidf ?? 1);
    expect(f?.aucEngine ?? 0).toBeGreaterThanOrEqual(0.9);
  });

  it("gives nothing for a pasted posting, flags it, and little for a bare line of keywords", () => {
    expect(f?.stuffed.pastedGain ?? 99).toBeLessThanOrEqual(2);
    expect(f?.stuffed.pastedFlagged ?? 0).toBeGreaterThanOrEqual(0.95);
    // Measured: 14.98 points on engine 2.7/2.8.0 before line coaching, 15.12 with it; 14.6 on 2.9.0
    // with the operations words and the years ask, 15.0 once other words must stand together on a
    // line (a stuffed line of terms keeps its words together; a real resume's scattered words no
    // longer count, so the gap narrows a little). The bound sits half a point above.
    expect(f?.stuffed.keywordLineGain ?? 99).toBeLessThanOrEqual(15.5);
  });
});
