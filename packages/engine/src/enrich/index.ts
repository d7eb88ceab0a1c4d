/** Optional LLM rewording of recommendations: the pure half (prompt, fact check, fallback); the HTTP completer lives in the API. */
export {
  type Completer,
  type CompletionRequest,
  type EnrichFallback,
  type EnrichOptions,
  type EnrichOutcome,
  enrichAnalysis,
} from "./enrich.ts";

/**
 * Leftovers of the bullet rewrites, which nothing used and which were removed (issue 17). Kept
 * only because packages/engine/src/index.ts still re-exports these names; delete them together.
 * @deprecated
 */
export type BulletRewrite = never;
/** @deprecated see BulletRewrite */
export const MAX_REWRITES = 0;
