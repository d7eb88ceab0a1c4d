/** Optional LLM rewording of recommendations: the pure half (prompt, fact check, fallback); the HTTP completer lives in the API. */
export {
  type Completer,
  type CompletionRequest,
  type EnrichOptions,
  type EnrichOutcome,
  enrichAnalysis,
} from "./enrich.ts";
