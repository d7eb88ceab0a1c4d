import { describe, expect, it } from "vitest";
import { installFakeFetch, json } from "../test/fake-fetch.ts";
import { ApiError } from "./api-error.ts";
import { createQueryClient, getQueryFn, queryKeyToUrl } from "./query-client.ts";

function queryContext(queryKey: readonly unknown[]) {
  // The fetcher reads only queryKey; the rest of React Query's context is irrelevant here.
  return { queryKey, signal: new AbortController().signal, meta: undefined } as unknown as Parameters<
    ReturnType<typeof getQueryFn>
  >[0];
}

describe("default query fetcher", () => {
  it("GETs the first key element with cookies and returns the JSON", async () => {
    const server = installFakeFetch({ "GET /api/analysis/5": () => json({ overallScore: 80 }) });

    const data = await getQueryFn({ on401: "throw" })(queryContext(["/api/analysis/5"]));

    expect(data).toEqual({ overallScore: 80 });
    expect(server.requests[0]?.method).toBe("GET");
    expect(server.requests[0]?.credentials).toBe("include");
    expect(server.requests[0]?.headers.has("authorization")).toBe(false);
  });

  it("appends ?userId= for /user/analytics when the key has more elements", async () => {
    const server = installFakeFetch({ "GET /api/user/analytics": () => json({ subscription: "free" }) });

    await getQueryFn({ on401: "throw" })(queryContext(["/api/user/analytics", "user 1"]));

    expect(server.requests[0]?.url).toBe("/api/user/analytics?userId=user%201");
  });

  it("does not append userId to other paths or to a one-element key", () => {
    expect(queryKeyToUrl(["/api/user/analytics"])).toBe("/api/user/analytics");
    expect(queryKeyToUrl(["/api/user/analyses", "user-1"])).toBe("/api/user/analyses");
  });

  it("returns null on 401 when configured to", async () => {
    installFakeFetch({ "GET /api/auth/user": () => new Response("Unauthorized", { status: 401 }) });

    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/auth/user"]))).resolves.toBeNull();
  });

  it("throws on 401 by default", async () => {
    installFakeFetch({ "GET /api/auth/user": () => new Response("Unauthorized", { status: 401 }) });

    const failure = getQueryFn({ on401: "throw" })(queryContext(["/api/auth/user"]));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });
});

describe("createQueryClient", () => {
  it("never retries, never refetches on focus and never goes stale", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it("uses the default fetcher for queries without their own", async () => {
    const server = installFakeFetch({ "GET /api/user/analyses": () => json([{ id: 1 }]) });

    const data = await createQueryClient().fetchQuery({ queryKey: ["/api/user/analyses"] });

    expect(data).toEqual([{ id: 1 }]);
    expect(server.requests).toHaveLength(1);
  });
});
