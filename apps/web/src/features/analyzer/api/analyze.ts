import type { TAnalyzeRequest } from "@resumelens/contract";
import type { QueryClient } from "@tanstack/react-query";
import { ANALYTICS_QUERY_KEY } from "../../../lib/api/analytics.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/api-error.ts";

/** A fresh Idempotency-Key: one per analysis the person asks for, reused when the same one is retried. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * POST /api/analyze {resumeId, jobDescription} → the stored analysis; only its id is needed here
 * (docs/product.md#api-calls).
 * With `idempotencyKey`, a repeat of the request (a retry, a second click) answers the first
 * analysis and counts once. A refusal throws an ApiError; analyzeErrorMessage turns it into text.
 */
export async function analyzeResume(
  request: TAnalyzeRequest,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<{ id: number }> {
  const res = await apiRequest("POST", "/api/analyze", request, {
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {},
  });
  const body: unknown = await res.json();
  const id = typeof body === "object" && body !== null ? (body as { id?: unknown }).id : undefined;
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) {
    throw new Error("Malformed analyze response");
  }
  return { id };
}

/**
 * After an analysis: cached analyses, the history list and the usage counts are out of date
 * (docs/product.md#api-calls).
 */
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

/**
 * The 'Analysis Failed' description (docs/product.md#messages): the monthly limit, a plan refusal and signing
 * in have the
 * product's texts (by error code, see lib/api-error.ts); other refusals show the server's message; a
 * failure that is not the API's shows 'Failed to analyze resume'.
 */
export function analyzeErrorMessage(error: unknown): string {
  return errorText(error, { context: "analyze", fallback: "Failed to analyze resume" });
}
