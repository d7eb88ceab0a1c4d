import { LIMITS, type TAnalytics } from "@resumelens/contract";
import { useQuery } from "@tanstack/react-query";
import { useFirstPaintDone } from "../first-paint.ts";

/** GET /api/user/analytics, under the key the rest of the app invalidates (docs/product.md#api-calls). */
export const ANALYTICS_QUERY_KEY = ["/api/user/analytics"] as const;

/**
 * The signed-in user's usage this month and plan. Only mounted on signed-in screens; asked for once
 * the first screen has been painted.
 */
export function useAnalytics() {
  const painted = useFirstPaintDone();
  return useQuery<TAnalytics>({ queryKey: ANALYTICS_QUERY_KEY, enabled: painted });
}

/** 999 analyses a month is the sentinel for "unlimited" (docs/product.md#plans). */
export function isUnlimited(usage: { currentMonth: { maxAnalyses: number } }): boolean {
  return usage.currentMonth.maxAnalyses >= LIMITS.unlimitedSentinel;
}
