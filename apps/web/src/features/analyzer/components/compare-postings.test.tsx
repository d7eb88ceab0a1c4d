import { MESSAGES, type TAnalytics } from "@resumelens/contract";
import { screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, type RouteHandler, TEST_USER } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { AnalyzerWizard } from "../analyzer-page.tsx";
import { postingProblems } from "./compare-postings.tsx";

const FREE: TAnalytics = { currentMonth: { analyses: 1, maxAnalyses: 3 }, subscription: "free" };
const LIFETIME: TAnalytics = { currentMonth: { analyses: 12, maxAnalyses: 999 }, subscription: "lifetime" };

const JD1 = "Senior TypeScript engineer: React, Node.js, PostgreSQL, testing, CI/CD pipelines.";
const JD2 = "Data analyst: SQL, Python, Tableau dashboards, statistics and clear communication.";
const JD3 = "Registered nurse: patient care, medication administration, charting and teamwork.";

type User = ReturnType<typeof userEvent.setup>;

function renderWizard(analytics: TAnalytics, compare: RouteHandler = () => json({ id: 5 })) {
  const result = renderApp({
    signedInAs: TEST_USER,
    children: <AnalyzerWizard random={() => 1} />,
    routes: {
      "GET /api/user/analytics": () => json(analytics),
      "POST /api/upload-resume": () => json({ id: 7, filename: "jane-doe.txt" }),
      "POST /api/comparisons": compare,
    },
  });
  return { ...result, comparisons: () => result.server.requestsTo("POST", "/api/comparisons") };
}

async function uploadResume(user: User) {
  await user.upload(
    screen.getByTestId("resume-file-input"),
    new File(["Jane Doe, engineer"], "jane-doe.txt", { type: "text/plain" }),
  );
  await screen.findByRole("button", { name: "Remove file" });
}

async function paste(user: User, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.click(field);
  await user.paste(text);
}

async function openComparison(user: User) {
  const card = await screen.findByTestId("compare-postings");
  await user.click(within(card).getByRole("button", { name: "Compare several postings" }));
  return card;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("postingProblems", () => {
  it("asks for the minimum length and refuses a posting repeated (after trimming)", () => {
    expect(postingProblems([JD1, ` ${JD1} `, "short", ""])).toEqual([
      null,
      "Job posting 2 is the same as posting 1.",
      "Job posting 3 needs at least 50 characters (5 so far).",
      "Paste job posting 4.",
    ]);
    expect(postingProblems([JD1, JD2])).toEqual([null, null]);
    expect(postingProblems(["", JD2])[0]).toBe("Paste the first job posting in step 2, Job Description.");
    expect(postingProblems(["Engineer", JD2])[0]).toBe(
      "The job description in step 2 needs at least 50 characters (8 so far).",
    );
  });
});

describe("compare several postings in the analyzer", () => {
  it("shows a Free user what it does and the way to Lifetime, with no fields to fill", async () => {
    const { user, comparisons } = renderWizard(FREE);
    const card = await openComparison(user);
    expect(within(card).getByText(MESSAGES.comparisonNeedsLifetime)).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Upgrade to Lifetime" }).getAttribute("href")).toBe(
      "/checkout",
    );
    expect(within(card).getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/pricing");
    expect(within(card).queryByLabelText("Job posting 2")).toBeNull();
    expect(comparisons()).toHaveLength(0);
  });

  it("lets a Lifetime user add postings up to five, checks each, then runs them once and opens the comparison", async () => {
    let answer: (res: Response) => void = () => {};
    const { user, comparisons } = renderWizard(
      LIFETIME,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await uploadResume(user);
    await paste(user, "Job description", JD1);
    const card = await openComparison(user);
    const toggle = within(card).getByRole("button", { name: "Hide comparison" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");

    // Posting 2 empty, posting 3 repeats posting 1: nothing is sent, each says why, focus goes to the first.
    await user.click(within(card).getByRole("button", { name: "Add another posting" }));
    await paste(user, "Job posting 3", JD1);
    await user.click(within(card).getByRole("button", { name: "Compare 3 postings" }));
    expect(comparisons()).toHaveLength(0);
    expect(within(card).getByText("Paste job posting 2.")).toBeTruthy();
    expect(within(card).getByText("Job posting 3 is the same as posting 1.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Job posting 2")));
    expect(screen.getByLabelText("Job posting 2").getAttribute("aria-invalid")).toBe("true");

    await paste(user, "Job posting 2", JD2);
    await user.clear(screen.getByLabelText("Job posting 3"));
    await paste(user, "Job posting 3", JD3);
    // At five postings no more can be added.
    await user.click(within(card).getByRole("button", { name: "Add another posting" }));
    await user.click(within(card).getByRole("button", { name: "Add another posting" }));
    expect(
      (within(card).getByRole("button", { name: "Add another posting" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(card).getByText("You can compare up to 5 job descriptions at once.")).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: "Remove posting 5" }));
    await user.click(within(card).getByRole("button", { name: "Remove posting 4" }));

    // A double click sends one run, under the analyzing overlay.
    await user.dblClick(within(card).getByRole("button", { name: "Compare 3 postings" }));
    expect(comparisons()).toHaveLength(1);
    const overlay = await screen.findByRole("dialog", { name: "Analyzing Your Resume" });
    expect(overlay.textContent).toContain("Analyzing your resume against 3 job postings.");
    answer(json({ id: 5 }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/compare/5"));
    expect(comparisons()).toHaveLength(1);
    expect(comparisons()[0]?.body).toEqual({ resumeId: 7, jobDescriptions: [JD1, JD2, JD3] });
    expect(comparisons()[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  }, 20_000);

  it("says why a run was refused", async () => {
    const { user } = renderWizard(LIFETIME, () =>
      json({ error: { code: "RATE_LIMITED", message: MESSAGES.analysisRateLimited } }, { status: 429 }),
    );
    await uploadResume(user);
    await paste(user, "Job description", JD1);
    const card = await openComparison(user);
    await paste(user, "Job posting 2", JD2);
    await user.click(within(card).getByRole("button", { name: "Compare 2 postings" }));
    const region = await screen.findByRole("region", { name: /Notifications/ });
    expect(await within(region).findByText("Comparison Failed")).toBeTruthy();
    expect(within(region).getByText(MESSAGES.analysisRateLimited)).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/");
  });
});
