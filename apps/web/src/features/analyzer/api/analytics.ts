import type { TAnalytics } from "@resumelens/contract";
import { formatUtcMonthDay } from "../../../lib/format-date.ts";

/**
 * A free-plan user at or above the monthly maximum may not start another analysis
 * (docs/product.md#monthly-limit).
 */
export function hasReachedLimit(analytics: TAnalytics | undefined): boolean {
  if (analytics?.subscription !== "free") return false;
  return analytics.currentMonth.analyses >= analytics.currentMonth.maxAnalyses;
}

/** The day free analyses open again: the meter counts per UTC calendar month, e.g. "December 1". */
export function nextResetLabel(now: Date = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return formatUtcMonthDay(next);
}
