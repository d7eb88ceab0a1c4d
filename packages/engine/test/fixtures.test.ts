import { type TAnalysisResult, ZAnalysisResult } from "@resumelens/contract";
import { describe, expect, it } from "vitest";
import { analyzeResume } from "../src/index.ts";
import {
  countWords,
  describeSpec,
  type Fixture,
  loadFixtures,
  NOW,
  nameMatches,
  normaliseForSearch,
  specMatchesAny,
  unionYears,
} from "./support.ts";

const fixtures = loadFixtures();

// One analysis per fixture, computed on first use so a crash fails that fixture's tests only.
const cache = new Map<string, TAnalysisResult>();
function analysis(f: Fixture): TAnalysisResult {
  let result = cache.get(f.slug);
  if (!result) {
    result = analyzeResume({ resumeText: f.resume, jobDescription: f.job }, { now: NOW });
    cache.set(f.slug, result);
  }
  return result;
}

const names = (list: readonly { skill: string }[]) => list.map((s) => s.skill);

describe("labelled fixtures: the set itself", () => {
  it("covers at least 12 occupations", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
  });

  it.each(fixtures.map((f) => [f.slug, f] as const))("%s: texts are realistic lengths", (_slug, f) => {
    expect(countWords(f.job)).toBeGreaterThanOrEqual(150);
    expect(countWords(f.job)).toBeLessThanOrEqual(450);
    expect(countWords(f.resume)).toBeGreaterThanOrEqual(300);
    expect(countWords(f.resume)).toBeLessThanOrEqual(700);
  });

  it.each(fixtures.map((f) => [f.slug, f] as const))(
    "%s: the years label agrees with an independent reading of the dates",
    (_slug, f) => {
      const { min, max } = unionYears(f.resume);
      const [lo, hi] = f.expected.resumeYears;
      expect(min).toBeGreaterThanOrEqual(lo - 0.05);
      expect(max).toBeLessThanOrEqual(hi + 0.05);
    },
  );

  it.each(fixtures.map((f) => [f.slug, f] as const))(
    "%s: labels do not contradict each other",
    (_slug, f) => {
      const { mustMatch, mustBeMissing, mustNotBeMissing } = f.expected;
      const flat = (specs: typeof mustMatch) => specs.flatMap((s) => (typeof s === "string" ? [s] : s));
      for (const missing of flat(mustBeMissing)) {
        expect(flat(mustMatch).some((m) => nameMatches(m, missing))).toBe(false);
        expect(flat(mustNotBeMissing).some((m) => nameMatches(m, missing))).toBe(false);
      }
    },
  );
});

for (const f of fixtures) {
  describe(`fixture ${f.slug}`, () => {
    const { expected } = f;

    it("returns a result that satisfies the contract", () => {
      const parsed = ZAnalysisResult.safeParse(analysis(f));
      expect(parsed.success, parsed.error?.message).toBe(true);
    });

    it("matches every skill the resume shows", () => {
      const matched = names(analysis(f).skillsMatch.matched);
      const absent = expected.mustMatch.filter((spec) => !specMatchesAny(spec, matched)).map(describeSpec);
      expect(absent, `matched: ${matched.join(", ")}`).toEqual([]);
    });

    it("reports the skills the resume lacks as missing", () => {
      const missing = names(analysis(f).skillsMatch.missing);
      const notReported = expected.mustBeMissing
        .filter((spec) => !specMatchesAny(spec, missing))
        .map(describeSpec);
      expect(notReported, `missing: ${missing.join(", ")}`).toEqual([]);
    });

    it("does not report present skills or boilerplate as missing", () => {
      const missing = names(analysis(f).skillsMatch.missing);
      const wronglyMissing = expected.mustNotBeMissing
        .filter((spec) => specMatchesAny(spec, missing))
        .map(describeSpec);
      expect(wronglyMissing, `missing: ${missing.join(", ")}`).toEqual([]);
    });

    it("counts the resume's years from the union of its dated roles", () => {
      const years = analysis(f).experienceComparison.resumeYears;
      expect(years).toBeGreaterThanOrEqual(expected.resumeYears[0]);
      expect(years).toBeLessThanOrEqual(expected.resumeYears[1]);
    });

    it("reads the years the job requires", () => {
      expect(analysis(f).experienceComparison.requiredYears).toBe(expected.requiredYears);
    });

    it("assesses the experience fit", () => {
      const allowed = Array.isArray(expected.assessment) ? expected.assessment : [expected.assessment];
      expect(allowed).toContain(analysis(f).experienceComparison.assessment);
    });

    if (expected.minScore !== undefined || expected.maxScore !== undefined) {
      it("scores within the labelled band", () => {
        const score = analysis(f).overallScore;
        expect(score).toBeGreaterThanOrEqual(expected.minScore ?? 0);
        expect(score).toBeLessThanOrEqual(expected.maxScore ?? 100);
      });
    }

    // Properties every result must have, whatever the fixture.

    it("overall score is the rounded sum of the breakdown's points", () => {
      const r = analysis(f);
      const sum = r.scoreBreakdown.reduce((acc, c) => acc + c.points, 0);
      expect(Math.abs(r.overallScore - Math.round(sum))).toBeLessThanOrEqual(1);
    });

    it("breakdown weights sum to 1 and points are weight × value", () => {
      const r = analysis(f);
      expect(r.scoreBreakdown.length).toBeGreaterThan(0);
      const total = r.scoreBreakdown.reduce((acc, c) => acc + c.weight, 0);
      expect(Math.abs(total - 1)).toBeLessThanOrEqual(0.001);
      for (const c of r.scoreBreakdown)
        expect(Math.abs(c.points - c.weight * c.value)).toBeLessThanOrEqual(0.51);
    });

    it("exact matches quote evidence that is really in the resume", () => {
      const resume = normaliseForSearch(f.resume);
      const bad: string[] = [];
      for (const m of analysis(f).skillsMatch.matched) {
        if (m.match !== "exact") continue;
        const quote = m.evidence ? normaliseForSearch(m.evidence.text.replace(/(…|\.\.\.)\s*$/, "")) : "";
        if (!quote || !resume.includes(quote))
          bad.push(`${m.skill}: ${JSON.stringify(m.evidence?.text ?? null)}`);
      }
      expect(bad).toEqual([]);
    });

    it("never lists a skill as both matched and missing", () => {
      const r = analysis(f);
      const matched = names(r.skillsMatch.matched);
      const both = names(r.skillsMatch.missing).filter((m) => matched.some((n) => nameMatches(m, n)));
      expect(both).toEqual([]);
    });

    it("recommendations name a missing required skill when one is missing", () => {
      const r = analysis(f);
      const requiredMissing = r.skillsMatch.missing.filter((m) => m.priority === "Required");
      if (requiredMissing.length === 0) return;
      const text = normaliseForSearch(
        r.recommendations.map((x) => `${x.title} ${x.description}`).join(" \n "),
      );
      const named = r.skillsMatch.missing.filter((m) => text.includes(normaliseForSearch(m.skill)));
      expect(named.length, `missing: ${names(requiredMissing).join(", ")}`).toBeGreaterThan(0);
    });

    it("does not repeat a recommendation", () => {
      const recs = analysis(f).recommendations;
      const titles = recs.map((r) => normaliseForSearch(r.title));
      const descriptions = recs.map((r) => normaliseForSearch(r.description));
      expect(new Set(titles).size).toBe(titles.length);
      expect(new Set(descriptions).size).toBe(descriptions.length);
    });

    it("is deterministic", () => {
      const again = analyzeResume({ resumeText: f.resume, jobDescription: f.job }, { now: NOW });
      expect(again).toEqual(analysis(f));
    });
  });
}
