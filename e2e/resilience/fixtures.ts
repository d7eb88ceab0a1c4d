import { setPriority } from "node:os";
import { Worker } from "node:worker_threads";
import { buildPdf } from "../../apps/api/test/pdf-fixtures.ts";

export const RESUME_TEXT = `Jordan Doe
jordan.doe@example.com | +1 555 123 4567 | Portland, OR

EXPERIENCE
Senior Software Engineer, Acme Corp - Portland, OR
January 2020 - Present
Led the migration of billing services to TypeScript, cutting incidents by 40%.
Built REST APIs in Node.js and PostgreSQL serving 2 million requests per day.

EDUCATION
B.S. Computer Science, University of Oregon, 2016

SKILLS
TypeScript, Node.js, PostgreSQL, React, Docker, Kubernetes`;

export const JOB =
  "We are hiring a senior TypeScript engineer with Node.js, PostgreSQL and React experience.";

/** A small text PDF (Helvetica, one line per Tj) with a correct xref: the mutation base. */
export function textPdf(text: string): Uint8Array {
  const escapePdf = (line: string) => line.replace(/[\\()]/g, (ch) => `\\${ch}`);
  const lines = text.split("\n");
  const content = `BT /F1 10 Tf 14 TL 40 760 Td ${lines.map((l) => `(${escapePdf(l)}) Tj T*`).join(" ")} ET`;
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/**
 * A text PDF of about `size` bytes: `textPdf`'s page plus an unreferenced stream of filler, so it
 * is accepted and parses fast, but its whole size crosses every copy, hash and insert.
 */
export function paddedTextPdf(text: string, size: number): Uint8Array {
  const base = textPdf(text);
  const pad = Math.max(0, size - base.length - 80);
  const filler = "0123456789abcdef".repeat(Math.ceil(pad / 16)).slice(0, pad);
  const decoded = new TextDecoder("latin1").decode(base);
  const objects = [...decoded.matchAll(/\d+ 0 obj\n([\s\S]*?)\nendobj\n/g)].map((m) => m[1] as string);
  return buildPdf([...objects, `<< /Length ${filler.length} >>\nstream\n${filler}\nendstream`]);
}

/**
 * The health poller (plain JavaScript, run as a worker thread): latencies of every check with their
 * start (epoch milliseconds, comparable across threads), slow ones with their start since polling began.
 */
const HEALTH_POLLER = `
const { parentPort, workerData } = require("node:worker_threads");
const latencies = [];
const starts = [];
const slow = [];
let polling = true;
parentPort.once("message", () => { polling = false; });
(async () => {
  // Warm up (fetch is loaded on first use), then say so: only then does the measuring start.
  for (let i = 0; i < 5; i++) await (await fetch(workerData.url)).arrayBuffer();
  const origin = performance.now();
  parentPort.postMessage("ready");
  while (polling) {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    const took = performance.now() - started;
    latencies.push(took);
    starts.push(performance.timeOrigin + started);
    if (took > 100) slow.push(Math.round(started - origin) + "ms:" + Math.round(took));
    await new Promise((resolve) => setTimeout(resolve, workerData.every));
  }
  parentPort.postMessage({ latencies, starts, slow });
})();
`;

export type HealthPoll = { latencies: number[]; starts: number[]; slow: string[] };

/**
 * Polls `${baseUrl}/api/health` every `everyMs` from a thread of its own (so building request
 * bodies in the test never delays it), from when it resolves until `stop()`, which answers every
 * latency and the slow checks with their start.
 */
export async function pollHealth(baseUrl: string, everyMs = 20): Promise<{ stop(): Promise<HealthPoll> }> {
  const poller = new Worker(HEALTH_POLLER, {
    eval: true,
    workerData: { url: `${baseUrl}/api/health`, every: everyMs },
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      poller.once("message", resolve);
      poller.once("error", reject);
    });
  if ((await next()) !== "ready") throw new Error("the health poller did not start");
  const polled = next() as Promise<HealthPoll>;
  // A moment of quiet polling first, so the figures start from a baseline.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    async stop() {
      // A little more polling after the last answer, then stop.
      await new Promise((resolve) => setTimeout(resolve, 200));
      poller.postMessage("stop");
      try {
        return await polled;
      } finally {
        await poller.terminate();
      }
    },
  };
}

/**
 * Lowers the calling thread's scheduling priority (nice 10; Linux gives each thread its own), for
 * the thread that sends the load. The server under test shares this machine's two cores with its
 * clients, which in production run elsewhere: at equal priority the test's own work (building and
 * sending hundreds of megabytes of requests) would be measured as the server's stall. Call it after
 * `pollHealth`: the poller thread keeps the priority it started with.
 */
export function sendLoadAtLowPriority(): void {
  try {
    setPriority(10);
  } catch {
    // Not permitted here: the load runs at the test's priority, and the figures include its work.
  }
}
