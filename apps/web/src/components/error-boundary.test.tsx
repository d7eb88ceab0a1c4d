import { render, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppLayout } from "../app/layout/app-layout.tsx";
import { ChunkLoadError, lazyPage } from "../lib/lazy-page.ts";
import { page } from "../lib/reload-page.ts";
import { consoleErrorCalls, resetConsoleErrors } from "../test/console.ts";
import { renderApp } from "../test/render-app.tsx";
import { AppErrorBoundary } from "./error-boundary.tsx";

/** A page that throws while `broken.now` is true, as a page with a rendering bug does. */
const broken = { now: true };
function FlakyPage() {
  if (broken.now) throw new Error("Cannot read properties of undefined (reading 'score')");
  return <h1>Flaky page, working</h1>;
}

/** A page whose code chunk is gone: the import rejects as a browser's does after a deploy. */
const StalePage = lazyPage(() =>
  Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
);

function renderPages(path: string) {
  return renderApp({
    path,
    children: (
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="flaky" element={<FlakyPage />} />
          <Route path="stale" element={<StalePage />} />
          <Route path="pricing" element={<h1>Pricing page</h1>} />
        </Route>
      </Routes>
    ),
  });
}

/** React reports every error a boundary catches on console.error; these tests expect them. */
function claimCaughtErrorLogs() {
  expect(consoleErrorCalls().length).toBeGreaterThan(0);
  resetConsoleErrors();
}

let reloadPage: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  broken.now = true;
  reloadPage = vi.spyOn(page, "reload").mockImplementation(() => {});
  return () => reloadPage.mockRestore();
});

describe("page error boundary", () => {
  it("shows a notice in place of a page that throws, and keeps the header and its navigation", async () => {
    const { user } = renderPages("/flaky");

    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("This page could not be shown");
    expect(notice.textContent).not.toContain("score");
    const header = screen.getByRole("banner");
    await user.click(within(header).getByRole("link", { name: "Pricing" }));
    expect(await screen.findByRole("heading", { name: "Pricing page" })).toBeTruthy();
    expect(screen.queryByText("This page could not be shown")).toBeNull();
    claimCaughtErrorLogs();
  });

  it("renders the page afresh on 'Try again'", async () => {
    const { user } = renderPages("/flaky");
    await screen.findByText("This page could not be shown");

    broken.now = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("heading", { name: "Flaky page, working" })).toBeTruthy();
    claimCaughtErrorLogs();
  });

  it("offers a reload, not a retry, when the page's code fails to load", async () => {
    const { user } = renderPages("/stale");

    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("This page could not be loaded");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "Pricing" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Reload page" }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    claimCaughtErrorLogs();
  });
});

/** A part of the app that throws `error` while rendering. */
function Crash({ error }: { error: Error }): never {
  throw error;
}

describe("app error boundary", () => {
  it("shows a friendly full screen with a reload instead of a blank page", async () => {
    render(
      <AppErrorBoundary>
        <Crash error={new Error("provider exploded")} />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.queryByText(/provider exploded/)).toBeNull();
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    screen.getByRole("button", { name: "Reload page" }).click();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    claimCaughtErrorLogs();
  });

  it("says the app was updated when a part's code failed to load", () => {
    render(
      <AppErrorBoundary>
        <Crash error={new ChunkLoadError(new TypeError("Importing a module script failed."))} />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole("heading", { name: "ResumeLens has been updated" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload page" })).toBeTruthy();
    claimCaughtErrorLogs();
  });
});
