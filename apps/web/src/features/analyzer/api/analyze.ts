import { MESSAGES, type TAnalyzeRequest } from "@resumelens/contract";
import type { QueryClient } from "@tanstack/react-query";
import { ANALYTICS_QUERY_KEY } from "../../../lib/api/analytics.ts";
import { apiErrorMessage } from "../../../lib/api-error.ts";

/** A fresh Idempotency-Key: one per analysis the person asks for, reused when the same one is retried. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * POST /api/analyze {resumeId, jobDescription} → the stored analysis; only its id is needed here (§7).
 * With `idempotencyKey`, a repeat of the request (a retry, a second click) answers the first
 * analysis and counts once. Errors read as the common helper's ("403: {...}"), which
 * analyzeErrorMessage relies on.
 */
export async function analyzeResume(
  request: TAnalyzeRequest,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<{ id: number }> {
  // Not apiRequest: it sends no extra headers. Same credentials, body and error text otherwise.
  const res = await fetch("/api/analyze", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    },
    body: JSON.stringify(request),
    credentials: "include",
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const body: unknown = await res.json();
  const id = typeof body === "object" && body !== null ? (body as { id?: unknown }).id : undefined;
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) {
    throw new Error("Malformed analyze response");
  }
  return { id };
}

/** After an analysis: cached analyses, the history list and the usage counts are out of date (§7). */
export async function invalidateAfterAnalysis(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => typeof queryKey[0] === "string" && queryKey[0].startsWith("/api/analysis"),
    }),
    queryClient.invalidateQueries({ queryKey: ["/api/user/analyses"] }),
    queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY }),
  ]);
}

export const ANALYSIS_FAILED_TITLE = "Analysis Failed";

/** The spec's 'Analysis Failed' descriptions (§8), checked in the spec's order. */
export function analyzeErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return "Failed to analyze resume";
  const { message } = error;
  if (message.includes(MESSAGES.monthlyLimitReached)) {
    return "You've reached your monthly analysis limit. Upgrade to get unlimited access.";
  }
  if (message.includes("403")) return "You've reached your monthly analysis limit. Please upgrade your plan.";
  if (message.includes("401")) return "Please sign in to continue.";
  // Otherwise the API's own text (a per-minute limit, a full storage), not "429: {json}".
  return apiErrorMessage(error, message);
}
