/**
 * Optional LLM rewording (docs/decisions/2026-11-27-llm-rewrite.md): a language model may reword the prose of
 * the engine's
 * recommendations, nothing else. Scores, titles, skill lists and evidence always come from the
 * engine, every rewrite passes the fact check in facts.ts, and any failure (timeout, error, bad
 * JSON, nothing acceptable) returns the engine's result untouched. The model is reached through
 * an injected `Completer`: the engine itself does no I/O.
 */
import type { TAnalysisResult } from "@resumelens/contract";
import { engineData } from "../analysis/analyze.ts";
import type { Taxonomy } from "../skills/taxonomy.ts";
import {
  droppedNumbers,
  droppedSkills,
  type FactSource,
  factSource,
  findSkills,
  newFacts,
  type SkillVocabulary,
  skillVocabulary,
} from "./facts.ts";

/** One chat completion: system and user messages in, the assistant's text out. */
export type CompletionRequest = {
  system: string;
  user: string;
  maxTokens: number;
  temperature: number;
  /** Aborted when the caller stops waiting (timeout); completers should pass it to fetch. */
  signal?: AbortSignal;
};

/** Sends one completion request to a language model; throws on any failure. */
export type Completer = (request: CompletionRequest) => Promise<string>;

export type EnrichOptions = {
  result: TAnalysisResult;
  complete: Completer;
  /** How long one request may take before we stop waiting for it. */
  timeoutMs?: number;
  /**
   * How long the whole rewording may keep the analysis waiting, retries included. A request
   * never gets more than what is left of it.
   */
  budgetMs?: number;
  /**
   * Reads a model answer and fact-checks its rewordings: `checkRewrites`, run where the caller
   * wants it. CPU work on text from outside (the API runs it in its worker pool); defaults to
   * running `checkRewrites` here.
   */
  check?: (result: TAnalysisResult, answer: string) => Promise<RewriteVerdict>;
};

/** What the fact check made of one model answer (structured-clonable: it crosses to a worker and back). */
export type RewriteVerdict = {
  /** False when the answer held no JSON object: worth asking once more. */
  readable: boolean;
  /** The accepted descriptions, by recommendation index, in index order. */
  accepted: [number, string][];
};

/** Why every description stayed the engine's own, when none was reworded. */
export type EnrichFallback =
  | "nothing-to-rewrite"
  | "timeout"
  | "failed"
  | "unreadable-answer"
  | "all-rejected";

export type EnrichOutcome = {
  /** The analysis with the accepted descriptions, each marked `rewritten: true`; the input itself when nothing changed. */
  result: TAnalysisResult;
  /** Indexes of the recommendations whose description the model reworded. */
  rewritten: number[];
  /** Null when at least one description was reworded. */
  fallback: EnrichFallback | null;
};

const DEFAULT_TIMEOUT_MS = 8000;
/** A failed request (refused connection, HTTP 5xx, an answer cut short) is tried once more, within the budget. */
const MAX_ATTEMPTS = 2;
/** Below this much budget left, a second attempt could not finish: keep the engine's text. */
const MIN_RETRY_MS = 500;

const SYSTEM_PROMPT = `You are the writing editor of ResumeLens, a resume analysis tool. You improve wording only; you never add facts.

Rules:
- Never add a number, percentage, amount, date, skill, tool, technology, certification, employer, product, person or place that is not already in the text you are rewriting.
- Keep every skill and tool name the original text mentions, spelled the same way.
- Keep the meaning and the advice. Plain, warm, direct English, addressed to the job seeker as "you".

Answer with one JSON object and nothing else:
{"recommendations":[{"index":0,"description":"..."}]}`;

/**
 * Asks the model to reword the recommendations' descriptions, keeps only what passes the fact
 * check, and falls back to the unchanged result on any failure. Never throws; deterministic for a
 * given model answer.
 */
export async function enrichAnalysis(options: EnrichOptions): Promise<EnrichOutcome> {
  const { result, complete } = options;
  const unchanged = (fallback: EnrichFallback): EnrichOutcome => ({ result, rewritten: [], fallback });
  if (result.recommendations.length === 0) return unchanged("nothing-to-rewrite");

  const timeoutMs = positiveMs(options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const deadline = Date.now() + positiveMs(options.budgetMs, timeoutMs);
  const request: CompletionRequest = {
    system: SYSTEM_PROMPT,
    user: userPrompt(result),
    // Room for every description at its longest accepted length (see acceptedDescriptions).
    maxTokens: Math.min(4000, 200 + 250 * result.recommendations.length),
    temperature: 0.2,
  };
  const check = options.check ?? (async (checked, answer) => checkRewrites(checked, answer));
  let verdict: RewriteVerdict | null = null;
  let fallback: EnrichFallback = "failed";
  for (let attempt = 1; attempt <= MAX_ATTEMPTS && verdict === null; attempt++) {
    const left = deadline - Date.now();
    if (attempt > 1 && left < MIN_RETRY_MS) break;
    let answer: string;
    try {
      answer = await withTimeout((signal) => complete({ ...request, signal }), Math.min(timeoutMs, left));
    } catch (error) {
      // A request that used its whole time is not retried: the next one would likely be as slow.
      if (error instanceof TimeoutError) return unchanged("timeout");
      fallback = "failed";
      continue;
    }
    try {
      const checked = await check(result, answer);
      if (checked.readable) verdict = checked;
      else fallback = "unreadable-answer";
    } catch {
      // The check itself failed (its worker was busy or died): keep the engine's text.
      return unchanged("failed");
    }
  }
  if (verdict === null) return unchanged(fallback);
  if (verdict.accepted.length === 0) return unchanged("all-rejected");

  const enriched = structuredClone(result);
  for (const [index, description] of verdict.accepted) {
    const rec = enriched.recommendations[index];
    if (rec) Object.assign(rec, { description, rewritten: true });
  }
  return { result: enriched, rewritten: verdict.accepted.map(([index]) => index), fallback: null };
}

/**
 * Reads a model's answer and keeps the reworded descriptions that pass the fact check. Pure and
 * deterministic; uses the engine's data (built once per thread, as an analysis does) and a few
 * milliseconds per answer, so the API runs it in its worker pool.
 */
export function checkRewrites(result: TAnalysisResult, answer: string, taxonomy?: Taxonomy): RewriteVerdict {
  const parsed = parseModelJson(answer);
  if (parsed === null) return { readable: false, accepted: [] };
  const accepted = acceptedDescriptions(parsed.recommendations, result, checkContext(result, taxonomy));
  return { readable: true, accepted: [...accepted].sort(([a], [b]) => a - b) };
}

/** The vocabulary every rewrite is checked with, built once per enrichment. */
type CheckContext = {
  vocab: SkillVocabulary;
  /** The analysis' requirement names: a rewrite must keep those its original uses. */
  requirementNames: readonly string[];
};

function checkContext(result: TAnalysisResult, given: Taxonomy | undefined): CheckContext {
  const requirementNames = [
    ...result.skillsMatch.matched.map((m) => m.skill),
    ...result.skillsMatch.missing.map((m) => m.skill),
  ];
  // The analysis' own taxonomy: a worker that ran analyses has it built already.
  const taxonomy = given ?? engineData().taxonomy;
  const known = skillVocabulary({ taxonomy });
  // The analysis' own skill names count as skills too where the taxonomy does not know them
  // (phrases from the posting); a name it knows stays one skill, whatever its spelling.
  const unknown = [
    ...requirementNames,
    ...result.atsAnalysis.keywords.found,
    ...result.atsAnalysis.keywords.missing,
    ...result.experienceComparison.experienceSources.flatMap((s) => s.transferableSkills),
  ].filter((name) => findSkills(known, name).length === 0);
  return { vocab: skillVocabulary({ taxonomy, names: unknown }), requirementNames };
}

/**
 * Is a reworded description acceptable? Numbers, skills and names must all come from the
 * recommendation itself: the model sees nothing else, so anything new is invented. Skills and
 * figures the original gives (and requirement names it uses) must stay.
 */
function acceptableRewrite(
  rec: { title: string; description: string },
  candidate: string,
  { vocab, requirementNames }: CheckContext,
): boolean {
  const own: FactSource = factSource(vocab, [rec.title, rec.description]);
  return (
    newFacts(vocab, candidate, own).length === 0 &&
    droppedSkills(vocab, rec.description, candidate, requirementNames).length === 0 &&
    droppedNumbers(rec.description, candidate).length === 0
  );
}

function acceptedDescriptions(
  raw: unknown,
  result: TAnalysisResult,
  context: CheckContext,
): Map<number, string> {
  const accepted = new Map<number, string>();
  if (!Array.isArray(raw)) return accepted;
  const seen = new Set<number>();
  for (const item of raw) {
    if (!isRecord(item)) continue;
    const index =
      typeof item.index === "string" && /^\d+$/.test(item.index) ? Number(item.index) : item.index;
    if (typeof index !== "number" || !Number.isInteger(index) || seen.has(index)) continue;
    seen.add(index);
    const rec = result.recommendations[index];
    if (!rec || typeof item.description !== "string") continue;
    const candidate = cleanProse(item.description);
    if (!candidate || candidate.length > Math.max(600, rec.description.length * 2)) continue;
    if (sameText(candidate, rec.description)) continue;
    if (acceptableRewrite(rec, candidate, context)) accepted.set(index, candidate);
  }
  return accepted;
}

function cleanProse(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["'“]+|["'”]+$/g, "")
    .trim();
}

function sameText(a: string, b: string): boolean {
  return cleanProse(a).toLowerCase() === cleanProse(b).toLowerCase();
}

/**
 * Only the recommendations leave the server, not the resume or the posting as such. The
 * recommendations do quote the user's documents, though: a role ("Data Analyst at Summit Outdoor
 * Co."), a posting's line, a skill from the LinkedIn profile. An operator who sets LLM_BASE_URL
 * sends those to the endpoint (see docs/decisions/2026-11-27-llm-rewrite.md).
 */
function userPrompt(result: TAnalysisResult): string {
  return JSON.stringify(
    {
      task: "Rewrite each recommendation's description in clearer, warmer prose without changing its meaning.",
      recommendations: result.recommendations.map((r, index) => ({
        index,
        title: r.title,
        description: r.description,
      })),
    },
    null,
    1,
  );
}

/**
 * The model's JSON object, tolerating a code fence and prose around it; null when there is none.
 * Plain index searches: linear on any answer.
 */
function parseModelJson(text: string): { recommendations?: unknown } | null {
  const body = fencedBody(text) ?? text;
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(body.slice(start, end + 1));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** The text of the first ``` fence that is closed (its "json" tag dropped), or null. */
function fencedBody(text: string): string | null {
  const open = text.indexOf("```");
  if (open < 0) return null;
  const close = text.indexOf("```", open + 3);
  if (close < 0) return null;
  const inside = text.slice(open + 3, close);
  return /^json/i.test(inside) ? inside.slice(4) : inside;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A finite, positive number of milliseconds that setTimeout honours (it treats more than 2^31-1, and NaN, as 1 ms). */
function positiveMs(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.min(value, 2 ** 31 - 1) : fallback;
}

class TimeoutError extends Error {}

async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new TimeoutError(`The language model did not answer within ${ms} ms`));
      reject(controller.signal.reason);
    }, ms);
  });
  try {
    // An async wrapper turns a completer that throws synchronously into a rejection.
    return await Promise.race([(async () => run(controller.signal))(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
