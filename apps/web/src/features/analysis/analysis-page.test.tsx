import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ANALYSIS_FIXTURE } from "../../test/analysis-fixture.ts";
import { json, TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";

describe("analysis page", () => {
  it("shows the analysis of /analysis/:id and goes home from 'Back to Home'", async () => {
    const { user } = renderApp({
      path: "/analysis/12",
      signedInAs: TEST_USER,
      routes: {
        "GET /api/analysis/12": () => json(ANALYSIS_FIXTURE),
        "GET /api/user/analytics": () =>
          json({ currentMonth: { analyses: 1, maxAnalyses: 3 }, subscription: "free" }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Analysis Results" })).toBeTruthy();
    expect(await screen.findByText("Excellent Match")).toBeTruthy();
    expect(document.title).toBe("Analysis Results · ResumeLens");
    // Opened directly (History, a bookmark, the mail link), not from the analyzer: no wizard steps.
    expect(screen.queryByRole("navigation", { name: "Analysis progress" })).toBeNull();
    // Every results tab, in one list.
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Skills Analysis",
      "ATS Analysis",
      "Market Analysis",
      "Experience Gap",
      "Recommendations",
      "Side by Side",
    ]);
    await user.click(screen.getByRole("button", { name: "Back to Home" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
  });
});
