export {
  type AnalyzeInput,
  type AnalyzeOptions,
  analyzeResume,
  ENGINE_VERSION,
  engineData,
  WEIGHTS,
} from "./analysis/analyze.ts";
export type { LayoutHints } from "./analysis/ats.ts";
export { type CareerPathInput, careerPath } from "./career/career.ts";
export {
  CAREER_ROLE_PATTERN,
  careerRoles,
  DEFAULT_CAREER_ROLE,
  resolveCareerRole,
  roleTitle,
} from "./career/career-roles.ts";
export { SALARY_SOURCE } from "./career/career-salary.ts";
export {
  type Completer,
  type CompletionRequest,
  checkRewrites,
  type EnrichOptions,
  type EnrichOutcome,
  enrichAnalysis,
  type RewriteVerdict,
} from "./enrich/index.ts";
export { type ParsedJob, parseJobDescription } from "./job/parse-job.ts";
export { type ParsedResume, parseResume } from "./resume/parse-resume.ts";
export { normalizeText } from "./text/normalize.ts";
