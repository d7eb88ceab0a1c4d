import { LIMITS, type TAnalytics } from "@resumelens/contract";
import { useQuery } from "@tanstack/react-query";

/** GET /api/user/analytics, under the key the rest of the app invalidates (§7). */
export const ANALYTICS_QUERY_KEY = ["/api/user/analytics"] as const;

/** The signed-in user's usage this month and plan. Only mounted on signed-in screens. */
export function useAnalytics() {
  return useQuery<TAnalytics>({ queryKey: ANALYTICS_QUERY_KEY });
}

/** 999 analyses a month is the sentinel for "unlimited" (§9). */
export function isUnlimited(analytics: TAnalytics): boolean {
  return analytics.currentMonth.maxAnalyses >= LIMITS.unlimitedSentinel;
}

/** A free-plan user at or above the monthly maximum may not start another analysis (§5). */
export function hasReachedLimit(analytics: TAnalytics | undefined): boolean {
  if (analytics?.subscription !== "free") return false;
  return analytics.currentMonth.analyses >= analytics.currentMonth.maxAnalyses;
}
