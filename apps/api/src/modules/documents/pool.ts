import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import type { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import {
  MESSAGES,
  type TAnalysisResult,
  type TCareerPath,
  type TComparison,
  type TResumeSummary,
} from "@resumelens/contract";
import type { AnalyzeInput, RewriteVerdict } from "@resumelens/engine";
import { AppError } from "../../lib/errors.ts";
import type { StoredExport } from "../exports/package.ts";
import type { PipelineDocument, StoredParse } from "./extract.ts";
import { DocumentRefused, type RefusalReason } from "./types.ts";

/**
 * Document parsing runs here, never on the main thread: PDF/DOCX/DOC parsers are large, and a
 * hostile file must not stall or crash the server. The engine's analyses run here too ("analyze"
 * jobs): scoring is CPU work that would otherwise block every other request while it runs.
 *
 * Each worker is a child process, not a thread (docs/decisions/2026-12-02-worker-processes.md): a
 * thread that reaches its heap limit may take the whole process down with it (V8 gives a dying
 * thread 16 MB of slack; one larger allocation past the limit aborts the process, "FATAL ERROR:
 * Reached heap limit"), while a child that dies takes nothing with it.
 *
 * Limits, per worker:
 * - heap: 256 MB old generation + 16 MB semi-spaces (`--max-old-space-size`). A job that needs more
 *   kills its worker ("Reached heap limit" on its stderr); the job is refused ("archive-bomb": too
 *   large to process) and the worker replaced. Memory outside the heap (inflated buffers) is bounded
 *   too: a worker whose resident set passes 768 MB while it has a job is stopped the same way. Any other death of a worker refuses its job
 *   ("corrupt") and replaces it too. Inputs are ≤ 5 MB, so a real resume uses a fraction of this.
 * - time: 15 s of the worker process's own CPU per job, start-up and queueing excluded; and, as a
 *   backstop for a job that waits without working, 2 minutes of wall time. Past either the worker is
 *   terminated (the only way to stop a synchronous parser), the job refused ("timeout") and the
 *   worker replaced. CPU, not wall time, because the workers run at nice 10 (worker.ts): on a
 *   machine busy with other processes a thread at nice 10 gets about a tenth of a core against each
 *   runnable process at nice 0, so an analysis that needs ~1 s of CPU in a fresh worker (the engine
 *   builds its indexes on first use) can take 15 s of wall time without doing anything wrong. A job
 *   that spins still burns CPU and is stopped (docs/decisions/2026-11-27-pool-cpu-time.md). Where a
 *   thread's CPU time cannot be read (not Linux), the limit falls back to wall time.
 * - pool size: min(2, CPUs) by default, so parsing never takes every core from request handling.
 * - queue: 100 waiting jobs at most, 20 of them per owner; beyond that callers get 503 UNAVAILABLE,
 *   a clear "busy" answer rather than unbounded memory held by 5 MB uploads.
 *
 * Fairness (one user must not starve the others):
 * - each job has an owner (the user; an ownerless job is its own owner). A free worker takes the
 *   oldest job of the owner served longest ago among owners with nothing running; only when every
 *   waiting owner already has a job running does an owner get a second worker. So one user holds at
 *   most one worker while anyone else waits, and owners are served round-robin.
 * - heavy jobs (files over 256 KB, long pasted texts) may hold at most size − 1 workers, so one
 *   worker is always left for the short ones (analyses, small files): a short job never queues
 *   behind two long ones.
 *
 * Why our own pool and not piscina (measured against piscina 5.3.2 by bench:extract; see
 * docs/decisions/2026-11-27-maintained-parts.md): piscina's time limit is an AbortSignal that also
 * counts time spent waiting in the queue, its queue can reorder jobs but not hold one back (so
 * neither the per-owner turns nor the worker kept for short jobs can be expressed), and it bounds
 * the queue only as a whole. Throughput and p99 were within the machine's noise of ours.
 */
export const POOL_DEFAULTS = {
  size: Math.max(1, Math.min(2, availableParallelism())),
  /** CPU time of the worker thread one job may use. */
  timeoutMs: 15_000,
  /** Wall time one job may take once a worker has it (8 × timeoutMs unless set). */
  wallTimeoutMs: 120_000,
  maxOldGenerationSizeMb: 256,
  maxSemiSpaceSizeMb: 16,
  /** A worker's whole memory (resident set: heap, buffers, code), read while it has a job. */
  maxRssMb: 768,
  maxQueue: 100,
  maxQueuedPerOwner: 20,
  heavyFromBytes: 256 * 1024,
} as const;

/** A parsed upload, as the worker sends it back. */
export type WorkerOutput = PipelineDocument & { parsed: StoredParse };

/** Main → worker: a document to parse. */
export type WorkerRequest = { id: number; kind?: "document"; bytes: Uint8Array };
/** Main → worker: a resume and job to analyse; `now` is the caller's clock (ISO). */
export type AnalyzeWorkerRequest = { id: number; kind: "analyze"; input: AnalyzeInput; now: string };
/** Main → worker: pasted resume text to normalise and parse (answers a TextOutput). */
export type TextWorkerRequest = { id: number; kind: "text"; content: string };
/** Main → worker: a LinkedIn data export ZIP to read (answers linkedin/export-zip's ExportJobResult). */
export type LinkedInExportWorkerRequest = { id: number; kind: "linkedin-export"; bytes: Uint8Array };
/** Main → worker: an analysis to render as the export package ZIP (answers its bytes). */
export type ExportWorkerRequest = { id: number; kind: "export"; input: StoredExport };
/**
 * A career path's input as stored: the latest analysis as its stored JSON (read in the worker, so
 * the request thread never parses it) and that analysis's resume text.
 */
export type CareerPathJob = { role: string; analysisJson: string | null; resumeText: string | null };
/** Main → worker: a career path to build (answers TCareerPath, or null for an unknown role); `now` ISO. */
export type CareerPathWorkerRequest = { id: number; kind: "career-path"; input: CareerPathJob; now: string };
/** A stored analysis of a comparison, as read from the database (its result still JSON). */
export type StoredComparedAnalysis = { id: number; jobDescription: string; resultJson: string };
/**
 * Main → worker: stored data to read for an answer, so that parsing it never runs on the request
 * thread: the postings' titles of a History page ("titles", answers (string | null)[]), or a
 * comparison's table from its stored analyses ("comparison", answers its rows and shared asks), a
 * resume's stored parse summarised ("resume-summary", answers TResumeSummary's `parsed`).
 */
export type ReadWorkerRequest =
  | { id: number; kind: "titles"; excerpts: string[] }
  | { id: number; kind: "comparison"; analyses: StoredComparedAnalysis[] }
  | { id: number; kind: "resume-summary"; parsedJson: string };
/** Main → worker: a language model's answer to fact-check against the analysis (answers a RewriteVerdict). */
export type RewriteCheckWorkerRequest = {
  id: number;
  kind: "rewrite-check";
  result: TAnalysisResult;
  answer: string;
};
export type WorkerMessage =
  | WorkerRequest
  | ReadWorkerRequest
  | RewriteCheckWorkerRequest
  | AnalyzeWorkerRequest
  | TextWorkerRequest
  | LinkedInExportWorkerRequest
  | ExportWorkerRequest
  | CareerPathWorkerRequest;
export type JobKind =
  | "document"
  | "analyze"
  | "text"
  | "linkedin-export"
  | "export"
  | "career-path"
  | "rewrite-check"
  | "titles"
  | "comparison"
  | "resume-summary";
/** Pasted text, normalised and parsed, as the worker sends it back. */
export type TextOutput = { text: string; parsed: StoredParse };
/** Who a job is for (the user id), for the pool's fair share; and how long it may take. */
export type JobOptions = { owner?: string; timeoutMs?: number };
/** Worker → main: a result, a refusal, a failed analysis, or the one-time ready signal. */
export type WorkerReply =
  | { type: "ready" }
  | { type: "done"; id: number; value: unknown }
  | { type: "refused"; id: number; reason: RefusalReason; detail: string }
  | { type: "failed"; id: number; detail: string };

export type PoolOptions = {
  size?: number;
  /** CPU time (ms) of its worker thread one job may use; wall time where that cannot be read. */
  timeoutMs?: number;
  /** Wall time (ms) one job may hold its worker, a backstop for jobs that wait without working. */
  wallTimeoutMs?: number;
  maxOldGenerationSizeMb?: number;
  maxSemiSpaceSizeMb?: number;
  /** A worker's resident memory past which its job is stopped (refused as too large to process). */
  maxRssMb?: number;
  maxQueue?: number;
  /** Waiting jobs one owner may have; past it that owner gets 503 UNAVAILABLE. */
  maxQueuedPerOwner?: number;
  /** Files (and texts) from this many bytes are heavy: they never hold the last free worker. */
  heavyFromBytes?: number;
  /** The worker script; defaults to the document worker (tests pass their own). */
  workerUrl?: URL;
};

type Job = {
  id: number;
  message: WorkerMessage;
  owner: string;
  heavy: boolean;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: ChildProcess;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  dead: boolean;
  /** The last of what the worker wrote to stderr: says whether it died of its heap limit. */
  stderrTail: string;
};

/** Where a running job started, on both clocks the limit reads. */
type JobStart = { wallMs: number; cpuMs: number | null };

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
  readonly jobs: Record<JobKind, number> = {
    document: 0,
    analyze: 0,
    text: 0,
    "linkedin-export": 0,
    export: 0,
    "career-path": 0,
    "rewrite-check": 0,
    titles: 0,
    comparison: 0,
    "resume-summary": 0,
  };
  /** When each owner last got a worker (a dispatch counter), for round-robin among owners. */
  private readonly lastServed = new Map<string, number>();
  private dispatched = 0;
  /** Callers of start() waiting for every worker to be ready. */
  private readonly starting: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(options: PoolOptions = {}) {
    this.options = {
      size: options.size ?? POOL_DEFAULTS.size,
      timeoutMs: options.timeoutMs ?? POOL_DEFAULTS.timeoutMs,
      wallTimeoutMs:
        options.wallTimeoutMs ??
        (options.timeoutMs === undefined ? POOL_DEFAULTS.wallTimeoutMs : 8 * options.timeoutMs),
      maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? POOL_DEFAULTS.maxOldGenerationSizeMb,
      maxSemiSpaceSizeMb: options.maxSemiSpaceSizeMb ?? POOL_DEFAULTS.maxSemiSpaceSizeMb,
      maxRssMb: options.maxRssMb ?? POOL_DEFAULTS.maxRssMb,
      maxQueue: options.maxQueue ?? POOL_DEFAULTS.maxQueue,
      maxQueuedPerOwner: options.maxQueuedPerOwner ?? POOL_DEFAULTS.maxQueuedPerOwner,
      heavyFromBytes: options.heavyFromBytes ?? POOL_DEFAULTS.heavyFromBytes,
      workerUrl: options.workerUrl ?? defaultWorkerUrl(),
    };
  }

  /** Parses `bytes` in a worker. Rejects with DocumentRefused (incl. "timeout"), or Error when overloaded. */
  run(bytes: Uint8Array, options: JobOptions = {}): Promise<unknown> {
    return this.enqueue((id) => ({ id, bytes }), options, bytes.byteLength);
  }

  /**
   * Runs the engine's analyzeResume in a worker. Rejects with a plain Error when the engine throws
   * or the pool is overloaded, and with DocumentRefused("timeout") past the time limit.
   */
  async analyze(input: AnalyzeInput, options: JobOptions & { now: Date }): Promise<TAnalysisResult> {
    const value = await this.enqueue(
      (id) => ({ id, kind: "analyze", input, now: options.now.toISOString() }),
      options,
      0,
    ).catch(asRequestError);
    return value as TAnalysisResult;
  }

  /** Normalises and parses pasted resume text in a worker. Rejects like `run`. */
  async parseText(content: string, options: JobOptions = {}): Promise<TextOutput> {
    return (await this.enqueue(
      (id) => ({ id, kind: "text", content }),
      options,
      content.length,
    )) as TextOutput;
  }

  /** Reads a LinkedIn data export in a worker (see linkedin/export-zip.ts). Rejects like `run`. */
  parseLinkedInExport(bytes: Uint8Array, options: JobOptions = {}): Promise<unknown> {
    return this.enqueue((id) => ({ id, kind: "linkedin-export", bytes }), options, bytes.byteLength);
  }

  /** Renders an export package (PDF, Markdown, HTML, ZIP) in a worker. Rejects like `analyze`. */
  async renderExport(input: StoredExport, options: JobOptions = {}): Promise<Uint8Array> {
    const size = input.jobDescription.length + input.resultJson.length + (input.resume?.text.length ?? 0);
    return (await this.enqueue((id) => ({ id, kind: "export", input }), options, size).catch(
      asRequestError,
    )) as Uint8Array;
  }

  /**
   * Builds a career path in a worker (the stored analysis and the resume text are read there).
   * Rejects like `analyze`.
   */
  async careerPath(input: CareerPathJob, options: JobOptions & { now: Date }): Promise<TCareerPath | null> {
    return (await this.enqueue(
      (id) => ({ id, kind: "career-path", input, now: options.now.toISOString() }),
      options,
      0,
    ).catch(asRequestError)) as TCareerPath | null;
  }

  /**
   * Reads a language model's answer and fact-checks its rewordings in a worker (the engine's
   * checkRewrites). Rejects like `analyze`.
   */
  async checkRewrites(
    result: TAnalysisResult,
    answer: string,
    options: JobOptions = {},
  ): Promise<RewriteVerdict> {
    return (await this.enqueue(
      (id) => ({ id, kind: "rewrite-check", result, answer }),
      options,
      answer.length,
    ).catch(asRequestError)) as RewriteVerdict;
  }

  /** The engine's titles of postings (History's excerpts), read in a worker. Rejects like `analyze`. */
  async postingTitles(excerpts: string[], options: JobOptions = {}): Promise<(string | null)[]> {
    const size = excerpts.reduce((sum, excerpt) => sum + excerpt.length, 0);
    return (await this.enqueue((id) => ({ id, kind: "titles", excerpts }), options, size).catch(
      asRequestError,
    )) as (string | null)[];
  }

  /**
   * A comparison's ranked rows and shared requirements from its stored analyses, read in a worker.
   * Rejects like `analyze`; an analysis whose stored result no longer reads fails the job.
   */
  async comparisonView(
    analyses: StoredComparedAnalysis[],
    options: JobOptions = {},
  ): Promise<Pick<TComparison, "rows" | "shared">> {
    const size = analyses.reduce((sum, analysis) => sum + analysis.resultJson.length, 0);
    return (await this.enqueue((id) => ({ id, kind: "comparison", analyses }), options, size).catch(
      asRequestError,
    )) as Pick<TComparison, "rows" | "shared">;
  }

  /** A resume's stored parse, summarised in a worker. Rejects like `analyze`. */
  async resumeSummary(parsedJson: string, options: JobOptions = {}): Promise<TResumeSummary["parsed"]> {
    return (await this.enqueue(
      (id) => ({ id, kind: "resume-summary", parsedJson }),
      options,
      parsedJson.length,
    ).catch(asRequestError)) as TResumeSummary["parsed"];
  }

  private enqueue(build: (id: number) => WorkerMessage, options: JobOptions, size: number): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("document pool is closed"));
    const id = this.nextId++;
    const owner = options.owner ?? `job:${id}`;
    if (
      this.queue.length >= this.options.maxQueue ||
      this.queue.filter((job) => job.owner === owner).length >= this.options.maxQueuedPerOwner
    ) {
      return Promise.reject(
        new AppError("UNAVAILABLE", "ResumeLens is busy right now. Please try again in a moment."),
      );
    }
    const message = build(id);
    this.jobs[message.kind ?? "document"]++;
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: message.id,
        message,
        owner,
        heavy: size >= this.options.heavyFromBytes,
        timeoutMs: options.timeoutMs ?? this.options.timeoutMs,
        resolve,
        reject,
      });
      while (this.slots.length < this.options.size) this.slots.push(this.spawn());
      this.dispatch();
    });
  }

  /**
   * Starts every worker and resolves once all of them are ready to take a job, so that the first
   * jobs do not wait for workers to load (server start-up; tests that need both workers free at once).
   */
  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("document pool is closed"));
    while (this.slots.length < this.options.size) this.slots.push(this.spawn());
    return new Promise((resolve, reject) => {
      this.starting.push({ resolve, reject });
      this.settleStarting();
    });
  }

  private settleStarting(): void {
    if (this.slots.length < this.options.size || this.slots.some((slot) => !slot.ready)) return;
    for (const waiter of this.starting.splice(0)) waiter.resolve();
  }

  /** Terminates every worker; queued jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("document pool closed"));
    for (const waiter of this.starting.splice(0)) waiter.reject(new Error("document pool closed"));
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        slot.dead = true;
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(new Error("document pool closed"));
        return terminate(slot.worker);
      }),
    );
  }

  private spawn(): Slot {
    const worker = spawn(
      process.execPath,
      [
        `--max-old-space-size=${this.options.maxOldGenerationSizeMb}`,
        `--max-semi-space-size=${this.options.maxSemiSpaceSizeMb}`,
        "--input-type=module",
        "--eval",
        workerEntry(this.options.workerUrl),
      ],
      // stdout is the server's log stream (JSON lines): a worker never writes to it.
      { stdio: ["ignore", "ignore", "pipe", "ipc"], serialization: "advanced", windowsHide: true },
    );
    this.spawned++;
    // Kept referenced while it starts (someone may be waiting for it); idle once ready.
    const slot: Slot = { worker, ready: false, job: null, timer: null, dead: false, stderrTail: "" };
    worker.stderr?.setEncoding("utf8");
    worker.stderr?.on("data", (chunk: string) => {
      process.stderr.write(chunk);
      slot.stderrTail = (slot.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    worker.on("message", (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on("error", (error: Error) => {
      this.replace(slot, new DocumentRefused("corrupt", `worker failed: ${error.message}`));
    });
    // 'close' comes after the worker's stderr has ended, so the tail says why it died.
    worker.on("close", (code, signal) => {
      const outOfMemory = /heap limit|out of memory/i.test(slot.stderrTail);
      this.replace(
        slot,
        new DocumentRefused(
          outOfMemory ? "archive-bomb" : "corrupt",
          outOfMemory ? "worker reached its memory limit" : `worker exited (${signal ?? code})`,
        ),
      );
    });
    return slot;
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    if (slot.dead) return;
    if (reply.type === "ready") {
      slot.ready = true;
      idle(slot.worker);
      this.startupFailures = 0;
      this.settleStarting();
      this.dispatch();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    idle(slot.worker);
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
    void terminate(slot.worker);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (this.closed) return;
    if (!wasReady) {
      // A worker that dies before it is ready will die again: stop after a few tries.
      this.startupFailures++;
      if (this.startupFailures >= 3) {
        const failure = new Error(`document worker cannot start: ${error.message}`);
        for (const job of this.queue.splice(0)) job.reject(failure);
        for (const waiter of this.starting.splice(0)) waiter.reject(failure);
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
      const job = this.nextJob();
      if (!job) return;
      this.queue.splice(this.queue.indexOf(job), 1);
      this.lastServed.set(job.owner, ++this.dispatched);
      if (this.lastServed.size > 10_000) this.forgetIdleOwners();
      slot.job = job;
      busy(slot.worker);
      // The clocks start here: waiting in the queue and the worker's start-up are not the job's.
      const start: JobStart = { wallMs: performance.now(), cpuMs: processCpuMs(slot.worker.pid) };
      this.watch(slot, job, start, Math.min(RSS_CHECK_MS, job.timeoutMs));
      slot.worker.send(job.message, (error) => {
        if (error) this.replace(slot, new DocumentRefused("corrupt", `worker unreachable: ${error.message}`));
      });
    }
  }

  /**
   * Checks a running job after `delayMs`: past its memory limit, its CPU limit (or the wall
   * backstop) it is stopped, otherwise checked again after RSS_CHECK_MS, or sooner when its CPU
   * limit could be reached before (a worker's JavaScript runs on one thread, so the CPU it has left
   * is about the least wall time it needs to use it up).
   */
  private watch(slot: Slot, job: Job, start: JobStart, delayMs: number): void {
    // While a job runs, its worker's memory and CPU are read every RSS_CHECK_MS (two small /proc reads).
    slot.timer = setTimeout(() => {
      if (slot.job !== job || slot.dead) return;
      const rssMb = processRssMb(slot.worker.pid);
      if (rssMb !== null && rssMb > this.options.maxRssMb) {
        this.replace(slot, new DocumentRefused("archive-bomb", `worker memory ${rssMb} MB`));
        return;
      }
      const wallMs = performance.now() - start.wallMs;
      const cpuNow = start.cpuMs === null ? null : processCpuMs(slot.worker.pid);
      const usedMs = cpuNow === null || start.cpuMs === null ? wallMs : cpuNow - start.cpuMs;
      const wallLimitMs = Math.max(job.timeoutMs, this.options.wallTimeoutMs);
      if (usedMs >= job.timeoutMs) {
        this.replace(slot, new DocumentRefused("timeout", `over ${job.timeoutMs} ms of work`));
      } else if (wallMs >= wallLimitMs) {
        this.replace(slot, new DocumentRefused("timeout", `no answer in ${wallLimitMs} ms`));
      } else {
        // At least one clock tick (10 ms) apart, so a job just under its limit is not re-read in a loop.
        const leftMs = Math.min(job.timeoutMs - usedMs, wallLimitMs - wallMs);
        this.watch(slot, job, start, Math.min(RSS_CHECK_MS, Math.max(CLOCK_TICK_MS, leftMs)));
      }
    }, delayMs);
  }

  /** Drops the round-robin memory of owners with nothing queued or running (keeps the map small). */
  private forgetIdleOwners(): void {
    const active = new Set(
      [...this.queue, ...this.slots.flatMap((slot) => (slot.job ? [slot.job] : []))].map((job) => job.owner),
    );
    for (const owner of this.lastServed.keys()) if (!active.has(owner)) this.lastServed.delete(owner);
  }

  /**
   * The job a free worker should take (see the fairness rules at the top), or null when only heavy
   * jobs wait and they already hold their share of workers.
   */
  private nextJob(): Job | null {
    const running = this.slots.flatMap((slot) => (slot.job ? [slot.job] : []));
    const busyOwners = new Set(running.map((job) => job.owner));
    const heavyRunning = running.filter((job) => job.heavy).length;
    const heavyAllowed = heavyRunning < Math.max(1, this.options.size - 1);
    let best: Job | null = null;
    let bestRank: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    // Queue order is arrival order, so the first job met of an owner is that owner's oldest.
    const seen = new Set<string>();
    for (const job of this.queue) {
      if (seen.has(job.owner)) continue;
      if (job.heavy && !heavyAllowed) continue;
      seen.add(job.owner);
      // Owners with nothing running first; among those, the one served longest ago (never: first).
      const rank: [number, number] = [busyOwners.has(job.owner) ? 1 : 0, this.lastServed.get(job.owner) ?? 0];
      if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) {
        best = job;
        bestRank = rank;
      }
    }
    return best;
  }
}

/**
 * A worker lost on an analysis, a report or a career path (our code on text already accepted, not a
 * file's parse) answers in words about the request: past its time or memory, 422 with what to do;
 * an analysis whose result is past the storage ceiling, 422 saying so; any other death, 503 busy
 * (the worker is replaced; trying again may work).
 */
function asRequestError(error: unknown): never {
  if (!(error instanceof DocumentRefused)) throw error;
  if (error.reason === "too-large") throw new AppError("UNPROCESSABLE", MESSAGES.analysisTooLarge);
  if (error.reason === "timeout" || error.reason === "archive-bomb") {
    throw new AppError("UNPROCESSABLE", MESSAGES.workTooLarge);
  }
  throw new AppError("UNAVAILABLE", MESSAGES.serverBusy);
}

/** USER_HZ: the unit of a process's CPU times in /proc (100 per second on Linux). */
const CLOCK_TICK_MS = 10;

/**
 * How often a busy worker's memory is read. The heap has its own limit (V8's), but buffers outside
 * it do not: a 1 MB PDF whose page inflates to 1 GB took a worker to 2.1 GB before its time ran out.
 * Read ten times a second, a worker growing at ~1 GB/s passes its limit by ~100 MB at most.
 */
const RSS_CHECK_MS = 100;

/** The resident memory (MB) of the process `pid`, from /proc/<pid>/statm; null where unreadable. */
function processRssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return Number.isFinite(pages) ? Math.round((pages * PAGE_BYTES) / (1024 * 1024)) : null;
  } catch {
    return null;
  }
}

/** The memory page size /proc counts in (4 KiB on the x86-64 and arm64 Linux we run on). */
const PAGE_BYTES = 4096;

/** Characters of a worker's stderr kept to tell why it died. */
const STDERR_TAIL_CHARS = 4096;

/**
 * CPU time (user + system, ms) the process `pid` has used, from /proc/<pid>/stat; null where it
 * cannot be read (no pid, not Linux, process gone).
 */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields 14 and 15 (utime, stime), counted after the command name, which may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * CLOCK_TICK_MS : null;
  } catch {
    return null;
  }
}

/** The pipe of a worker's stderr: a socket, which can be unref'd like the worker itself. */
const stderrOf = (worker: ChildProcess) =>
  worker.stderr as (Readable & { ref(): void; unref(): void }) | null;

/**
 * An idle worker does not keep the process alive (its IPC channel and stderr pipe included), so a
 * CLI run or a test ends when its work is done.
 */
function idle(worker: ChildProcess): void {
  worker.unref();
  worker.channel?.unref();
  stderrOf(worker)?.unref();
}

/** A worker with a job keeps the process alive until it answers. */
function busy(worker: ChildProcess): void {
  worker.ref();
  worker.channel?.ref();
  stderrOf(worker)?.ref();
}

/** Kills a worker (a synchronous parser cannot be asked to stop) and resolves once it is gone. */
function terminate(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    worker.once("exit", () => resolve());
    // An idle worker is unref'd; whoever waits for it to go must keep the process alive till then.
    worker.ref();
    worker.kill("SIGKILL");
  });
}

/**
 * The code every worker starts with (`node --eval`): it loads the worker script, whose answers go
 * back over the IPC channel (worker-port.ts). Built .mjs is imported as is. A .ts source (vitest,
 * tsx, the CLI) is loaded through tsx's API, as the parent's loaders are not passed on.
 */
function workerEntry(url: URL): string {
  if (!url.pathname.endsWith(".ts")) return `await import(${JSON.stringify(url.href)});`;
  // require.resolve finds the CommonJS build; the ESM one sits next to it.
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  return `const api = await import(${JSON.stringify(tsxApi)});\nawait api.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)});`;
}

let shared: DocumentPool | null = null;

/** The process-wide document pool, started on first use. */
export function documentPool(): DocumentPool {
  shared ??= new DocumentPool();
  return shared;
}

/** Parses an upload in the shared pool: detect → extract → normalise → parse. */
export async function parseUpload(
  bytes: Uint8Array,
  pool = documentPool(),
  options: JobOptions = {},
): Promise<WorkerOutput> {
  return (await pool.run(bytes, options)) as WorkerOutput;
}
