import type { TComparison } from "@resumelens/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ANALYSIS_FIXTURE } from "../../test/analysis-fixture.ts";
import { json, TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";

const COMPARISON: TComparison = {
  id: 4,
  createdAt: "2026-11-20T10:00:00.000Z",
  resumeId: 7,
  rows: [
    {
      analysisId: 21,
      jobTitle: "Senior Backend Engineer",
      excerpt: "Senior Backend Engineer - Payments",
      overallScore: 84,
      topMissing: [],
    },
    {
      analysisId: 22,
      jobTitle: null,
      excerpt: "We need someone for our data team",
      overallScore: 63,
      topMissing: ["Tableau", "dbt"],
    },
    {
      analysisId: 23,
      jobTitle: "Registered Nurse",
      excerpt: "Registered Nurse",
      overallScore: 31,
      topMissing: ["Patient care", "BLS", "Charting"],
    },
  ],
  shared: [
    { requirement: "Communication", analysisIds: [21, 22, 23], met: true },
    { requirement: "SQL", analysisIds: [21, 22], met: false },
  ],
};

function renderComparison(answer: () => Response = () => json(COMPARISON), path = "/compare/4") {
  return renderApp({
    path,
    signedInAs: TEST_USER,
    routes: {
      "GET /api/comparisons/4": answer,
      "GET /api/analysis/22": () => json({ ...ANALYSIS_FIXTURE, id: 22 }),
    },
  });
}

describe("comparison page", () => {
  it("ranks the postings in a table with rank, posting, score and band, top missing and a link to each analysis", async () => {
    renderComparison();
    expect(await screen.findByRole("heading", { level: 1, name: "Posting Comparison" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: /ranked by how well your resume matches/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Rank", "Posting", "Score", "Top missing", "Actions"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole("rowheader").textContent).toContain("Senior Backend Engineer");
    expect(first.textContent).toContain("84/100");
    expect(first.textContent).toContain("Excellent Match");
    expect(first.textContent).toContain("Nothing missing");
    // No recognisable title: the posting's first line names it.
    expect(within(second).getByRole("rowheader").textContent).toBe("We need someone for our data team");
    expect(second.textContent).toContain("Good Match");
    expect(within(third).getByRole("list", { name: "Top missing requirements" }).textContent).toBe(
      "Patient careBLSCharting",
    );
    expect(third.textContent).toContain("Needs Improvement");
    expect(
      within(second)
        .getByRole("link", { name: "View Analysis for We need someone for our data team" })
        .getAttribute("href"),
    ).toBe("/analysis/22");
  });

  it("lists what the postings share, shown or not, and opens a row's full analysis", async () => {
    const { user } = renderComparison();
    const shared = await screen.findByTestId("shared-requirements");
    const items = within(shared).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Communication ShownAsked by 3 of 3 postings",
      "SQL Not shownAsked by 2 of 3 postings",
    ]);
    const table = screen.getByRole("table");
    await user.click(within(table).getByRole("link", { name: /^View Analysis for We need someone/ }));
    expect(await screen.findByRole("heading", { level: 1, name: "Analysis Results" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/analysis/22");
  });

  it("has the same postings as cards for a phone, in rank order", async () => {
    renderComparison();
    const cards = await screen.findByRole("list", { name: "Job postings ranked by match" });
    const items = within(cards)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === cards);
    expect(items.map((item) => within(item).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Senior Backend Engineer",
      "We need someone for our data team",
      "Registered Nurse",
    ]);
  });

  it("says when the comparison is not found (another user's, or deleted)", async () => {
    renderComparison(() =>
      json({ error: { code: "NOT_FOUND", message: "Comparison not found" } }, { status: 404 }),
    );
    expect(await screen.findByRole("heading", { level: 2, name: "Comparison not found" })).toBeTruthy();
  });

  it("says when all its analyses were deleted", async () => {
    renderComparison(() => json({ ...COMPARISON, rows: [], shared: [] }));
    expect(await screen.findByText("The analyses of this comparison have all been deleted.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
