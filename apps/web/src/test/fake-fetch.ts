import type { TAppConfig } from "@resumelens/contract";
import { vi } from "vitest";

/*
 * fetch is the network edge of the web app: tests replace it with this router of canned answers.
 * A request no route answers gets a 501 and is remembered; setup.ts fails the test for it.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
};

export type RouteHandler = (request: RecordedRequest) => Response | Promise<Response>;
export type Routes = Record<string, RouteHandler>;

let unhandled: string[] = [];

/** Requests no route answered since the last call; clears the list. */
export function takeUnhandledRequests(): string[] {
  const list = unhandled;
  unhandled = [];
  return list;
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "Content-Type": "application/json", ...(init.headers ?? {}) },
  });
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== "string") return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Installs a fetch stub answering "METHOD /path" keys (path without the query string). */
export function installFakeFetch(routes: Routes) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const rawUrl = input instanceof Request ? input.url : String(input);
    const url = new URL(rawUrl, window.location.origin);
    const method = (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      url: `${url.pathname}${url.search}`,
      headers: new Headers(init.headers),
      body: parseBody(init.body),
      credentials: init.credentials,
    };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) {
      unhandled.push(`${method} ${request.url}`);
      return json({ error: { code: "NOT_FOUND", message: "No fake route" } }, { status: 501 });
    }
    return handler(request);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** Requests to one path, in order. */
    requestsTo: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
  };
}

export const TEST_CONFIG: TAppConfig = {
  socialProviders: ["github"],
  oidcProvider: null,
  supportEmail: "support@resumelens.app",
  paymentMode: "test",
  stripePublishableKey: null,
};

export type TestUser = { id: string; email: string; name: string };

export const TEST_USER: TestUser = { id: "user-1", email: "jane.doe@example.com", name: "Jane Doe" };

/** A Better Auth get-session answer for a signed-in user. */
export function sessionFor(user: TestUser) {
  const now = new Date("2025-06-06T12:00:00Z").toISOString();
  const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  return {
    session: {
      id: "session-1",
      token: "token-1",
      userId: user.id,
      expiresAt: expires,
      createdAt: now,
      updatedAt: now,
      ipAddress: null,
      userAgent: null,
    },
    user: { ...user, emailVerified: true, image: null, createdAt: now, updatedAt: now },
  };
}
