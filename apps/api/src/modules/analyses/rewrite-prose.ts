import type { TAnalysisResult } from "@resumelens/contract";
import { type EnrichOptions, enrichAnalysis } from "@resumelens/engine";
import type { Env } from "../../env.ts";
import { createOpenAiCompleter } from "../../lib/llm.ts";
import { errorFields, type Logger } from "../../lib/logger.ts";

/*
 * The optional LLM step of an analysis (docs/decisions/2026-11-27-llm-rewrite.md). With LLM_BASE_URL set, the
 * engine's
 * result goes to the OpenAI-compatible endpoint once, between the engine run and storing, and the
 * model may reword the recommendations' descriptions only. The engine's fact check (in the worker
 * pool) keeps a rewrite only if it adds no number, skill or name and drops none; every accepted description is marked `rewritten`.
 * Whatever goes wrong (endpoint down, slow, garbled, every rewrite refused), the analysis is
 * stored with the engine's own text, at most LLM_BUDGET_MS later than without the model.
 */

/** Where and how long to ask; null when no LLM is configured. */
export type LlmSettings = {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** One request's limit. */
  timeoutMs: number;
  /** The most the rewording may add to one analysis, retry included. */
  budgetMs: number;
};

type LlmEnv = Pick<Env, "LLM_BASE_URL" | "LLM_MODEL" | "LLM_API_KEY" | "LLM_TIMEOUT_MS" | "LLM_BUDGET_MS">;

/** The analysis job's LLM settings from the environment; null when LLM_BASE_URL is unset. */
export function llmSettings(env: LlmEnv): LlmSettings | null {
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return null;
  return {
    baseUrl: env.LLM_BASE_URL,
    model: env.LLM_MODEL,
    ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
    timeoutMs: env.LLM_TIMEOUT_MS,
    budgetMs: env.LLM_BUDGET_MS,
  };
}

/**
 * The result with the model's accepted rewordings, or the very same result when no LLM is
 * configured or nothing was accepted. Never throws. The model is asked from here (I/O only);
 * reading its answer and the fact check are CPU work on text from outside, done by `check`
 * (the analysis job passes the worker pool's).
 */
export async function rewriteProse(
  result: TAnalysisResult,
  settings: LlmSettings | null | undefined,
  logger: Logger,
  check: EnrichOptions["check"],
): Promise<TAnalysisResult> {
  if (!settings) return result;
  const started = performance.now();
  try {
    const outcome = await enrichAnalysis({
      result,
      complete: createOpenAiCompleter(settings),
      timeoutMs: settings.timeoutMs,
      budgetMs: settings.budgetMs,
      check,
    });
    // Counts and reasons only: the texts are the user's.
    const fields = {
      rewritten: outcome.rewritten.length,
      recommendations: result.recommendations.length,
      ms: Math.round(performance.now() - started),
    };
    if (outcome.fallback === "timeout" || outcome.fallback === "failed") {
      logger.warn("llm rewrite fell back to the engine's text", { reason: outcome.fallback, ...fields });
    } else {
      logger.info("llm rewrite", { reason: outcome.fallback ?? "rewritten", ...fields });
    }
    return outcome.result;
  } catch (error) {
    // enrichAnalysis does not throw; this guards the analysis against a bug in it all the same.
    logger.warn("llm rewrite failed", { ms: Math.round(performance.now() - started), ...errorFields(error) });
    return result;
  }
}
