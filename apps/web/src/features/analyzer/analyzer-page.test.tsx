import { MESSAGES, type TAnalytics } from "@resumelens/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYSIS_FIXTURE } from "../../test/analysis-fixture.ts";
import { json, type RouteHandler, type Routes, TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";
import { AnalyzerWizard } from "./analyzer-page.tsx";

const FREE: TAnalytics = { currentMonth: { analyses: 1, maxAnalyses: 3 }, subscription: "free" };
const FREE_AT_MAX: TAnalytics = { currentMonth: { analyses: 3, maxAnalyses: 3 }, subscription: "free" };
const LIFETIME: TAnalytics = { currentMonth: { analyses: 12, maxAnalyses: 999 }, subscription: "lifetime" };

const JD = "Senior TypeScript engineer: React, Node.js, PostgreSQL, testing, CI/CD pipelines.";

function renderWizard({
  analytics = FREE,
  analyze = () => json({ id: 42 }),
  routes = {},
  fakeTimers = false,
}: {
  analytics?: TAnalytics;
  analyze?: RouteHandler;
  routes?: Routes;
  fakeTimers?: boolean;
} = {}) {
  const result = renderApp({
    children: <AnalyzerWizard random={() => 1} />,
    routes: {
      "GET /api/user/analytics": () => json(analytics),
      "POST /api/upload-resume": () => json({ id: 7, filename: "jane-doe.txt" }),
      "POST /api/analyze": analyze,
      ...routes,
    },
  });
  const user = fakeTimers
    ? userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    : result.user;
  return { ...result, user, analyses: () => result.server.requestsTo("POST", "/api/analyze") };
}

type User = ReturnType<typeof userEvent.setup>;

async function uploadResume(user: User) {
  await user.upload(
    screen.getByTestId("resume-file-input"),
    new File(["Jane Doe, engineer"], "jane-doe.txt", { type: "text/plain" }),
  );
  await screen.findByRole("button", { name: "Remove file" });
}

async function typeJobDescription(user: User, text: string) {
  const field = screen.getByLabelText("Job description");
  await user.click(field);
  await user.paste(text);
}

function analyzeButton(): HTMLButtonElement {
  return screen.getByRole("button", { name: "Analyze Resume with AI" }) as HTMLButtonElement;
}

async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole("region", { name: /Notifications/ });
  const [titleEl] = await within(region).findAllByText(title);
  const toast = titleEl?.closest("[data-variant]");
  if (!(toast instanceof HTMLElement)) throw new Error(`No toast around "${title}"`);
  return toast;
}

/** After a successful analysis the wizard opens the result's own address. */
async function expectResultsOpened(id: number) {
  await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/analysis/${id}`));
}

function currentStep(): string {
  const nav = screen.getByRole("navigation", { name: "Analysis progress" });
  return nav.querySelector('[aria-current="step"]')?.textContent ?? "";
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("analyzer page", () => {
  it("shows the wizard with its progress indicator, both steps and the side cards at /", async () => {
    renderApp({ signedInAs: TEST_USER, routes: { "GET /api/user/analytics": () => json(FREE) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Resume Analyzer" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Upload Your Resume" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Job Description" })).toBeTruthy();
    expect(currentStep()).toContain("Upload Your Resume");
    for (const name of ["What You'll Get", "Pro Tips", "Monthly Usage"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
    expect(screen.queryByText("This part of ResumeLens is being built.")).toBeNull();
    expect(screen.getByText(/\(minimum 50 characters\)/)).toBeTruthy();
    expect(await screen.findByText("Free Plan")).toBeTruthy();
  });

  it("enables Analyze only with a resume and a job description of at least 50 trimmed characters", async () => {
    const { user } = renderWizard();
    await typeJobDescription(user, JD);
    expect(analyzeButton().disabled).toBe(true); // no resume yet

    await uploadResume(user);
    expect(currentStep()).toContain("Job Description");
    expect(analyzeButton().disabled).toBe(false);

    const field = screen.getByLabelText("Job description");
    await user.clear(field);
    await user.paste(`  ${"j".repeat(49)}   `);
    expect(screen.getByText(/^49 characters/)).toBeTruthy();
    expect(analyzeButton().disabled).toBe(true);

    await user.clear(field);
    await user.paste(`  ${"j".repeat(50)}   `);
    expect(screen.getByText(/^50 characters/)).toBeTruthy();
    expect(analyzeButton().disabled).toBe(false);
    expect(screen.queryByText(/the rest of this posting was left out/)).toBeNull();
  });

  it("says when a pasted posting was cut at the limit", async () => {
    const { user } = renderWizard();
    const field = screen.getByLabelText("Job description");
    await user.click(field);
    await user.paste("x ".repeat(10_500));
    expect((field as HTMLTextAreaElement).value.length).toBe(20_000);
    expect(
      screen.getByText(/limited to 20,000 characters: the rest of this posting was left out/),
    ).toBeTruthy();
  });

  it("turns pasted text of 100+ characters into a resume when Analyze is pressed", async () => {
    const { user, server, analyses } = renderWizard({
      routes: { "POST /api/create-text-resume": () => json({ id: 9 }) },
    });
    await user.click(screen.getByRole("tab", { name: "Paste Text" }));
    await user.click(screen.getByLabelText("Resume text"));
    await user.paste("r".repeat(99));
    await typeJobDescription(user, JD);
    expect(analyzeButton().disabled).toBe(true);
    // Focus moved to the job description; add the 100th character to the resume text.
    await user.click(screen.getByLabelText("Resume text"));
    await user.paste("r");
    expect(analyzeButton().disabled).toBe(false);

    await user.click(analyzeButton());
    await expectResultsOpened(42);
    expect(server.requestsTo("POST", "/api/create-text-resume")[0]?.body).toEqual({
      content: "r".repeat(100),
    });
    expect(analyses()[0]?.body).toEqual({ resumeId: 9, jobDescription: JD });
  });

  it("shows a free user at the monthly maximum the limit up front, and alerts instead of sending", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user, analyses } = renderWizard({ analytics: FREE_AT_MAX });
    expect((await screen.findByTestId("usage-count")).textContent).toBe("3 / 3");
    // Before any effort: the banner above the steps, the usage card, and a way to upgrade.
    const banner = screen.getByTestId("limit-banner");
    expect(banner.textContent).toContain("You've used all 3 free analyses this month");
    expect(
      within(banner)
        .getByRole("link", { name: /Upgrade to Lifetime/ })
        .getAttribute("href"),
    ).toBe("/checkout");
    expect(screen.getByTestId("usage-limit-reached").textContent).toBe("Monthly limit reached");
    expect(screen.getByRole("link", { name: "upgrade to Lifetime" }).getAttribute("href")).toBe("/checkout");

    await uploadResume(user);
    await typeJobDescription(user, JD);
    // Disabled, with the limit alert's text (docs/product.md#monthly-limit) as its reason next to it.
    expect(analyzeButton().getAttribute("aria-disabled")).toBe("true");
    const reason = document.getElementById(analyzeButton().getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe(
      "You have reached your monthly analysis limit. Please upgrade to continue.",
    );
    await user.click(analyzeButton());
    expect(alert).toHaveBeenCalledWith(
      "You have reached your monthly analysis limit. Please upgrade to continue.",
    );
    expect(analyses()).toHaveLength(0);
    expect(screen.queryByText("Analyzing Your Resume")).toBeNull();
  });

  it("does not block a lifetime user whose maximum is the 999 sentinel", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user, analyses } = renderWizard({
      analytics: { currentMonth: { analyses: 999, maxAnalyses: 999 }, subscription: "lifetime" },
    });
    expect(await screen.findByTestId("usage-count")).toBeTruthy();
    await uploadResume(user);
    await typeJobDescription(user, JD);
    expect(analyzeButton().getAttribute("aria-disabled")).toBeNull();
    expect(screen.queryByTestId("limit-banner")).toBeNull();
    await user.click(analyzeButton());
    await expectResultsOpened(42);
    expect(alert).not.toHaveBeenCalled();
    expect(analyses()).toHaveLength(1);
  });

  it("shows the overlay while analyzing, its progress rising each second and stopping at 90", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (res: Response) => void = () => {};
    const { user } = renderWizard({
      analyze: () => new Promise<Response>((resolve) => (answer = resolve)),
      fakeTimers: true,
    });
    await uploadResume(user);
    await typeJobDescription(user, JD);
    await user.click(analyzeButton());

    const overlay = await screen.findByRole("dialog", { name: "Analyzing Your Resume" });
    expect(within(overlay).getByText("0% complete - This usually takes 30-60 seconds")).toBeTruthy();
    expect(analyzeButton().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(within(overlay).getByText("15% complete - This usually takes 30-60 seconds")).toBeTruthy();
    act(() => vi.advanceTimersByTime(20_000));
    expect(within(overlay).getByText("90% complete - This usually takes 30-60 seconds")).toBeTruthy();
    expect(within(overlay).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("90");

    answer(json({ id: 42 }));
    await expectResultsOpened(42);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Analyzing Your Resume" })).toBeNull());
  });

  it("on success toasts, sends the trimmed payload with an Idempotency-Key, refreshes usage and opens the result", async () => {
    const { user, analyses, server } = renderWizard();
    expect(await screen.findByTestId("usage-count")).toBeTruthy();
    await uploadResume(user);
    await typeJobDescription(user, `   ${JD}  `);
    await user.click(analyzeButton());

    const toast = await findToast("Analysis Complete");
    expect(toast.textContent).toContain("Your resume has been successfully analyzed!");
    await expectResultsOpened(42);
    expect(analyses()[0]?.body).toEqual({ resumeId: 7, jobDescription: JD });
    expect(analyses()[0]?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(analyses()[0]?.credentials).toBe("include");
    await waitFor(() => expect(server.requestsTo("GET", "/api/user/analytics")).toHaveLength(2));
  });

  it("sends one analysis for a double click, and a retry after a failure reuses its Idempotency-Key", async () => {
    let calls = 0;
    let failFirst: (res: Response) => void = () => {};
    const { user, analyses } = renderWizard({
      analyze: () => {
        calls += 1;
        if (calls > 1) return json({ id: 42 });
        return new Promise<Response>((resolve) => (failFirst = resolve));
      },
    });
    await uploadResume(user);
    await typeJobDescription(user, JD);
    // The second click lands while the first request is still out.
    await user.dblClick(analyzeButton());
    expect(analyses()).toHaveLength(1);
    failFirst(new Response("Bad gateway", { status: 502 }));
    expect((await findToast("Analysis Failed")).textContent).toContain(
      "ResumeLens is not available right now. Please try again in a moment.",
    );
    expect(analyses()).toHaveLength(1);

    await user.click(analyzeButton());
    await expectResultsOpened(42);
    expect(analyses()).toHaveLength(2);
    const [first, retry] = analyses();
    expect(retry?.headers.get("Idempotency-Key")).toBe(first?.headers.get("Idempotency-Key"));
  });

  it("gives another job description a new Idempotency-Key", async () => {
    const { user, analyses } = renderWizard({
      analyze: () => new Response("Bad gateway", { status: 502 }),
    });
    await uploadResume(user);
    await typeJobDescription(user, JD);
    await user.click(analyzeButton());
    await findToast("Analysis Failed");
    await typeJobDescription(user, " Remote.");
    await user.click(analyzeButton());
    await waitFor(() => expect(analyses()).toHaveLength(2));
    const [first, second] = analyses();
    expect(second?.headers.get("Idempotency-Key")).not.toBe(first?.headers.get("Idempotency-Key"));
  });

  it.each<[string, RouteHandler, string]>([
    [
      "LIMIT_REACHED",
      () =>
        json({ error: { code: "LIMIT_REACHED", message: MESSAGES.monthlyLimitReached } }, { status: 403 }),
      "You've reached your monthly analysis limit. Upgrade to get unlimited access.",
    ],
    [
      "a plan refusal (402)",
      () => json({ error: { code: "PAYMENT_REQUIRED", message: "Lifetime only" } }, { status: 402 }),
      "You've reached your monthly analysis limit. Please upgrade your plan.",
    ],
    [
      "a 403 FORBIDDEN (not the monthly limit)",
      () =>
        json(
          { error: { code: "FORBIDDEN", message: "Cross-origin requests are not allowed." } },
          { status: 403 },
        ),
      "Cross-origin requests are not allowed.",
    ],
    ["a 401", () => new Response("Unauthorized", { status: 401 }), "Please sign in to continue."],
    [
      "a non-JSON 502",
      () => new Response("Engine unavailable", { status: 502 }),
      "ResumeLens is not available right now. Please try again in a moment.",
    ],
    [
      "a per-minute limit",
      () => json({ error: { code: "RATE_LIMITED", message: MESSAGES.analysisRateLimited } }, { status: 429 }),
      MESSAGES.analysisRateLimited,
    ],
  ])("maps %s to the right 'Analysis Failed' toast", async (_label, analyze, description) => {
    const { user } = renderWizard({ analyze });
    await uploadResume(user);
    await typeJobDescription(user, JD);
    await user.click(analyzeButton());
    const toast = await findToast("Analysis Failed");
    expect(toast.getAttribute("data-variant")).toBe("destructive");
    expect(toast.textContent).toContain(description);
    expect(screen.queryByRole("dialog", { name: "Analyzing Your Resume" })).toBeNull();
    expect(analyzeButton().disabled).toBe(false);
  });

  it("says 'Failed to analyze resume' when the answer is not an analysis", async () => {
    const { user } = renderWizard({
      analyze: () => new Response("<html>a login page</html>", { status: 200 }),
    });
    await uploadResume(user);
    await typeJobDescription(user, JD);
    await user.click(analyzeButton());
    expect((await findToast("Analysis Failed")).textContent).toContain("Failed to analyze resume");
  });

  it("asks to check the connection when the request gets no answer", async () => {
    const { user } = renderWizard({
      analyze: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    await uploadResume(user);
    await typeJobDescription(user, JD);
    await user.click(analyzeButton());
    expect((await findToast("Analysis Failed")).textContent).toContain(
      "We couldn't reach ResumeLens. Please check your connection and try again.",
    );
  });

  it("opens the results at /analysis/{id} as step 3; 'Back to Home' starts over at a cleared step 1", async () => {
    const { user } = renderApp({
      signedInAs: TEST_USER,
      routes: {
        "GET /api/user/analytics": () => json(FREE),
        "POST /api/upload-resume": () => json({ id: 7, filename: "jane-doe.txt" }),
        "POST /api/analyze": () => json({ id: 12 }),
        "GET /api/analysis/12": () => json(ANALYSIS_FIXTURE),
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Resume Analyzer" });
    await uploadResume(user);
    await typeJobDescription(user, JD);
    await user.click(analyzeButton());
    expect(await screen.findByRole("heading", { level: 1, name: "Analysis Results" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/analysis/12");
    expect(currentStep()).toContain("View Results");

    await user.click(screen.getByRole("button", { name: /Back to Home/ }));
    expect(await screen.findByRole("heading", { level: 1, name: "Resume Analyzer" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/");
    expect(currentStep()).toContain("Upload Your Resume");
    expect(screen.getByText("Drop your resume here")).toBeTruthy();
    expect((screen.getByLabelText("Job description") as HTMLTextAreaElement).value).toBe("");
    expect(analyzeButton().disabled).toBe(true);
  });
});

describe("Monthly Usage card", () => {
  it("shows a free user's count against the maximum and that it resets monthly", async () => {
    renderWizard({ analytics: FREE });
    expect((await screen.findByTestId("usage-count")).textContent).toBe("1 / 3");
    expect(screen.getByText("Free Plan")).toBeTruthy();
    expect(screen.getByText("Analyses Used")).toBeTruthy();
    expect(screen.getByText("Resets monthly")).toBeTruthy();
    const bar = screen.getByRole("progressbar", { name: "Analyses used this month" });
    expect(bar.getAttribute("aria-valuemax")).toBe("3");
    expect(bar.getAttribute("aria-valuenow")).toBe("1");
  });

  it("shows lifetime usage as unlimited, with the bar scaled against 50", async () => {
    renderWizard({ analytics: LIFETIME });
    expect((await screen.findByTestId("usage-count")).textContent).toBe("12 / Unlimited");
    expect(screen.getByText("Lifetime")).toBeTruthy();
    expect(screen.getByText("Unlimited usage")).toBeTruthy();
    const bar = screen.getByRole("progressbar", { name: "Analyses used this month" });
    expect(bar.getAttribute("aria-valuemax")).toBe("50");
    expect(bar.getAttribute("aria-valuenow")).toBe("12");
  });
});
