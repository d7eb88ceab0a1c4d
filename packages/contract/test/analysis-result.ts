import type { TAnalysisResult } from "../src/analysis.ts";

/**
 * A minimal analysis result that meets the contract, for tests that build the one situation they are
 * about (side-by-side model, the engine's bounds, the API's stored reads): empty lists, middling
 * scores, no document. `over` replaces whole fields.
 */
export function analysisResult(over: Partial<TAnalysisResult> = {}): TAnalysisResult {
  return {
    engineVersion: "test",
    overallScore: 50,
    scoreBreakdown: [],
    skillsMatch: { matched: [], missing: [] },
    atsAnalysis: { score: 80, issues: [], keywords: { found: [], missing: [] } },
    competitiveAnalysis: { marketAlignment: 50, industryMatch: 50, experienceLevel: "Mid", suggestions: [] },
    experienceComparison: {
      resumeYears: 3,
      requiredYears: 3,
      gap: 0,
      assessment: "Well-matched",
      experienceSources: [],
      jobRequirements: [],
    },
    recommendations: [],
    preview: { before: [], after: [], currentScore: 50, potentialScore: 65 },
    warnings: [],
    ...over,
  };
}
