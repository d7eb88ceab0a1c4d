/**
 * API benchmark: 16 concurrent signed-in users (autocannon) against the real production bundle on
 * the embedded database — analyze with a pasted-text resume, analyze with an uploaded PDF, and
 * the export package. Run: npm run bench:api. Prints figures; asserts nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { startServer } from "../../e2e/support/server.ts";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";

const USERS = 16;
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer", name), "utf8");
const resumeText = fixture("resume.txt");
const jobDescription = fixture("job.txt");
const corpus = path.resolve(root, "../shared/corpus/pdfs");

buildIfStale();
// Sign-ups are rate limited per IP: each benchmark user comes from its own (forwarded) address.
const server = await startServer({ LOG_LEVEL: "warn", TRUST_PROXY: "true" });

type User = { cookie: string; textResumeId: number; pdfResumeId: number | null; analysisId: number };

async function signUp(i: number): Promise<User> {
  const email = `bench-${i}-${Date.now()}@example.com`;
  const before = server.outboxCount();
  const headers = {
    "content-type": "application/json",
    origin: server.baseUrl,
    "x-forwarded-for": `10.9.0.${i + 1}`,
  };
  await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "bench-pass-1", name: "" }),
  });
  const verify = await fetch(await server.mailLink(email, { after: before }), { redirect: "manual" });
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const auth = { ...headers, cookie };
  const text = await fetch(`${server.baseUrl}/api/create-text-resume`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ content: resumeText }),
  });
  const textResumeId = ((await text.json()) as { id: number }).id;
  let pdfResumeId: number | null = null;
  const pdfName = readdirSync(corpus).find((f) => f.includes("weasyprint-cairo-classic"));
  if (pdfName) {
    const form = new FormData();
    form.append(
      "resume",
      new Blob([readFileSync(path.join(corpus, pdfName))], { type: "application/pdf" }),
      pdfName,
    );
    const upload = await fetch(`${server.baseUrl}/api/upload-resume`, {
      method: "POST",
      headers: { origin: server.baseUrl, cookie },
      body: form,
    });
    pdfResumeId = ((await upload.json()) as { id: number }).id;
  }
  return { cookie, textResumeId, pdfResumeId, analysisId: 0 };
}

const users: User[] = [];
for (let i = 0; i < USERS; i++) users.push(await signUp(i));
// Benchmark users are lifetime users, so the free plan's monthly limit does not cut the run short.
const db = new Database(path.join(server.dataDir, "resumelens.db"));
db.prepare("update plan set plan = 'lifetime'").run();
db.close();
for (const user of users) {
  const response = await fetch(`${server.baseUrl}/api/analyze`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl, cookie: user.cookie },
    body: JSON.stringify({ resumeId: user.textResumeId, jobDescription }),
  });
  user.analysisId = ((await response.json()) as { id: number }).id;
}

async function run(
  title: string,
  request: (user: User) => { path: string; body?: string; json: boolean },
  connections = USERS,
) {
  let next = 0;
  const result = await autocannon({
    url: server.baseUrl,
    connections,
    duration: DURATION,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          const user = users[next++ % users.length] as User;
          const r = request(user);
          return {
            ...req,
            path: r.path,
            body: r.body,
            headers: {
              origin: server.baseUrl,
              cookie: user.cookie,
              ...(r.json ? { "content-type": "application/json" } : {}),
            },
          };
        },
      },
    ],
  });
  const { latency, requests, non2xx, errors } = result;
  console.log(
    `${title.padEnd(34)} ${requests.average.toFixed(1).padStart(7)} req/s   p50 ${String(latency.p50).padStart(4)} ms   p99 ${String(latency.p99).padStart(5)} ms   non-2xx ${non2xx}   errors ${errors}`,
  );
}

console.log("ResumeLens API benchmark (autocannon, real server, embedded SQLite)");
console.log(
  `machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, Node ${process.versions.node}, ${USERS} concurrent users, ${DURATION} s per scenario`,
);
// A different job text each request: the same one again within 10 s is answered from the first run
// (docs/decisions/2026-11-26-analyze-once.md), which would measure a lookup instead of the engine.
let posting = 0;
const analyze = (resumeId: number) => ({
  path: "/api/analyze",
  body: JSON.stringify({ resumeId, jobDescription: `${jobDescription}\n\nPosting ${++posting}` }),
  json: true,
});
await run("analyze, pasted-text resume", (u) => analyze(u.textResumeId));
if (users[0]?.pdfResumeId)
  await run("analyze, uploaded PDF resume", (u) => analyze(u.pdfResumeId ?? u.textResumeId));
const exportPackage = (u: User) => ({ path: `/api/export-package/${u.analysisId}`, json: false });
await run("export package, one at a time", exportPackage, 1);
await run("export package, 16 users at once", exportPackage);
console.log(
  `noise: one run per scenario on a shared 2-core machine; expect ±15% between runs (load avg ${os.loadavg()[0]?.toFixed(2)}).`,
);
await server.stop();
