import { SESSION_DATA_ELEMENT_ID } from "@resumelens/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, TEST_USER } from "../test/fake-fetch.ts";
import { renderApp } from "../test/render-app.tsx";
import { pageFor } from "./router.tsx";

function currentLocation() {
  return screen.getByTestId("location").textContent;
}

describe("routes", () => {
  it("shows a full-page spinner until the first session check completes", async () => {
    let answer: (res: Response) => void = () => {};
    const { server } = renderApp({
      routes: { "GET /api/auth/get-session": () => new Promise<Response>((resolve) => (answer = resolve)) },
    });

    expect(screen.getByRole("status", { name: "Loading ResumeLens" })).toBeTruthy();
    expect(screen.queryByRole("main")).toBeNull();
    await waitFor(() => expect(server.requestsTo("GET", "/api/auth/get-session")).toHaveLength(1));
    expect(screen.getByRole("status", { name: "Loading ResumeLens" })).toBeTruthy();

    answer(json(null));
    expect(await screen.findByRole("heading", { level: 1, name: /Strengthen your/ })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading ResumeLens" })).toBeNull();
  });

  it("renders a signed-in user's first screen from the page's session, without waiting for the session check", async () => {
    const { server } = renderApp({
      path: "/",
      shellSessionOf: TEST_USER,
      // The check Better Auth still makes never answers: nothing may wait for it.
      routes: { "GET /api/auth/get-session": () => new Promise<Response>(() => {}) },
    });
    expect(screen.queryByRole("status", { name: "Loading ResumeLens" })).toBeNull();
    expect(await screen.findByRole("heading", { level: 1, name: "Resume Analyzer" })).toBeTruthy();
    expect(document.getElementById(SESSION_DATA_ELEMENT_ID)).toBeNull();
    await waitFor(() => expect(server.requestsTo("GET", "/api/auth/get-session")).toHaveLength(1));
  });

  it("renders the landing page at once when the page says the visitor is signed out", async () => {
    renderApp({
      path: "/",
      shellSessionOf: null,
      routes: { "GET /api/auth/get-session": () => new Promise<Response>(() => {}) },
    });
    expect(screen.queryByRole("status", { name: "Loading ResumeLens" })).toBeNull();
    expect(await screen.findByRole("link", { name: "Start analyzing for free" })).toBeTruthy();
  });

  it("shows the landing page to visitors at /", async () => {
    renderApp({ path: "/" });
    expect(await screen.findByRole("link", { name: "Start analyzing for free" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    expect(within(nav).getByRole("link", { name: "Pricing" }).getAttribute("href")).toBe("/pricing");
  });

  it("shows the analyzer frame to signed-in users at /", async () => {
    renderApp({ path: "/", signedInAs: TEST_USER });
    expect(await screen.findByRole("heading", { level: 1, name: "Resume Analyzer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Analyze Resume with AI" })).toBeTruthy();
  });

  it("treats a failing session check as signed out instead of crashing", async () => {
    renderApp({
      path: "/",
      routes: { "GET /api/auth/get-session": () => new Response("Bad Gateway", { status: 502 }) },
    });
    expect(await screen.findByRole("link", { name: "Start analyzing for free" })).toBeTruthy();
  });

  it("shows the 404 page with a link home for an unknown route", async () => {
    renderApp({ path: "/no/such/page" });
    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
  });

  it.each(["/history", "/settings", "/billing", "/checkout", "/analysis/12", "/compare/3"])(
    "sends visitors from %s to /auth",
    async (path) => {
      renderApp({ path });
      expect(await screen.findByRole("heading", { level: 1, name: "Welcome to ResumeLens" })).toBeTruthy();
      expect(currentLocation()).toBe("/auth");
    },
  );

  it.each([
    ["/history", "Analysis History"],
    ["/settings", "Settings"],
    ["/billing", "Billing"],
    ["/checkout", "Complete Your Purchase"],
    ["/analysis/12", "Analysis Results"],
    ["/compare/3", "Posting Comparison"],
  ])("shows %s to signed-in users", async (path, title) => {
    // The results page reads its analysis; an empty answer shows 'Analysis not found' under the same title.
    renderApp({
      path,
      signedInAs: TEST_USER,
      routes: {
        "GET /api/analysis/12": () => json({}),
        "GET /api/comparisons/3": () =>
          json({ id: 3, createdAt: "2026-11-20T10:00:00.000Z", resumeId: 1, rows: [], shared: [] }),
        "GET /api/billing": () =>
          json({
            subscription: "free",
            purchasedAt: null,
            currentMonth: { analyses: 0, maxAnalyses: 3 },
            payments: [],
          }),
        "GET /api/auth/user": () => json(null, { status: 401 }),
        // The checkout starts a payment on arrival; it never answers here.
        "POST /api/create-payment-intent": () => new Promise<Response>(() => {}),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeTruthy();
    expect(currentLocation()).toBe(path);
  });

  it("sends signed-in users away from /auth to /", async () => {
    renderApp({ path: "/auth", signedInAs: TEST_USER });
    expect(await screen.findByRole("heading", { level: 1, name: "Resume Analyzer" })).toBeTruthy();
    expect(currentLocation()).toBe("/");
  });

  it("treats a non-numeric analysis id as not found", async () => {
    renderApp({ path: "/analysis/abc", signedInAs: TEST_USER });
    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeTruthy();
  });

  it.each([
    ["/privacy", "Privacy Policy"],
    ["/about", "About & credits"],
    ["/pricing", "Simple, honest pricing"],
  ])("serves the public page %s", async (path, title) => {
    renderApp({ path });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeTruthy();
  });

  it("has a skip link to the main landmark, and header and footer landmarks", async () => {
    renderApp({ path: "/privacy" });
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    expect(screen.getByRole("link", { name: "Skip to main content" }).getAttribute("href")).toBe("#main");
    expect(screen.getByRole("main").id).toBe("main");
    expect(screen.getByRole("banner")).toBeTruthy();
    const footer = screen.getByRole("contentinfo");
    for (const name of ["Privacy", "About", "Pricing"]) {
      expect(within(footer).getByRole("link", { name })).toBeTruthy();
    }
  });
});

describe("pageFor", () => {
  it("names the on-demand page each path shows, by who is signed in", () => {
    expect(pageFor("/", false)).toBeNull(); // the landing page is in the entry bundle
    expect(pageFor("/", true)).not.toBeNull();
    expect(pageFor("/auth", false)).not.toBeNull();
    expect(pageFor("/auth", true)).toBeNull(); // redirects home
    expect(pageFor("/auth/forgot-password", false)).not.toBeNull();
    expect(pageFor("/auth/forgot-password", true)).toBeNull();
    // The reset link may be opened signed in: the page is there for both.
    expect(pageFor("/auth/reset-password", true)).toBe(pageFor("/auth/reset-password", false));
    expect(pageFor("/auth/reset-password", false)).not.toBeNull();
    expect(pageFor("/pricing", false)).toBe(pageFor("/pricing/", true));
    expect(pageFor("/history", false)).toBeNull(); // redirects to /auth
    expect(pageFor("/history", true)).not.toBeNull();
    expect(pageFor("/analysis/12", true)).not.toBeNull();
    expect(pageFor("/analysis/abc", true)).toBeNull();
    expect(pageFor("/compare/3", true)).not.toBeNull();
    expect(pageFor("/compare/3", false)).toBeNull(); // redirects to /auth
    expect(pageFor("/compare/abc", true)).toBeNull();
    expect(pageFor("/no/such/page", true)).toBeNull();
  });
});
