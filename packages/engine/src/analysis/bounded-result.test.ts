import { EVIDENCE_QUOTE_MAX, evidenceLineSpan } from "@resumelens/contract";
import { describe, expect, it } from "vitest";
import { analysisResult } from "../../../contract/test/analysis-result.ts";
import { boundResult, cutText, LIST_CAPS, quotedEvidence, quoteWindow, showable } from "./bounded-result.ts";

function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

describe("quoteWindow", () => {
  it("quotes a line that fits whole, span and all", () => {
    expect(quoteWindow("Built services in Go", [18, 20])).toEqual({
      text: "Built services in Go",
      span: [18, 20],
      offset: 0,
    });
  });

  it("cuts a long line to a window around the match, at word boundaries, the match whole", () => {
    const line = `${"word ".repeat(100)}Kubernetes ${"more ".repeat(100)}`.trim();
    const at = line.indexOf("Kubernetes");
    const quote = quoteWindow(line, [at, at + 10]);
    expect(quote.text.length).toBeLessThanOrEqual(EVIDENCE_QUOTE_MAX);
    expect(quote.text.startsWith("…word ")).toBe(true);
    expect(quote.text.endsWith(" more…")).toBe(true);
    expect(quote.text.slice(...(quote.span ?? [0, 0]))).toBe("Kubernetes");
    expect(line.slice(...(evidenceLineSpan(quote) ?? [0, 0]))).toBe("Kubernetes");
  });

  it("keeps every quote a window of its line with the span on the same words, on 3,000 random lines", () => {
    const random = lcg(29);
    const atoms = ["a", "bb", "Python", " ", " ", "  ", ",", "é", "-", "x".repeat(30)];
    for (let i = 0; i < 3_000; i++) {
      let line = "";
      const count = 1 + Math.floor(random() * 200);
      for (let k = 0; k < count; k++) line += atoms[Math.floor(random() * atoms.length)];
      const start = Math.floor(random() * line.length);
      const end = Math.min(line.length, start + 1 + Math.floor(random() * 12));
      if (end <= start) continue;
      const quote = quoteWindow(line, [start, end]);
      const where = JSON.stringify([line, start, end]);
      expect(quote.text.length, where).toBeLessThanOrEqual(EVIDENCE_QUOTE_MAX);
      // "…" only where the line goes on (the atoms hold none of their own).
      const lead = quote.text.startsWith("…") ? 1 : 0;
      const core = quote.text.slice(lead, quote.text.length - (quote.text.endsWith("…") ? 1 : 0));
      expect(line.slice(quote.offset + lead, quote.offset + lead + core.length), where).toBe(core);
      expect(lead === 1, where).toBe(quote.offset + lead > 0);
      const [s0, s1] = quote.span ?? [0, 0];
      expect(quote.text.slice(s0, s1), where).toBe(line.slice(start, end));
    }
  });

  it("cuts a long line with no span from its start, or around the words it is given as a focus", () => {
    const line = `${"Managed budgets and vendors. ".repeat(10)}Attention to detail in every audit.`;
    expect(quoteWindow(line).text).toMatch(/^Managed budgets .*…$/);
    const at = line.indexOf("Attention");
    const quote = quoteWindow(line, undefined, EVIDENCE_QUOTE_MAX, [at, at + 9]);
    expect(quote.text).toContain("Attention to detail");
    expect(quote.span).toBeUndefined();
  });

  it("makes evidence with an offset only for a window that starts inside its line", () => {
    expect(quotedEvidence("Python and SQL", { section: "skills", line: 3, span: [11, 14] })).toEqual({
      text: "Python and SQL",
      section: "skills",
      line: 3,
      span: [11, 14],
    });
    const long = `${"Python, ".repeat(60)}SQL`;
    const evidence = quotedEvidence(long, {
      section: "skills",
      line: 3,
      span: [long.length - 3, long.length],
    });
    expect(evidence.offset).toBeGreaterThan(0);
    expect(evidence.text.endsWith("SQL")).toBe(true);
  });
});

describe("cutText", () => {
  it("leaves a text that fits, cuts a long one at a word with an ellipsis", () => {
    expect(cutText("short", 10)).toBe("short");
    expect(cutText("one two three four", 14)).toBe("one two three…");
    expect(cutText("one two three four", 12)).toBe("one two thr…"); // a space that far back loses too much
    expect(cutText("x".repeat(50), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("showable", () => {
  it("replaces control characters and lone surrogates one for one, keeps pairs and ordinary text", () => {
    expect(showable("a\u0001b\u007fc")).toBe("a\uFFFDb\uFFFDc");
    expect(showable("x\ud800y\udc00")).toBe("x\uFFFDy\uFFFD");
    expect(showable("emoji 😀 and é")).toBe("emoji 😀 and é");
  });
});

describe("boundResult", () => {
  it("leaves a result within every cap as it is, without an omitted field", () => {
    const result = analysisResult({
      document: { resume: [{ text: "a", section: "Skills", kind: "text" }], posting: [] },
    });
    expect(boundResult(result)).toEqual(result);
  });

  it("caps the lists and counts what each left out, skills by priority", () => {
    const skill = (i: number, priority: "Required" | "Preferred") => ({
      skill: `Skill ${i}`,
      level: "Basic" as const,
      priority,
      category: "tool" as const,
      evidence: { text: `Skill ${i}`, section: "skills", line: i },
      match: "exact" as const,
      postingLine: i,
    });
    const matched = Array.from({ length: 130 }, (_, i) => skill(i, i % 2 ? "Preferred" : "Required"));
    const lines = Array.from({ length: 2_000 }, (_, i) => ({
      text: `line ${i}`,
      section: "Skills",
      kind: "text" as const,
    }));
    const bounded = boundResult(
      analysisResult({
        skillsMatch: { matched, missing: [] },
        document: { resume: lines, posting: lines },
        coaching: Array.from({ length: 70 }, (_, i) => ({
          line: i * 30,
          flags: [{ kind: "filler" as const, message: "x" }],
        })),
      }),
    );
    expect(bounded.skillsMatch.matched).toHaveLength(LIST_CAPS.matched);
    expect(bounded.omitted).toEqual({
      matchedRequired: 15,
      matchedPreferred: 15,
      resumeLines: 2_000 - LIST_CAPS.resumeLines,
      postingLines: 2_000 - LIST_CAPS.postingLines,
      // 50 coached lines lie within the kept lines; 20 beyond them.
      coaching: 20,
    });
    // Nothing points past the lines kept.
    expect(bounded.skillsMatch.matched.every((m) => (m.postingLine ?? 0) < LIST_CAPS.postingLines)).toBe(
      true,
    );
    expect(bounded.coaching?.every((c) => c.line < LIST_CAPS.resumeLines)).toBe(true);
  });
});
