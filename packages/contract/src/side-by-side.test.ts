import { describe, expect, it } from "vitest";
import { analysisResult } from "../test/analysis-result.ts";
import {
  evidenceLineSpan,
  type TAnalysisResult,
  type TJobRequirement,
  type TMatchedSkill,
  type TMissingSkill,
} from "./analysis.ts";
import {
  buildSideBySide,
  lineStatus,
  type MatchStatus,
  type SideBySideModel,
  segmentLine,
} from "./side-by-side.ts";

/*
 * The side-by-side model on small hand-made analyses: each test builds the one situation it is
 * about. The model on real engine results is tested where the engine is at hand: the web view
 * (side-by-side-tab.test.tsx) and the reports (apps/api/src/modules/exports/side-by-side.test.ts).
 */

const line = (text: string, kind: "bullet" | "text" | "heading" = "bullet") => ({
  text,
  section: "Requirements",
  kind,
});

function analysis(parts: {
  posting?: string[];
  resume?: string[];
  requirements?: TJobRequirement[];
  matched?: TMatchedSkill[];
  missing?: TMissingSkill[];
  coaching?: TAnalysisResult["coaching"];
}): TAnalysisResult {
  const base = analysisResult();
  return analysisResult({
    skillsMatch: { matched: parts.matched ?? [], missing: parts.missing ?? [] },
    experienceComparison: { ...base.experienceComparison, jobRequirements: parts.requirements ?? [] },
    document: {
      posting: (parts.posting ?? []).map((t) => line(t)),
      resume: (parts.resume ?? []).map((t) => ({ ...line(t), section: "Experience" })),
    },
    ...(parts.coaching ? { coaching: parts.coaching } : {}),
  });
}

const requirement = (
  text: string,
  status: MatchStatus,
  postingLine?: number,
  evidenceLine?: number,
): TJobRequirement => ({
  requirement: text,
  fulfilled: status === "matched",
  matchingExperience: status === "missing" ? "" : `Shown: ${text}`,
  priority: "Required",
  status,
  evidence:
    evidenceLine === undefined ? null : { text: "evidence", section: "Experience", line: evidenceLine },
  ...(postingLine === undefined ? {} : { postingLine }),
});

const skill = (
  name: string,
  postingLine?: number,
  evidenceLine?: number,
  match: "exact" | "related" = "exact",
): TMatchedSkill => ({
  skill: name,
  level: "Intermediate",
  priority: "Required",
  category: "tool",
  match,
  evidence: evidenceLine === undefined ? null : { text: name, section: "Experience", line: evidenceLine },
  ...(postingLine === undefined ? {} : { postingLine }),
});

const gap = (name: string, postingLine?: number): TMissingSkill => ({
  skill: name,
  priority: "Required",
  category: "tool",
  ...(postingLine === undefined ? {} : { postingLine }),
});

function modelOf(a: TAnalysisResult): SideBySideModel {
  const model = buildSideBySide(a);
  if (!model) throw new Error("no model");
  return model;
}

describe("the line rule", () => {
  it("matched only when every requirement is matched, partial when any is shown, missing when none, nothing for none", () => {
    expect(lineStatus([])).toBeNull();
    expect(lineStatus(["matched"])).toBe("matched");
    expect(lineStatus(["matched", "matched"])).toBe("matched");
    expect(lineStatus(["partial"])).toBe("partial");
    expect(lineStatus(["matched", "partial"])).toBe("partial");
    expect(lineStatus(["matched", "missing"])).toBe("partial");
    expect(lineStatus(["partial", "missing"])).toBe("partial");
    expect(lineStatus(["missing"])).toBe("missing");
    expect(lineStatus(["missing", "missing"])).toBe("missing");
  });

  it("gives each posting line the status its chips make, never 'Matched' over a partial or missing chip", () => {
    const model = modelOf(
      analysis({
        posting: [
          "Experience with Kafka or Spark",
          "Docker and Kubernetes",
          "Python and Java",
          "Strong SQL",
          "About us",
        ],
        resume: ["Ran Kafka", "Ran Docker"],
        requirements: [
          // Matched as a whole line, but one of its skills is missing: the line is partial.
          requirement("Experience with Kafka or Spark", "matched", 0, 0),
          requirement("Docker and Kubernetes", "matched", 1, 1),
          requirement("Python and Java", "missing", 2),
          requirement("Strong SQL", "partial", 3, 1),
        ],
        matched: [skill("Docker", 1, 1), skill("Kubernetes", 1, 1, "related")],
        missing: [gap("Apache Spark", 0), gap("Python", 2), gap("Java", 2)],
      }),
    );
    expect([...model.postingStatus]).toEqual([
      [0, "partial"],
      [1, "matched"],
      [2, "missing"],
      [3, "partial"],
    ]);
    for (const [index, status] of model.postingStatus)
      expect(lineStatus((model.byPostingLine.get(index) ?? []).map((r) => r.status))).toBe(status);
    // A line's whole-line requirement stands for the line only when it has the line's status.
    const whole = model.requirements.filter((r) => r.wholeLine).map((r) => r.label);
    expect(whole).toEqual(["Docker and Kubernetes", "Python and Java", "Strong SQL"]);
    expect(model.counts.postingLines).toEqual({ matched: 1, partial: 2, missing: 1 });
    expect(model.counts.requirements).toEqual({ matched: 4, partial: 1, missing: 4 });
    expect(model.counts.unplaced).toBe(0);
  });

  it("gives a resume line the status of what it proves: matched only when all of it is matched", () => {
    const model = modelOf(
      analysis({
        posting: ["Go", "SQL", "Rust"],
        resume: ["Wrote Go and SQL", "Wrote Go", "Read about Rust"],
        requirements: [requirement("SQL", "partial", 1, 0), requirement("Rust", "partial", 2, 2)],
        matched: [skill("Go", 0, 0), skill("Go again", 0, 1)],
      }),
    );
    expect([...model.resumeStatus].sort(([a], [b]) => a - b)).toEqual([
      [0, "partial"],
      [1, "matched"],
      [2, "partial"],
    ]);
  });
});

describe("the side-by-side model", () => {
  it("is null for an analysis stored before the engine kept its document lines", () => {
    const { document: _document, ...old } = analysis({});
    expect(buildSideBySide(old)).toBeNull();
  });

  it("lists job requirements, then the skills that are not one of them, each once, with the engine's status", () => {
    const model = modelOf(
      analysis({
        posting: ["Kubernetes", "Terraform is a plus"],
        resume: ["Ran Kubernetes", "Used Pulumi"],
        requirements: [requirement("Kubernetes", "matched", 0, 0)],
        matched: [skill("kubernetes ", 0, 0), skill("Terraform", 1, 1, "related")],
        missing: [gap("Go")],
      }),
    );
    expect(
      model.requirements.map((r) => [r.id, r.label, r.kind, r.status, r.postingLine, r.resumeLine]),
    ).toEqual([
      ["req-0", "Kubernetes", "requirement", "matched", 0, 0],
      // A related match is a match, as the Skills tab and the score count it.
      ["skill-1", "Terraform", "skill", "matched", 1, 1],
      ["gap-0", "Go", "skill", "missing", null, null],
    ]);
    expect(model.byId.get("skill-1")?.note).toContain("something close to Terraform");
    expect(model.unplaced.map((r) => r.label)).toEqual(["Go"]);
    expect(model.counts.unplaced).toBe(1);
    expect(model.byResumeLine.get(0)?.map((r) => r.id)).toEqual(["req-0"]);
  });

  it("never invents a match: a missing requirement's evidence, a line or span outside the document places nothing", () => {
    const model = modelOf(
      analysis({
        posting: ["PHP"],
        resume: ["Maintained a PHP monolith"],
        requirements: [
          {
            ...requirement("PHP", "missing", 0, 0),
            evidence: { text: "PHP", section: "x", line: 0, span: [13, 16] },
          },
          requirement("React", "matched", 9999, 9999),
        ],
        matched: [
          { ...skill("APIs", 0, 0), evidence: { text: "APIs", section: "x", line: 0, span: [6, 400] } },
        ],
        coaching: [
          { line: 0, flags: [{ kind: "no-outcome", message: "Say what came of it.", span: [500, 510] }] },
          { line: 9999, flags: [{ kind: "filler", message: "Nowhere." }] },
        ],
      }),
    );
    expect(model.requirements.map((r) => [r.label, r.status, r.resumeLine, r.postingLine, r.span])).toEqual([
      ["PHP", "missing", null, 0, null],
      ["React", "matched", null, null, null],
      ["APIs", "matched", 0, 0, null],
    ]);
    expect(model.evidenceSpans.size).toBe(0);
    expect([...model.coaching]).toEqual([[0, [{ kind: "no-outcome", message: "Say what came of it." }]]]);
  });
});

describe("a quote cut from a long line (engine 2.9.1)", () => {
  it("highlights the matched words in the line: the span moved by the quote's offset", () => {
    const long = `${"Led the migration of forty services ".repeat(8)}to Kubernetes on AWS, ${"with care ".repeat(20)}`;
    const at = long.indexOf("Kubernetes");
    // The window the engine quotes: "…" then the line from `from` on; offset = from - 1.
    const from = at - 50;
    const text = `…${long.slice(from, at + 60)}…`;
    const span: [number, number] = [at - from + 1, at - from + 1 + "Kubernetes".length];
    expect(text.slice(...span)).toBe("Kubernetes");
    const model = modelOf(
      analysis({
        posting: ["Kubernetes"],
        resume: [long],
        matched: [
          { ...skill("Kubernetes", 0, 0), evidence: { text, section: "x", line: 0, span, offset: from - 1 } },
        ],
      }),
    );
    const [start, end] = model.requirements[0]?.span ?? [0, 0];
    expect(long.slice(start, end)).toBe("Kubernetes");
    expect(model.evidenceSpans.get(0)).toEqual([[at, at + "Kubernetes".length]]);
    expect(evidenceLineSpan({ span, offset: from - 1 })).toEqual([at, at + 10]);
    expect(evidenceLineSpan({ span })).toEqual(span);
    expect(evidenceLineSpan({})).toBeNull();
  });

  it("places nothing when the moved span falls outside the line", () => {
    const model = modelOf(
      analysis({
        posting: ["Go"],
        resume: ["Built tools in Go"],
        matched: [
          {
            ...skill("Go", 0, 0),
            evidence: { text: "…Go", section: "x", line: 0, span: [1, 3], offset: 500 },
          },
        ],
      }),
    );
    expect(model.requirements[0]?.span).toBeNull();
  });
});

describe("segmentLine", () => {
  it("cuts a line where evidence and flagged words start and end, overlapping or not", () => {
    expect(segmentLine("Led the team to ship", [[4, 8]], [[0, 3]])).toEqual([
      { start: 0, text: "Led", evidence: false, flagged: true },
      { start: 3, text: " ", evidence: false, flagged: false },
      { start: 4, text: "the ", evidence: true, flagged: false },
      { start: 8, text: "team to ship", evidence: false, flagged: false },
    ]);
    expect(segmentLine("abcdefghij", [[2, 5]], [[4, 8]]).map((s) => [s.text, s.evidence, s.flagged])).toEqual(
      [
        ["ab", false, false],
        ["cd", true, false],
        ["e", true, true],
        ["fgh", false, true],
        ["ij", false, false],
      ],
    );
  });

  it("reads overlapping and touching spans as one run and ignores spans outside the text", () => {
    expect(
      segmentLine(
        "abcdef",
        [
          [0, 2],
          [1, 3],
          [3, 4],
        ],
        [[9, 12]],
      ),
    ).toEqual([
      { start: 0, text: "abcd", evidence: true, flagged: false },
      { start: 4, text: "ef", evidence: false, flagged: false },
    ]);
    expect(segmentLine("abc", [], [])).toEqual([{ start: 0, text: "abc", evidence: false, flagged: false }]);
    expect(segmentLine("abc", [[2, 1]], [[0, 4]])).toEqual([
      { start: 0, text: "abc", evidence: false, flagged: false },
    ]);
  });
});
