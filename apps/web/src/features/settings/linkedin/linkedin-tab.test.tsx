import type { TLinkedInProfile } from "@resumelens/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, type RouteHandler, type Routes } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { headlineAtCompany, LinkedInTab } from "./linkedin-tab.tsx";

const PROFILE: TLinkedInProfile = {
  name: "Avery Quinn",
  headline: "Senior Platform Engineer",
  company: "Northwind Analytics",
  location: "Portland, Oregon, United States",
  skills: [
    "Kubernetes",
    "Terraform",
    "Go",
    "AWS",
    "PostgreSQL",
    "Prometheus",
    "Grafana",
    "SRE",
    "GraphQL",
    "Ansible",
  ],
  positions: [
    {
      title: "Senior Platform Engineer",
      company: "Northwind Analytics",
      location: null,
      startedOn: "Jan 2021",
      finishedOn: null,
      description: null,
    },
  ],
  education: [],
  profileUrl: null,
  source: "export-zip",
  importedAt: "2026-01-02T10:00:00.000Z",
};

const notImported: RouteHandler = () => json(null);

function renderTab(routes: Routes = {}) {
  const result = renderApp({
    children: <LinkedInTab />,
    routes: {
      "GET /api/linkedin/profile": notImported,
      "GET /api/auth/user": () => json(null, { status: 401 }),
      ...routes,
    },
  });
  return { ...result, user: userEvent.setup({ applyAccept: false }) };
}

async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole("region", { name: /Notifications/ });
  const [titleEl] = await within(region).findAllByText(title);
  const toast = titleEl?.closest("[data-variant]");
  if (!(toast instanceof HTMLElement)) throw new Error(`No toast around "${title}"`);
  return toast;
}

const urlInput = () => screen.getByLabelText("LinkedIn profile URL");
const syncButton = () => screen.getByRole("button", { name: "Sync Profile" });

describe("LinkedInTab", () => {
  it("puts the file that works first, the URL second, and says in one line why", async () => {
    renderTab();
    const steps = within(screen.getByRole("list")).getAllByRole("listitem");
    const [first, second] = steps as [HTMLElement, HTMLElement];
    expect(
      within(first).getByRole("heading", {
        level: 3,
        name: "Step 1: Upload your LinkedIn data export (.zip) or profile PDF",
      }),
    ).toBeTruthy();
    expect(
      within(second).getByRole("heading", { level: 3, name: "Step 2: Add your profile's address" }),
    ).toBeTruthy();
    expect(within(steps[0] as HTMLElement).getByRole("button", { name: "Choose File" })).toBeTruthy();
    expect(within(steps[1] as HTMLElement).getByLabelText("LinkedIn profile URL")).toBeTruthy();
    expect(
      screen.getByText(
        "LinkedIn does not allow other sites to read a profile from its address, so ResumeLens reads the file you download from LinkedIn.",
      ),
    ).toBeTruthy();
    expect(urlInput().getAttribute("aria-describedby")).toBeTruthy();
    expect(
      screen.getByText("Upload your file in step 1 first; the address is then saved with it."),
    ).toBeTruthy();
  });

  it("shows the URL field, Sync Profile, the upload area and how to get the files", async () => {
    const { server } = renderTab();
    expect(urlInput()).toBeTruthy();
    expect(syncButton()).toBeTruthy();
    expect(screen.getByText("Upload your LinkedIn data export (.zip) or profile PDF")).toBeTruthy();
    expect(screen.getByText(/Settings & Privacy → Data privacy → Get a copy of your data/)).toBeTruthy();
    expect(screen.getByText(/More → Save to PDF/)).toBeTruthy();
    await waitFor(() => expect(server.requestsTo("GET", "/api/linkedin/profile")).toHaveLength(1));
    expect(screen.queryByTestId("linkedin-profile")).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["not a profile URL", "https://www.linkedin.com/company/contoso"],
    ["another site", "https://example.com/in/avery"],
  ])("refuses a %s URL with the 'Invalid URL' toast and makes no call", async (_label, value) => {
    const { user, server } = renderTab();
    if (value) await user.type(urlInput(), value);
    await user.click(syncButton());
    const toast = await findToast("Invalid URL");
    expect(within(toast).getByText("Please enter a valid LinkedIn profile URL.")).toBeTruthy();
    expect(toast.dataset.variant).toBe("destructive");
    expect(server.requestsTo("POST", "/api/linkedin/sync")).toHaveLength(0);
  });

  it("syncs a valid URL, shows name, headline at company, location and the first 8 skills, refreshes the user", async () => {
    const { user, server, queryClient } = renderTab({
      "POST /api/linkedin/sync": () =>
        json({ ...PROFILE, profileUrl: "https://www.linkedin.com/in/avery-quinn" }),
    });
    queryClient.setQueryData(["/api/auth/user"], { id: "user-1" });
    await user.type(urlInput(), "  linkedin.com/in/avery-quinn  ");
    await user.click(syncButton());
    await findToast("LinkedIn Profile Synced");
    const [request] = server.requestsTo("POST", "/api/linkedin/sync");
    expect(request?.body).toEqual({ profileUrl: "linkedin.com/in/avery-quinn" });
    expect(request?.credentials).toBe("include");

    const card = await screen.findByTestId("linkedin-profile");
    expect(within(card).getByText("Avery Quinn")).toBeTruthy();
    expect(within(card).getByText("Senior Platform Engineer at Northwind Analytics")).toBeTruthy();
    expect(within(card).getByText("Portland, Oregon, United States")).toBeTruthy();
    const skills = within(within(card).getByRole("list", { name: "LinkedIn skills" })).getAllByRole(
      "listitem",
    );
    expect(skills.map((li) => li.textContent)).toEqual(PROFILE.skills.slice(0, 8));
    expect(within(card).getByText(/and 2 more/)).toBeTruthy();
    // Success refreshes /api/auth/user (docs/product.md#linkedin-import).
    await waitFor(() => expect(queryClient.getQueryState(["/api/auth/user"])?.isInvalidated).toBe(true));
  });

  it("shows 'Sync Failed' with the server's message when nothing is imported yet", async () => {
    const message =
      "Upload your LinkedIn data export (.zip) or your profile's 'Save to PDF' file first, then sync.";
    const { user } = renderTab({
      "POST /api/linkedin/sync": () => json({ error: { code: "CONFLICT", message } }, { status: 409 }),
    });
    await user.type(urlInput(), "https://www.linkedin.com/in/avery-quinn");
    await user.click(syncButton());
    const toast = await findToast("Sync Failed");
    expect(within(toast).getByText(message)).toBeTruthy();
    expect(toast.dataset.variant).toBe("destructive");
  });

  it("imports the chosen export ZIP and shows the profile", async () => {
    const { user, server } = renderTab({ "POST /api/linkedin/import": () => json(PROFILE) });
    const file = new File(["PK"], "Basic_LinkedInDataExport.zip", { type: "application/zip" });
    await user.upload(screen.getByTestId("linkedin-file-input"), file);
    const toast = await findToast("LinkedIn Profile Synced");
    expect(within(toast).getByText("Imported your LinkedIn data export.")).toBeTruthy();
    const [request] = server.requestsTo("POST", "/api/linkedin/import");
    const sent = request?.body instanceof FormData ? request.body.get("file") : null;
    expect(sent instanceof File ? sent.name : null).toBe("Basic_LinkedInDataExport.zip");
    expect(request?.credentials).toBe("include");
    expect(await screen.findByText("Senior Platform Engineer at Northwind Analytics")).toBeTruthy();
  });

  it("takes a dropped profile PDF", async () => {
    const { server } = renderTab({
      "POST /api/linkedin/import": () => json({ ...PROFILE, source: "profile-pdf", skills: ["Kubernetes"] }),
    });
    const file = new File(["%PDF-1.4"], "Profile.pdf", { type: "application/pdf" });
    fireEvent.drop(screen.getByTestId("linkedin-drop-zone"), { dataTransfer: { files: [file] } });
    const toast = await findToast("LinkedIn Profile Synced");
    expect(within(toast).getByText("Imported your LinkedIn profile PDF.")).toBeTruthy();
    expect(server.requestsTo("POST", "/api/linkedin/import")).toHaveLength(1);
  });

  it("shows 'Sync Failed' with the server's refusal of a file", async () => {
    const message = "This document's contents are too large to process.";
    const { user } = renderTab({
      "POST /api/linkedin/import": () => json({ error: { code: "UNPROCESSABLE", message } }, { status: 422 }),
    });
    await user.upload(screen.getByTestId("linkedin-file-input"), new File(["PK"], "bomb.zip"));
    const toast = await findToast("Sync Failed");
    expect(within(toast).getByText(message)).toBeTruthy();
  });

  it("refuses a file over 5 MB without uploading it", async () => {
    const { user, server } = renderTab();
    const big = new File(["x"], "export.zip", { type: "application/zip" });
    Object.defineProperty(big, "size", { value: 5 * 1024 * 1024 + 1 });
    await user.upload(screen.getByTestId("linkedin-file-input"), big);
    const toast = await findToast("Sync Failed");
    expect(within(toast).getByText("Please upload a file smaller than 5MB.")).toBeTruthy();
    expect(server.requestsTo("POST", "/api/linkedin/import")).toHaveLength(0);
  });

  it("shows an earlier import on load and prefills the synced URL", async () => {
    renderTab({
      "GET /api/linkedin/profile": () =>
        json({ ...PROFILE, profileUrl: "https://www.linkedin.com/in/avery-quinn" }),
    });
    expect(await screen.findByTestId("linkedin-profile")).toBeTruthy();
    await waitFor(() =>
      expect((urlInput() as HTMLInputElement).value).toBe("https://www.linkedin.com/in/avery-quinn"),
    );
  });
});

describe("headlineAtCompany", () => {
  it("joins headline and company, without repeating a company the headline names", () => {
    expect(headlineAtCompany("Engineer", "Contoso")).toBe("Engineer at Contoso");
    expect(headlineAtCompany("Engineer at Contoso | Go", "Contoso")).toBe("Engineer at Contoso | Go");
    expect(headlineAtCompany("", "Contoso")).toBe("Contoso");
    expect(headlineAtCompany("Engineer", "")).toBe("Engineer");
  });
});
