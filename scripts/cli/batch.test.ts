import { PassThrough, Readable } from "node:stream";
import { type TAnalysisResult, ZAnalysisResult } from "@resumelens/contract";
import { analyzeResume } from "@resumelens/engine";
import { describe, expect, it } from "vitest";
import { type BatchOptions, runBatch } from "./batch.ts";

const RESUME = `Daniel Okafor
Warehouse Associate | daniel.okafor@example.com | (555) 662-0415 | Columbus, OH

EXPERIENCE
Warehouse Associate, Midwest Distribution Co. - Columbus, OH
March 2022 - Present
• Pick, pack and ship 150+ orders per shift using RF scanners
• Operate forklifts and pallet jacks to load and unload trucks
• Keep inventory counts accurate with weekly cycle counts

Stocker, Kroger - Columbus, OH
June 2020 - February 2022
• Stocked shelves and rotated product overnight
• Unloaded deliveries of up to 50 lbs

SKILLS
Forklift operation, RF scanning, inventory control, order picking

CERTIFICATIONS
OSHA-certified forklift operator`;

const JOB = `Warehouse Associate - FastShip Logistics, Columbus, OH

We are looking for a reliable Warehouse Associate to join our fulfillment team.

Requirements
- 1+ year of warehouse experience
- Forklift certification
- Able to lift up to 50 pounds
- Experience with RF scanners

Nice to have
- Inventory management experience`;

const SHORT_RESUME = `Sam Lee
Cashier at Corner Market, 2023 - Present. Handled cash and helped customers every day.`;

const NOW = new Date("2026-06-15T00:00:00Z");
const analyze: BatchOptions["analyze"] = (input) => analyzeResume(input, { now: NOW });

type Line = { id: string | number | null; result?: TAnalysisResult; error?: string };

async function batch(input: string, run: BatchOptions["analyze"] = analyze): Promise<Line[]> {
  const out: string[] = [];
  await runBatch({ input: Readable.from([input]), write: (line) => void out.push(line), analyze: run });
  return out.map((line) => JSON.parse(line) as Line);
}

const line = (value: unknown) => JSON.stringify(value);

describe("runBatch", () => {
  it("analyses each line in order, with errors in place and blank lines skipped", async () => {
    const input = [
      line({ id: "a", resumeText: RESUME, jobDescription: JOB }),
      "",
      "   ",
      '{"id": "broken", "resumeText": ',
      line({ id: "b", resumeText: RESUME }),
      line({ id: 7, resumeText: SHORT_RESUME, jobDescription: JOB }),
      line(["not", "an", "object"]),
      line({ id: { nested: true }, resumeText: RESUME, jobDescription: JOB }),
      line({ id: "c", resumeText: 42, jobDescription: "" }),
      line({ id: "d", resumeText: RESUME, jobDescription: JOB }),
    ].join("\r\n");
    const out = await batch(input);
    expect(out.map((o) => [o.id, "result" in o ? "result" : "error"])).toEqual([
      ["a", "result"],
      [null, "error"],
      ["b", "error"],
      [7, "result"],
      [null, "error"],
      [null, "error"],
      ["c", "error"],
      ["d", "result"],
    ]);
    expect(out[1]?.error).toMatch(/^Invalid JSON/);
    expect(out[2]?.error).toBe('"jobDescription" is missing');
    expect(out[5]?.error).toBe('"id" must be a string or a number');
    expect(out[6]?.error).toBe('"resumeText" must be a string; "jobDescription" is empty');
    // Real analyses, the same as a direct call.
    expect(ZAnalysisResult.parse(out[0]?.result)).toEqual(
      analyze({ resumeText: RESUME, jobDescription: JOB }),
    );
    expect(out[7]?.result).toEqual(out[0]?.result);
    expect(out[3]?.result?.warnings.length).toBeGreaterThan(0);
  });

  it("turns a failing analysis into an error line and carries on", async () => {
    const input = ["x", "boom", "y"]
      .map((id) => line({ id, resumeText: id === "boom" ? `BOOM ${RESUME}` : RESUME, jobDescription: JOB }))
      .join("\n");
    const out = await batch(input, (i) => {
      if (i.resumeText.startsWith("BOOM")) throw new Error("engine exploded");
      return analyze(i);
    });
    expect(out.map((o) => o.id)).toEqual(["x", "boom", "y"]);
    expect(out[1]).toEqual({ id: "boom", error: "Analysis failed: engine exploded" });
    expect(out[0]?.result).toBeDefined();
    expect(out[2]?.result).toBeDefined();
  });

  it("streams: answers a line before the next one arrives", async () => {
    const input = new PassThrough();
    const written: string[] = [];
    let wake: (() => void) | undefined;
    const done = runBatch({
      input,
      analyze,
      write: (l) => {
        written.push(l);
        wake?.();
      },
    });
    const nextOutput = () => new Promise<void>((resolve) => (wake = resolve));
    let arrived = nextOutput();
    input.write(`${line({ id: 1, resumeText: RESUME, jobDescription: JOB })}\n`);
    await arrived;
    expect(written).toHaveLength(1);
    arrived = nextOutput();
    input.write(`${line({ id: 2, resumeText: RESUME, jobDescription: JOB })}\n`);
    await arrived;
    input.end();
    expect(await done).toEqual({ ok: 2, failed: 0 });
    expect(written.map((l) => JSON.parse(l).id)).toEqual([1, 2]);
  });
});
