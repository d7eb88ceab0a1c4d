/**
 * Optional LLM enrichment (design §2): a language model may reword the engine's recommendations
 * and suggest stronger resume bullets. It may only add prose. Scores, titles, skill lists and
 * evidence always come from the engine, every rewrite passes the fact check in facts.ts, and any
 * failure (timeout, error, bad JSON, nothing acceptable) returns the engine's result untouched.
 * The model is reached through an injected `Completer`: the engine itself does no I/O.
 */
import type { TAnalysisResult } from "@resumelens/contract";
import type { Taxonomy } from "../skills/taxonomy.ts";
import { isBullet, normalizeText, stripBullet } from "../text/normalize.ts";
import {
  droppedSkills,
  type FactIssue,
  type FactSource,
  factSource,
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

/** A suggested rewording of one resume line; `original` is the line exactly as the resume has it. */
export type BulletRewrite = { original: string; suggestion: string };

export type EnrichOptions = {
  result: TAnalysisResult;
  resumeText: string;
  jobDescription: string;
  complete: Completer;
  /** How long to wait for the model before keeping the engine's text. */
  timeoutMs?: number;
  /** The engine's taxonomy (`engineData().taxonomy`): the best skill check, with its common-word rules. */
  taxonomy?: Taxonomy;
  /** Skill names to treat as skills, when the taxonomy is not at hand. */
  knownSkillNames?: Iterable<string>;
};

export type EnrichOutcome = { result: TAnalysisResult; enriched: boolean; rewrites: BulletRewrite[] };

/** The most bullet rewrites we return. */
export const MAX_REWRITES = 5;
const MAX_BULLETS_OFFERED = 30;
const JOB_EXCERPT_CHARS = 3000;

const SYSTEM_PROMPT = `You are the writing editor of ResumeLens, a resume analysis tool. You improve wording only; you never add facts.

Rules:
- Never add a number, percentage, amount, date, skill, tool, technology, certification, employer, product, person or place that is not already in the text you are rewriting.
- Keep every skill and tool name the original text mentions, spelled the same way.
- Keep the meaning and the advice. Plain, warm, direct English, addressed to the job seeker as "you".
- Bullet rewrites: one sentence, start with a strong past-tense action verb, no "I", no invented results or metrics. Copy "original" exactly from the bullet list. Suggest at most ${MAX_REWRITES}, only for weak bullets.

Answer with one JSON object and nothing else:
{"recommendations":[{"index":0,"description":"..."}],"rewrites":[{"original":"...","suggestion":"..."}]}`;

/**
 * Asks the model to reword the recommendations and suggest bullet rewrites, keeps only what
 * passes the fact check, and falls back to the unchanged result (`enriched: false`) on any failure.
 * Deterministic for a given model answer.
 */
export async function enrichAnalysis(options: EnrichOptions): Promise<EnrichOutcome> {
  const { result, resumeText, jobDescription, complete, timeoutMs = 8000 } = options;
  const unchanged: EnrichOutcome = { result, enriched: false, rewrites: [] };
  const resumeLines = resumeLineIndex(resumeText);
  const bullets = offeredBullets(resumeText);
  if (result.recommendations.length === 0 && bullets.length === 0) return unchanged;

  let answer: string;
  try {
    answer = await withTimeout(
      (signal) =>
        complete({
          system: SYSTEM_PROMPT,
          user: userPrompt(result, bullets, jobDescription),
          maxTokens: 1800,
          temperature: 0.2,
          signal,
        }),
      timeoutMs,
    );
  } catch {
    return unchanged;
  }
  const parsed = parseModelJson(answer);
  if (!parsed) return unchanged;

  const vocab = skillVocabulary({ taxonomy: options.taxonomy ?? null, names: options.knownSkillNames ?? [] });
  const context: CheckContext = {
    vocab,
    // The engine's own clean-up (ligatures, quotes, bullets), so the model's plain spelling compares equal.
    resume: factSource(vocab, [normalizeText(resumeText)]),
    job: factSource(vocab, [normalizeText(jobDescription)]),
    requirementNames: [
      ...result.skillsMatch.matched.map((m) => m.skill),
      ...result.skillsMatch.missing.map((m) => m.skill),
    ],
  };
  const descriptions = acceptedDescriptions(parsed.recommendations, result, context);
  const rewrites = acceptedRewrites(parsed.rewrites, resumeLines, context);
  if (descriptions.size === 0 && rewrites.length === 0) return unchanged;
  if (descriptions.size === 0) return { result, enriched: true, rewrites };

  const enriched = structuredClone(result);
  for (const [index, description] of descriptions) {
    const rec = enriched.recommendations[index];
    if (rec) rec.description = description;
  }
  return { result: enriched, enriched: true, rewrites };
}

/** The indexed texts every rewrite is checked against, built once per enrichment. */
type CheckContext = {
  vocab: SkillVocabulary;
  resume: FactSource;
  job: FactSource;
  /** The analysis' requirement names: a rewrite must keep those its original uses. */
  requirementNames: readonly string[];
};

/** Why a reworded recommendation was refused; empty when it is acceptable. */
function checkRecommendationRewrite(
  rec: { title: string; description: string },
  candidate: string,
  { vocab, resume, job, requirementNames }: CheckContext,
): FactIssue[] {
  const own = factSource(vocab, [rec.title, rec.description]);
  return [
    // A reworded recommendation is about the same skills and figures; names may come from any text.
    ...newFacts(vocab, candidate, { numbers: [own], skills: [own], names: [own, resume, job] }),
    ...droppedSkills(vocab, rec.description, candidate, requirementNames),
  ];
}

/** Why a bullet rewrite was refused; empty when it is acceptable. */
function checkBulletRewrite(line: string, candidate: string, { vocab, resume }: CheckContext): FactIssue[] {
  return [
    // Figures stay with the line they belong to; skills and names must be somewhere in the resume.
    ...newFacts(vocab, candidate, {
      numbers: [factSource(vocab, [line])],
      skills: [resume],
      names: [resume],
    }),
    ...droppedSkills(vocab, line, candidate),
  ];
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
    if (checkRecommendationRewrite(rec, candidate, context).length === 0) accepted.set(index, candidate);
  }
  return accepted;
}

function acceptedRewrites(
  raw: unknown,
  resumeLines: Map<string, string>,
  context: CheckContext,
): BulletRewrite[] {
  const rewrites: BulletRewrite[] = [];
  if (!Array.isArray(raw)) return rewrites;
  for (const item of raw) {
    if (rewrites.length >= MAX_REWRITES) break;
    if (!isRecord(item) || typeof item.original !== "string" || typeof item.suggestion !== "string") continue;
    const line = resumeLines.get(lineKey(item.original));
    if (!line || rewrites.some((r) => r.original === line)) continue;
    const suggestion = stripBullet(normalizeText(cleanProse(item.suggestion)));
    if (!suggestion || suggestion.length > Math.max(250, line.length * 2)) continue;
    if (suggestion.includes("\n") || sameText(suggestion, line)) continue;
    if (checkBulletRewrite(line, suggestion, context).length === 0)
      rewrites.push({ original: line, suggestion });
  }
  return rewrites;
}

/** Every substantive resume line (three words or more), keyed loosely, mapped to the line as written. */
function resumeLineIndex(resumeText: string): Map<string, string> {
  const lines = new Map<string, string>();
  for (const raw of normalizeText(resumeText).split("\n")) {
    const line = stripBullet(raw).trim();
    if (line.split(/\s+/).length < 3) continue;
    const key = lineKey(line);
    if (!lines.has(key)) lines.set(key, line);
  }
  return lines;
}

/** The lines we show the model: the bulleted ones, or long lines for resumes written without markers. */
function offeredBullets(resumeText: string): string[] {
  const lines = normalizeText(resumeText).split("\n");
  const long = (line: string) => line.split(/\s+/).length >= 5;
  const bulleted = lines.filter(isBullet).map(stripBullet).filter(long);
  const offered = bulleted.length >= 3 ? bulleted : lines.map(stripBullet).filter(long);
  return [...new Set(offered)].slice(0, MAX_BULLETS_OFFERED);
}

/** A line as the model may echo it: bullet marker, spacing, case and closing punctuation aside. */
function lineKey(text: string): string {
  return stripBullet(normalizeText(text.trim()))
    .replace(/\s+/g, " ")
    .replace(/[\s.;,]+$/, "")
    .trim()
    .toLowerCase();
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

function userPrompt(result: TAnalysisResult, bullets: string[], jobDescription: string): string {
  const job = jobDescription.trim();
  return JSON.stringify(
    {
      task: "Rewrite each recommendation's description in clearer, warmer prose without changing its meaning, and suggest up to 5 rewrites of weak resume bullets from the list.",
      recommendations: result.recommendations.map((r, index) => ({
        index,
        title: r.title,
        description: r.description,
      })),
      resumeBullets: bullets,
      jobDescriptionExcerpt: job.length > JOB_EXCERPT_CHARS ? `${job.slice(0, JOB_EXCERPT_CHARS)}…` : job,
    },
    null,
    1,
  );
}

/** The model's JSON object, tolerating code fences and prose around it; null when there is none. */
function parseModelJson(text: string): { recommendations?: unknown; rewrites?: unknown } | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = fenced?.[1] ?? text;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  // setTimeout treats anything above 2^31-1 ms (and NaN) as 1 ms.
  const ms = Number.isFinite(timeoutMs) && timeoutMs > 0 ? Math.min(timeoutMs, 2 ** 31 - 1) : 8000;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`The language model did not answer within ${ms} ms`));
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
