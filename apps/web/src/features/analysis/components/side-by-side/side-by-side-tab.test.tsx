import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildSideBySide,
  lineStatus,
  type MatchStatus,
  type TAnalysisResult,
  ZAnalysisResult,
} from "@resumelens/contract";
import { analyzeResume } from "@resumelens/engine";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ANALYSIS_FIXTURE } from "../../../../test/analysis-fixture.ts";
import { adviceFor, lineText, names } from "./model.ts";

import { SideBySideTab } from "./side-by-side-tab.tsx";

/*
 * The view on a real engine result: the software engineer's resume and posting from the engine's
 * own fixtures (and the accountant's, for coaching with flagged words), analysed here, so the test
 * follows the engine (docs/product.md#side-by-side).
 */
const FIXTURES = join(import.meta.dirname, "../../../../../../../packages/engine/test/fixtures");
const analyse = (name: string) =>
  analyzeResume(
    {
      resumeText: readFileSync(join(FIXTURES, name, "resume.txt"), "utf8"),
      jobDescription: readFileSync(join(FIXTURES, name, "job.txt"), "utf8"),
    },
    { now: new Date("2026-11-27T00:00:00Z") },
  );
let result: TAnalysisResult;

beforeAll(() => {
  result = analyse("software-engineer");
});

function renderTab(analysis: TAnalysisResult = result) {
  const user = userEvent.setup();
  render(<SideBySideTab analysis={analysis} />);
  return {
    user,
    posting: screen.getByRole("region", { name: "The job posting" }),
    resume: screen.getByRole("region", { name: "Your resume, as we read it" }),
  };
}

function resumeLineOf(element: Element | null): HTMLElement | null {
  return element instanceof HTMLElement ? element.closest<HTMLElement>("[data-line]") : null;
}

describe("SideBySideTab on a real engine result", () => {
  it("gets the document lines, evidence lines and coaching it shows from the engine", () => {
    expect(ZAnalysisResult.parse(result)).toBeTruthy();
    expect(result.document?.resume.length).toBeGreaterThan(10);
    expect(result.document?.posting.length).toBeGreaterThan(3);
    const withLine = result.experienceComparison.jobRequirements.filter(
      (r) => r.evidence?.line !== undefined,
    );
    expect(withLine.length).toBeGreaterThan(0);
  });

  it("shows both documents in named regions, the posting first, the resume's sections and roles as headings", () => {
    const { posting, resume } = renderTab();
    expect(posting.compareDocumentPosition(resume) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const doc = result.document;
    if (!doc) throw new Error("no document");
    for (const line of doc.posting) expect(posting.textContent).toContain(line.text);
    const headings = within(resume)
      .getAllByRole("heading")
      .map((h) => h.textContent);
    for (const line of doc.resume.filter((l) => l.kind === "heading" || l.kind === "role")) {
      expect(headings).toContain(line.text);
    }
    // Bullets are list items.
    const bullets = doc.resume.filter((l) => l.kind === "bullet");
    const items = within(resume)
      .getAllByRole("listitem")
      .map((li) => li.querySelector("p")?.textContent);
    for (const b of bullets) expect(items).toContain(b.text);
  });

  it("marks every requirement the analysis holds with its status in words, and nothing else", () => {
    const { posting } = renderTab();
    const model = buildSideBySide(result);
    if (!model) throw new Error("no model");
    const marks = posting.querySelectorAll("button[data-status]");
    expect(marks.length).toBe(model.requirements.length);
    for (const r of result.experienceComparison.jobRequirements) {
      const mark = within(posting).getByRole("button", {
        name: new RegExp(`^${escapeRegExp(r.requirement)} ·`),
      });
      expect(mark.getAttribute("data-status")).toBe(r.status);
      expect(mark.textContent).toContain(
        { matched: "Matched", partial: "Partial", missing: "Missing" }[r.status],
      );
      if (r.postingLine !== undefined) {
        // On the posting line it comes from.
        expect(mark.closest("li[class], div[class]")?.parentElement?.textContent).toBeTruthy();
        expect(mark.closest("ul")?.parentElement?.textContent).toContain(
          result.document?.posting[r.postingLine]?.text,
        );
      }
    }
  });

  it("gives each posting line the status its chips make, and counts posting lines by that status", () => {
    const { posting } = renderTab();
    const lines = [...posting.querySelectorAll<HTMLElement>("[data-line-status]")];
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      const chips = [...line.querySelectorAll("button[data-status]")].map(
        (b) => b.getAttribute("data-status") as MatchStatus,
      );
      expect(line.dataset.lineStatus, line.textContent ?? "").toBe(lineStatus(chips));
      // "This line" stands for the line only with the line's status.
      for (const b of line.querySelectorAll("button[data-status]"))
        if (b.textContent?.includes("This line"))
          expect(b.getAttribute("data-status")).toBe(line.dataset.lineStatus);
    }
    // A resume line the same way, from the requirements it proves.
    const resume = screen.getByRole("region", { name: "Your resume, as we read it" });
    const proving = [...resume.querySelectorAll<HTMLElement>("[data-line]")].filter((l) =>
      l.querySelector("button[data-status]"),
    );
    expect(proving.length).toBeGreaterThan(3);
    for (const line of proving) {
      const chips = [...line.querySelectorAll("button[data-status]")].map(
        (b) => b.getAttribute("data-status") as MatchStatus,
      );
      expect(line.dataset.lineStatus, line.textContent ?? "").toBe(lineStatus(chips));
    }
    const summary = screen.getByRole("list", { name: "Posting lines by status" });
    const model = buildSideBySide(result);
    for (const [status, words] of [
      ["matched", "matched"],
      ["partial", "partly matched"],
      ["missing", "missing"],
    ] as const) {
      const shown = lines.filter((l) => l.dataset.lineStatus === status).length;
      expect(model?.counts.postingLines[status]).toBe(shown);
      const item = summary.querySelector(`[data-count="${status}"]`);
      expect(item?.textContent).toBe(`${shown} posting ${shown === 1 ? "line" : "lines"} ${words}`);
    }
  });

  it("highlights evidence only on the lines the analysis names, with its words in <mark>", () => {
    const { resume } = renderTab();
    const evidenceLines = new Set<number>();
    const all = [
      ...result.experienceComparison.jobRequirements.filter((r) => r.status !== "missing"),
      ...result.skillsMatch.matched,
    ];
    for (const r of all) if (r.evidence?.line !== undefined) evidenceLines.add(r.evidence.line);
    const marked = [...resume.querySelectorAll("mark")].map((m) => Number(resumeLineOf(m)?.dataset.line));
    for (const line of marked) expect(evidenceLines.has(line)).toBe(true);
    for (const r of all) {
      const { line, span } = r.evidence ?? {};
      if (line === undefined || !span) continue;
      const words = result.document?.resume[line]?.text.slice(span[0], span[1]);
      const el = resume.querySelector(`[data-line="${line}"]`);
      expect([...(el?.querySelectorAll("mark") ?? [])].map((m) => m.textContent).join(" ")).toContain(words);
    }
  });

  it("selecting a matched requirement focuses its evidence line; the line's mark leads back", async () => {
    const { user, posting, resume } = renderTab();
    const r = result.experienceComparison.jobRequirements.find(
      (x) => x.status !== "missing" && x.evidence?.line !== undefined,
    );
    if (!r?.evidence || r.evidence.line === undefined)
      throw new Error("no requirement with an evidence line");
    const mark = within(posting).getByRole("button", {
      name: new RegExp(`^${escapeRegExp(r.requirement)} ·`),
    });
    await user.click(mark);
    const focused = document.activeElement as HTMLElement;
    expect(focused.dataset.line).toBe(String(r.evidence.line));
    expect(resume.contains(focused)).toBe(true);
    expect(focused.textContent).toContain(result.document?.resume[r.evidence.line]?.text);
    expect(screen.getByRole("status").textContent).toContain(r.requirement);

    const back = within(focused).getByRole("button", {
      name: new RegExp(`^${escapeRegExp(r.requirement)} ·`),
    });
    await user.click(back);
    expect(document.activeElement).toBe(mark);
  });

  it("selecting a missing requirement opens what to do about it, and never claims it is there", async () => {
    const { user, posting } = renderTab();
    const missing = result.experienceComparison.jobRequirements.find((x) => x.status === "missing");
    const skill = missing?.requirement ?? result.skillsMatch.missing[0]?.skill;
    if (!skill) throw new Error("the fixture has nothing missing");
    const mark = within(posting).getByRole("button", { name: new RegExp(`^${escapeRegExp(skill)} ·`) });
    expect(mark.getAttribute("aria-expanded")).toBe("false");
    await user.click(mark);
    expect(mark.getAttribute("aria-expanded")).toBe("true");
    const advice = screen.getByRole("region", { name: `What to do about ${skill}` });
    expect(document.activeElement).toBe(advice);
    const named = result.recommendations.find((x) => names(x.title, skill) || names(x.description, skill));
    if (named) expect(advice.textContent).toContain(named.description);
    else expect(advice.textContent).toContain(`Your resume does not show "${skill}"`);
    await user.click(mark);
    expect(screen.queryByRole("region", { name: `What to do about ${skill}` })).toBeNull();
  });

  it("shows coaching on its bullet: compact, expandable, the flagged words underlined", async () => {
    // The accountant's resume: the engine flags a weak opening's words there.
    const accountant = analyse("accountant");
    const { user, resume } = renderTab(accountant);
    const entry = accountant.coaching?.find((c) => c.flags.some((f) => f.span));
    if (!entry) throw new Error("the engine flagged no words in the fixture");
    const line = resume.querySelector<HTMLElement>(`[data-line="${entry.line}"]`);
    if (!line) throw new Error("no line");
    const toggle = within(line).getByRole("button", { name: /coaching note/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const flag = entry.flags.find((f) => f.span);
    const [start, end] = flag?.span ?? [0, 0];
    const words = accountant.document?.resume[entry.line]?.text.slice(start, end);
    expect(words).toBeTruthy();
    expect([...line.querySelectorAll("span.underline")].map((s) => s.textContent).join("")).toContain(words);
    await user.click(toggle);
    const notes = within(line).getByRole("list", { name: "Coaching notes" });
    for (const f of entry.flags) expect(notes.textContent).toContain(f.message);
  });

  it("re-renders only the lines a selection changes, not the whole resume", async () => {
    // Every render of a resume or posting line's text cuts it into pieces once: counting the cuts
    // counts the line renders a selection causes.
    const cuts = vi.spyOn(lineText, "segment");
    const { user, posting } = renderTab();
    const withLines = result.experienceComparison.jobRequirements.filter(
      (x) => x.status !== "missing" && x.evidence?.line !== undefined,
    );
    const [a, b] = [withLines[0], withLines.find((x) => x.evidence?.line !== withLines[0]?.evidence?.line)];
    if (!a || !b) throw new Error("the fixture needs two requirements proved on different lines");
    expect(cuts.mock.calls.length).toBeGreaterThanOrEqual(result.document?.resume.length ?? 0);
    cuts.mockClear();
    await user.click(
      within(posting).getByRole("button", { name: new RegExp(`^${escapeRegExp(a.requirement)} ·`) }),
    );
    expect(cuts.mock.calls.length).toBeLessThanOrEqual(1);
    cuts.mockClear();
    await user.click(
      within(posting).getByRole("button", { name: new RegExp(`^${escapeRegExp(b.requirement)} ·`) }),
    );
    // The line losing the selection and the line gaining it.
    expect(cuts.mock.calls.length).toBeLessThanOrEqual(2);
    expect(cuts.mock.calls.length).toBeGreaterThan(0);
    cuts.mockRestore();
  });

  it("works from the keyboard alone", async () => {
    const { user, posting } = renderTab();
    const first = posting.querySelector<HTMLButtonElement>("button[data-status]");
    if (!first) throw new Error("no marks");
    // The posting's scroller, then its first mark.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard("{Enter}");
    expect(document.activeElement).not.toBe(first);
    const active = document.activeElement as HTMLElement;
    expect(
      active.dataset.line !== undefined || active.getAttribute("aria-label")?.startsWith("What to do"),
    ).toBe(true);
  });
});

describe("SideBySideTab without document lines", () => {
  it("says the analysis is too old for the view instead of showing anything", () => {
    render(<SideBySideTab analysis={ANALYSIS_FIXTURE} />);
    expect(screen.getByText("Side by side needs a newer analysis")).toBeTruthy();
    expect(screen.queryByRole("region")).toBeNull();
  });
});

describe("SideBySideTab on a posting with one requirement a line", () => {
  it("does not write a requirement out twice when it is the whole line, but still names it", () => {
    render(
      <SideBySideTab
        analysis={{
          ...ANALYSIS_FIXTURE,
          document: {
            resume: [{ text: "Ran Docker on Kubernetes", section: "Experience", kind: "bullet" }],
            posting: [{ text: "Docker and Kubernetes", section: "Requirements", kind: "bullet" }],
          },
          skillsMatch: { matched: [], missing: [] },
          experienceComparison: {
            ...ANALYSIS_FIXTURE.experienceComparison,
            jobRequirements: [
              {
                requirement: "Docker and Kubernetes",
                fulfilled: true,
                matchingExperience: "Ran Docker on Kubernetes",
                priority: "Required",
                status: "matched",
                evidence: { text: "Ran Docker on Kubernetes", section: "Experience", line: 0 },
                postingLine: 0,
              },
            ],
          },
        }}
      />,
    );
    const posting = screen.getByRole("region", { name: "The job posting" });
    const mark = within(posting).getByRole("button", { name: /^Docker and Kubernetes · Matched/ });
    expect(mark.textContent).toContain("This line");
    expect(posting.textContent?.split("Docker and Kubernetes").length).toBe(3); // the line and the hidden name
  });
});

describe("side-by-side advice", () => {
  it("names a skill only as a whole word", () => {
    expect(names("Add Java to a bullet", "Java")).toBe(true);
    expect(names("Add JavaScript to a bullet", "Java")).toBe(false);
    expect(names("Learn C++ basics", "C")).toBe(false);
  });

  it("builds advice from the analysis when no recommendation names the requirement", () => {
    const model = buildSideBySide({
      ...ANALYSIS_FIXTURE,
      recommendations: [],
      document: {
        resume: [],
        posting: [{ text: "Kubernetes is a plus", section: "Requirements", kind: "text" }],
      },
      skillsMatch: {
        matched: [],
        missing: [{ skill: "Kubernetes", priority: "Preferred", category: "tool", postingLine: 0 }],
      },
      experienceComparison: { ...ANALYSIS_FIXTURE.experienceComparison, jobRequirements: [] },
    });
    const r = model?.requirements[0];
    if (!r) throw new Error("no requirement");
    expect(r).toMatchObject({ status: "missing", postingLine: 0, resumeLine: null });
    const advice = adviceFor(r, { ...ANALYSIS_FIXTURE, recommendations: [] }, "Kubernetes is a plus");
    expect(advice.text).toContain('Your resume does not show "Kubernetes"');
    expect(advice.text).toContain('"Kubernetes is a plus"');
  });

  it("opens a requirement's own advice, never another's that quotes the same posting line", () => {
    const soc2 = { label: "SOC 2", status: "missing", priority: "Required" } as Parameters<
      typeof adviceFor
    >[0];
    const pci = {
      impact: "high" as const,
      title: "Show PCI DSS, if you have it",
      description:
        'The posting requires PCI DSS ("Familiarity with PCI-DSS and SOC 2 compliance") and your resume does not show it.',
    };
    const advice = adviceFor(soc2, { ...ANALYSIS_FIXTURE, recommendations: [pci] }, null);
    expect(advice.source).toBe("analysis");
    expect(advice.text).toContain('Your resume does not show "SOC 2"');
    const own = { ...pci, title: "Show SOC 2, if you have it" };
    expect(adviceFor(soc2, { ...ANALYSIS_FIXTURE, recommendations: [pci, own] }, null)).toMatchObject({
      source: "recommendation",
      title: own.title,
    });
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
