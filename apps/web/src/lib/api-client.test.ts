import { describe, expect, it } from "vitest";
import { installFakeFetch, json } from "../test/fake-fetch.ts";
import { apiFetch, apiRequest } from "./api-client.ts";
import { ApiError } from "./api-error.ts";

describe("apiRequest", () => {
  it("sends JSON with a content type and cookies when there is a body", async () => {
    const server = installFakeFetch({ "POST /api/analyze": () => json({ id: 7 }) });

    const res = await apiRequest("POST", "/api/analyze", { resumeId: 1, jobDescription: "x" });

    expect(await res.json()).toEqual({ id: 7 });
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.credentials).toBe("include");
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(request?.body).toEqual({ resumeId: 1, jobDescription: "x" });
  });

  it("sets no content type and no body without data", async () => {
    const server = installFakeFetch({ "POST /api/export-package/3": () => new Response("zip") });

    await apiRequest("POST", "/api/export-package/3");

    const [request] = server.requests;
    expect(request?.headers.has("content-type")).toBe(false);
    expect(request?.body).toBeUndefined();
    expect(request?.credentials).toBe("include");
  });

  it("never sends bearer or x-user headers: identity is the session cookie", async () => {
    const server = installFakeFetch({ "PUT /api/user/profile": () => json({ ok: true }) });

    await apiRequest("PUT", "/api/user/profile", { firstName: "Jane", lastName: "Doe" });

    const headers = server.requests[0]?.headers;
    expect(headers?.has("authorization")).toBe(false);
    expect(headers?.has("x-user-id")).toBe(false);
    expect(headers?.has("x-user-email")).toBe(false);
  });

  it("sends extra headers alongside the JSON content type", async () => {
    const server = installFakeFetch({ "POST /api/analyze": () => json({ id: 1 }) });

    await apiRequest("POST", "/api/analyze", { resumeId: 1 }, { headers: { "Idempotency-Key": "k-1" } });

    expect(server.requests[0]?.headers.get("idempotency-key")).toBe("k-1");
    expect(server.requests[0]?.headers.get("content-type")).toBe("application/json");
  });

  it("throws an ApiError with the contract's code and the server's message", async () => {
    installFakeFetch({
      "POST /api/analyze": () =>
        json({ error: { code: "LIMIT_REACHED", message: "Monthly limit reached" } }, { status: 403 }),
    });

    const failure = apiRequest("POST", "/api/analyze", {});

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 403,
      code: "LIMIT_REACHED",
      serverMessage: "Monthly limit reached",
      message: "Monthly limit reached",
    });
  });

  it.each([
    [502, "<html>Bad Gateway</html>", "UNAVAILABLE"],
    [500, "", "INTERNAL"],
    [403, "Forbidden", "FORBIDDEN"],
    [422, '{"error":"not our shape"}', "UNPROCESSABLE"],
    [418, "", "BAD_REQUEST"],
  ])(
    "derives the code from a %i whose body is not the contract's error shape",
    async (status, body, code) => {
      installFakeFetch({ "GET /api/user/analyses": () => new Response(body, { status }) });

      await expect(apiRequest("GET", "/api/user/analyses")).rejects.toMatchObject({
        status,
        code,
        serverMessage: null,
      });
    },
  );

  it("throws a NETWORK ApiError with status 0 when the request gets no answer", async () => {
    installFakeFetch({ "GET /api/user/analyses": () => Promise.reject(new TypeError("Failed to fetch")) });

    await expect(apiFetch("/api/user/analyses")).rejects.toMatchObject({ status: 0, code: "NETWORK" });
  });

  it("lets an aborted request's AbortError through unchanged", async () => {
    installFakeFetch({
      "GET /api/user/analyses": () => Promise.reject(new DOMException("aborted", "AbortError")),
    });

    await expect(apiFetch("/api/user/analyses")).rejects.toMatchObject({ name: "AbortError" });
  });
});
