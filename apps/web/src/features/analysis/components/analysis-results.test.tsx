import { type TStoredAnalysis, ZStoredAnalysis } from "@resumelens/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANALYSIS_FIXTURE, makeAnalysis } from "../../../test/analysis-fixture.ts";
import { json, TEST_USER } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { AnalysisResults } from "./analysis-results.tsx";

const ANALYSIS_PATH = "GET /api/analysis/12";
const EXPORT_PATH = "POST /api/export-package/12";

function renderResults(
  analysis: TStoredAnalysis | Response | (() => Response | Promise<Response>),
  extraRoutes = {},
) {
  const onNewAnalysis = vi.fn();
  const handler =
    typeof analysis === "function"
      ? analysis
      : analysis instanceof Response
        ? () => analysis
        : () => json(analysis);
  const rendered = renderApp({
    signedInAs: TEST_USER,
    routes: { [ANALYSIS_PATH]: handler, ...extraRoutes },
    children: <AnalysisResults analysisId={12} onNewAnalysis={onNewAnalysis} />,
  });
  return { ...rendered, onNewAnalysis };
}

async function loaded() {
  return screen.findByRole("heading", { level: 2, name: "Resume Enhancement Preview" });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("AnalysisResults", () => {
  it("uses a fixture that honours the contract", () => {
    expect(ZStoredAnalysis.parse(ANALYSIS_FIXTURE)).toEqual(ANALYSIS_FIXTURE);
    const points = ANALYSIS_FIXTURE.scoreBreakdown.reduce((sum, c) => sum + c.points, 0);
    expect(Math.round(points)).toBe(ANALYSIS_FIXTURE.overallScore);
  });

  it("shows the loading state until the analysis arrives", async () => {
    const answer = deferred<Response>();
    renderResults(() => answer.promise);
    expect(await screen.findByText("Loading analysis results...")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Analysis Results" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Export Package/ })).toBeNull();
    answer.resolve(json(ANALYSIS_FIXTURE));
    await loaded();
    expect(screen.queryByText("Loading analysis results...")).toBeNull();
  });

  it("says 'Analysis not found' for a 404", async () => {
    const { onNewAnalysis, user } = renderResults(
      json({ error: { code: "NOT_FOUND", message: "Analysis not found" } }, { status: 404 }),
    );
    expect(await screen.findByRole("heading", { name: "Analysis not found" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Export Package/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Start a new analysis" }));
    expect(onNewAnalysis).toHaveBeenCalledTimes(1);
  });

  it("says 'Analysis not found' for an empty answer", async () => {
    renderResults(() => json({}));
    expect(await screen.findByRole("heading", { name: "Analysis not found" })).toBeTruthy();
  });

  it("prompts an unauthenticated user (401) to sign in", async () => {
    renderResults(json({ error: { code: "UNAUTHENTICATED", message: "Sign in" } }, { status: 401 }));
    expect(await screen.findByRole("heading", { name: "Sign in to see this analysis" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth");
  });

  it("offers a retry when the server fails", async () => {
    let calls = 0;
    const { user, server } = renderResults(() => {
      calls += 1;
      return calls === 1 ? new Response("Internal Server Error", { status: 500 }) : json(ANALYSIS_FIXTURE);
    });
    expect(await screen.findByText("We couldn't load this analysis")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await loaded();
    expect(server.requestsTo("GET", "/api/analysis/12")).toHaveLength(2);
  });

  it("requests the analysis with cookies and shows the four summary cards", async () => {
    const { server } = renderResults(ANALYSIS_FIXTURE);
    await loaded();
    expect(server.requestsTo("GET", "/api/analysis/12")[0]?.credentials).toBe("include");
    const overall = screen.getByTestId("summary-Overall Score");
    expect(within(overall).getByText("85", { selector: "span" })).toBeTruthy();
    expect(within(overall).getByText("Excellent Match").className).toContain("text-green-700");
    // 6 required skills matched (AWS counts as a related match); CI/CD is the missing required one.
    expect(within(screen.getByTestId("summary-Skills Match")).getByText("6/7")).toBeTruthy();
    expect(within(screen.getByTestId("summary-ATS Score")).getByText("82%")).toBeTruthy();
    expect(within(screen.getByTestId("summary-Improvements")).getByText("3")).toBeTruthy();
    expect(screen.queryByRole("note")).toBeNull();
  });

  it.each([
    [85, "Excellent Match", "text-green-700", "100"],
    [70, "Good Match", "text-orange-700", "85"],
    [40, "Needs Improvement", "text-red-700", "55"],
  ])(
    "labels a score of %i '%s' (%s) and previews a potential of %s",
    async (score, label, colour, potential) => {
      renderResults(makeAnalysis({ overallScore: score }));
      await loaded();
      const overall = screen.getByTestId("summary-Overall Score");
      expect(within(overall).getByText(label).className).toContain(colour);
      expect(screen.getByTestId("current-score").textContent).toBe(String(score));
      expect(screen.getByTestId("potential-score").textContent).toBe(potential);
    },
  );

  it("shows the before and after lists", async () => {
    renderResults(ANALYSIS_FIXTURE);
    await loaded();
    const before = screen.getByRole("list", { name: "Before Analysis" });
    expect(
      within(before)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(ANALYSIS_FIXTURE.preview.before);
    const after = screen.getByRole("list", { name: "After Optimization" });
    expect(within(after).getByText("CI/CD pipelines described with tools")).toBeTruthy();
  });

  it("explains the score: each component's weight, score, points and reason", async () => {
    renderResults(ANALYSIS_FIXTURE);
    await loaded();
    const required = screen.getByTestId("breakdown-requiredSkills");
    expect(within(required).getByRole("heading", { name: "Required skills" })).toBeTruthy();
    expect(required.textContent).toContain("Weight 40%");
    expect(required.textContent).toContain("Score 88/100");
    expect(required.textContent).toContain("35.2 points");
    expect(within(required).getByText(/AWS is only a related match/)).toBeTruthy();
    // The engine's count is what the score weighs; the note says what the Skills Match card counts, with its number.
    expect(within(required).getByTestId("required-skills-note").textContent).toBe(
      "The Skills Match card counts a different set, 6 of 7 skills: every required skill, including the ones the posting states in words, but not the years of experience.",
    );
    expect(within(screen.getByTestId("summary-Skills Match")).getByText("6/7")).toBeTruthy();
    expect(screen.getByTestId("breakdown-preferredSkills").textContent).toContain("10.1 points");
    expect(screen.getAllByTestId(/^breakdown-/)).toHaveLength(6);
  });

  it("shows the engine's warnings at the top", async () => {
    renderResults(makeAnalysis({ warnings: ["Your resume is very short; some sections may be missing."] }));
    await loaded();
    const note = screen.getByRole("note");
    expect(note.textContent).toContain("Your resume is very short");
  });

  it("opens on Skills Analysis with levels, related matches, evidence and priorities", async () => {
    renderResults(ANALYSIS_FIXTURE);
    await loaded();
    expect(screen.getByRole("tab", { name: "Skills Analysis" }).getAttribute("aria-selected")).toBe("true");
    const matched = screen.getByRole("list", { name: "Matched Skills" });
    const ts = within(matched).getByText("TypeScript").closest("li") as HTMLElement;
    expect(within(ts).getByText("Advanced")).toBeTruthy();
    expect(ts.querySelector("q")?.textContent).toBe(
      "Migrated a 120k-line JavaScript codebase to TypeScript strict mode",
    );
    expect(ts.textContent).toContain("— Experience");
    const aws = within(matched).getByText("AWS").closest("li") as HTMLElement;
    expect(within(aws).getByText("Related match")).toBeTruthy();
    expect(aws.textContent).toContain("— Projects");
    const docker = within(matched).getByText("Docker").closest("li") as HTMLElement;
    expect(docker.textContent).toContain("no line in your resume shows it");
    // The tab's counts: all the job's skills, and the required ones as the Skills Match card says.
    expect(screen.getByTestId("skills-matched-count").textContent).toBe(
      "7 of the 9 skills the job asks for found in your resume (6 of 7 required), with the line that shows each.",
    );
    expect(screen.getByTestId("skills-gap-count").textContent).toBe(
      "2 of the 9 skills the job asks for not shown in your resume (1 of 7 required).",
    );
    expect(within(screen.getByTestId("summary-Skills Match")).getByText("6/7")).toBeTruthy();
    const gap = screen.getByRole("list", { name: "Skills Gap" });
    const ci = within(gap).getByText("CI/CD").closest("li") as HTMLElement;
    expect(within(ci).getByText("Required").className).toContain("bg-destructive");
    const k8s = within(gap).getByText("Kubernetes").closest("li") as HTMLElement;
    expect(within(k8s).getByText("Preferred").className).not.toContain("bg-destructive");
  });

  it("shows the ATS tab: score, issues by severity with solutions, keywords", async () => {
    const { user } = renderResults(ANALYSIS_FIXTURE);
    await loaded();
    await user.click(screen.getByRole("tab", { name: "ATS Analysis" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText("82%")).toBeTruthy();
    const issues = within(panel).getByRole("list", { name: "ATS issues" });
    const critical = within(issues)
      .getByText("Contact details are in the page header")
      .closest("li") as HTMLElement;
    expect(within(critical).getByText("Critical").className).toContain("bg-destructive");
    expect(critical.textContent).toContain("Solution: Move your email and phone");
    expect(within(issues).getByText("High")).toBeTruthy();
    expect(within(issues).getByText("Medium")).toBeTruthy();
    expect(within(issues).getByText("Low")).toBeTruthy();
    expect(
      within(within(panel).getByRole("list", { name: "Keywords found" })).getAllByRole("listitem"),
    ).toHaveLength(6);
    expect(
      within(within(panel).getByRole("list", { name: "Missing keywords" })).getByText("Kubernetes"),
    ).toBeTruthy();
  });

  it("shows the Market tab: alignment, industry match, level and suggestions", async () => {
    const { user } = renderResults(ANALYSIS_FIXTURE);
    await loaded();
    await user.click(screen.getByRole("tab", { name: "Market Analysis" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText("78%")).toBeTruthy();
    expect(within(panel).getByText("72%")).toBeTruthy();
    expect(within(panel).getByText("Mid-Senior Level")).toBeTruthy();
    expect(within(panel).getAllByRole("listitem")).toHaveLength(2);
    expect(within(panel).getByText(/Lead with the TypeScript migration/)).toBeTruthy();
  });

  it("shows the Experience Gap tab: gap, status, years, sources and requirements", async () => {
    const { user } = renderResults(ANALYSIS_FIXTURE);
    await loaded();
    await user.click(screen.getByRole("tab", { name: "Experience Gap" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByTestId("gap-text").textContent).toBe("1 year above requirement");
    expect(within(panel).getByText("Well-matched")).toBeTruthy();
    expect(within(panel).getByText("6 years")).toBeTruthy();
    expect(within(panel).getByText("5 years")).toBeTruthy();
    expect(within(panel).getByRole("progressbar", { name: "Your resume years" })).toBeTruthy();
    const sources = within(panel).getByRole("list", { name: "Experience Sources" });
    const northwind = within(sources)
      .getByText(/Northwind Analytics/)
      .closest("li") as HTMLElement;
    expect(within(northwind).getByText("High relevance")).toBeTruthy();
    expect(northwind.textContent).toContain("Duration: 3 years 4 months");
    expect(within(northwind).getByText("PostgreSQL")).toBeTruthy();
    const intern = within(sources)
      .getByText(/IT Support Intern/)
      .closest("li") as HTMLElement;
    expect(intern.textContent).toContain("Duration: N/A");
    expect(within(intern).getByText("Low relevance")).toBeTruthy();
    const requirements = within(panel).getByRole("list", { name: "Job Requirements" });
    const aws = within(requirements).getByText("Experience with AWS").closest("li") as HTMLElement;
    expect(within(aws).getByText("Partial")).toBeTruthy();
    expect(aws.querySelector("q")?.textContent).toBe("Deployed services on Google Cloud Run");
    const k8s = within(requirements).getByText("Kubernetes").closest("li") as HTMLElement;
    expect(within(k8s).getByText("Missing")).toBeTruthy();
    expect(k8s.textContent).toContain("Matching experience: N/A");
    expect(within(requirements).getByText("Fulfilled")).toBeTruthy();
  });

  it.each([
    [-2, 5, 3, "2 years below requirement"],
    [0, 5, 5, "Exactly meets requirement"],
  ])("words a gap of %i", async (gap, requiredYears, resumeYears, text) => {
    const analysis = makeAnalysis();
    analysis.experienceComparison = { ...analysis.experienceComparison, gap, requiredYears, resumeYears };
    const { user } = renderResults(analysis);
    await loaded();
    await user.click(screen.getByRole("tab", { name: "Experience Gap" }));
    expect(screen.getByTestId("gap-text").textContent).toBe(text);
  });

  it("shows the Recommendations tab with impact badges", async () => {
    const { user } = renderResults(ANALYSIS_FIXTURE);
    await loaded();
    await user.click(screen.getByRole("tab", { name: "Recommendations" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByRole("heading", { name: "AI Recommendations" })).toBeTruthy();
    const items = within(panel).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(
      within(items[0] as HTMLElement).getByRole("heading", { name: "Add CI/CD experience" }),
    ).toBeTruthy();
    expect(items[0]?.textContent).toContain("The job requires CI/CD");
    expect(within(items[0] as HTMLElement).getByText("High impact")).toBeTruthy();
  });

  it("has a Side by Side tab: the documents when the analysis kept them, a notice for an older one", async () => {
    const { user } = renderResults(
      makeAnalysis({
        document: {
          resume: [{ text: "Built React apps with TypeScript", section: "Experience", kind: "bullet" }],
          posting: [{ text: "TypeScript and React required", section: "Requirements", kind: "text" }],
        },
      }),
    );
    await loaded();
    await user.click(screen.getByRole("tab", { name: "Side by Side" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByRole("region", { name: "The job posting" }).textContent).toContain(
      "TypeScript and React required",
    );
    expect(within(panel).getByRole("region", { name: "Your resume, as we read it" }).textContent).toContain(
      "Built React apps with TypeScript",
    );
  });

  it("tells an older analysis without document lines why Side by Side is empty", async () => {
    const { user } = renderResults(ANALYSIS_FIXTURE);
    await loaded();
    await user.click(screen.getByRole("tab", { name: "Side by Side" }));
    expect(
      within(screen.getByRole("tabpanel")).getByText("Side by side needs a newer analysis"),
    ).toBeTruthy();
  });

  it("moves between tabs with the arrow keys", async () => {
    const { user } = renderResults(ANALYSIS_FIXTURE);
    await loaded();
    await user.click(screen.getByRole("tab", { name: "Skills Analysis" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "ATS Analysis" }).getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "ATS Analysis" }));
  });

  it("falls back for missing data: keywords, level, gap and 'Cannot determine'", async () => {
    const analysis = makeAnalysis();
    analysis.atsAnalysis.keywords = { found: [], missing: [] };
    analysis.competitiveAnalysis.experienceLevel = "";
    analysis.experienceComparison = {
      ...analysis.experienceComparison,
      resumeYears: 0,
      requiredYears: 0,
      gap: 0,
      assessment: "Cannot determine",
    };
    const { user } = renderResults(analysis);
    await loaded();
    await user.click(screen.getByRole("tab", { name: "ATS Analysis" }));
    expect(screen.getByText("No keywords data available")).toBeTruthy();
    expect(screen.getByText("No missing keywords data available")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Market Analysis" }));
    expect(screen.getByText("N/A")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Experience Gap" }));
    expect(screen.getByTestId("gap-text").textContent).toBe("No gap data available");
    const status = screen.getByText("Cannot determine");
    expect(status.className).toContain("border-border");
    expect(status.className).not.toContain("bg-destructive");
  });

  it("says 'and N more' under a list the engine capped, and counts the skills left out (engine 2.9.1)", async () => {
    const analysis = makeAnalysis();
    analysis.omitted = { matchedRequired: 120, missingPreferred: 3, keywordsFound: 40, experienceSources: 5 };
    const source = analysis.experienceComparison.experienceSources[0];
    if (source) source.transferableSkillsOmitted = 9;
    expect(ZStoredAnalysis.safeParse(analysis).success).toBe(true);
    const { user } = renderResults(analysis);
    await loaded();
    expect(screen.getByText("…and 120 more matched skills not listed.")).toBeTruthy();
    expect(screen.getByText("…and 3 more missing skills not listed.")).toBeTruthy();
    expect(screen.getByTestId("skills-matched-count").textContent).toBe(
      "127 of the 132 skills the job asks for found in your resume (126 of 127 required), with the line that shows each.",
    );
    expect(within(screen.getByTestId("summary-Skills Match")).getByText("126/127")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "ATS Analysis" }));
    expect(screen.getByText("…and 40 more keywords not listed.")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Experience Gap" }));
    expect(screen.getByText("…and 5 more roles not listed.")).toBeTruthy();
    if (source) expect(screen.getByText("…and 9 more skills not listed.")).toBeTruthy();
  });

  it("calls onNewAnalysis from 'Back to Home' and the 'New Analysis' button", async () => {
    const { user, onNewAnalysis } = renderResults(ANALYSIS_FIXTURE);
    await loaded();
    await user.click(screen.getByRole("button", { name: "Back to Home" }));
    await user.click(screen.getByRole("button", { name: "New Analysis" }));
    expect(onNewAnalysis).toHaveBeenCalledTimes(2);
  });

  describe("export", () => {
    let clicked: HTMLAnchorElement[];
    const createObjectURL = vi.fn((_blob: Blob) => "blob:resumelens/package");
    const revokeObjectURL = vi.fn();

    beforeEach(() => {
      clicked = [];
      createObjectURL.mockClear();
      revokeObjectURL.mockClear();
      // jsdom has no object URLs; these stay in place for the file so late revokes find them.
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
    });

    afterEach(() => {
      vi.restoreAllMocks();
    });

    it("saves the ZIP as resume-analysis-package.zip and says so", async () => {
      const answer = deferred<Response>();
      const { user, server } = renderResults(ANALYSIS_FIXTURE, { [EXPORT_PATH]: () => answer.promise });
      await loaded();
      await user.click(screen.getByRole("button", { name: "Export Package" }));
      const busy = await screen.findByRole("button", { name: /Generating Package\.\.\./ });
      expect((busy as HTMLButtonElement).disabled).toBe(true);
      answer.resolve(
        new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
          status: 200,
          headers: { "Content-Type": "application/zip" },
        }),
      );
      expect(await screen.findByText("Export Successful")).toBeTruthy();
      expect(server.requestsTo("POST", "/api/export-package/12")[0]?.credentials).toBe("include");
      expect(createObjectURL).toHaveBeenCalledTimes(1);
      // Node's Blob (from fetch's Response), not jsdom's: check what it holds.
      expect(createObjectURL.mock.calls[0]?.[0]).toMatchObject({ size: 4, type: "application/zip" });
      expect(clicked).toHaveLength(1);
      expect(clicked[0]?.download).toBe("resume-analysis-package.zip");
      expect(clicked[0]?.getAttribute("href")).toBe("blob:resumelens/package");
      expect(clicked[0]?.isConnected).toBe(false);
      expect(screen.getByRole("button", { name: "Export Package" })).toBeTruthy();
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith("blob:resumelens/package"));
    });

    it("reports a refused export with its status", async () => {
      const { user } = renderResults(ANALYSIS_FIXTURE, {
        [EXPORT_PATH]: () => new Response("nope", { status: 500 }),
      });
      await loaded();
      await user.click(screen.getByRole("button", { name: "Export Package" }));
      expect(await screen.findByText("Export Failed")).toBeTruthy();
      expect(screen.getByText("Failed to export analysis: 500")).toBeTruthy();
      expect(clicked).toHaveLength(0);
    });

    it("reports an answer that is not a ZIP", async () => {
      const { user } = renderResults(ANALYSIS_FIXTURE, { [EXPORT_PATH]: () => json({ ok: true }) });
      await loaded();
      await user.click(screen.getByRole("button", { name: "Export Package" }));
      expect(await screen.findByText("Export Failed")).toBeTruthy();
      expect(screen.getByText("Invalid response format - expected ZIP file")).toBeTruthy();
      expect(createObjectURL).not.toHaveBeenCalled();
    });
  });
});
