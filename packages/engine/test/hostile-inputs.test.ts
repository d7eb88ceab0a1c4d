/**
 * No single account may crash or freeze the server (issue 29): the whole analysis is about linear
 * in its input on the shapes an attacker would paste, and its result is small whatever the input
 * within the limits (100,000 resume characters, 20,000 posting characters).
 *
 * Growth is timed the way text/linearity.test.ts times the parser: the fastest of three runs at n
 * and 4n characters, taken in turn so a burst of load elsewhere slows both alike, with a floor so
 * tiny times do not make wild ratios. Linear work grows ~4×, quadratic ~16×; the bound of 8 leaves
 * room for a noisy shared machine and still catches the bad ones (before engine 2.9.1 one line of
 * comma-separated ambiguous names went from about 1 s to 16 s). No absolute time is asserted.
 * Counting work instead was considered: the steps that went quadratic were library calls (slice,
 * some, indexOf) inside loops, which a counter in our code would not see.
 */
import { ZAnalysisResult } from "@resumelens/contract";
import { describe, expect, it } from "vitest";
import { analyzeResume, engineData } from "../src/index.ts";
import { HOSTILE_SHAPES, type HostileInput, POSTING_MAX, RESUME_MAX, sizeInputs } from "./hostile-inputs.ts";
import { NOW } from "./support.ts";

const RATIO_MAX = 8;
const FLOOR_MS = 20;
/** The bound on one result's JSON, in characters and in UTF-8 bytes (the API refuses to store more than 1 MB). */
const RESULT_MAX = 600_000;

const analyze = (input: HostileInput) => analyzeResume(input, { now: NOW });

function fastest(inputs: [HostileInput, HostileInput], runs = 3): [number, number] {
  const best: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let r = 0; r < runs; r++)
    inputs.forEach((input, k) => {
      const started = performance.now();
      analyze(input);
      best[k] = Math.min(best[k] ?? 0, performance.now() - started);
    });
  return best;
}

describe("the analysis grows about linearly on hostile input", () => {
  engineData();
  for (const shape of HOSTILE_SHAPES) {
    it(`on ${shape.name}`, { timeout: 120_000 }, () => {
      // The other document stays small, so the growing one's work is what the times show.
      const at = (size: number): HostileInput => {
        const input = shape.make(size);
        return shape.grows === "resume"
          ? { ...input, jobDescription: input.jobDescription.slice(0, 2_000) }
          : { ...input, resumeText: input.resumeText.slice(0, 5_000) };
      };
      const max = shape.grows === "resume" ? RESUME_MAX - 400 : POSTING_MAX;
      const small = at(Math.floor(max / 4));
      const large = at(max);
      analyze(small); // warm the code paths
      const [t1, t4] = fastest([small, large]);
      expect(t4 / Math.max(t1, FLOOR_MS), `${t1.toFixed(0)} ms → ${t4.toFixed(0)} ms`).toBeLessThan(
        RATIO_MAX,
      );
    });
  }
});

describe("one result is small whatever the input", () => {
  for (const { name, input } of sizeInputs()) {
    it(`on ${name}`, { timeout: 60_000 }, () => {
      expect(input.resumeText.length).toBeLessThanOrEqual(RESUME_MAX);
      expect(input.jobDescription.length).toBeLessThanOrEqual(POSTING_MAX);
      const result = analyze(input);
      const json = JSON.stringify(result);
      expect(json.length).toBeLessThanOrEqual(RESULT_MAX);
      expect(Buffer.byteLength(json)).toBeLessThanOrEqual(RESULT_MAX);
      expect(ZAnalysisResult.safeParse(result).success).toBe(true);
      // A count is there only when something was left out.
      for (const count of Object.values(result.omitted ?? {})) expect(count).toBeGreaterThan(0);
    });
  }

  it("counts what a capped list leaves out", { timeout: 60_000 }, () => {
    const shape = HOSTILE_SHAPES.find((s) => s.name === "a posting of one-skill bullet lines");
    if (!shape) throw new Error("shape renamed");
    const result = analyze(shape.make(POSTING_MAX));
    expect(result.skillsMatch.matched).toHaveLength(100);
    expect(result.omitted?.matchedRequired ?? 0).toBeGreaterThan(0);
    expect(result.document?.posting).toHaveLength(500);
    expect(result.omitted?.postingLines ?? 0).toBeGreaterThan(0);
  });
});
