import { act, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { consoleErrorCalls, expectConsoleError } from "../../test/console.ts";
import { json, TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";
import { ApiError } from "../api-error.ts";
import { useAuth } from "./auth-provider.tsx";

function Probe() {
  const { user, isAuthenticated, isLoading, session } = useAuth();
  return (
    <p data-testid="probe">
      {JSON.stringify({ email: user?.email, isAuthenticated, isLoading, hasSession: !!session })}
    </p>
  );
}

function Refresher() {
  const { refreshSession, isLoading } = useAuth();
  const [clicked, setClicked] = useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        setClicked(true);
        void refreshSession();
      }}
    >
      {clicked ? "refreshing" : "refresh"} {isLoading ? "loading" : "ready"}
    </button>
  );
}

describe("useAuth", () => {
  it("throws outside an AuthProvider", () => {
    expect(() => renderHook(() => useAuth())).toThrow("useAuth must be used within an AuthProvider");
    // React 19 rethrows without logging, so this test prints nothing.
    expect(consoleErrorCalls()).toEqual([]);
  });

  it("exposes the signed-in user once the session check completes", async () => {
    renderApp({ signedInAs: TEST_USER, children: <Probe /> });
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId("probe").textContent ?? "{}")).toEqual({
        email: TEST_USER.email,
        isAuthenticated: true,
        isLoading: false,
        hasSession: true,
      }),
    );
  });
});

describe("AuthProvider", () => {
  it("syncs the user to the backend once after sign-in, with split names", async () => {
    const { server } = renderApp({ signedInAs: { ...TEST_USER, name: "Jane Q Doe" } });
    await waitFor(() => expect(server.requestsTo("POST", "/api/auth/sync-user")).toHaveLength(1));
    const [sync] = server.requestsTo("POST", "/api/auth/sync-user");
    expect(sync?.body).toEqual({
      userId: TEST_USER.id,
      email: TEST_USER.email,
      firstName: "Jane",
      lastName: "Q Doe",
    });
    expect(sync?.credentials).toBe("include");
  });

  it("sends null names when the user has none", async () => {
    const { server } = renderApp({ signedInAs: { ...TEST_USER, name: "" } });
    await waitFor(() => expect(server.requestsTo("POST", "/api/auth/sync-user")).toHaveLength(1));
    expect(server.requestsTo("POST", "/api/auth/sync-user")[0]?.body).toMatchObject({
      firstName: null,
      lastName: null,
    });
  });

  it("only logs a failed sync and keeps the app usable", async () => {
    const { server } = renderApp({
      signedInAs: TEST_USER,
      routes: {
        "POST /api/auth/sync-user": () =>
          json({ error: { code: "INTERNAL", message: "down" } }, { status: 500 }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Resume Analyzer" })).toBeTruthy();
    await waitFor(() => expect(server.requestsTo("POST", "/api/auth/sync-user")).toHaveLength(1));
    await waitFor(() => {
      const [call] = expectConsoleError("Failed to sync user to database:");
      expect(call?.[1]).toBeInstanceOf(ApiError);
      expect(call?.[1]).toMatchObject({ status: 500, code: "INTERNAL" });
    });
  });

  it("does not sync visitors", async () => {
    const { server } = renderApp();
    await screen.findByRole("link", { name: "Start analyzing for free" });
    expect(server.requestsTo("POST", "/api/auth/sync-user")).toHaveLength(0);
  });

  it("does not bring the spinner back when the session is re-read", async () => {
    let answerSecond: (res: Response) => void = () => {};
    let calls = 0;
    const { server, user } = renderApp({
      children: <Refresher />,
      routes: {
        "GET /api/auth/get-session": () => {
          calls += 1;
          if (calls === 1) return json(null);
          return new Promise<Response>((resolve) => (answerSecond = resolve));
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "refresh ready" }));
    await waitFor(() => expect(server.requestsTo("GET", "/api/auth/get-session")).toHaveLength(2));
    expect(screen.getByRole("button", { name: "refreshing ready" })).toBeTruthy();
    await act(async () => answerSecond(json(null)));
  });
});

describe("signed-in navigation", () => {
  it("shows the email's local part and the full email, with History, Settings and Billing", async () => {
    const { user } = renderApp({ signedInAs: TEST_USER });
    const trigger = await screen.findByRole("button", { name: "Account menu: jane.doe" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Pricing" })).toBeTruthy();
    expect(within(nav).queryByRole("link", { name: "Sign In" })).toBeNull();
    await user.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("jane.doe")).toBeTruthy();
    expect(within(menu).getByText("jane.doe@example.com")).toBeTruthy();
    expect(within(menu).getByRole("menuitem", { name: "History" }).getAttribute("href")).toBe("/history");
    expect(within(menu).getByRole("menuitem", { name: "Settings" }).getAttribute("href")).toBe("/settings");
    expect(within(menu).getByRole("menuitem", { name: "Billing" }).getAttribute("href")).toBe("/billing");
  });

  it("logs out, then goes to /", async () => {
    let signedIn = true;
    const { user, server } = renderApp({
      path: "/history",
      signedInAs: TEST_USER,
      routes: {
        "GET /api/auth/get-session": async () => {
          const { sessionFor } = await import("../../test/fake-fetch.ts");
          return json(signedIn ? sessionFor(TEST_USER) : null);
        },
        "POST /api/auth/sign-out": () => {
          signedIn = false;
          return json({ success: true });
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Account menu: jane.doe" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));

    await waitFor(() => expect(server.requestsTo("POST", "/api/auth/sign-out")).toHaveLength(1));
    expect(
      await screen.findByRole("link", { name: "Start analyzing for free" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/");
  });

  it("logs a failed sign-out without showing anything", async () => {
    const { user, server } = renderApp({
      signedInAs: TEST_USER,
      routes: {
        "POST /api/auth/sign-out": () => json({ code: "INTERNAL", message: "nope" }, { status: 500 }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Account menu: jane.doe" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));
    await waitFor(() => expect(server.requestsTo("POST", "/api/auth/sign-out")).toHaveLength(1));
    await waitFor(() => expect(expectConsoleError("Failed to sign out:")).toHaveLength(1));
    expect(screen.getByRole("heading", { level: 1, name: "Resume Analyzer" })).toBeTruthy();
  });
});

describe("render outside the app", () => {
  it("works with the plain render helper too", () => {
    render(<p>ok</p>);
    expect(screen.getByText("ok")).toBeTruthy();
  });
});
