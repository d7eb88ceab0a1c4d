import { describe, expect, it } from "vitest";
import type { TMatchedSkill } from "./analysis.ts";
import { skillCounts, skillsWord } from "./skill-counts.ts";

const matched = (skill: string, priority: "Required" | "Preferred", match: "exact" | "related" = "exact") =>
  ({
    skill,
    priority,
    level: "Intermediate",
    category: "tool",
    evidence: null,
    match,
  }) as unknown as TMatchedSkill;

describe("skillCounts", () => {
  it("counts the job's skills in all and by priority, a related match as matched", () => {
    const skillsMatch = {
      matched: [
        ...["TypeScript", "React", "Node.js", "PostgreSQL", "Docker"].map((s) => matched(s, "Required")),
        matched("AWS", "Required", "related"),
        matched("GraphQL", "Preferred"),
      ],
      missing: [
        { skill: "CI/CD", priority: "Required" as const, category: "hard" as const },
        { skill: "Kubernetes", priority: "Preferred" as const, category: "tool" as const },
      ],
    };
    expect(skillCounts(skillsMatch)).toEqual({
      all: { matched: 7, missing: 2, total: 9 },
      required: { matched: 6, missing: 1, total: 7 },
      preferred: { matched: 1, missing: 1, total: 2 },
    });
  });

  it("adds up: required and preferred make all, matched and missing make the total", () => {
    const { all, required, preferred } = skillCounts({
      matched: [],
      missing: [
        { skill: "Go", priority: "Required", category: "language" },
        { skill: "Rust", priority: "Preferred", category: "language" },
      ],
    });
    expect(all).toEqual({ matched: 0, missing: 2, total: 2 });
    expect(required.total + preferred.total).toBe(all.total);
    expect(required.matched + preferred.matched).toBe(all.matched);
    expect(skillCounts({ matched: [], missing: [] }).all.total).toBe(0);
  });

  it("adds the skills a capped list left out (engine 2.9.1's omitted counts), by priority", () => {
    const skillsMatch = {
      matched: [matched("TypeScript", "Required"), matched("GraphQL", "Preferred")],
      missing: [{ skill: "Go", priority: "Required" as const, category: "language" as const }],
    };
    expect(
      skillCounts(skillsMatch, {
        matchedRequired: 150,
        matchedPreferred: 3,
        missingRequired: 7,
        missingPreferred: 1,
      }),
    ).toEqual({
      all: { matched: 155, missing: 9, total: 164 },
      required: { matched: 151, missing: 8, total: 159 },
      preferred: { matched: 4, missing: 1, total: 5 },
    });
    expect(skillCounts(skillsMatch, {})).toEqual(skillCounts(skillsMatch));
  });

  it("says skill or skills", () => {
    expect(skillsWord(1)).toBe("1 skill");
    expect(skillsWord(0)).toBe("0 skills");
    expect(skillsWord(16)).toBe("16 skills");
  });
});
