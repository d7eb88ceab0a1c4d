import { scoreBand, type TAnalysisResult, ZAnalysisResult } from "@resumelens/contract";
import { analyzeResume } from "@resumelens/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { formatReport } from "./report.ts";

const RESUME = `Maria Gonzalez
Registered Nurse | maria.gonzalez@example.com | (555) 318-7720 | Tucson, AZ

SUMMARY
Registered nurse with seven years of acute care experience in busy medical-surgical units.

EXPERIENCE
Registered Nurse, Banner University Medical Center - Tucson, AZ
April 2019 - Present
• Provide patient care for 5-6 patients per shift on a 32-bed medical-surgical unit
• Administer medications and document care in Epic
• Precept new graduate nurses and lead shift huddles

Staff Nurse, Tucson Medical Center - Tucson, AZ
May 2017 - March 2019
• Delivered post-operative care and patient education for orthopedic patients
• Started IVs and monitored vital signs and telemetry

EDUCATION
Bachelor of Science in Nursing, University of Arizona, 2017

LICENSES AND CERTIFICATIONS
Registered Nurse, Arizona; BLS; ACLS`;

const JOB = `Registered Nurse - Medical/Surgical
St. Luke's Health - Phoenix, AZ

Responsibilities
- Provide direct patient care to adult patients on a medical-surgical unit
- Administer medications and document in the electronic health record (Epic)

Requirements
- Active Arizona RN license
- BLS and ACLS certification
- 2+ years of acute care nursing experience
- Bachelor of Science in Nursing (BSN)

Preferred
- Experience with telemetry
- PALS certification`;

const NOW = new Date("2026-06-15T00:00:00Z");
let result: TAnalysisResult;

beforeAll(() => {
  result = analyzeResume({ resumeText: RESUME, jobDescription: JOB }, { now: NOW });
});

describe("scoreBand", () => {
  it.each([
    [100, "Excellent Match"],
    [80, "Excellent Match"],
    [79, "Good Match"],
    [60, "Good Match"],
    [59, "Needs Improvement"],
    [0, "Needs Improvement"],
  ])("%i → %s", (score, band) => {
    expect(scoreBand(score).label).toBe(band);
  });
});

describe("formatReport", () => {
  it("shows the score with its band and every breakdown row", () => {
    const report = formatReport(result);
    expect(report).toContain(
      `Overall score: ${result.overallScore}/100  ${scoreBand(result.overallScore).label}`,
    );
    expect(result.scoreBreakdown).toHaveLength(9);
    for (const c of result.scoreBreakdown) {
      const row = report.split("\n").find((line) => line.trimStart().startsWith(c.label));
      expect(row, c.label).toBeDefined();
      if (c.weight > 0) expect(row).toContain(`${Number((c.weight * 100).toFixed(1))}%`);
    }
  });

  it("lists matched skills with level and evidence, missing skills with priority", () => {
    const report = formatReport(result);
    expect(result.skillsMatch.matched.length).toBeGreaterThan(0);
    for (const m of result.skillsMatch.matched) {
      expect(report).toContain(`${m.skill} - ${m.level} (${m.priority}`);
      if (m.evidence && m.evidence.text.length <= 100) expect(report).toContain(`"${m.evidence.text}"`);
    }
    for (const m of result.skillsMatch.missing) expect(report).toContain(`${m.skill} (${m.priority})`);
  });

  it("has the experience, ATS, market, recommendations and warnings sections", () => {
    const report = formatReport(result);
    const exp = result.experienceComparison;
    expect(report).toContain(`Assessment: ${exp.assessment}`);
    for (const source of exp.experienceSources)
      expect(report).toContain(`${source.role} - ${source.relevance} relevance`);
    expect(report).toContain(`ATS review: ${result.atsAnalysis.score}/100`);
    for (const issue of result.atsAnalysis.issues) expect(report).toContain(`[${issue.severity}]`);
    expect(report).toContain(`Market alignment: ${result.competitiveAnalysis.marketAlignment}%`);
    result.recommendations.forEach((rec, i) => {
      expect(report).toContain(`${i + 1}. ${rec.title}`);
    });
  });

  it("truncates long evidence lines and shows the bands at their edges", () => {
    const long =
      "Coordinated discharge planning with case managers, social workers, pharmacists and physicians for complex patients across three units";
    const edited: TAnalysisResult = ZAnalysisResult.parse({
      ...result,
      overallScore: 80,
      skillsMatch: {
        ...result.skillsMatch,
        matched: [
          {
            skill: "Care coordination",
            level: "Advanced",
            priority: "Required",
            category: "phrase",
            evidence: { text: long, section: "experience" },
            match: "related",
          },
        ],
      },
      warnings: ["The job description is very short."],
    });
    const report = formatReport(edited);
    expect(report).toContain("80/100  Excellent Match");
    const evidence = report.split("\n").find((line) => line.includes("Coordinated discharge")) ?? "";
    expect(evidence).toContain("…");
    expect(evidence.length).toBeLessThan(130);
    expect(report).toContain("Warnings");
    expect(report).toContain("! The job description is very short.");
    expect(formatReport({ ...edited, overallScore: 59 })).toContain("59/100  Needs Improvement");
  });

  it("uses colour only when asked, with the same words", () => {
    const plain = formatReport(result);
    const coloured = formatReport(result, { color: true });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: checking for ANSI escapes.
    const ansi = /\x1b\[[0-9;]*m/g;
    expect(plain).not.toMatch(ansi);
    expect(coloured).toMatch(ansi);
    expect(coloured.replace(ansi, "")).toBe(plain);
  });
});
