import type { TAnalytics, THistoryItem } from "@resumelens/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatDate, formatDateTime } from "../../lib/format-date.ts";
import { historyBand } from "../../lib/score-bands.ts";
import { ANALYSIS_FIXTURE } from "../../test/analysis-fixture.ts";
import { json, type RouteHandler, type Routes, TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";
import { excerpt } from "./api/history.ts";
import { trendSummary } from "./components/score-trend-chart.tsx";

const FREE: TAnalytics = { currentMonth: { analyses: 2, maxAnalyses: 3 }, subscription: "free" };
const LIFETIME: TAnalytics = { currentMonth: { analyses: 4, maxAnalyses: 999 }, subscription: "lifetime" };

const LONG_JD = `Frontend engineer ${"building accessible React interfaces with TypeScript and tests ".repeat(4)}`;

// Deliberately out of order: the page sorts newest first. Two frontend roles, one data role.
const ITEMS: THistoryItem[] = [
  {
    id: 11,
    createdAt: "2025-05-01T10:00:00.000Z",
    overallScore: 55,
    jobDescription: "Frontend Engineer\nReact and Go.",
    resumeName: "jane-resume-v1.pdf",
    jobTitle: "Frontend Engineer",
  },
  {
    id: 13,
    createdAt: "2025-06-03T10:00:00.000Z",
    overallScore: 86,
    jobDescription: LONG_JD,
    resumeName: "jane-resume-v2.docx",
    jobTitle: "Frontend engineer",
  },
  {
    id: 12,
    createdAt: "2025-05-20T10:00:00.000Z",
    overallScore: 20,
    jobDescription: "Data analyst, SQL and Python.",
    resumeName: null,
    jobTitle: "Data Analyst",
  },
];

function renderHistory({
  items = ITEMS,
  analytics = FREE,
  routes = {},
}: {
  items?: THistoryItem[] | RouteHandler;
  analytics?: TAnalytics;
  routes?: Routes;
} = {}) {
  const result = renderApp({
    path: "/history",
    signedInAs: TEST_USER,
    routes: {
      "GET /api/user/analyses": typeof items === "function" ? items : () => json(items),
      "GET /api/user/analytics": () => json(analytics),
      ...routes,
    },
  });
  return result;
}

async function findItems(): Promise<HTMLElement[]> {
  const section = await screen.findByRole("region", { name: "Past analyses" });
  return within(section).getAllByRole("listitem");
}

async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole("region", { name: /Notifications/ });
  const [titleEl] = await within(region).findAllByText(title);
  const toast = titleEl?.closest("[data-variant]");
  if (!(toast instanceof HTMLElement)) throw new Error(`No toast around "${title}"`);
  return toast;
}

function zip(): Response {
  return new Response("PK\u0003\u0004", { status: 200, headers: { "Content-Type": "application/zip" } });
}

let clicked: HTMLAnchorElement[] = [];

beforeEach(() => {
  clicked = [];
  // jsdom has no blob URLs and would try to navigate on a download link: capture the click instead.
  URL.createObjectURL = vi.fn(() => "blob:report");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("history page", () => {
  it("lists analyses newest first with score, band, date, excerpt and a View Details link", async () => {
    renderHistory();
    expect(await screen.findByRole("heading", { level: 1, name: "Analysis History" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");

    const items = await findItems();
    expect(items).toHaveLength(3);
    const [newest, middle, oldest] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(newest.textContent).toContain("86/100");
    expect(newest.textContent).toContain(formatDateTime("2025-06-03T10:00:00.000Z"));
    expect(formatDateTime("2025-06-03T10:00:00.000Z")).not.toBe(formatDate("2025-06-03T10:00:00.000Z"));
    expect(within(newest).getByTestId("history-resume").textContent).toBe("Resume: jane-resume-v2.docx");
    expect(within(newest).getByRole("heading", { level: 3 }).textContent).toBe("Frontend engineer");
    expect(within(middle).getByTestId("history-resume").textContent).toBe("Resume: Deleted resume");
    expect(newest.textContent).toContain(excerpt(LONG_JD));
    expect(newest.textContent).not.toContain(LONG_JD.trim());
    expect(excerpt(LONG_JD).length).toBeLessThanOrEqual(143);
    expect(middle.textContent).toContain("Data analyst, SQL and Python.");
    expect(oldest.textContent).toContain("55/100");

    const link = within(newest).getByRole("link", { name: /^View Details/ });
    expect(link.getAttribute("href")).toBe("/analysis/13");
  });

  it("links a row that is one posting of a comparison to it, and only such rows", async () => {
    const items = ITEMS.map((item) => (item.id === 12 ? { ...item, comparisonId: 7 } : item));
    renderHistory({ items });
    const [newest, middle, oldest] = (await findItems()) as [HTMLElement, HTMLElement, HTMLElement];
    const link = within(middle).getByRole("link", { name: "Part of a comparison" });
    expect(link.getAttribute("href")).toBe("/compare/7");
    expect(within(newest).queryByRole("link", { name: "Part of a comparison" })).toBeNull();
    expect(within(oldest).queryByRole("link", { name: "Part of a comparison" })).toBeNull();
  });

  it("labels each score with its band, not just a colour", async () => {
    renderHistory();
    const items = await findItems();
    const bands = items.map((item) => within(item).getByTestId("score-band").textContent);
    expect(bands).toEqual(["Excellent", "Needs Work", "Needs Work"]);
    expect(historyBand(80).label).toBe("Excellent");
    expect(historyBand(79).label).toBe("Good");
    expect(historyBand(59).label).toBe("Needs Work");
    expect(historyBand(86).className).toContain("success");
    expect(historyBand(60).className).toContain("warning");
    expect(historyBand(10).className).toContain("destructive");
  });

  it("opens the analysis from View Details", async () => {
    const { user } = renderHistory({
      routes: { "GET /api/analysis/13": () => json({ ...ANALYSIS_FIXTURE, id: 13 }) },
    });
    const [newest] = await findItems();
    await user.click(within(newest as HTMLElement).getByRole("link", { name: /^View Details/ }));
    expect(await screen.findByRole("heading", { level: 1, name: "Analysis Results" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/analysis/13");
  });

  it("exports a report as analysis-report-{id}.zip, showing 'Exporting...' meanwhile", async () => {
    let answer: (res: Response) => void = () => {};
    const { user, server } = renderHistory({
      routes: {
        "POST /api/analysis/13/export-pdf": () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    const [newest] = await findItems();
    const item = newest as HTMLElement;
    await user.click(within(item).getByRole("button", { name: "Export" }));
    const busy = within(item).getByRole("button", { name: "Exporting..." }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);

    answer(zip());
    expect((await findToast("Export Successful")).getAttribute("data-variant")).toBe("default");
    expect(within(item).getByRole("button", { name: "Export" })).toBeTruthy();
    expect(clicked.map((a) => a.download)).toEqual(["analysis-report-13.zip"]);
    const [request] = server.requestsTo("POST", "/api/analysis/13/export-pdf");
    expect(request?.credentials).toBe("include");
  });

  it("reports a non-OK export answer with its status", async () => {
    const { user } = renderHistory({
      routes: { "POST /api/analysis/13/export-pdf": () => new Response("nope", { status: 500 }) },
    });
    const [newest] = await findItems();
    await user.click(within(newest as HTMLElement).getByRole("button", { name: "Export" }));
    const toast = await findToast("Export Failed");
    expect(toast.getAttribute("data-variant")).toBe("destructive");
    expect(toast.textContent).toContain("Failed to export analysis: 500");
    expect(clicked).toHaveLength(0);
  });

  it("refuses an export answer that is not a ZIP", async () => {
    const { user } = renderHistory({
      routes: { "POST /api/analysis/13/export-pdf": () => json({ ok: true }) },
    });
    const [newest] = await findItems();
    await user.click(within(newest as HTMLElement).getByRole("button", { name: "Export" }));
    expect((await findToast("Export Failed")).textContent).toContain(
      "Invalid response format - expected ZIP file",
    );
    expect(clicked).toHaveLength(0);
  });

  it("deletes an analysis after confirmation and refreshes the list", async () => {
    let items = ITEMS;
    const { user, server } = renderHistory({
      items: () => json(items),
      routes: {
        "DELETE /api/analysis/12": () => {
          items = ITEMS.filter((item) => item.id !== 12);
          return new Response(null, { status: 204 });
        },
      },
    });
    const [, middle] = await findItems();
    await user.click(within(middle as HTMLElement).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this analysis?" });

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.requestsTo("DELETE", "/api/analysis/12")).toHaveLength(0);

    await user.click(within(middle as HTMLElement).getByRole("button", { name: "Delete" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete Analysis" }),
    );
    await waitFor(() => expect(screen.queryByText("Data analyst, SQL and Python.")).toBeNull());
    expect(server.requestsTo("DELETE", "/api/analysis/12")).toHaveLength(1);
    expect(server.requestsTo("GET", "/api/user/analyses")).toHaveLength(2);
    expect(await findItems()).toHaveLength(2);
  });

  it("shows the first page of history and loads older analyses on request (the server pages)", async () => {
    const older: THistoryItem = {
      id: 5,
      createdAt: "2025-01-02T10:00:00.000Z",
      overallScore: 40,
      jobDescription: "Warehouse associate, forklift.",
      resumeName: "Text Resume",
      jobTitle: "Warehouse Associate",
    };
    const { user, server } = renderHistory({
      items: (request) =>
        request.url.includes("offset=3")
          ? json([older])
          : json(ITEMS, { headers: { Link: '</api/user/analyses?limit=3&offset=3>; rel="next"' } }),
    });
    expect(await findItems()).toHaveLength(3);
    expect(screen.queryByText("Warehouse associate, forklift.")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show older analyses" }));
    expect(await screen.findByText("Warehouse associate, forklift.")).toBeTruthy();
    expect(await findItems()).toHaveLength(4);
    expect(screen.queryByRole("button", { name: "Show older analyses" })).toBeNull();
    expect(server.requestsTo("GET", "/api/user/analyses").map((r) => r.url)).toEqual([
      "/api/user/analyses",
      "/api/user/analyses?limit=3&offset=3",
    ]);
  });

  it("shows an empty state with a way to start an analysis", async () => {
    renderHistory({ items: [] });
    expect(await screen.findByRole("heading", { level: 2, name: "No analyses yet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start your first analysis" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("draws the score trend per job title for lifetime users, with a text summary", async () => {
    const user = renderHistory({ analytics: LIFETIME }).user;
    const chart = await screen.findByRole("img");
    expect(chart.tagName.toLowerCase()).toBe("svg");
    // The latest role with two analyses: both frontend ones, not the data analyst's 20.
    expect(chart.querySelectorAll("circle")).toHaveLength(2);
    const summary = `Frontend Engineer: 2 analyses from ${formatDate(ITEMS[0]?.createdAt ?? "")} to ${formatDate(
      ITEMS[1]?.createdAt ?? "",
    )}: from 55 to 86 (up 31 points), best 86.`;
    expect(screen.getByRole("img", { name: summary })).toBeTruthy();
    // Never stretched: drawn at its own size, not with preserveAspectRatio="none".
    expect(chart.getAttribute("preserveAspectRatio")).toBeNull();
    expect(chart.getAttribute("height")).toBe("180");
    expect(screen.queryByText(/come with Lifetime/)).toBeNull();

    const picker = screen.getByRole("combobox", { name: "Job" });
    expect([...(picker as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      "Frontend Engineer (2 analyses)",
      "Data Analyst (1 analysis)",
    ]);
    // One analysis is not a trend: no lone dot, a line saying how to get one.
    await user.selectOptions(picker, "data analyst");
    expect(await screen.findByText(/One analysis for this job so far/)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("opens on the job with the most analyses", async () => {
    // Data Analyst: 2 analyses, the latest; Frontend Engineer: 3, older.
    const items = [
      { ...(ITEMS[2] as THistoryItem), id: 91, createdAt: "2026-03-20T10:00:00.000Z" },
      ...ITEMS,
      { ...(ITEMS[0] as THistoryItem), id: 92, createdAt: "2025-04-01T10:00:00.000Z" },
    ];
    renderHistory({ analytics: LIFETIME, items });
    const chart = await screen.findByRole("img");
    expect(chart.querySelectorAll("circle")).toHaveLength(3);
    expect((screen.getByRole("combobox", { name: "Job" }) as HTMLSelectElement).value).toBe(
      "frontend engineer",
    );
  });

  it("tells free users that trends come with Lifetime instead of drawing one", async () => {
    renderHistory({ analytics: FREE });
    expect(await screen.findByText(/Score trends over time come with Lifetime/)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });
});

describe("trendSummary", () => {
  const at = (id: number, createdAt: string, overallScore: number): THistoryItem => ({
    id,
    createdAt,
    overallScore,
    jobDescription: "",
    resumeName: null,
    jobTitle: null,
  });

  it("says '1 point', and gives times when both analyses are from one day", () => {
    const first = "2025-06-03T09:00:00.000Z";
    const last = "2025-06-03T15:30:00.000Z";
    expect(trendSummary([at(1, first, 70), at(2, last, 71)])).toBe(
      `2 analyses from ${formatDateTime(first)} to ${formatDateTime(last)}: from 70 to 71 (up 1 point), best 71.`,
    );
    expect(trendSummary([at(1, "2025-06-01T09:00:00.000Z", 70), at(2, last, 68)])).toContain(
      `from ${formatDate("2025-06-01T09:00:00.000Z")} to ${formatDate(last)}: from 70 to 68 (down 2 points)`,
    );
  });
});
