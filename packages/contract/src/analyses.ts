import { z } from "zod";
import { ZAnalysisResult } from "./analysis.ts";
import { ZSubscription } from "./auth.ts";
import { hasNulCharacter, MAX_RECORD_ID, NUL_CHARACTER_MESSAGE, recordIdParamSchema } from "./input.ts";
import { LIMITS } from "./limits.ts";

/**
 * POST /api/analyze: the payload, with the job-description rule (docs/product.md#text-lengths) held on both
 * sides.
 */
export const ZAnalyzeRequest = z.object({
  resumeId: z
    .number("Choose or upload a resume first.")
    .int("Choose or upload a resume first.")
    .positive("Choose or upload a resume first.")
    .max(MAX_RECORD_ID, "Resume not found"),
  jobDescription: z
    .string()
    .trim()
    .min(
      LIMITS.jobDescriptionMin,
      `The job description must be at least ${LIMITS.jobDescriptionMin} characters.`,
    )
    .max(
      LIMITS.jobDescriptionMax,
      `The job description is limited to ${LIMITS.jobDescriptionMax.toLocaleString("en-US")} characters.`,
    )
    .refine((value) => !hasNulCharacter(value), NUL_CHARACTER_MESSAGE),
});
export type TAnalyzeRequest = z.infer<typeof ZAnalyzeRequest>;

/**
 * POST /api/comparisons: one resume against several postings in one run (the Lifetime plan's
 * advanced analytics, docs/product.md#multi-posting). Each posting follows ZAnalyzeRequest's rule
 * and counts as one analysis.
 */
export const ZComparisonRequest = z.object({
  resumeId: ZAnalyzeRequest.shape.resumeId,
  jobDescriptions: z
    .array(ZAnalyzeRequest.shape.jobDescription)
    .min(
      LIMITS.comparisonMinPostings,
      `Add at least ${LIMITS.comparisonMinPostings} job descriptions to compare.`,
    )
    .max(
      LIMITS.comparisonMaxPostings,
      `You can compare up to ${LIMITS.comparisonMaxPostings} job descriptions at once.`,
    ),
});
export type TComparisonRequest = z.infer<typeof ZComparisonRequest>;

/** One posting's row of a comparison, best score first. */
export const ZComparisonRow = z.object({
  analysisId: z.number().int(),
  /** The posting's job title, or null when none is recognisable. */
  jobTitle: z.string().nullable(),
  /** The posting's first line, for a posting without a recognisable title. */
  excerpt: z.string(),
  overallScore: z.number().int().min(0).max(100),
  /** The posting's most important requirements the resume does not show (at most 3). */
  topMissing: z.array(z.string()),
});

/** A comparison as the API returns it: the ranked rows and what the postings ask for in common. */
export const ZComparison = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  resumeId: z.number().int().nullable(),
  rows: z.array(ZComparisonRow),
  /** Requirements (skills) at least two of the postings ask for, most shared first, with which rows and whether the resume shows them. */
  shared: z.array(
    z.object({
      requirement: z.string(),
      /** The analysis ids of the postings that ask for it. */
      analysisIds: z.array(z.number().int()),
      met: z.boolean(),
    }),
  ),
});
export type TComparison = z.infer<typeof ZComparison>;
export type TComparisonRow = z.infer<typeof ZComparisonRow>;

/** The `{id}` of /api/comparisons/{id}. */
export const ZComparisonIdParam = z.object({ id: recordIdParamSchema("Comparison") });

/** A stored analysis as the API returns it: the engine result plus its id and metadata. */
export const ZStoredAnalysis = ZAnalysisResult.extend({
  id: z.number().int(),
  createdAt: z.string(),
  resumeId: z.number().int().nullable(),
  jobDescription: z.string(),
});
export type TStoredAnalysis = z.infer<typeof ZStoredAnalysis>;

/** The `{id}` of /api/analysis/{id} and its export routes. */
export const ZAnalysisIdParam = z.object({ id: recordIdParamSchema("Analysis") });

/** A whole number query parameter from `min` to `max`, `fallback` when absent. */
function wholeQueryNumber(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message)
    .optional()
    .transform((value) => value ?? fallback);
}

/**
 * GET /api/user/analyses?limit=&offset=: the history a page at a time (docs/product.md#history-limits);
 * limit 1 to LIMITS.historyPageMax (LIMITS.historyPageDefault when absent), offset from 0.
 */
export const ZHistoryQuery = z.object({
  limit: wholeQueryNumber("limit", 1, LIMITS.historyPageMax, LIMITS.historyPageDefault),
  offset: wholeQueryNumber("offset", 0, 100_000_000, 0),
});
export type THistoryQuery = z.infer<typeof ZHistoryQuery>;

/**
 * GET /api/user/analyses: the history item (docs/product.md#history-limits), plus what tells rows apart: the
 * resume's file
 * name ('Text Resume' for pasted text; null once the resume is deleted) and the posting's job
 * title (null when none is recognisable), which the score trend groups by.
 */
export const ZHistoryItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  overallScore: z.number().int(),
  jobDescription: z.string(),
  resumeName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  /** The comparison run it is one posting of (docs/product.md#multi-posting); null or absent for one run alone. */
  comparisonId: z.number().int().nullable().optional(),
});
export type THistoryItem = z.infer<typeof ZHistoryItem>;

/** GET /api/user/analytics: the analytics (docs/product.md#monthly-limit). */
export const ZAnalytics = z.object({
  currentMonth: z.object({
    analyses: z.number().int().nonnegative(),
    maxAnalyses: z.number().int().positive(),
  }),
  subscription: ZSubscription,
});
export type TAnalytics = z.infer<typeof ZAnalytics>;
