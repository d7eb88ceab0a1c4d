import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../support/server.ts";
import { JOB, RESUME_TEXT } from "./fixtures.ts";
import { signUp, spawnApp } from "./process.ts";

/*
 * SIGTERM with requests in flight: they complete 2xx, new connections are refused, the process
 * exits 0 within the bound (server.ts forces exit 1 after 10 s).
 */

const BOUND_MS = 10_000;
const dataDir = mkdtempSync(path.join(tmpdir(), "resumelens-shutdown-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function connectable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

it("finishes in-flight requests on SIGTERM, refuses new connections and exits 0", async () => {
  const port = await freePort();
  const app = await spawnApp({ port, dataDir });
  const client = await signUp(app.baseUrl, dataDir, `shutdown-${Date.now()}@example.com`);
  const created = await client.post("/api/create-text-resume", { content: RESUME_TEXT });
  const { id: resumeId } = (await created.json()) as { id: number };

  // A slow upload: the body trickles in over ~1.5 s, so it is mid-request when SIGTERM arrives.
  const body = new TextEncoder().encode(`${RESUME_TEXT}\n`.repeat(20));
  const boundary = "----resilience";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="resume.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const chunks = [new TextEncoder().encode(head), body, new TextEncoder().encode(tail)];
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = chunks.shift();
      if (!next) return controller.close();
      // The part's head goes at once (the request has started); the file and the end trickle in.
      if (chunks.length < 2) await new Promise((resolve) => setTimeout(resolve, 700));
      controller.enqueue(next);
    },
  });
  const upload = client.request("/api/upload-resume", {
    method: "POST",
    body: stream,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  const analyses = [1, 2].map(() => client.post("/api/analyze", { resumeId, jobDescription: JOB }));
  await new Promise((resolve) => setTimeout(resolve, 300));

  const sent = Date.now();
  app.child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 100));
  const refused = !(await connectable(port));

  const settled = await Promise.allSettled([upload, ...analyses]);
  const code = await app.exited;
  const failed = settled.flatMap((s, i) =>
    s.status === "rejected"
      ? [`${i === 0 ? "upload" : "analysis"}: ${String((s.reason as Error).cause ?? s.reason)}`]
      : [],
  );
  expect(failed, app.logs()).toEqual([]);
  const uploaded = await upload;
  const uploadedBody = (await uploaded.json()) as { id: number };
  const analysed = await Promise.all(analyses);
  const tookMs = Date.now() - sent;
  console.log(
    `shutdown: SIGTERM with 3 requests in flight → upload ${uploaded.status}, analyses ${analysed.map((r) => r.status).join("/")}, new connections refused: ${refused}, exit ${code} after ${tookMs} ms`,
  );
  expect(uploaded.status, app.logs()).toBe(200);
  expect(analysed.map((r) => r.status)).toEqual([200, 200]);
  expect(refused).toBe(true);
  expect(code).toBe(0);
  expect(tookMs).toBeLessThan(BOUND_MS);

  // The database was closed cleanly: a restart on it serves what was written.
  const again = await spawnApp({ port, dataDir });
  try {
    expect((await client.request(`/api/resumes/${uploadedBody.id}`)).status).toBe(200);
  } finally {
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }
});
