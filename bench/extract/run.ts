/**
 * Document pipeline benchmark: latency (p50/p99) of detect → extract → normalise → parse for a
 * two-page resume as PDF (from the shared corpus), DOCX (generated) and TXT, in-process on one
 * core; then throughput through the worker pool (2 workers, 200 files, 8 in flight), ours against
 * piscina set up with the same limits, in interleaved rounds
 * (docs/decisions/2026-11-27-maintained-parts.md).
 * Run: npm run bench:extract. Figures vary with machine load; the noise line says how much.
 *
 * This file is also piscina's worker module: a worker thread imports it for its default export
 * (the same parse as documents/worker.ts) and runs none of the benchmark.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { isMainThread } from "node:worker_threads";
import { Piscina } from "piscina";
import { extractText, getDocumentProxy } from "unpdf";
import { extractDocument, parseForStorage } from "../../apps/api/src/modules/documents/extract.ts";
import { extractPdf } from "../../apps/api/src/modules/documents/pdf/extract-pdf.ts";
import { DocumentPool, POOL_DEFAULTS, type WorkerOutput } from "../../apps/api/src/modules/documents/pool.ts";
import { buildResumeDocx } from "../../apps/api/test/fixtures/resume-docx.ts";

/** piscina's task: what documents/worker.ts does for a "document" job. */
export default async function parseInPiscina(bytes: Uint8Array): Promise<WorkerOutput> {
  const document = await extractDocument(bytes);
  return { ...document, parsed: parseForStorage(document.text) };
}

if (isMainThread) await main();

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, "../..");
  const corpus = path.resolve(root, "../shared/corpus/pdfs");

  async function pickPdf(): Promise<{ name: string; bytes: Uint8Array } | null> {
    if (!existsSync(corpus)) return null;
    const names = readdirSync(corpus)
      .filter((name) => name.endsWith(".pdf"))
      .sort();
    let fallback: { name: string; bytes: Uint8Array } | null = null;
    for (const name of names) {
      const bytes = new Uint8Array(readFileSync(path.join(corpus, name)));
      const document = await extractDocument(bytes).catch(() => null);
      if (!document) continue;
      fallback ??= { name, bytes };
      if (document.pages === 2) return { name, bytes };
    }
    return fallback;
  }

  const resumeText = readFileSync(
    path.join(root, "packages/engine/test/fixtures/software-engineer/resume.txt"),
    "utf8",
  );
  const twoPageText = `${resumeText}\n\n${resumeText.split("\n").slice(8).join("\n")}`;
  const pdf = await pickPdf();
  const inputs: { format: string; bytes: Uint8Array }[] = [
    ...(pdf ? [{ format: "pdf", bytes: pdf.bytes }] : []),
    { format: "docx", bytes: await buildResumeDocx(6) },
    { format: "txt", bytes: new TextEncoder().encode(twoPageText) },
  ];

  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

  console.log(`Node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} × ${os.availableParallelism()}`);
  console.log(pdf ? `PDF: ${pdf.name}` : "PDF: ../shared/corpus missing, skipped");
  console.log("\nIn-process, one core (detect → extract → normalise → parse), 100 runs after 20 warm-up:");
  for (const { format, bytes } of inputs) {
    const once = async () => {
      const document = await extractDocument(bytes);
      parseForStorage(document.text);
    };
    for (let i = 0; i < 20; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      const start = performance.now();
      await once();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${format.padEnd(4)} ${(bytes.length / 1024).toFixed(0).padStart(5)} KB  p50 ${fmt(pct(times, 0.5))}  p99 ${fmt(pct(times, 0.99))}`,
    );
  }

  // Our reading order (rows, gutters, repeated headers, layout hints) against unpdf's own text
  // extraction of the same files, one after the other in one run: every corpus PDF, 3 rounds.
  if (existsSync(corpus)) {
    const names = readdirSync(corpus)
      .filter((name) => name.endsWith(".pdf"))
      .sort();
    const files = names.map((name) => new Uint8Array(readFileSync(path.join(corpus, name))));
    const raw = async () => {
      for (const bytes of files) {
        const pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
        await extractText(pdf, { mergePages: true });
        await pdf.destroy();
      }
    };
    const ours = async () => {
      for (const bytes of files) await extractPdf(bytes.slice());
    };
    await raw();
    await ours();
    // Interleaved rounds, so that a burst of load elsewhere hits both sides alike; the ratio of the
    // medians is the figure, the spread of the rounds' own ratios is the noise.
    const ROUNDS = 9;
    const times = { raw: [] as number[], ours: [] as number[] };
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let start = performance.now();
      await raw();
      const rawMs = performance.now() - start;
      start = performance.now();
      await ours();
      const oursMs = performance.now() - start;
      times.raw.push(rawMs);
      times.ours.push(oursMs);
      ratios.push(oursMs / rawMs);
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const [low = 0, high = 0] = [Math.min(...ratios), Math.max(...ratios)];
    console.log(
      `\nColumn-aware extraction vs unpdf extractText, ${files.length} corpus PDFs, median of ${ROUNDS} interleaved rounds (load ${os.loadavg()[0]?.toFixed(2)}):`,
    );
    console.log(
      `  unpdf ${fmt(median(times.raw) / files.length)} per file; ours ${fmt(median(times.ours) / files.length)} per file; ratio ${(median(times.ours) / median(times.raw)).toFixed(2)}× (target ≤ 1.5×; rounds ${low.toFixed(2)}–${high.toFixed(2)}×)`,
    );
  }

  const FILES = 200;
  const CONCURRENCY = 8;
  const ROUNDS = 5;
  const ours = new DocumentPool({ size: 2 });
  // The same limits as ours: 2 workers (piscina's are threads, ours processes since issue 29), nice
  // 10 (piscina's niceIncrement, via @napi-rs/nice), heap limits (a young generation of two
  // semi-spaces), queue bound, a time limit per file (an AbortSignal: piscina terminates the thread
  // running an aborted task and starts another).
  const entry = piscinaEntry();
  const piscina = new Piscina({
    filename: entry,
    minThreads: 2,
    maxThreads: 2,
    idleTimeout: Number.POSITIVE_INFINITY,
    niceIncrement: 10,
    maxQueue: POOL_DEFAULTS.maxQueue,
    resourceLimits: {
      maxOldGenerationSizeMb: POOL_DEFAULTS.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: 2 * POOL_DEFAULTS.maxSemiSpaceSizeMb,
    },
  });
  const pools: Record<"ours" | "piscina", (bytes: Uint8Array) => Promise<unknown>> = {
    ours: (bytes) => ours.run(bytes),
    piscina: (bytes) => piscina.run(bytes, { signal: AbortSignal.timeout(POOL_DEFAULTS.timeoutMs) }),
  };
  // Warm both pools' workers (start-up: tsx + parsers) before timing.
  for (const run of Object.values(pools)) {
    await Promise.all(inputs.flatMap((input) => [run(input.bytes), run(input.bytes)]));
  }
  const round = async (run: (bytes: Uint8Array) => Promise<unknown>) => {
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < FILES) {
          const input = inputs[next++ % inputs.length] as { bytes: Uint8Array };
          const start = performance.now();
          await run(input.bytes);
          latencies.push(performance.now() - start);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { rate: FILES / seconds, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99) };
  };
  const results = {
    ours: [] as Awaited<ReturnType<typeof round>>[],
    piscina: [] as Awaited<ReturnType<typeof round>>[],
  };
  // Interleaved, and which pool goes first alternates, so load elsewhere and warm caches hit both alike.
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? (["ours", "piscina"] as const) : (["piscina", "ours"] as const);
    for (const name of order) results[name].push(await round(pools[name]));
  }
  console.log(
    `\nWorker pool, 2 workers, ${FILES} files (formats round-robin), ${CONCURRENCY} in flight, median of ${ROUNDS} interleaved rounds (load ${os.loadavg()[0]?.toFixed(2)}):`,
  );
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const range = (list: number[], digits: number) =>
    `${Math.min(...list).toFixed(digits)}–${Math.max(...list).toFixed(digits)}`;
  for (const name of ["ours", "piscina"] as const) {
    const rates = results[name].map((r) => r.rate);
    const p50s = results[name].map((r) => r.p50);
    const p99s = results[name].map((r) => r.p99);
    console.log(
      `  ${name.padEnd(7)} ${median(rates).toFixed(1)} files/s (rounds ${range(rates, 1)}); latency incl. queueing p50 ${fmt(median(p50s))}  p99 ${fmt(median(p99s))} (rounds ${range(p99s, 0)} ms)`,
    );
  }
  if (process.platform === "linux") {
    // At nice 10 (field 19 of stat; the name in field 2 may hold spaces): piscina's worker threads
    // of this process, and our worker processes (children of this one).
    const stat = (file: string) => {
      const text = readFileSync(file, "utf8");
      return text.slice(text.lastIndexOf(")") + 2).split(" ");
    };
    const threads = readdirSync("/proc/self/task").filter(
      (tid) => stat(`/proc/self/task/${tid}/stat`)[16] === "10",
    );
    const children = readdirSync("/proc").filter((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        const fields = stat(`/proc/${pid}/stat`);
        return Number(fields[1]) === process.pid && fields[16] === "10";
      } catch {
        return false;
      }
    });
    console.log(
      `  at nice 10: ${threads.length} piscina threads, ${children.length} worker processes of ours`,
    );
  }
  await ours.close();
  await piscina.destroy();
  rmSync(path.dirname(entry), { recursive: true, force: true });
  console.log("\nNoise: run twice; on a shared machine expect ±20% between runs.");
}

/**
 * piscina imports its worker module with import(), and on Node 20 the tsx hooks that execArgv
 * ("--import tsx") installs do not reach that import for an ES module .ts file (it fails with
 * ERR_UNKNOWN_FILE_EXTENSION). So, as pool.ts does for our workers, a small .mjs loads this file
 * through tsx's API; piscina needs a file, so it is written to the temp directory.
 */
function piscinaEntry(): string {
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const self = JSON.stringify(import.meta.url);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-extract-")), "piscina-entry.mjs");
  writeFileSync(
    file,
    `import { tsImport } from ${JSON.stringify(tsxApi)};\nexport default (await tsImport(${self}, ${self})).default;\n`,
  );
  return file;
}
