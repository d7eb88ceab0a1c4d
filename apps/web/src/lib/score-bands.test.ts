import { describe, expect, it } from "vitest";
import { analysisBand, historyBand } from "./score-bands.ts";

describe("score bands (docs/product.md#display-values)", () => {
  it.each([
    [100, "Excellent Match", "green", "Excellent"],
    [80, "Excellent Match", "green", "Excellent"],
    [79, "Good Match", "orange", "Good"],
    [60, "Good Match", "orange", "Good"],
    [59, "Needs Improvement", "red", "Needs Work"],
    [0, "Needs Improvement", "red", "Needs Work"],
  ])("puts %i in the analysis band %s (%s) and the history band %s", (score, label, tone, historyLabel) => {
    expect(analysisBand(score)).toMatchObject({ label, tone });
    expect(historyBand(score).label).toBe(historyLabel);
  });

  it("colours the history bands green, yellow and red", () => {
    expect(historyBand(86).className).toContain("success");
    expect(historyBand(60).className).toContain("warning");
    expect(historyBand(10).className).toContain("destructive");
  });
});
