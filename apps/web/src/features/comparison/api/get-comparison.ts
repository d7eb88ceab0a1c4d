import { type TComparison, ZComparison } from "@resumelens/contract";
import { queryOptions } from "@tanstack/react-query";

/** The query key of one comparison: the default fetcher GETs its first element. */
export function comparisonQueryKey(id: number) {
  return [`/api/comparisons/${id}`] as const;
}

/** GET /api/comparisons/{id} (docs/product.md#multi-posting), checked against the contract. */
export function getComparisonQueryOptions(id: number) {
  return queryOptions({
    queryKey: comparisonQueryKey(id),
    select: (data: unknown): TComparison => ZComparison.parse(data),
  });
}
