import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { TAnalysisResult } from "@resumelens/contract";
import type { AnalyzeInput } from "@resumelens/engine";
import { AppError } from "../../lib/errors.ts";
import type { PipelineDocument, StoredParse } from "./extract.ts";
import { DocumentRefused, type RefusalReason } from "./types.ts";

/**
 * Document parsing runs here, never on the main thread: PDF/DOCX/DOC parsers are large, and a
 * hostile file must not stall or crash the server. The engine's analyses run here too ("analyze"
 * jobs): scoring is CPU work that would otherwise block every other request while it runs.
 *
 * Limits, per worker:
 * - heap: 256 MB old generation + 32 MB young (`resourceLimits`). A file that needs more kills its
 *   worker with ERR_WORKER_OUT_OF_MEMORY; the job is refused ("archive-bomb": too large to
 *   process) and the worker replaced. Inputs are ≤ 5 MB, so a real resume uses a fraction of this.
 * - time: 15 s per file, start-up excluded. Past it the worker is terminated (the only way to stop
 *   a synchronous parser), the job refused ("timeout") and the worker replaced.
 * - pool size: min(2, CPUs) by default, so parsing never takes every core from request handling.
 * - queue: 100 waiting jobs at most; beyond that callers get 503 UNAVAILABLE, a clear "busy" answer
 *   rather than unbounded memory held by 5 MB uploads.
 */
export const POOL_DEFAULTS = {
  size: Math.max(1, Math.min(2, availableParallelism())),
  timeoutMs: 15_000,
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  maxQueue: 100,
} as const;

/** A parsed upload, as the worker sends it back. */
export type WorkerOutput = PipelineDocument & { parsed: StoredParse };

/** Main → worker: a document to parse. */
export type WorkerRequest = { id: number; kind?: "document"; bytes: Uint8Array };
/** Main → worker: a resume and job to analyse; `now` is the caller's clock (ISO). */
export type AnalyzeWorkerRequest = { id: number; kind: "analyze"; input: AnalyzeInput; now: string };
export type WorkerMessage = WorkerRequest | AnalyzeWorkerRequest;
export type JobKind = "document" | "analyze";
/** Worker → main: a result, a refusal, a failed analysis, or the one-time ready signal. */
export type WorkerReply =
  | { type: "ready" }
  | { type: "done"; id: number; value: unknown }
  | { type: "refused"; id: number; reason: RefusalReason; detail: string }
  | { type: "failed"; id: number; detail: string };

export type PoolOptions = {
  size?: number;
  timeoutMs?: number;
  maxOldGenerationSizeMb?: number;
  maxYoungGenerationSizeMb?: number;
  maxQueue?: number;
  /** The worker script; defaults to the document worker (tests pass their own). */
  workerUrl?: URL;
};

type Job = {
  id: number;
  message: WorkerMessage;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker; ready: boolean; job: Job | null; timer: NodeJS.Timeout | null; dead: boolean };

/** The document worker next to this file: worker.ts under tsx/vitest, document-worker.mjs in dist/. */
export function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./worker.ts", import.meta.url)
    : new URL("./document-worker.mjs", import.meta.url);
}

/** A fixed-size pool of parsing workers with per-file time and memory limits. */
export class DocumentPool {
  private readonly options: Required<PoolOptions>;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private startupFailures = 0;
  private closed = false;
  /** Workers started so far, replacements included (for tests and the bench). */
  spawned = 0;
  /** Jobs accepted so far, by kind (for tests: proves analyses run here, not on the main thread). */
  readonly jobs: Record<JobKind, number> = { document: 0, analyze: 0 };

  constructor(options: PoolOptions = {}) {
    this.options = {
      size: options.size ?? POOL_DEFAULTS.size,
      timeoutMs: options.timeoutMs ?? POOL_DEFAULTS.timeoutMs,
      maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? POOL_DEFAULTS.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb ?? POOL_DEFAULTS.maxYoungGenerationSizeMb,
      maxQueue: options.maxQueue ?? POOL_DEFAULTS.maxQueue,
      workerUrl: options.workerUrl ?? defaultWorkerUrl(),
    };
  }

  /** Parses `bytes` in a worker. Rejects with DocumentRefused (incl. "timeout"), or Error when overloaded. */
  run(bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<unknown> {
    return this.enqueue((id) => ({ id, bytes }), options.timeoutMs);
  }

  /**
   * Runs the engine's analyzeResume in a worker. Rejects with a plain Error when the engine throws
   * or the pool is overloaded, and with DocumentRefused("timeout") past the time limit.
   */
  async analyze(input: AnalyzeInput, options: { now: Date; timeoutMs?: number }): Promise<TAnalysisResult> {
    const value = await this.enqueue(
      (id) => ({ id, kind: "analyze", input, now: options.now.toISOString() }),
      options.timeoutMs,
    );
    return value as TAnalysisResult;
  }

  private enqueue(build: (id: number) => WorkerMessage, timeoutMs: number | undefined): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("document pool is closed"));
    if (this.queue.length >= this.options.maxQueue) {
      return Promise.reject(
        new AppError("UNAVAILABLE", "ResumeLens is busy right now. Please try again in a moment."),
      );
    }
    const message = build(this.nextId++);
    this.jobs[message.kind ?? "document"]++;
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: message.id,
        message,
        timeoutMs: timeoutMs ?? this.options.timeoutMs,
        resolve,
        reject,
      });
      while (this.slots.length < this.options.size) this.slots.push(this.spawn());
      this.dispatch();
    });
  }

  /** Terminates every worker; queued jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("document pool closed"));
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        slot.dead = true;
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(new Error("document pool closed"));
        return slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const url = this.options.workerUrl;
    const [entry, entryOptions] = workerEntry(url);
    const worker = new Worker(entry, {
      ...entryOptions,
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: this.options.maxYoungGenerationSizeMb,
      },
    });
    this.spawned++;
    const slot: Slot = { worker, ready: false, job: null, timer: null, dead: false };
    worker.unref();
    worker.on("message", (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on("error", (error: Error & { code?: string }) => {
      const reason: RefusalReason = error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "archive-bomb" : "corrupt";
      this.replace(slot, new DocumentRefused(reason, `worker failed: ${error.message}`));
    });
    worker.on("exit", (code) => {
      this.replace(slot, new DocumentRefused("corrupt", `worker exited with code ${code}`));
    });
    return slot;
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    if (slot.dead) return;
    if (reply.type === "ready") {
      slot.ready = true;
      this.startupFailures = 0;
      this.dispatch();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    if (reply.type === "done") job.resolve(reply.value);
    else if (reply.type === "failed") job.reject(new Error(`analysis failed in worker: ${reply.detail}`));
    else job.reject(new DocumentRefused(reply.reason, reply.detail));
    this.dispatch();
  }

  /** Retires a worker that crashed, was killed or timed out, and starts its replacement. */
  private replace(slot: Slot, error: Error): void {
    if (slot.dead) return;
    slot.dead = true;
    if (slot.timer) clearTimeout(slot.timer);
    const wasReady = slot.ready;
    slot.job?.reject(error);
    slot.job = null;
    void slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (this.closed) return;
    if (!wasReady) {
      // A worker that dies before it is ready will die again: stop after a few tries.
      this.startupFailures++;
      if (this.startupFailures >= 3) {
        for (const job of this.queue.splice(0))
          job.reject(new Error(`document worker cannot start: ${error.message}`));
        return;
      }
    }
    if (this.queue.length > 0 || this.slots.length < this.options.size) this.slots.push(this.spawn());
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.job || slot.dead) continue;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        this.replace(slot, new DocumentRefused("timeout", `over ${job.timeoutMs} ms`));
      }, job.timeoutMs);
      slot.worker.postMessage(job.message);
    }
  }
}

/**
 * How to start a worker script. Built .mjs runs as is. A .ts source (vitest, tsx, the CLI) needs
 * tsx inside the worker, which does not inherit the parent's loaders; on Node 20 `execArgv:
 * ["--import", "tsx"]` does not reach a worker's entry module, so a tiny bootstrap loads it
 * through tsx's API instead.
 */
function workerEntry(url: URL): [string | URL, { eval?: boolean }] {
  if (!url.pathname.endsWith(".ts")) return [url, {}];
  // require.resolve finds the CommonJS build; the ESM one sits next to it.
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}));`;
  return [code, { eval: true }];
}

let shared: DocumentPool | null = null;

/** The process-wide document pool, started on first use. */
export function documentPool(): DocumentPool {
  shared ??= new DocumentPool();
  return shared;
}

/** Parses an upload in the shared pool: detect → extract → normalise → parse. */
export async function parseUpload(bytes: Uint8Array, pool = documentPool()): Promise<WorkerOutput> {
  return (await pool.run(bytes)) as WorkerOutput;
}

/** Analyses a resume against a job in the shared pool, off the main thread. */
export function analyzeInPool(
  input: AnalyzeInput,
  options: { now: Date },
  pool = documentPool(),
): Promise<TAnalysisResult> {
  return pool.analyze(input, options);
}
