import { type TStoredAnalysis, ZStoredAnalysis } from "@resumelens/contract";
import { queryOptions } from "@tanstack/react-query";

/**
 * The query key of one analysis: the default fetcher GETs its first element
 * (docs/product.md#client-behaviour).
 */
export function analysisQueryKey(id: number) {
  return [`/api/analysis/${id}`] as const;
}

/**
 * Turns the raw answer into a stored analysis: an empty answer (null, {}) is "no data" and shows
 * 'Analysis not found'; anything else must match the contract, or the query fails instead of
 * rendering half a result.
 */
export function selectAnalysis(data: unknown): TStoredAnalysis | null {
  if (data === null || data === undefined) return null;
  if (typeof data === "object" && Object.keys(data).length === 0) return null;
  return ZStoredAnalysis.parse(data);
}

/** GET /api/analysis/{id} through the default fetcher; only runs for a real id. */
export function getAnalysisQueryOptions(id: number) {
  return queryOptions({
    queryKey: analysisQueryKey(id),
    enabled: Number.isInteger(id) && id > 0,
    select: selectAnalysis,
  });
}
