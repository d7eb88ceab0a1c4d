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
