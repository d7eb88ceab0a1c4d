import { describe, expect, it } from "vitest";
import {
  assessmentStyle,
  FALLBACK,
  gapText,
  potentialScore,
  priorityStyle,
  severityStyle,
} from "./display.ts";

describe("analysis display values", () => {
  it("caps the potential score at 100", () => {
    expect(potentialScore(40)).toBe(55);
    expect(potentialScore(85)).toBe(100);
    expect(potentialScore(100)).toBe(100);
  });

  it("words the gap as the spec says, with the fallback when the job states no requirement", () => {
    expect(gapText(2, 5)).toBe("2 years above requirement");
    expect(gapText(1, 5)).toBe("1 year above requirement");
    expect(gapText(-1.5, 5)).toBe("1.5 years below requirement");
    expect(gapText(0, 5)).toBe("Exactly meets requirement");
    expect(gapText(0, 0)).toBe(FALLBACK.noGap);
    expect(gapText(Number.NaN, 5)).toBe(FALLBACK.noGap);
  });

  it("styles anything but the three known assessments as 'Cannot determine' in outline", () => {
    expect(assessmentStyle("Over-qualified").label).toBe("Over-qualified");
    expect(assessmentStyle("Well-matched").label).toBe("Well-matched");
    expect(assessmentStyle("Under-qualified").className).toContain("bg-destructive");
    expect(assessmentStyle("Cannot determine")).toEqual(assessmentStyle("anything"));
    expect(assessmentStyle("something else").label).toBe("Cannot determine");
    expect(assessmentStyle("something else").className).toContain("border-border");
  });

  it("keeps a text label on every severity and makes Required destructive", () => {
    expect(severityStyle("Critical").label).toBe("Critical");
    expect(severityStyle("Critical").className).toContain("bg-destructive");
    expect(severityStyle("High").label).toBe("High");
    expect(severityStyle("Medium").label).toBe("Medium");
    expect(severityStyle("Low").label).toBe("Low");
    expect(priorityStyle("Required").className).toContain("bg-destructive");
    expect(priorityStyle("Preferred").className).not.toContain("bg-destructive");
  });
});
