import { MESSAGES } from "@resumelens/contract";
import { describe, expect, it } from "vitest";
import { installFakeFetch, json } from "../test/fake-fetch.ts";
import { apiRequest } from "./api-client.ts";
import { ApiError, errorText } from "./api-error.ts";

/** The error a POST /api/analyze answered with `response` throws. */
async function failureOf(response: () => Response | Promise<Response>): Promise<unknown> {
  installFakeFetch({ "POST /api/analyze": response });
  return apiRequest("POST", "/api/analyze", { resumeId: 1 }).then(
    () => expect.fail("the request should have failed"),
    (error: unknown) => error,
  );
}

const MONTHLY_LIMIT = "You've reached your monthly analysis limit. Upgrade to get unlimited access.";
const UPGRADE_PLAN = "You've reached your monthly analysis limit. Please upgrade your plan.";
const analyze = (error: unknown) =>
  errorText(error, { context: "analyze", fallback: "Failed to analyze resume" });

describe("errorText", () => {
  it("does not read a 403 FORBIDDEN as the monthly limit", async () => {
    const error = await failureOf(() =>
      json(
        { error: { code: "FORBIDDEN", message: "Cross-origin requests are not allowed." } },
        { status: 403 },
      ),
    );

    expect(analyze(error)).toBe("Cross-origin requests are not allowed.");
    expect(analyze(error)).not.toContain("monthly");
  });

  it("does not read a bare 403 (a proxy's page) as the monthly limit either", async () => {
    const error = await failureOf(() => new Response("Forbidden", { status: 403 }));

    expect(analyze(error)).toBe("Failed to analyze resume");
  });

  it("reads LIMIT_REACHED as the monthly limit, whatever its message says", async () => {
    const error = await failureOf(() =>
      json({ error: { code: "LIMIT_REACHED", message: "Quota used up" } }, { status: 403 }),
    );

    expect(analyze(error)).toBe(MONTHLY_LIMIT);
  });

  it("gives a plan refusal (402) the spec's 'upgrade your plan' text and UNAUTHORIZED its sign-in text", async () => {
    const refused = await failureOf(() =>
      json({ error: { code: "PAYMENT_REQUIRED", message: "Lifetime only" } }, { status: 402 }),
    );
    const signedOut = await failureOf(() => new Response("", { status: 401 }));

    expect(analyze(refused)).toBe(UPGRADE_PLAN);
    expect(analyze(signedOut)).toBe("Please sign in to continue.");
  });

  it("shows the server's message for a 422 UNPROCESSABLE", async () => {
    const message = "This PDF is password-protected. Please upload an unlocked copy.";
    const error = await failureOf(() => json({ error: { code: "UNPROCESSABLE", message } }, { status: 422 }));

    expect(errorText(error, { fallback: "Upload failed" })).toBe(message);
    expect(analyze(error)).toBe(message);
  });

  it("gives a network failure a friendly text, not the fallback or 'Failed to fetch'", async () => {
    const error = await failureOf(() => Promise.reject(new TypeError("Failed to fetch")));

    const text = errorText(error, { fallback: "Failed to update profile. Please try again." });
    expect(text).toBe("We couldn't reach ResumeLens. Please check your connection and try again.");
    expect(analyze(error)).toBe(text);
  });

  it("gives a non-JSON 502 a friendly text, never the raw body", async () => {
    const error = await failureOf(
      () => new Response("<html><h1>502 Bad Gateway</h1></html>", { status: 502 }),
    );

    const text = errorText(error, { fallback: "Failed to update profile. Please try again." });
    expect(text).toBe("ResumeLens is not available right now. Please try again in a moment.");
    expect(text).not.toMatch(/502|html/);
  });

  it("prefers the server's own text for a 503 it explains", async () => {
    const error = await failureOf(() =>
      json({ error: { code: "UNAVAILABLE", message: MESSAGES.serverBusy } }, { status: 503 }),
    );

    expect(errorText(error, { fallback: "x" })).toBe(MESSAGES.serverBusy);
  });

  it("shows the fallback for anything that is not an API answer", () => {
    expect(errorText(new SyntaxError("Unexpected token <"), { fallback: "Failed" })).toBe("Failed");
    expect(errorText("network down", { fallback: "Failed" })).toBe("Failed");
    // docs/product.md#messages: a failure that is not an Error reads 'Failed to analyze resume'.
    expect(analyze("network down")).toBe("Failed to analyze resume");
  });

  it("words a refused export as docs/product.md#messages does and keeps an Error's own message there", () => {
    const refused = new ApiError({ status: 429, code: "RATE_LIMITED", serverMessage: "slow down" });
    const notZip = new Error("Invalid response format - expected ZIP file");

    expect(errorText(refused, { context: "export", fallback: "x" })).toBe("Failed to export analysis: 429");
    expect(errorText(notZip, { context: "export", fallback: "x" })).toBe(notZip.message);
    expect(errorText(undefined, { context: "export", fallback: "Failed to export analysis report" })).toBe(
      "Failed to export analysis report",
    );
  });
});
