import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CREDIT, SCORING_CONSTANTS } from "./credits.ts";

const RECORD = new URL("../../../../docs/decisions/2026-11-27-engine-constants.md", import.meta.url);

/** The rows of the decision record's table: `| \`name\` | value | why |`. */
function recordRows(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const line of readFileSync(RECORD, "utf8").split("\n")) {
    const m = /^\| `(\w+)` \| ([\d.]+) \|/.exec(line);
    if (m?.[1] && m[2]) rows.set(m[1], Number(m[2]));
  }
  return rows;
}

describe("the scoring constants", () => {
  it("are the table the decision record lists, name for name and value for value", () => {
    const inCode = new Map(Object.entries(SCORING_CONSTANTS).map(([name, c]) => [name, c.value]));
    expect(recordRows()).toEqual(inCode);
  });

  it("each carry a reason, and CREDIT holds the same values", () => {
    for (const [name, constant] of Object.entries(SCORING_CONSTANTS)) {
      expect(constant.why.length, name).toBeGreaterThan(20);
      expect(CREDIT[name as keyof typeof CREDIT]).toBe(constant.value);
    }
  });

  it("keep a narrower skill a match and a relative, a short phrase or short experience partial", () => {
    expect(CREDIT.narrower).toBeGreaterThanOrEqual(CREDIT.matchedAt);
    expect(CREDIT.relative).toBeLessThan(CREDIT.matchedAt);
    expect(CREDIT.partialPhrase).toBeLessThan(CREDIT.matchedAt);
    expect(CREDIT.partialExperienceCap).toBeLessThan(CREDIT.matchedAt);
    expect(CREDIT.partialExperienceFloor).toBeLessThan(CREDIT.partialExperienceCap);
  });

  it("let no evidence earn more than a role, and a fully backed list or summary less than one", () => {
    expect(CREDIT.evidenceSummaryBase + CREDIT.evidenceSummaryCorroborated).toBeLessThan(CREDIT.evidenceRole);
    expect(CREDIT.evidenceListBase + CREDIT.evidenceListCorroborated).toBeLessThan(CREDIT.evidenceRole);
    expect(CREDIT.evidenceListBase).toBeLessThan(CREDIT.evidenceSummaryBase);
  });
});
