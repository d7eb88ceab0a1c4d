import {
  lineStatus,
  MATCH_STATUSES,
  type MatchStatus,
  STATUS_LABEL,
  type TAnalysisResult,
  type TJobRequirement,
  type TStoredAnalysis,
  ZAnalysisResult,
} from "@resumelens/contract";
import { analyzeResume } from "@resumelens/engine";
import { strFromU8, unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { buildExportPackage } from "./package.ts";
import { esc, renderHtml } from "./render-html.ts";
import { mdEscape, renderMarkdown } from "./render-markdown.ts";
import { renderPdf } from "./render-pdf.ts";
import { type Block, buildReportModel } from "./report-model.ts";
import { buildSideBySide, SIDE_BY_SIDE_UNAVAILABLE, type SideBySide } from "./side-by-side.ts";
import { LONG_RESUME, SAMPLE_JOB, SAMPLE_RESUME } from "./test-fixtures.ts";

const CREATED_AT = "2026-04-10T12:00:00.000Z";
/** What survives the engine's reading of markup: it drops whole tags, keeps the rest. */
const XSS = `p95 < 200 ms & "5 nines" [x](javascript:alert(1)) <script`;
/** A resume with a hostile bullet that also proves a requirement (it names Kubernetes). */
const RESUME = SAMPLE_RESUME.replace(
  "- Set up CI/CD with GitHub Actions and Docker.",
  `- Set up CI/CD with GitHub Actions and Docker.\n- Ran Kubernetes clusters ${XSS} for 30 teams.`,
);

const analyse = (resumeText: string, jobDescription = SAMPLE_JOB): TAnalysisResult =>
  ZAnalysisResult.parse(analyzeResume({ resumeText, jobDescription }, { now: new Date(CREATED_AT) }));
const stored = (result: TAnalysisResult, id = 9): TStoredAnalysis => ({
  ...result,
  id,
  createdAt: CREATED_AT,
  resumeId: 1,
  jobDescription: SAMPLE_JOB,
});

const engineResult = analyse(RESUME);
/** A stored line is user text too: one holding a whole tag, as a tampered or foreign row could. */
const TAG = `<img src=x onerror="alert(1)"><script>alert('r')</script>`;
const result: TAnalysisResult = {
  ...engineResult,
  document: engineResult.document && {
    ...engineResult.document,
    resume: engineResult.document.resume.map((l) =>
      l.text.startsWith("Maintained a PHP") ? { ...l, text: `${l.text} ${TAG}` } : l,
    ),
  },
};
const long = analyse(LONG_RESUME);

type View = Extract<SideBySide, { available: true }>;
function viewOf(r: TAnalysisResult): View {
  const view = buildSideBySide(r);
  if (!view.available) throw new Error("no side-by-side view");
  return view;
}

/** Every requirement the analysis holds, as the report lists them (skills named as a requirement once). */
function requirementsOf(r: TAnalysisResult) {
  const rows = r.experienceComparison.jobRequirements.map((q) => ({
    label: q.requirement,
    status: q.status,
    line: q.status === "missing" ? undefined : q.evidence?.line,
  }));
  const seen = new Set(rows.map((q) => q.label.toLowerCase()));
  const skills = [
    ...r.skillsMatch.matched.map((s) => ({
      label: s.skill,
      // A related match is a match, as the Skills tab and the score count it.
      status: "matched" as const,
      line: s.evidence?.line,
    })),
    ...r.skillsMatch.missing.map((s) => ({ label: s.skill, status: "missing" as const, line: undefined })),
  ].filter((s) => !seen.has(s.label.toLowerCase()) && seen.add(s.label.toLowerCase()));
  return [...rows, ...skills];
}

async function pdfTextItems(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: {
    width: number;
    height: number;
    items: { str: string; x: number; y: number; w: number; h: number }[];
  }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const items = content.items
      .filter((i) => "str" in i && i.str.trim())
      .map((i) => {
        const item = i as { str: string; transform: number[]; width: number; height: number };
        return { str: item.str, x: item.transform[4]!, y: item.transform[5]!, w: item.width, h: item.height };
      });
    pages.push({ width, height, items });
  }
  return pages;
}

describe("side-by-side model", () => {
  it("lists every requirement the analysis holds once, with its status, on the posting line it names", () => {
    for (const r of [result, long]) {
      const view = viewOf(r);
      const expected = requirementsOf(r);
      expect(view.requirements.map((q) => [q.label, q.status])).toEqual(
        expected.map((q) => [q.label, q.status]),
      );
      // Each is shown exactly once: under its posting line or in the list after the posting.
      const shown = [...view.posting.flatMap((l) => l.requirements), ...view.unplaced].sort((a, b) => a - b);
      expect(shown).toEqual(view.requirements.map((_, i) => i));
      for (const line of view.posting)
        for (const i of line.requirements) expect(view.requirements[i]?.postingLine).toBe(line.index);
      const { requirements } = view.counts;
      expect(requirements.matched + requirements.partial + requirements.missing).toBe(expected.length);
    }
    // The real posting ties its requirements to lines: most are placed.
    const view = viewOf(result);
    expect(view.unplaced.length).toBeLessThan(view.requirements.length / 2);
    const kubernetes = view.posting.find((l) => l.text.includes("Kubernetes and Terraform"));
    expect(kubernetes?.requirements.map((i) => view.requirements[i]?.label)).toContain("Kubernetes");
  });

  it("labels a posting line only with its status by the line rule, never 'Matched' over a partial or missing chip", () => {
    for (const r of [result, long]) {
      const view = viewOf(r);
      for (const line of view.posting) {
        const chips = line.requirements.map((i) => view.requirements[i]?.status ?? "missing");
        expect(line.status, line.text).toBe(lineStatus(chips));
        // The requirement drawn as the line's own label carries the line's status.
        for (const i of line.requirements.filter((k) => view.requirements[k]?.wholeLine))
          expect(view.requirements[i]?.status, line.text).toBe(line.status);
      }
    }
    // In the Markdown, a line's label is its status and no chip under a 'Matched' line says otherwise.
    const md = renderMarkdown(buildReportModel({ analysis: stored(result), resume: null }));
    const posting = md.slice(md.indexOf("### The posting"), md.indexOf("### Your resume"));
    let lead: string | null = null;
    for (const row of posting.split("\n")) {
      if (row.startsWith("- ")) lead = row.match(/^- \*\*\[(\w+)\]\*\*/)?.[1] ?? null;
      else if (row.startsWith("  - [") && lead === "Matched") expect(row, row).toMatch(/^ {2}- \[Matched\]/);
    }
  });

  it("highlights only the evidence lines of matched and partial requirements, and marks their words", () => {
    for (const r of [result, long]) {
      const view = viewOf(r);
      const expected = requirementsOf(r);
      const evidenceLines = new Set(expected.filter((q) => q.status !== "missing").map((q) => q.line));
      const highlighted = view.resume.filter((l) => l.highlight !== null);
      expect(highlighted.length).toBeGreaterThan(3);
      for (const line of highlighted) {
        expect(evidenceLines.has(line.index), `line ${line.index}`).toBe(true);
        expect(line.text).toBe(r.document?.resume[line.index]?.text);
      }
      // And every such evidence line is highlighted, with the status of what it proves by the
      // line rule: matched only when all of it is matched.
      for (const q of expected.filter((e) => e.status !== "missing" && e.line !== undefined)) {
        const line = view.resume.find((l) => l.index === q.line);
        expect(line?.highlight, q.label).not.toBeNull();
        const proved = expected.filter((e) => e.status !== "missing" && e.line === q.line);
        expect(line?.highlight, q.label).toBe(
          proved.every((e) => e.status === "matched") ? "matched" : "partial",
        );
      }
      // Marked words are exactly the evidence spans the analysis holds on that line.
      const spans = [
        ...r.experienceComparison.jobRequirements
          .filter((q) => q.status !== "missing")
          .map((q) => q.evidence),
        ...r.skillsMatch.matched.map((s) => s.evidence),
      ].filter((e) => e?.line !== undefined && e.span);
      for (const line of view.resume) {
        for (const seg of line.segments.filter((s) => s.mark)) {
          const words = spans
            .filter((e) => e?.line === line.index)
            .map((e) => line.text.slice(e?.span?.[0], e?.span?.[1]));
          expect(
            words.some((w) => w.includes(seg.text) || seg.text.includes(w)),
            seg.text,
          ).toBe(true);
        }
      }
    }
    const view = viewOf(result);
    const ts = view.resume.find((l) => l.text.startsWith("Designed and built REST APIs"));
    expect(ts?.highlight).toBe("matched");
    expect(ts?.segments.filter((s) => s.mark).map((s) => s.text)).toEqual(["TypeScript", "Node.js"]);
    // Line text survives segmentation unchanged.
    for (const line of view.resume) expect(line.segments.map((s) => s.text).join("")).toBe(line.text);
  });

  it("never invents a match: a missing requirement's evidence, a bad index or span highlights nothing", () => {
    const base = analyse(SAMPLE_RESUME);
    const bullet = base.document?.resume.findIndex((l) => l.text.startsWith("Maintained a PHP")) ?? -1;
    expect(bullet).toBeGreaterThan(0);
    const text = base.document?.resume[bullet]?.text ?? "";
    const tampered: TAnalysisResult = {
      ...base,
      experienceComparison: {
        ...base.experienceComparison,
        jobRequirements: [
          // Missing, though it carries a line: not highlighted.
          {
            requirement: "PHP",
            fulfilled: false,
            matchingExperience: "",
            priority: "Required",
            status: "missing",
            evidence: { text, section: "experience", line: bullet, span: [12, 15] },
          },
          // Matched, but its line is out of range: listed, never placed.
          {
            requirement: "React",
            fulfilled: true,
            matchingExperience: "",
            priority: "Required",
            status: "matched",
            evidence: { text: "React", section: "experience", line: 9999, span: [0, 5] },
            postingLine: 9999,
          },
        ],
      },
      skillsMatch: { matched: [], missing: [] },
      coaching: [
        { line: bullet, flags: [{ kind: "no-outcome", message: "Say what came of it.", span: [500, 510] }] },
        { line: 9999, flags: [{ kind: "filler", message: "Nowhere." }] },
      ],
    };
    const view = viewOf(tampered);
    expect(view.requirements.map((r) => [r.label, r.status, r.evidenceLine, r.postingLine])).toEqual([
      ["PHP", "missing", null, null],
      ["React", "matched", null, null],
    ]);
    expect(view.resume.filter((l) => l.highlight || l.segments.some((s) => s.mark))).toEqual([]);
    // The flag with words outside its line stays, about the whole line; the one on no line is dropped.
    const flagged = view.resume.filter((l) => l.flags.length);
    expect(flagged.map((l) => [l.index, l.flags])).toEqual([
      [bullet, [{ label: "No outcome", message: "Say what came of it.", quote: null }]],
    ]);
    expect(flagged[0]?.segments.some((s) => s.flagged)).toBe(false);
  });

  it("puts the coaching flags on their lines, quoting the words they are about", () => {
    const coaching = result.coaching ?? [];
    const bullet =
      result.document?.resume.findIndex((l) => l.text.startsWith("Mentored four engineers")) ?? -1;
    const withFlag: TAnalysisResult = {
      ...result,
      coaching: [
        ...coaching.filter((c) => c.line !== bullet),
        { line: bullet, flags: [{ kind: "weak-opening", message: "Lead with the outcome.", span: [0, 8] }] },
      ],
    };
    const view = viewOf(withFlag);
    const line = view.resume.find((l) => l.index === bullet);
    expect(line?.flags).toEqual([
      { label: "Weak opening", message: "Lead with the outcome.", quote: "Mentored" },
    ]);
    expect(line?.segments[0]).toMatchObject({ text: "Mentored", flagged: true });
    for (const c of withFlag.coaching ?? [])
      expect(view.resume.find((l) => l.index === c.line)?.flags.length).toBe(c.flags.length);
  });

  it("leaves the view out with a one-line note for an analysis stored before engine 2.8", async () => {
    const { document: _d, coaching: _c, ...old } = result;
    const model = buildReportModel({ analysis: stored({ ...old, engineVersion: "2.7.1" }), resume: null });
    const section = model.sections.find((s) => s.id === "side-by-side");
    expect(section?.blocks).toEqual([{ kind: "paragraph", text: SIDE_BY_SIDE_UNAVAILABLE, muted: true }]);
    expect(renderHtml(model)).toContain(SIDE_BY_SIDE_UNAVAILABLE.slice(0, 40));
    expect(renderMarkdown(model)).not.toContain("### The posting");
    const text = (await extractText(await getDocumentProxy(await renderPdf(model)), { mergePages: true }))
      .text;
    expect(text.replace(/\s+/g, " ")).toContain("before the side-by-side view existed");
    expect(text).not.toContain("Your resume, as the analysis read it");
  });
});

describe("side-by-side in the reports", () => {
  const model = buildReportModel({ analysis: stored(result), resume: { filename: "r.txt", text: RESUME } });
  const view = (model.sections.find((s) => s.id === "side-by-side")?.blocks ?? []).find(
    (b): b is Extract<Block, { kind: "sideBySide" }> => b.kind === "sideBySide",
  )?.view;

  it("draws two labelled columns in the HTML, with marks, statuses, a legend and escaped user text", () => {
    const html = renderHtml(model);
    expect(view).toBeDefined();
    expect(html).toContain('<h3 id="sbs-posting">The posting</h3>');
    expect(html).toContain('<h3 id="sbs-resume">Your resume, as the analysis read it</h3>');
    expect(html).toContain('<h3 id="sbs-legend">Legend</h3>');
    expect(html).toMatch(/@media \(min-width:900px\)\{\.sbs\{grid-template-columns:/);
    expect(html).toContain("<mark>TypeScript</mark>");
    expect(html).toContain("<mark>Node.js</mark>");
    for (const label of ["Matched", "Partial", "Missing"]) expect(html).toContain(`">${label}</span>`);
    // The hostile lines are shown, escaped, as the analysis holds them.
    expect(html).toContain(
      "<mark>Kubernetes</mark> clusters p95 &lt; 200 ms &amp; &quot;5 nines&quot; [x](javascript:alert(1)) &lt;script for",
    );
    expect(html).toContain(
      "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(&#39;r&#39;)&lt;/script&gt;",
    );
    expect(html).not.toMatch(/<script|<img/i);
    // Every highlighted line is an evidence line, and its requirement links to it.
    for (const line of view?.resume.filter((l) => l.highlight) ?? []) {
      expect(html).toMatch(new RegExp(`<li id="resume-line-${line.index}" class="[^"]*hl-${line.highlight}`));
      expect(html).toContain(`href="#resume-line-${line.index}"`);
    }
    expect(html.match(/class="[^"]*hl-(matched|partial)/g)?.length).toBe(
      view?.resume.filter((l) => l.highlight).length,
    );
  });

  it("writes a plain version in the Markdown: statuses, bold evidence words, escaped text", () => {
    const md = renderMarkdown(model);
    expect(md).toContain("### The posting");
    expect(md).toContain("### Your resume, as the analysis read it");
    expect(md).toContain("- **[Matched]** Strong experience with TypeScript and Node.js");
    expect(md).toContain("Designed and built REST APIs in **TypeScript** and **Node.js** serving");
    const outsideFence = md.replace(/```+text\n[\s\S]*?\n```+/g, "");
    expect(outsideFence).not.toMatch(/<script|<img/i);
    expect(outsideFence).toContain("&lt;script&gt;alert");
    // Link syntax in a line stays text.
    expect(outsideFence).toContain("\\[x\\]\\(javascript:alert\\(1\\)\\)");
  });

  it("draws the PDF's side-by-side pages in order: legend, posting with statuses, resume with highlighted lines", async () => {
    const text = (
      await extractText(await getDocumentProxy(await renderPdf(model)), { mergePages: true })
    ).text
      .replace(/\s+/g, " ")
      .trim();
    const order = (needles: string[]) => {
      let at = 0;
      for (const needle of needles) {
        const found = text.indexOf(needle, at);
        expect(found, needle).toBeGreaterThanOrEqual(0);
        at = found + needle.length;
      }
    };
    order([
      "Side by side",
      "Legend",
      "MATCHED the resume shows it",
      "PARTIAL",
      "MISSING the resume does not show it",
      "The posting",
      "MATCHED • Strong experience with TypeScript and Node.js",
      "MISSING Distributed systems (Required)",
      "Your resume, as the analysis read it",
      "MATCHED • Designed and built REST APIs in TypeScript and Node.js",
      "Proves:",
      "Job description",
    ]);
    // Requirement names link to their lines on the other side, and every link has its target.
    const pdf = await getDocumentProxy(await renderPdf(model));
    const dests: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++)
      for (const a of await (await pdf.getPage(n)).getAnnotations())
        if (typeof a.dest === "string") dests.push(a.dest);
    const evidence = view?.requirements.filter((r) => r.evidenceLine !== null) ?? [];
    for (const r of evidence) expect(dests).toContain(`resume-line-${r.evidenceLine}`);
    expect(dests.some((d) => d.startsWith("posting-line-"))).toBe(true);
    for (const d of new Set(dests)) expect(await pdf.getDestination(d), d).not.toBeNull();
    // Every highlighted line appears, labelled, in the resume's order.
    const resumeStart = text.indexOf("Your resume, as the analysis read it");
    let at = resumeStart;
    for (const line of view?.resume.filter((l) => l.highlight) ?? []) {
      const label = line.highlight === "matched" ? "MATCHED" : "PARTIAL";
      const head = line.text.replace(/\s+/g, " ").split(" ").slice(0, 4).join(" ");
      const found = text.indexOf(head, at);
      expect(found, line.text).toBeGreaterThan(at);
      expect(text.slice(Math.max(at, found - 14), found), line.text).toContain(label);
      at = found;
    }
  });

  it("paginates a five-page resume with no text outside the page's margins or over other text", async () => {
    const longModel = buildReportModel({ analysis: stored(long), resume: null });
    const pages = await pdfTextItems(await renderPdf(longModel));
    const all = pages.map((p) => p.items.map((i) => i.str).join(" ")).join(" ");
    expect(all).toContain("Your resume, as the analysis read it");
    const resumePages = pages.filter(
      (_, i) => i >= pages.findIndex((p) => p.items.some((t) => t.str.includes("Your resume, as the"))),
    );
    expect(resumePages.length).toBeGreaterThanOrEqual(4);
    for (const [n, page] of pages.entries()) {
      for (const item of page.items) {
        expect(item.x, `page ${n + 1}: ${item.str}`).toBeGreaterThanOrEqual(55);
        expect(item.x + item.w, `page ${n + 1}: ${item.str}`).toBeLessThanOrEqual(page.width - 55);
        expect(item.y, `page ${n + 1}: ${item.str}`).toBeGreaterThanOrEqual(30);
        expect(item.y + item.h, `page ${n + 1}: ${item.str}`).toBeLessThanOrEqual(page.height - 50);
      }
      // No two pieces of text overlap (boxes from the baseline up by the font size).
      const boxes = page.items.map((i) => ({ ...i, top: i.y + i.h * 0.75, bottom: i.y }));
      for (let a = 0; a < boxes.length; a++)
        for (let b = a + 1; b < boxes.length; b++) {
          const p = boxes[a]!;
          const q = boxes[b]!;
          const overlapX = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
          const overlapY = Math.min(p.top, q.top) - Math.max(p.bottom, q.bottom);
          expect(overlapX > 1 && overlapY > 1, `page ${n + 1}: "${p.str}" over "${q.str}"`).toBe(false);
        }
    }
    // The resume's last bullet made it onto a page.
    expect(all.replace(/\s+/g, " ")).toContain("Maintain");
  });

  it("gives the same bytes for the same analysis, PDF and package", async () => {
    const longModel = buildReportModel({ analysis: stored(long), resume: null });
    const [a, b] = [await renderPdf(longModel), await renderPdf(longModel)];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const input = { analysis: stored(long), resume: { filename: "long.txt", text: LONG_RESUME } };
    const zip = await buildExportPackage(input);
    expect(Buffer.from(await buildExportPackage(input)).equals(Buffer.from(zip))).toBe(true);
    expect(strFromU8(unzipSync(zip)["analysis-report-9.html"]!)).toContain("<mark>");
  });
});

describe("the reports' statuses and counts are the web view's", () => {
  const model = buildReportModel({ analysis: stored(result), resume: null });
  const view = viewOf(result);
  const labelled = view.posting.filter((l) => l.status !== null);
  /** A posting line's status in the web tab's words (side-by-side-tab.tsx, `lineStatusWord`). */
  const LINE_WORD = { matched: "matched", partial: "partly matched", missing: "missing" } as const;
  const postingLines = (n: number, status: MatchStatus) =>
    `${n} posting ${n === 1 ? "line" : "lines"} ${LINE_WORD[status]}`;

  it("labels more lines than the old rule did: some hold no requirement worded as the whole line", () => {
    const byLineRuleOnly = labelled.filter(
      (l) => !l.requirements.some((i) => view.requirements[i]?.wholeLine),
    );
    expect(byLineRuleOnly.length).toBeGreaterThan(0);
    expect(new Set(labelled.map((l) => l.status))).toEqual(new Set(MATCH_STATUSES));
    // No blank line drawn as an empty bullet.
    for (const line of view.posting) expect(line.text.trim() || line.requirements.length).toBeTruthy();
  });

  it("counts posting lines by the status each is labelled with, and says it in the web tab's words", () => {
    for (const status of MATCH_STATUSES) {
      const shown = labelled.filter((l) => l.status === status).length;
      expect(view.counts.postingLines[status], status).toBe(shown);
    }
    const coached = new Set(
      (result.coaching ?? [])
        .filter((c) => c.line >= 0 && c.line < (result.document?.resume.length ?? 0))
        .map((c) => c.line),
    ).size;
    expect(view.unplaced.length).toBeGreaterThan(0);
    expect(coached).toBeGreaterThan(0);
    expect(view.summary.map((c) => c.text)).toEqual([
      ...MATCH_STATUSES.map((s) => postingLines(view.counts.postingLines[s], s)),
      `${view.unplaced.length} ${view.unplaced.length === 1 ? "requirement" : "requirements"} not tied to one line (under Also asked for)`,
      `${coached} ${coached === 1 ? "bullet" : "bullets"} with coaching notes`,
    ]);
  });

  it("says one line and none the web's way, and leaves out what there is none of", () => {
    const line = (text: string) => ({ text, section: "Requirements", kind: "bullet" as const });
    const req = (requirement: string, status: MatchStatus, postingLine: number): TJobRequirement => ({
      requirement,
      fulfilled: status === "matched",
      matchingExperience: "",
      priority: "Required",
      status,
      evidence: status === "missing" ? null : { text: "Wrote Go and SQL", section: "Experience", line: 0 },
      postingLine,
    });
    const small: TAnalysisResult = {
      ...result,
      document: {
        posting: [line("Go"), line("SQL and Rust"), line("  ")],
        resume: [line("Wrote Go and SQL")],
      },
      experienceComparison: {
        ...result.experienceComparison,
        jobRequirements: [req("Go", "matched", 0), req("SQL", "matched", 1), req("Rust", "missing", 1)],
      },
      skillsMatch: { matched: [], missing: [] },
      coaching: [],
    };
    const smallView = viewOf(small);
    expect(smallView.summary.map((c) => c.text)).toEqual([
      "1 posting line matched",
      "1 posting line partly matched",
      "0 posting lines missing",
    ]);
    expect(smallView.posting.map((l) => [l.text, l.status])).toEqual([
      ["Go", "matched"],
      ["SQL and Rust", "partial"],
    ]);
    const md = renderMarkdown(buildReportModel({ analysis: stored(small), resume: null }));
    expect(md).toContain(
      "- **[Partial]** SQL and Rust\n  - [Matched] SQL (Required)\n  - [Missing] Rust (Required)",
    );
  });

  it("labels every posting line with its status and shows the summary in the HTML", () => {
    const html = renderHtml(model);
    for (const l of view.posting.filter((p) => p.kind !== "heading")) {
      const head = `<li id="posting-line-${l.index}" class="k-${l.kind}${l.status ? ` ls-${l.status}` : ""}">`;
      const at = html.indexOf(head);
      expect(at, l.text).toBeGreaterThan(0);
      const rest = html.slice(at + head.length);
      if (l.status)
        expect(rest, l.text).toMatch(
          new RegExp(
            `^<span(?: id="[a-z]+-\\d+")?><span class="st st-${l.status}">${STATUS_LABEL[l.status]}</span></span>`,
          ),
        );
      else expect(rest.startsWith(esc(l.text)), l.text).toBe(true);
    }
    expect(html).toContain(
      `<ul class="counts" aria-label="Posting lines by status">${view.summary
        .map((c) => `<li class="c-${c.key}">${esc(c.text)}</li>`)
        .join("")}</ul>`,
    );
    expect(html).toContain("<h4>Also asked for</h4>");
    expect(html).not.toContain("Requirements:</strong>");
  });

  it("labels every posting line with its status and shows the summary in the Markdown", () => {
    const md = renderMarkdown(model);
    const posting = md.slice(md.indexOf("### The posting"), md.indexOf("#### Also asked for"));
    const rows = posting.split("\n").filter((r) => r.startsWith("- "));
    const drawn = view.posting.filter((l) => l.kind !== "heading");
    expect(rows).toEqual(
      drawn.map((l) => `- ${l.status ? `**[${STATUS_LABEL[l.status]}]** ` : ""}${mdEscape(l.text)}`),
    );
    expect(md).toContain(`\n${view.summary.map((c) => mdEscape(c.text)).join(" · ")}\n`);
    expect(md).toContain("posting lines partly matched");
    expect(md).toContain("#### Also asked for");
    expect(md).not.toContain("**Requirements:**");
  });

  it("labels every posting line with its status and shows the summary in the PDF", async () => {
    const text = (
      await extractText(await getDocumentProxy(await renderPdf(model)), { mergePages: true })
    ).text
      .replace(/\s+/g, " ")
      .trim();
    const summary = view.summary.map((c) => c.text).join(" · ");
    const legend = text.indexOf("Legend");
    const start = text.indexOf("The posting", legend);
    expect(text.indexOf(summary, legend), summary).toBeGreaterThan(legend);
    expect(text.indexOf(summary)).toBeLessThan(start);
    const end = text.indexOf("Your resume, as the analysis read it", start);
    expect(text.slice(start, end)).toContain("ALSO ASKED FOR");
    let at = start;
    for (const line of labelled) {
      const head = line.text.replace(/\s+/g, " ").split(" ").slice(0, 4).join(" ");
      const found = text.indexOf(head, at);
      expect(found, line.text).toBeGreaterThan(at);
      expect(found, line.text).toBeLessThan(end);
      const label = STATUS_LABEL[line.status ?? "missing"].toUpperCase();
      expect(text.slice(Math.max(at, found - 12), found), line.text).toContain(label);
      at = found;
    }
  });

  it("gives the Skills match the Skills Match card's count: required skills matched of those required", async () => {
    const required = (list: readonly { priority: string }[]) =>
      list.filter((s) => s.priority === "Required").length;
    const { matched, missing } = result.skillsMatch;
    const value = `${required(matched)} / ${required(matched) + required(missing)} required`;
    expect(model.summary.find((c) => c.label === "Skills match")?.value).toBe(value);
    expect(renderHtml(model)).toContain(`<span>Skills match</span><strong>${value}</strong>`);
    expect(renderMarkdown(model)).toContain(`- **Skills match:** ${value}`);
    const text = (await extractText(await getDocumentProxy(await renderPdf(model)), { mergePages: true }))
      .text;
    expect(text.replace(/\s+/g, " ")).toContain(value);
  });
});
