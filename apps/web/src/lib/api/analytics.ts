import { LIMITS, type TAnalytics } from "@resumelens/contract";
import { useQuery } from "@tanstack/react-query";

/** GET /api/user/analytics, under the key the rest of the app invalidates (§7). */
export const ANALYTICS_QUERY_KEY = ["/api/user/analytics"] as const;

/** The signed-in user's usage this month and plan. Only mounted on signed-in screens. */
export function useAnalytics() {
  return useQuery<TAnalytics>({ queryKey: ANALYTICS_QUERY_KEY });
}

/** 999 analyses a month is the sentinel for "unlimited" (§9). */
export function isUnlimited(usage: { currentMonth: { maxAnalyses: number } }): boolean {
  return usage.currentMonth.maxAnalyses >= LIMITS.unlimitedSentinel;
}
