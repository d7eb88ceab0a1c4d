import { LIMITS, MESSAGES } from "@resumelens/contract";
import { perUserRate } from "../../lib/rate-limit.ts";

/**
 * Report exports (both export routes together) per user, per fixed one-minute window, counted
 * before anything is read or rendered; past it 429 with MESSAGES.exportRateLimited.
 */
export const exportRate = perUserRate(
  "exports",
  { limit: LIMITS.exportsPerMinute, windowMs: 60_000 },
  MESSAGES.exportRateLimited,
);
