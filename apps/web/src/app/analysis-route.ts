import { lazyPage } from "../lib/lazy-page.ts";

/**
 * The analysis page, loaded on demand. It lives apart from the route table so the analyzer can fetch
 * its code while an analysis runs without importing router.tsx, which itself loads the analyzer
 * (that import cycle is a lint error).
 */
export const AnalysisPage = lazyPage(() => import("../features/analysis/analysis-page.tsx"));

/** Loads the analysis page's code ahead of the navigation to it; a failure is left to the render, which retries. */
export function preloadAnalysisPage(): Promise<void> {
  return AnalysisPage.preload().catch(() => undefined);
}
