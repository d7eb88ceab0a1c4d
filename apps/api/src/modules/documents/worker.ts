/**
 * The document worker (see pool.ts for its limits): receives file bytes, answers the normalised
 * text and the engine's parse, or the refusal reason. Bundled to dist/document-worker.mjs.
 */
import { parentPort } from "node:worker_threads";
import { extractDocument, parseForStorage } from "./extract.ts";
import type { WorkerOutput, WorkerReply, WorkerRequest } from "./pool.ts";
import { DocumentRefused } from "./types.ts";

const port = parentPort;
if (!port) throw new Error("worker.ts runs only as a worker thread");

port.on("message", async ({ id, bytes }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const document = await extractDocument(bytes);
    const value: WorkerOutput = { ...document, parsed: parseForStorage(document.text) };
    reply = { type: "done", id, value };
  } catch (error) {
    // Parsers throw all sorts on hostile input; to the user any unexpected failure is a damaged file.
    reply =
      error instanceof DocumentRefused
        ? { type: "refused", id, reason: error.reason, detail: error.message }
        : { type: "refused", id, reason: "corrupt", detail: String((error as Error)?.stack ?? error) };
  }
  port.postMessage(reply);
});
port.postMessage({ type: "ready" } satisfies WorkerReply);
