import { SESSION_DATA_ELEMENT_ID } from "@resumelens/contract";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { BrowserRouter, MemoryRouter, useLocation } from "react-router";
import { AppProviders } from "../app/app.tsx";
import { AppRoutes } from "../app/router.tsx";
import { createResumeLensAuthClient } from "../lib/auth-client.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { hydrateShellSession } from "../lib/session-bootstrap.ts";
import { noteAuthClientCreated } from "./auth-client-settle.ts";
import { installFakeFetch, json, type Routes, sessionFor, TEST_CONFIG, type TestUser } from "./fake-fetch.ts";

/** Shows the router's current location so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}${location.hash}`}
    </output>
  );
}

export type RenderAppOptions = {
  /** Initial URL (path, query and hash). */
  path?: string;
  /** Signed-in user, or null for a visitor. */
  signedInAs?: TestUser | null;
  /** Extra or overriding fake API routes. */
  routes?: Routes;
  /** Use the real browser history (window.location) instead of an in-memory router. */
  browserHistory?: boolean;
  /** Render this instead of the app's routes. */
  children?: ReactNode;
  /**
   * The session the server put in the page, as the app shell does: a user, or null for a visitor.
   * Left out, the page carries none (as under the Vite dev server).
   */
  shellSessionOf?: TestUser | null;
};

/**
 * Renders the app as main.tsx does, against a fake API: a fresh query client and a fresh Better
 * Auth client (created after fetch is stubbed, because Better Auth captures fetch on creation).
 */
export function renderApp({
  path = "/",
  signedInAs = null,
  routes = {},
  browserHistory = false,
  children,
  shellSessionOf,
}: RenderAppOptions = {}) {
  const server = installFakeFetch({
    "GET /api/auth/get-session": () => json(signedInAs ? sessionFor(signedInAs) : null),
    "GET /api/config": () => json(TEST_CONFIG),
    "POST /api/auth/sync-user": () => json({ ok: true }),
    // Signed-in pages read the plan's usage and the history; tests that care pass their own.
    "GET /api/user/analytics": () =>
      json({ currentMonth: { analyses: 0, maxAnalyses: 3 }, subscription: "free" }),
    "GET /api/user/analyses": () => json([]),
    ...routes,
  });
  const queryClient = createQueryClient();
  const authClient = createResumeLensAuthClient();
  noteAuthClientCreated();
  let sessionKnown = false;
  if (shellSessionOf !== undefined) {
    const element = document.createElement("script");
    element.type = "application/json";
    element.id = SESSION_DATA_ELEMENT_ID;
    element.textContent = JSON.stringify(shellSessionOf ? sessionFor(shellSessionOf) : null);
    document.body.append(element);
    sessionKnown = hydrateShellSession(authClient).known;
  }
  const ui = (
    <AppProviders queryClient={queryClient} authClient={authClient} sessionKnown={sessionKnown}>
      {children ?? <AppRoutes />}
      <LocationProbe />
    </AppProviders>
  );
  let result: ReturnType<typeof render>;
  if (browserHistory) {
    window.history.replaceState(null, "", path);
    result = render(<BrowserRouter>{ui}</BrowserRouter>);
  } else {
    result = render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
  }
  return { ...result, server, queryClient, user: userEvent.setup() };
}
