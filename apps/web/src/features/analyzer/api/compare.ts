import type { TComparisonRequest } from "@resumelens/contract";
import { apiRequest } from "../../../lib/api-client.ts";

/** Where a finished comparison lives (docs/product.md#multi-posting). */
export function comparisonPath(id: number): string {
  return `/compare/${id}`;
}

/**
 * POST /api/comparisons {resumeId, jobDescriptions} → the comparison; only its id is needed here.
 * With `idempotencyKey`, a repeat of the run (a retry, a second click) answers the first comparison
 * and counts once. A refusal throws an ApiError (402 for a Free plan, 429 past the rate).
 */
export async function compareResume(
  request: TComparisonRequest,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<{ id: number }> {
  const res = await apiRequest("POST", "/api/comparisons", request, {
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {},
  });
  const body: unknown = await res.json();
  const id = typeof body === "object" && body !== null ? (body as { id?: unknown }).id : undefined;
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) {
    throw new Error("Malformed comparison response");
  }
  return { id };
}

export const COMPARISON_FAILED_TITLE = "Comparison Failed";
