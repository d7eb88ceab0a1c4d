import { describe, expect, it } from "vitest";
import {
  type ComparedAnalysis,
  compareAnalyses,
  EXCERPT_CHARS,
  excerptOf,
  topMissing,
} from "./comparison-view.ts";

type Matched = ComparedAnalysis["result"]["skillsMatch"]["matched"][number];
type Missing = ComparedAnalysis["result"]["skillsMatch"]["missing"][number];

const matched = (skill: string, match: "exact" | "related" = "exact"): Matched => ({
  skill,
  level: "Intermediate",
  priority: "Required",
  category: "hard",
  evidence: null,
  match,
});
const missing = (skill: string, priority: "Required" | "Preferred" = "Required"): Missing => ({
  skill,
  priority,
  category: "hard",
});

function analysis(
  id: number,
  score: number,
  have: Matched[],
  lack: Missing[],
  job = `Job ${id}`,
): ComparedAnalysis {
  return {
    id,
    jobDescription: job,
    jobTitle: null,
    result: { overallScore: score, skillsMatch: { matched: have, missing: lack } },
  };
}

describe("compareAnalyses", () => {
  it("ranks the postings by score, best first, ties in the order they were run", () => {
    const { rows } = compareAnalyses([
      analysis(1, 60, [], []),
      analysis(2, 85, [], []),
      analysis(3, 60, [], []),
    ]);
    expect(rows.map((row) => row.analysisId)).toEqual([2, 1, 3]);
    expect(rows.map((row) => row.overallScore)).toEqual([85, 60, 60]);
  });

  it("shares a requirement two or more postings ask for; met only when the resume shows it in every one", () => {
    const { shared } = compareAnalyses([
      analysis(
        1,
        70,
        [matched("TypeScript"), matched("Docker"), matched("AWS", "related")],
        [missing("Kubernetes")],
      ),
      analysis(
        2,
        60,
        [matched("typescript"), matched("AWS")],
        [missing("Docker"), missing("Kubernetes", "Preferred")],
      ),
      analysis(3, 50, [matched("TypeScript")], [missing("GraphQL")]),
    ]);
    expect(shared).toEqual([
      { requirement: "TypeScript", analysisIds: [1, 2, 3], met: true },
      // A match through a related skill is not proof the resume shows it.
      { requirement: "AWS", analysisIds: [1, 2], met: false },
      { requirement: "Docker", analysisIds: [1, 2], met: false },
      { requirement: "Kubernetes", analysisIds: [1, 2], met: false },
    ]);
  });

  it("names nothing shared for postings with nothing in common", () => {
    expect(
      compareAnalyses([analysis(1, 70, [matched("SQL")], []), analysis(2, 60, [], [missing("Nursing")])])
        .shared,
    ).toEqual([]);
  });
});

describe("topMissing", () => {
  it("names the Required ones first, each once, at most three", () => {
    expect(
      topMissing([
        missing("GraphQL", "Preferred"),
        missing("Go"),
        missing("go"),
        missing("Rust"),
        missing("Kafka"),
        missing("Terraform"),
      ]),
    ).toEqual(["Go", "Rust", "Kafka"]);
    expect(topMissing([missing("GraphQL", "Preferred"), missing("Go")])).toEqual(["Go", "GraphQL"]);
    expect(topMissing([])).toEqual([]);
  });
});

describe("excerptOf", () => {
  it("is the first non-blank line, cut at a word when long", () => {
    expect(excerptOf("\n\n  Senior   Nurse  \nDetails")).toBe("Senior Nurse");
    const long = `${"word ".repeat(60)}end`;
    const excerpt = excerptOf(long);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS + 1);
    expect(excerpt.endsWith("word…")).toBe(true);
  });
});
