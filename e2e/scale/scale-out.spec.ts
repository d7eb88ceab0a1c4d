import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startServer } from "../support/server.ts";

/**
 * Two API processes sharing one PostgreSQL database, as in a scaled-out deployment: the free
 * plan's monthly limit holds across them. No browser here: the processes and the database are
 * the point. PostgreSQL comes from TEST_DATABASE_URL (CI starts one at 127.0.0.1:5432).
 */

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer", name), "utf8");
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const AUTH_SECRET = "scale-out-secret-scale-out-secret-0123456789";

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const reachable = await postgresReachable();
if (!reachable) console.warn(`scale-out journey skipped: no PostgreSQL at ${serverUrl} (CI always has one)`);

const database = `rl_scale_${process.pid}_${Date.now().toString(36)}`;
let a: AppServer;
let b: AppServer;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!reachable) return;
  await admin(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const env = { DATABASE_URL: url.toString(), AUTH_SECRET };
  // One after the other: the first migrates, the second finds the schema current.
  a = await startServer(env);
  b = await startServer(env);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  if (reachable) await admin(`drop database if exists ${database} with (force)`);
});

/** A session made on one process, used on either: sessions live in the shared database. */
async function signUp(server: AppServer, email: string): Promise<string> {
  const before = server.outboxCount();
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password: "scale-out-pass", name: "" }),
  });
  expect(response.status).toBe(200);
  const verify = await fetch(await server.mailLink(email, { after: before }), { redirect: "manual" });
  expect(verify.status).toBe(302);
  return verify.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

function post(server: AppServer, cookie: string, route: string, body: unknown) {
  return fetch(`${server.baseUrl}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl, cookie },
    body: JSON.stringify(body),
  });
}

describe.skipIf(!reachable)("two API processes, one PostgreSQL", () => {
  it("give exactly one of twenty concurrent requests the last free analysis", async () => {
    const cookie = await signUp(a, `scale-${Date.now()}@example.com`);
    const created = await post(b, cookie, "/api/create-text-resume", { content: fixture("resume.txt") });
    expect(created.status).toBe(200);
    const { id: resumeId } = (await created.json()) as { id: number };
    const analyze = (server: AppServer) =>
      post(server, cookie, "/api/analyze", { resumeId, jobDescription: fixture("job.txt") });

    expect((await analyze(a)).status).toBe(200);
    expect((await analyze(b)).status).toBe(200);

    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => analyze(i % 2 === 0 ? a : b)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(403)]);
    for (const response of responses.filter((r) => r.status === 403)) {
      expect(await response.json()).toEqual({
        error: { code: "LIMIT_REACHED", message: "Monthly limit reached" },
      });
    }
    for (const server of [a, b]) {
      const analytics = await fetch(`${server.baseUrl}/api/user/analytics`, { headers: { cookie } });
      expect(await analytics.json()).toEqual({
        currentMonth: { analyses: 3, maxAnalyses: 3 },
        subscription: "free",
      });
    }
  });
});
