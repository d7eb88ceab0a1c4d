/**
 * The document worker (see pool.ts for its limits): receives file bytes, answers the normalised
 * text and the engine's parse, or the refusal reason. It also runs the engine's analyses
 * ("analyze" jobs), normalises and parses pasted text ("text"), reads LinkedIn data exports
 * ("linkedin-export"), renders exports and career paths, and fact-checks a language model's
 * rewording ("rewrite-check"): all CPU work on untrusted input. Bundled to dist/document-worker.mjs.
 */
import { setPriority } from "node:os";
import { analyzeResume, careerPath, checkRewrites, engineData } from "@resumelens/engine";
import { buildExportPackage, packageInputFrom } from "../exports/package.ts";
import { exportJob } from "../linkedin/export-zip.ts";
import { extractDocument, parseForStorage, parseTextResume } from "./extract.ts";
import type {
  AnalyzeWorkerRequest,
  CareerPathWorkerRequest,
  ExportWorkerRequest,
  RewriteCheckWorkerRequest,
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
  if (message.kind === "export" || message.kind === "career-path" || message.kind === "rewrite-check") {
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
 * Export packages, career paths and the fact check of a model's rewording: our own code on stored
 * data (or on an answer it treats as untrusted text), so a throw is a bug ("failed").
 */
async function render(
  message: ExportWorkerRequest | CareerPathWorkerRequest | RewriteCheckWorkerRequest,
): Promise<WorkerReply> {
  try {
    const value =
      message.kind === "export"
        ? await buildExportPackage(packageInputFrom(message.input))
        : message.kind === "career-path"
          ? careerPath({ ...message.input, now: new Date(message.now) })
          : checkRewrites(message.result, message.answer);
    return { type: "done", id: message.id, value };
  } catch (error) {
    return { type: "failed", id: message.id, detail: String((error as Error)?.stack ?? error) };
  }
}

function analyze({ id, input, now }: AnalyzeWorkerRequest): WorkerReply {
  try {
    return { type: "done", id, value: analyzeResume(input, { now: new Date(now) }) };
  } catch (error) {
    return { type: "failed", id, detail: String((error as Error)?.stack ?? error) };
  }
}
