// One analysis result never contradicts itself: the ATS review, the market summary and the
// experience comparison read the same parse and say the same thing about it. The résumés below are
// written for the test; the sweep at the end reads the evaluation résumés from ../shared.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TAnalysisResult } from "@resumelens/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeResume, engineData } from "./analyze.ts";
import { experienceLevel } from "./market.ts";

const NOW = new Date("2026-11-27T00:00:00Z");
const JOB = "Program Assistant\n\nRequirements\n- 2+ years of office administration\n- Microsoft Excel";

beforeAll(() => {
  engineData();
}, 60_000);

const analyze = (resumeText: string) => analyzeResume({ resumeText, jobDescription: JOB }, { now: NOW });
const issues = (result: TAnalysisResult) => result.atsAnalysis.issues.map((i) => i.issue);

/** The contradictions one result can hold, as sentences (empty when it holds none). */
function contradictions(result: TAnalysisResult): string[] {
  const found: string[] = [];
  const years = result.experienceComparison.resumeYears;
  const level = result.competitiveAnalysis.experienceLevel;
  const range = /\((\d+)[–-](\d+) years\)/.exec(level);
  const over = /\((\d+)\+ years\)/.exec(level);
  if (range && (years < Number(range[1]) || years > Number(range[2])))
    found.push(`level '${level}' for ${years} years`);
  if (over && years < Number(over[1])) found.push(`level '${level}' for ${years} years`);
  const dated = result.experienceComparison.experienceSources.filter((s) => s.duration !== "Dates not given");
  if (dated.length > 0 && issues(result).some((i) => /No work experience section with dated roles/.test(i)))
    found.push(`no dated roles, while ${dated.length} are listed`);
  return found;
}

describe("the ATS review reads the roles the analysis lists", () => {
  it("does not call a resume roleless when its dated roles stand under a volunteer heading", () => {
    const result = analyze(
      "Sam Rivera\nsam.rivera@example.com | (555) 010-2233 | Pomona, CA\n\nEducation\nB.A. Business Administration, Pomona College, 2026\n\n" +
        "Volunteer Experience\nFood Bank of Pomona, Pomona, CA    June 2022 – Present\nVolunteer Coordinator\n• Scheduled 40 volunteers a week for the Saturday distribution\n\n" +
        "Skills\nMicrosoft Excel, scheduling\n",
    );
    expect(result.experienceComparison.experienceSources.some((s) => s.duration !== "Dates not given")).toBe(
      true,
    );
    expect(contradictions(result)).toEqual([]);
    expect(issues(result)).toContain(
      "Your dated roles are listed only under a volunteer heading; there is no work experience section.",
    );
  });

  it("still calls a resume with no roles at all roleless", () => {
    const result = analyze(
      "Sam Rivera\nsam.rivera@example.com | (555) 010-2233 | Pomona, CA\n\nEducation\nB.A. Business Administration, Pomona College, 2026\n\nSkills\nMicrosoft Excel, scheduling\n",
    );
    expect(issues(result)).toContain("No work experience section with dated roles was found.");
  });
});

describe("a gap in the roles", () => {
  const resume = (education: string) =>
    "Dana Kim\ndana.kim@example.com | (555) 010-7788 | Denver, CO\n\nExperience\n" +
    "Office Assistant, Front Range Dental    Sep 2019 – Present\n• Scheduled 60 patient appointments a day\n\n" +
    "Library Aide, Denver Public Library    Jan 2014 – Mar 2015\n• Shelved and catalogued 300 returns a week\n\n" +
    `Education\n${education}\n\nSkills\nMicrosoft Excel\n`;

  it("is no gap while the person was studying, by the dates the education section gives", () => {
    const result = analyze(resume("B.S. Biology, University of Denver    Sep 2015 – May 2019"));
    expect(issues(result).filter((i) => /gap of/.test(i))).toEqual([]);
  });

  it("is a gap when the study dates do not cover it", () => {
    const result = analyze(resume("B.S. Biology, University of Denver    Sep 2009 – May 2013"));
    const gaps = issues(result).filter((i) => /gap of/.test(i));
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatch(/^There is a gap of 5\d months before Office Assistant\.$/);
  });
});

describe("the experience level label", () => {
  it("names a years range only when the years decide the level", () => {
    expect(experienceLevel(12, 4)).toBe("Expert (10+ years)");
    expect(experienceLevel(6, 2)).toBe("Senior (5–10 years)");
    expect(experienceLevel(3.8, 1)).toBe("Mid level (2–5 years)");
    // A lead title lifts 6 years one band: the label names the level, not a range it contradicts.
    expect(experienceLevel(6, 4)).toBe("Lead level (by title)");
    expect(experienceLevel(5.5, 5)).toBe("Executive level (by title)");
    expect(experienceLevel(3.8, 4)).toBe("Senior level (by title)");
    expect(experienceLevel(1, 2)).toBe("Mid level (by title)");
    // An intern stays entry level however the dates read; the label does not claim 0–2 years.
    expect(experienceLevel(5, 0)).toBe("Entry level (by title)");
  });

  it("agrees with the years the same result reports", () => {
    const result = analyze(
      "Alex Moreno\nalex.moreno@example.com | (555) 010-9911 | Portland, OR\n\nExperience\n" +
        "Lead Engineer, Cascade Freight    Jan 2021 – Present\n• Led a team of 6 engineers that cut invoice errors by 30%\n\n" +
        "Software Engineer, Cascade Freight    Jan 2020 – Dec 2020\n• Built the carrier rating service used by 40 dispatchers\n\n" +
        "Education\nB.S. Computer Science, Oregon State University, 2019\n\nSkills\nMicrosoft Excel, Python\n",
    );
    expect(result.experienceComparison.resumeYears).toBeLessThan(10);
    expect(result.competitiveAnalysis.experienceLevel).not.toMatch(/10\+/);
    expect(contradictions(result)).toEqual([]);
  });
});

const RJDB = fileURLToPath(new URL("../../../../../shared/data/eval/rjdb-dev.jsonl", import.meta.url));
if (!existsSync(RJDB)) console.log(`result consistency sweep skipped: no ${RJDB}`);

describe.skipIf(!existsSync(RJDB))("over the evaluation resumes", () => {
  it("no result contradicts itself", { timeout: 120_000 }, () => {
    const rows = readFileSync(RJDB, "utf8").trim().split("\n").slice(0, 120);
    const found: string[] = [];
    for (const [i, row] of rows.entries()) {
      const record = JSON.parse(row) as { "Resume-matched": string; "Job-Description": string };
      const result = analyzeResume(
        { resumeText: record["Resume-matched"], jobDescription: record["Job-Description"] },
        { now: NOW },
      );
      for (const c of contradictions(result)) found.push(`${i}: ${c}`);
      // The bullet counts the review states are the coached bullets about the work.
      for (const issue of issues(result)) {
        const m = /of (\d+) bullets/.exec(issue);
        if (m) expect(Number(m[1])).toBeGreaterThan(0);
      }
    }
    expect(found).toEqual([]);
  });
});
