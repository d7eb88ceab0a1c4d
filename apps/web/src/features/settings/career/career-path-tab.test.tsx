import type { TCareerPath, TCareerRole } from "@resumelens/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, type RecordedRequest, TEST_USER } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";

const SOFTWARE: TCareerPath = {
  role: "software-engineer",
  occupationCode: "15-1252.00",
  currentLevel: "Entry level",
  targetRole: "Software Engineer",
  timeline: [
    {
      phase: "Foundation",
      duration: "0–1 year",
      objectives: ["Learn the basics of SQL, Python and C++."],
      skills: ["SQL", "Python"],
    },
    {
      phase: "Core skills",
      duration: "1–3 years",
      objectives: ["Analyze user needs and software requirements."],
      skills: ["Java"],
    },
  ],
  skillGaps: [
    { skill: "Python", priority: "high", currentLevel: 22, requiredLevel: 87 },
    { skill: "Speaking", priority: "medium", currentLevel: 20, requiredLevel: 78 },
    { skill: "Jira", priority: "low", currentLevel: 10, requiredLevel: 55 },
  ],
  certifications: [
    {
      name: "AWS Certified Developer – Associate",
      provider: "Amazon Web Services",
      relevance: 4,
      estimatedTime: "2–3 months (estimate)",
    },
  ],
  salaryProgression: [
    {
      role: "Software Developers",
      timeframe: "Entry (10th–25th percentile)",
      minSalary: 82460,
      maxSalary: 105210,
    },
    {
      role: "Software Developers",
      timeframe: "Mid-career (25th–75th percentile)",
      minSalary: 105210,
      maxSalary: 171980,
    },
    {
      role: "Software Developers",
      timeframe: "Senior (75th–90th percentile)",
      minSalary: 171980,
      maxSalary: 214670,
    },
  ],
  salarySource: "U.S. national wage percentiles, BLS OEWS May 2025",
  personalised: false,
  nextRoles: [{ slug: "computer-programmers", title: "Computer Programmers" }],
};

const NURSE: TCareerPath = {
  ...SOFTWARE,
  role: "registered-nurse",
  occupationCode: "29-1141.00",
  targetRole: "Registered Nurse",
  currentLevel: "Staff Nurse · Senior (7 years)",
  personalised: true,
  certifications: [],
  salaryProgression: [],
  nextRoles: [],
};

const ROLES: TCareerRole[] = [
  { slug: "registered-nurse", title: "Registered Nurse", occupationCode: "29-1141.00" },
  { slug: "nurse-practitioners", title: "Nurse Practitioners", occupationCode: "29-1171.00" },
];

function renderTab(
  paths: Record<string, TCareerPath> = { "software-engineer": SOFTWARE },
  saved: string | null = null,
) {
  const pathRoute = (request: RecordedRequest) => {
    const role = request.path.split("/").pop() ?? "";
    const path = paths[role];
    return path
      ? json(path)
      : json(
          {
            error: {
              code: "NOT_FOUND",
              message: `No career path for '${role}'. Search for a role to pick one.`,
            },
          },
          { status: 404 },
        );
  };
  return renderApp({
    path: "/settings?tab=career",
    signedInAs: TEST_USER,
    routes: {
      "GET /api/career-path/software-engineer": pathRoute,
      "GET /api/career-path/registered-nurse": pathRoute,
      "GET /api/career-path/computer-programmers": pathRoute,
      "GET /api/career-roles": () => json(ROLES),
      "GET /api/career-role": () => json({ role: saved }),
      "PUT /api/career-role": (request: RecordedRequest) => json(request.body),
    },
  });
}

describe("Settings → Career Path", () => {
  it("shows the default role's roadmap, every section", async () => {
    renderTab();
    // The settings route loads lazily: the first render can take a moment.
    expect(
      await screen.findByRole("heading", { name: /Entry level to Software Engineer/ }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText(/Run an analysis to personalise this path/)).toBeTruthy();

    // Timeline
    expect(screen.getByRole("heading", { name: "Foundation" })).toBeTruthy();
    expect(screen.getByText("0–1 year")).toBeTruthy();
    expect(screen.getByText("Learn the basics of SQL, Python and C++.")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Foundation skills" })).getByText("SQL")).toBeTruthy();

    // Skill gaps: priority badges and progress bars, current against required
    expect(screen.getByText("High priority")).toBeTruthy();
    expect(screen.getByText("Medium priority")).toBeTruthy();
    expect(screen.getByText("Low priority")).toBeTruthy();
    const bar = screen.getByRole("progressbar", { name: /Python: current level 22 of 100, required 87/ });
    expect(bar.getAttribute("aria-valuenow")).toBe("22");

    // Certifications: relevance out of 5, time labelled as an estimate
    expect(screen.getByText("AWS Certified Developer – Associate")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Relevance 4 out of 5" })).toBeTruthy();
    expect(screen.getByText("Estimated time: 2–3 months (estimate)")).toBeTruthy();

    // Salary chart, its table and its source
    const chart = screen.getByRole("img", { name: /Salary progression chart/ });
    expect(chart.getAttribute("aria-label")).toContain(
      "Entry (10th–25th percentile), Software Developers: $82,460 to $105,210",
    );
    const table = screen.getByRole("table", { name: /Expected salary progression/ });
    expect(within(table).getByText("$214,670")).toBeTruthy();
    expect(screen.getAllByText(/U.S. national wage percentiles, BLS OEWS May 2025/).length).toBeGreaterThan(
      0,
    );
  });

  it("searches roles with the keyboard and shows the chosen role", async () => {
    const { server } = renderTab({ "software-engineer": SOFTWARE, "registered-nurse": NURSE });
    await screen.findByRole("heading", { name: /Software Engineer/ }, { timeout: 5000 });
    const box = screen.getByRole("combobox", { name: "Target role" });
    await userEvent.type(box, "nurse");
    // Debounced: one search for the whole word, not one per keystroke.
    await waitFor(() =>
      expect(server.requestsTo("GET", "/api/career-roles").map((r) => r.url)).toContain(
        "/api/career-roles?q=nurse",
      ),
    );
    expect(server.requestsTo("GET", "/api/career-roles").map((r) => r.url)).not.toContain(
      "/api/career-roles?q=nur",
    );
    const list = await screen.findByRole("listbox", { name: "Matching roles" });
    expect(await within(list).findByRole("option", { name: /Registered Nurse/ })).toBeTruthy();
    await userEvent.keyboard("{ArrowDown}");
    expect(box.getAttribute("aria-activedescendant")).toBeTruthy();
    await userEvent.keyboard("{Enter}");

    expect(
      await screen.findByRole("heading", { name: /Staff Nurse · Senior \(7 years\) to Registered Nurse/ }),
    ).toBeTruthy();
    expect(screen.getByText(/Personalised from your latest analysis/)).toBeTruthy();
    expect(screen.getByText("No certifications curated for this role yet.")).toBeTruthy();
    expect(screen.getByText(/publishes no national wages/)).toBeTruthy();
  });

  it("shows the server's message for an unknown role", async () => {
    renderTab({ "software-engineer": SOFTWARE });
    await userEvent.click(
      await screen.findByRole("button", { name: "Computer Programmers" }, { timeout: 5000 }),
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "No career path for 'computer-programmers'. Search for a role to pick one.",
    );
  });

  it("reopens on the role the user chose before, and remembers a new choice", async () => {
    const { server } = renderTab(
      { "software-engineer": SOFTWARE, "registered-nurse": NURSE },
      "registered-nurse",
    );
    expect(
      await screen.findByRole("heading", { name: /to Registered Nurse/ }, { timeout: 5000 }),
    ).toBeTruthy();
    // The default role is never fetched when another one is remembered.
    expect(server.requestsTo("GET", "/api/career-path/software-engineer")).toEqual([]);

    const box = screen.getByRole("combobox", { name: "Target role" });
    await userEvent.type(box, "nurse");
    const list = await screen.findByRole("listbox", { name: "Matching roles" });
    await userEvent.click(await within(list).findByRole("option", { name: /Registered Nurse/ }));
    await waitFor(() =>
      expect(server.requestsTo("PUT", "/api/career-role").map((r) => r.body)).toContainEqual({
        role: "registered-nurse",
      }),
    );
  });
});
