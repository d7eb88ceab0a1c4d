/** Optional LLM rewording of recommendations: the pure half (prompt, fact check, fallback); the HTTP completer lives in the API. */
export {
  type Completer,
  type CompletionRequest,
  checkRewrites,
  type EnrichOptions,
  type EnrichOutcome,
  enrichAnalysis,
  type RewriteVerdict,
} from "./enrich.ts";
