import { LIMITS } from "./limits.ts";

const MB = 1024 * 1024;

/** User-facing texts (docs/product.md#messages), shared by the web app and the API so both say the same. */
export const MESSAGES = {
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 6 characters",
  emailOrPhoneRequired: "You must provide either an email or phone number and a password",
  signUpCheckEmail: "Check your email for a confirmation link!",
  signInFailed: "Failed to sign in",
  signUpFailed: "Failed to sign up",
  accountConflict:
    "An account with this email already exists. Please sign in with your original method (email/password) first, then link your {provider} account in Settings.",
  notFoundPage: "404 Page Not Found",
  invalidFileTypeTitle: "Invalid file type",
  invalidFileType: "Please upload a PDF, DOC, DOCX, or TXT file.",
  fileTooLargeTitle: "File too large",
  fileTooLarge: `Please upload a file smaller than ${LIMITS.resumeMaxBytes / MB}MB.`,
  monthlyLimitAlert: "You have reached your monthly analysis limit. Please upgrade to continue.",
  monthlyLimitReached: "Monthly limit reached",
  /** docs/product.md#messages: the 'Analysis Failed' text when the API answers LIMIT_REACHED. */
  monthlyLimitUpgrade: "You've reached your monthly analysis limit. Upgrade to get unlimited access.",
  /** docs/product.md#messages: the 'Analysis Failed' text for a plan refusal (PAYMENT_REQUIRED). */
  monthlyLimitUpgradePlan: "You've reached your monthly analysis limit. Please upgrade your plan.",
  invalidUrlTitle: "Invalid URL",
  invalidLinkedInUrl: "Please enter a valid LinkedIn profile URL.",
  // Ours, not the spec's (docs/product.md#rate-limits); see docs/decisions/2026-11-26-event-loop.md.
  uploadRateLimited: "You're adding resumes too quickly. Please wait a minute and try again.",
  storageQuotaReached: `Your account has reached its resume storage limit (${LIMITS.userStorageMaxBytes / MB} MB). Use one of the resumes you already uploaded, or contact support to free up space.`,
  // Ours (docs/product.md#hostile-files): the 503 of a full document pool or upload queue
  // (docs/decisions/2026-11-26-event-loop.md).
  serverBusy: "ResumeLens is busy right now. Please try again in a moment.",
  // Ours (docs/product.md#hostile-files): the 422 of an analysis, report or career path whose worker
  // ran out of its time or memory (docs/decisions/2026-12-02-worker-processes.md).
  workTooLarge:
    "This took more time or memory than ResumeLens allows for one request, so it was stopped. Try a shorter resume or job description.",
  // Ours (docs/product.md#hostile-files): a 408 for an upload body that trickles in past its deadline
  // (upload-http.ts).
  uploadTooSlow: "The upload took too long. Please check your connection and try again.",
  // Ours (docs/product.md#rate-limits): a lifetime plan has no monthly limit, but analyses per minute and
  // saved bytes are bounded.
  analysisRateLimited: "You're running analyses too quickly. Please wait a minute and try again.",
  tooManyAtOnce: "Too many requests at once. Please wait a moment and try again.",
  analysisReadRateLimited:
    "You're opening saved analyses and resumes too quickly. Please wait a minute and try again.",
  analysisTooLarge: `This analysis came out larger than ResumeLens can keep (${LIMITS.analysisResultMaxBytes / MB} MB). Try a shorter resume or job description.`,
  analysisStorageReached: `Your saved analyses have reached their storage limit (${LIMITS.analysisStorageMaxBytes / MB} MB). Delete analyses you no longer need in History to run new ones.`,
  // Ours too (docs/product.md#rate-limits); see docs/decisions/2026-11-26-costly-routes.md.
  exportRateLimited: "You're exporting reports too quickly. Please wait a minute and try again.",
  careerRateLimited: "You're searching career paths too quickly. Please wait a minute and try again.",
  careerQueryTooLong: `A role search can be at most ${LIMITS.careerQueryMax} characters.`,
  // Ours (docs/product.md#multi-posting): running several postings at once is part of the Lifetime plan.
  comparisonNeedsLifetime:
    "Comparing several job postings at once is part of the Lifetime plan. Upgrade to compare up to 5 postings in one run.",
  comparisonDuplicatePostings: "Each job description in a comparison must be different.",
  /** The answer to a request without a valid session (docs/product.md#messages). */
  signInToContinue: "Please sign in to continue.",
} as const;

export const SUPPORT_EMAIL = "support@resumelens.app";
