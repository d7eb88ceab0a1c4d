import { analyzeResume } from "@resumelens/engine";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { sizeInputs } from "../../../../../packages/engine/test/hostile-inputs.ts";
import { buildExportPackage } from "./package.ts";
import { buildReportModel } from "./report-model.ts";

/*
 * Issue 29: no input within the limits may make a report that cannot be rendered in bounded memory.
 * The engine bounds the result (engine 2.9.1: quotes cut around the match, lists capped with a count
 * of what was left out); the reports draw the capped lists and say how many more there were.
 */

const NOW = new Date("2026-12-01T00:00:00Z");
const stored = (input: { resumeText: string; jobDescription: string }) => ({
  ...analyzeResume(input, { now: NOW }),
  id: 1,
  createdAt: NOW.toISOString(),
  resumeId: 1,
  jobDescription: input.jobDescription,
});

describe("reports of the largest in-limit analyses", () => {
  const shapes = sizeInputs();

  // One test a shape: each is a full analysis and three renders (about a second each).
  it.each(shapes.map(({ name, input }) => [name, input] as const))(
    "renders '%s' to a bounded package, capped lists saying how many more",
    async (name, input) => {
      const analysis = stored(input);
      const zip = await buildExportPackage({
        analysis,
        resume: { filename: "r.txt", text: input.resumeText },
      });
      // Compressed, with the resume text and the JSON inside: a few hundred KB, never megabytes of quotes.
      expect(zip.byteLength, name).toBeLessThan(3 * 1024 * 1024);
      const markdown = strFromU8(unzipSync(zip)["analysis-report-1.md"] as Uint8Array);
      const omitted = analysis.omitted ?? {};
      const matchedMore = (omitted.matchedRequired ?? 0) + (omitted.matchedPreferred ?? 0);
      const heading = buildReportModel({ analysis, resume: null })
        .sections.flatMap((section) => section.blocks)
        .find((block) => block.kind === "subheading" && block.text.startsWith("Matched skills"));
      expect(heading).toEqual({
        kind: "subheading",
        text: `Matched skills (${analysis.skillsMatch.matched.length + matchedMore})`,
      });
      if (matchedMore > 0) {
        expect(markdown).toContain(
          `…and ${matchedMore.toLocaleString("en-US")} more matched skills not listed.`,
        );
      }
      if (omitted.resumeLines) expect(markdown).toContain("more resume lines not listed.");
    },
  );

  it("has shapes whose lists the engine capped, so the 'how many more' lines are shown", () => {
    const capped = shapes.filter(({ input }) => {
      const omitted = stored(input).omitted ?? {};
      return (omitted.matchedRequired ?? 0) + (omitted.matchedPreferred ?? 0) > 0;
    });
    expect(capped.length).toBeGreaterThan(0);
  });
});
