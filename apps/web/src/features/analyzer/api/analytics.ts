import type { TAnalytics } from "@resumelens/contract";

/** A free-plan user at or above the monthly maximum may not start another analysis (§5). */
export function hasReachedLimit(analytics: TAnalytics | undefined): boolean {
  if (analytics?.subscription !== "free") return false;
  return analytics.currentMonth.analyses >= analytics.currentMonth.maxAnalyses;
}
