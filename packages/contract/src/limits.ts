/** Business constants from §9 of the product spec. */
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
} as const;
