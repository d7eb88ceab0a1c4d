/** Optional LLM enrichment: the pure half (prompt, validation, fallback); the HTTP completer lives in the API. */
export {
  type BulletRewrite,
  type Completer,
  type CompletionRequest,
  type EnrichOptions,
  type EnrichOutcome,
  enrichAnalysis,
  MAX_REWRITES,
} from "./enrich.ts";
export type { FactIssue } from "./facts.ts";
