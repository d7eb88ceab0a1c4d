import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createApp } from "../src/app.ts";
import type { AppDeps } from "../src/app-context.ts";
import { createDeps } from "../src/deps.ts";
import { loadEnv } from "../src/env.ts";
import { startSmtp } from "./smtp.ts";

export const BASE_URL = "http://localhost:3000";

/**
 * The database tests run against: in-memory SQLite by default; with TEST_DATABASE_URL set to a
 * PostgreSQL server, a fresh database per harness, dropped afterwards.
 */
async function testDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { url: ":memory:", drop: async () => {} };
  const name = `rl_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/** A whole app on a real database with a real SMTP server, driven in-process. */
export async function createHarness(
  envOverrides: Record<string, string> = {},
  options: { serveWeb?: boolean } = {},
) {
  const smtp = await startSmtp();
  const database = await testDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "resumelens-test-"));
  const env = loadEnv({
    NODE_ENV: "test",
    BASE_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    LOG_LEVEL: "silent",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    // Each TestClient is a browser at an address of its own (see below), as real users are.
    TRUST_PROXY: "true",
    ...envOverrides,
  });
  let clock: Date | null = null;
  const deps: AppDeps = await createDeps(env, { now: () => clock ?? new Date() });
  const app = createApp(deps, options);

  return {
    app,
    deps,
    smtp,
    dataDir,
    setNow(date: Date | null) {
      clock = date;
    },
    client: () => new TestClient(app, env.BASE_URL),
    async close() {
      await deps.db.close();
      await database.drop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Fetchable = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

let clients = 0;

/**
 * A browser-like client: keeps cookies, sends the app's Origin on state-changing requests, and
 * comes from an address of its own (X-Forwarded-For, which the harness trusts), so per-address
 * rate limits count one client's requests, not the whole test file's.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  private readonly address = `10.${(++clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  constructor(
    private readonly app: Fetchable,
    private readonly origin: string,
  ) {}

  async request(pathOrUrl: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", this.origin);
    if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", this.address);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const url = pathOrUrl.startsWith("http") ? pathOrUrl.replace(/^https?:\/\/[^/]+/, "") : pathOrUrl;
    const response = await this.app.request(url, { ...init, method, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair?.indexOf("=") ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request(path, { headers });
  }

  post(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request(path, { method: "POST", json: json ?? {}, headers });
  }

  put(path: string, json?: unknown) {
    return this.request(path, { method: "PUT", json: json ?? {} });
  }
}

let counter = 0;
/** A unique email address per call, so tests never collide on one database. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs up, follows the verification link from the SMTP server and returns a signed-in client. */
export async function signUpVerified(
  h: Harness,
  email = uniqueEmail(),
  password = "correct horse",
  name = "",
) {
  const client = h.client();
  const before = h.smtp.messages.length;
  const signUp = await client.post("/api/auth/sign-up/email", { email, password, name });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const mail = await h.smtp.waitFor(email, before);
  const link = /https?:\/\/[^\s<>"]+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no verification link");
  const verify = await client.get(link);
  if (verify.status !== 302) throw new Error(`verification failed: ${verify.status}`);
  const me = await client.get("/api/auth/user");
  const user = (await me.json()) as { id: string };
  return { client, email, password, userId: user.id };
}

/** Stores `content` as a pasted resume for the client's user; returns its id. */
export async function createTextResume(client: TestClient, content: string): Promise<number> {
  const response = await client.post("/api/create-text-resume", { content });
  if (response.status !== 200)
    throw new Error(`create-text-resume: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** The analyses this month's meter counts for the client's user (GET /api/user/analytics). */
export async function analysesUsed(client: TestClient): Promise<number> {
  const analytics = (await (await client.get("/api/user/analytics")).json()) as {
    currentMonth: { analyses: number };
  };
  return analytics.currentMonth.analyses;
}
