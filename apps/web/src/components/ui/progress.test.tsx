import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { normalizeProgress, Progress } from "./progress.tsx";

describe("Progress", () => {
  it("clamps the value between 0 and max", () => {
    expect(normalizeProgress(150, 100)).toEqual({ value: 100, max: 100 });
    expect(normalizeProgress(-5, 100)).toEqual({ value: 0, max: 100 });
    expect(normalizeProgress(3, 10)).toEqual({ value: 3, max: 10 });
    expect(normalizeProgress(null, 10)).toEqual({ value: 0, max: 10 });
    expect(normalizeProgress(Number.NaN, 10)).toEqual({ value: 0, max: 10 });
  });

  it("uses 100 when max is missing or not greater than 0", () => {
    expect(normalizeProgress(40, undefined)).toEqual({ value: 40, max: 100 });
    expect(normalizeProgress(40, 0)).toEqual({ value: 40, max: 100 });
    expect(normalizeProgress(40, -3)).toEqual({ value: 40, max: 100 });
  });

  it("renders the clamped value to assistive technology", () => {
    render(<Progress value={12} max={5} aria-label="Analyses used" />);
    const bar = screen.getByRole("progressbar", { name: "Analyses used" });
    expect(bar.getAttribute("aria-valuenow")).toBe("5");
    expect(bar.getAttribute("aria-valuemax")).toBe("5");
  });

  it("renders an out-of-range negative value as 0 without warnings", () => {
    render(<Progress value={-20} max={0} aria-label="Upload" />);
    const bar = screen.getByRole("progressbar", { name: "Upload" });
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    expect(bar.getAttribute("aria-valuemax")).toBe("100");
  });
});
