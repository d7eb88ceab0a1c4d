/** Business constants: see docs/product.md#plans and docs/product.md#rate-limits. */
export const LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  resumeMaxBytes: 5 * 1024 * 1024,
  textResumeMin: 100,
  jobDescriptionMin: 50,
  jobDescriptionMax: 20_000,
  freeMonthlyAnalyses: 3,
  unlimitedSentinel: 999,
  unlimitedBarScale: 50,
  lifetimePriceUsd: 10,
  nameMax: 80,
  /**
   * Ours (docs/product.md#rate-limits): resume storage per user (file bytes plus extracted text), see
   * docs/decisions/2026-11-26-event-loop.md.
   */
  userStorageMaxBytes: 50 * 1024 * 1024,
  /**
   * Ours (docs/product.md#rate-limits): resume uploads, pasted resumes and LinkedIn imports per user per
   * minute.
   */
  uploadsPerMinute: 30,
  /**
   * Ours (docs/product.md#rate-limits): analyses run per minute by a Lifetime user (a repeated request counts
   * once).
   */
  analysesPerMinute: 10,
  /**
   * Ours (docs/product.md#rate-limits): saved analyses per user (job descriptions plus results); deleting
   * frees it.
   */
  analysisStorageMaxBytes: 50 * 1024 * 1024,
  /**
   * Ours (docs/product.md#rate-limits): one analysis's stored result (its JSON, in bytes). An
   * ordinary analysis is 20–60 KB and the engine keeps the largest it can make near 600 KB (quotes cut
   * to a window, long lists capped); past this, the analysis is refused and nothing is counted.
   */
  analysisResultMaxBytes: 1024 * 1024,
  /**
   * Ours (docs/product.md#rate-limits): reads of saved work per user per minute, together: analyses,
   * comparisons, History pages and resume summaries.
   */
  analysisReadsPerMinute: 120,
  /**
   * Ours (docs/product.md#rate-limits): requests one signed-in browser (session) may have in flight at
   * once; a browser opens at most six connections to a host.
   */
  requestsInFlightPerSession: 32,
  /** Ours (docs/product.md#rate-limits): report exports (ZIP packages) per user per minute. */
  exportsPerMinute: 20,
  /**
   * Ours (docs/product.md#rate-limits): role searches per user per minute (the picker asks once per pause in
   * typing).
   */
  careerSearchesPerMinute: 120,
  /** Ours (docs/product.md#rate-limits): career paths per user per minute. */
  careerPathsPerMinute: 30,
  /** Ours (docs/product.md#text-lengths): characters of a role search. */
  careerQueryMax: 100,
  /**
   * Ours (docs/product.md#history-limits): history items per page of GET /api/user/analyses (default and
   * most).
   */
  historyPageDefault: 50,
  historyPageMax: 100,
  /**
   * Ours (docs/product.md#history-limits): characters of the job description a history item carries (an
   * excerpt).
   */
  historyExcerptChars: 300,
  /**
   * Ours (docs/product.md#multi-posting): postings in one comparison run (Lifetime plan); each
   * counts as one analysis.
   */
  comparisonMinPostings: 2,
  comparisonMaxPostings: 5,
  /**
   * Ours (docs/product.md#rate-limits): signed-in sessions one account keeps at once; a sign-in
   * beyond it signs out the session used least recently.
   */
  sessionsPerAccount: 20,
} as const;

/** The analyses a plan allows per month; 999 is the sentinel for unlimited (docs/product.md#plans). */
export function maxAnalysesFor(subscription: "free" | "lifetime"): number {
  return subscription === "lifetime" ? LIMITS.unlimitedSentinel : LIMITS.freeMonthlyAnalyses;
}

/**
 * The analysis bands (docs/product.md#display-values): 80+ 'Excellent Match', 60–79 'Good Match', below 60
 * 'Needs Improvement'.
 */
export function scoreBand(score: number): {
  label: "Excellent Match" | "Good Match" | "Needs Improvement";
  tone: "good" | "warn" | "bad";
} {
  if (score >= 80) return { label: "Excellent Match", tone: "good" };
  if (score >= 60) return { label: "Good Match", tone: "warn" };
  return { label: "Needs Improvement", tone: "bad" };
}
