import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "../..");

export type AppProcess = {
  child: ChildProcess;
  baseUrl: string;
  logs: () => string;
  exited: Promise<number | null>;
};

/** Starts the production bundle on `port` with the data dir (and database) given, so it can be restarted on them. */
export async function spawnApp(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
}): Promise<AppProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let output = "";
  const child = spawn(process.execPath, [path.join(root, "apps/api/dist/server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, logs: () => output, exited };
}

/** A cookie-keeping API client for a server that may be restarted on the same port. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(public baseUrl: string) {}

  async request(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", this.baseUrl);
    if (this.cookies.size > 0)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const url = pathname.startsWith("http") ? pathname : `${this.baseUrl}${pathname}`;
    const response = await fetch(url, { ...init, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair?.indexOf("=") ?? -1;
      if (!pair || index < 0) continue;
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return response;
  }

  post(pathname: string, json: unknown) {
    return this.request(pathname, { method: "POST", json });
  }
}

/** Signs up through the API and follows the verification link from the outbox; returns a signed-in client. */
export async function signUp(baseUrl: string, dataDir: string, email: string): Promise<Client> {
  const client = new Client(baseUrl);
  const response = await client.post("/api/auth/sign-up/email", {
    email,
    password: "resilience-pass",
    name: "",
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const outbox = path.join(dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = existsSync(outbox)
      ? readdirSync(outbox)
          // A mail being written is a dot-file until it is renamed into place.
          .filter((f) => f.endsWith(".json") && !f.startsWith("."))
          .map(
            (f) => JSON.parse(readFileSync(path.join(outbox, f), "utf8")) as { to: string; links: string[] },
          )
          .find((m) => m.to.toLowerCase() === email.toLowerCase())
      : undefined;
    if (mail?.links[0]) {
      const verify = await client.request(mail.links[0]);
      if (verify.status !== 302) throw new Error(`verification failed: ${verify.status}`);
      return client;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The PostgreSQL server the resilience suite makes its databases on (RESILIENCE_PG_URL to change). */
const PG_SERVER = process.env.RESILIENCE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A new, empty PostgreSQL database for one test (`rl_<prefix>_<pid>_<time>`): its URL, and `drop`,
 * which removes it (with any connections left). Null when the server cannot be reached: the test
 * skips (CI starts PostgreSQL, so there it always runs).
 */
export async function freshPostgres(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_SERVER });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `rl_${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Runs `body` against a started app; if it fails, prints the end of the server's log before the
 * failure; in any case stops the server and waits for it to exit.
 */
export async function whileServing(app: AppProcess, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.info(`server log (end): ${app.logs().slice(-4000)}`);
    throw error;
  } finally {
    app.child.kill("SIGTERM");
    await app.exited;
  }
}
