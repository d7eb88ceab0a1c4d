import { LIMITS, MESSAGES } from "@resumelens/contract";
import { perUserRate } from "../../lib/rate-limit.ts";

/**
 * Reads of saved work per user, per fixed one-minute window: an analysis, a comparison, a History
 * page or a resume's summary, all counted together before anything is read; past it 429 with
 * MESSAGES.analysisReadRateLimited. A stored analysis may be up to LIMITS.analysisResultMaxBytes, so
 * reads are costly routes too (docs/decisions/2026-12-02-worker-processes.md).
 */
export const analysisReadRate = perUserRate(
  "analysis-reads",
  { limit: LIMITS.analysisReadsPerMinute, windowMs: 60_000 },
  MESSAGES.analysisReadRateLimited,
);
