/**
 * The document worker (see pool.ts for its limits): receives file bytes, answers the normalised
 * text and the engine's parse, or the refusal reason. It also runs the engine's analyses
 * ("analyze" jobs), normalises and parses pasted text ("text"), reads LinkedIn data exports
 * ("linkedin-export"), renders exports and career paths, and fact-checks a language model's
 * rewording ("rewrite-check"): all CPU work on untrusted input. Bundled to dist/document-worker.mjs.
 */
import { setPriority } from "node:os";
import { LIMITS, ZAnalysisResult } from "@resumelens/contract";
import { analyzeResume, careerPath, checkRewrites, engineData } from "@resumelens/engine";
import { titleOf } from "../analyses/posting-title.ts";
import { parseStoredResult } from "../analyses/stored-analysis.ts";
import { compareAnalyses } from "../comparisons/comparison-view.ts";
import { buildExportPackage, packageInputFrom } from "../exports/package.ts";
import { exportJob } from "../linkedin/export-zip.ts";
import {
  extractDocument,
  parseForStorage,
  parseSummary,
  parseTextResume,
  type StoredParse,
} from "./extract.ts";
import type {
  AnalyzeWorkerRequest,
  CareerPathWorkerRequest,
  ExportWorkerRequest,
  ReadWorkerRequest,
  RewriteCheckWorkerRequest,
  StoredComparedAnalysis,
  WorkerMessage,
  WorkerOutput,
  WorkerReply,
} from "./pool.ts";
import { DocumentRefused } from "./types.ts";
import { workerPort } from "./worker-port.ts";

const port = workerPort();

/**
 * This worker's scheduling priority (a nice value; on Linux it is the calling thread's, the one that
 * runs the jobs). When the two cores are busy, the request thread (nice 0) gets about nine tenths of
 * a core against a worker at 10, so parsing, analyses and renders never hold up the answers of other requests; when the
 * request thread is idle, the workers get the whole machine.
 */
const WORKER_NICE = 10;
try {
  setPriority(WORKER_NICE);
} catch {
  // Not permitted on this system: the worker runs at the process's priority.
}

port.onJob(async (message: WorkerMessage) => {
  if (message.kind === "analyze") {
    port.post(analyze(message));
    return;
  }
  if (
    message.kind === "export" ||
    message.kind === "career-path" ||
    message.kind === "rewrite-check" ||
    message.kind === "titles" ||
    message.kind === "comparison" ||
    message.kind === "resume-summary"
  ) {
    port.post(await render(message));
    return;
  }
  const { id } = message;
  let reply: WorkerReply;
  try {
    if (message.kind === "text") {
      reply = { type: "done", id, value: parseTextResume(message.content) };
    } else if (message.kind === "linkedin-export") {
      reply = { type: "done", id, value: exportJob(message.bytes) };
    } else {
      const document = await extractDocument(message.bytes);
      const value: WorkerOutput = { ...document, parsed: parseForStorage(document.text) };
      reply = { type: "done", id, value };
    }
  } catch (error) {
    // Parsers throw all sorts on hostile input; to the user any unexpected failure is a damaged file.
    reply =
      error instanceof DocumentRefused
        ? { type: "refused", id, reason: error.reason, detail: error.message }
        : { type: "refused", id, reason: "corrupt", detail: String((error as Error)?.stack ?? error) };
  }
  port.post(reply);
});
// The engine's data (taxonomy, occupations, relevance model: ~0.5 s of CPU) is built before the
// worker says it is ready, so a fresh or replaced worker's first job is not the one that pays it.
engineData();
port.post({ type: "ready" } satisfies WorkerReply);

/**
 * Export packages, career paths, the fact check of a model's rewording and the reads of stored
 * data (History's titles, a comparison's table, a resume's summary): our own code on stored data (or on an answer it
 * treats as untrusted text), so a throw is a bug ("failed").
 */
async function render(
  message: ExportWorkerRequest | CareerPathWorkerRequest | RewriteCheckWorkerRequest | ReadWorkerRequest,
): Promise<WorkerReply> {
  try {
    const value =
      message.kind === "export"
        ? await buildExportPackage(packageInputFrom(message.input))
        : message.kind === "career-path"
          ? buildCareerPath(message)
          : message.kind === "rewrite-check"
            ? checkRewrites(message.result, message.answer)
            : message.kind === "titles"
              ? message.excerpts.map((excerpt) => titleOf(excerpt))
              : message.kind === "comparison"
                ? compareStored(message.analyses)
                : parseSummary(JSON.parse(message.parsedJson) as StoredParse);
    return { type: "done", id: message.id, value };
  } catch (error) {
    return { type: "failed", id: message.id, detail: String((error as Error)?.stack ?? error) };
  }
}

/**
 * Runs the engine; its result is checked against the contract here, once, so that reads of the
 * stored analysis can send it without parsing it (stored-analysis.ts), and refused past the ceiling
 * on what one analysis may store (LIMITS.analysisResultMaxBytes) before it ever reaches the server.
 */
function analyze({ id, input, now }: AnalyzeWorkerRequest): WorkerReply {
  try {
    const result = ZAnalysisResult.parse(analyzeResume(input, { now: new Date(now) }));
    const bytes = Buffer.byteLength(JSON.stringify(result));
    if (bytes > LIMITS.analysisResultMaxBytes) {
      return { type: "refused", id, reason: "too-large", detail: `a result of ${bytes} bytes` };
    }
    return { type: "done", id, value: result };
  } catch (error) {
    return { type: "failed", id, detail: String((error as Error)?.stack ?? error) };
  }
}

/**
 * The career path from the stored analysis: one stored by an older engine that no longer reads only
 * loses the personalisation (and its resume with it).
 */
function buildCareerPath({ input, now }: CareerPathWorkerRequest) {
  const analysis = input.analysisJson === null ? null : parseStoredResult(input.analysisJson);
  return careerPath({
    role: input.role,
    analysis,
    resumeText: analysis ? input.resumeText : null,
    now: new Date(now),
  });
}

/** A comparison's table from its stored analyses; titles are read from History's excerpt. */
function compareStored(analyses: StoredComparedAnalysis[]) {
  return compareAnalyses(
    analyses.map((row) => {
      const result = parseStoredResult(row.resultJson);
      if (!result) throw new Error(`analysis ${row.id} has an unreadable result`);
      return {
        id: row.id,
        jobDescription: row.jobDescription,
        jobTitle: titleOf(row.jobDescription.slice(0, LIMITS.historyExcerptChars)),
        result,
      };
    }),
  );
}
