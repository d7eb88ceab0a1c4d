import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type AppServer = {
  baseUrl: string;
  dataDir: string;
  /** Waits for a mail to `to` in the outbox and returns its first link. */
  mailLink: (to: string, options?: { after?: number; timeoutMs?: number }) => Promise<string>;
  outboxCount: () => number;
  logs: () => string;
  stop: () => Promise<void>;
};

/** Starts the production bundle on a free port with a fresh embedded database and mail outbox. */
export async function startServer(
  env: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "resumelens-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "apps/api/dist/server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });

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

  const outbox = path.join(dataDir, "outbox");
  const mails = () =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .filter((file) => file.endsWith(".json") && !file.startsWith("."))
          .sort()
          .map(
            (file) =>
              JSON.parse(readFileSync(path.join(outbox, file), "utf8")) as { to: string; links: string[] },
          )
      : [];

  return {
    baseUrl,
    dataDir,
    outboxCount: () => mails().length,
    async mailLink(to, { after = 0, timeoutMs = 10_000 } = {}) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails()
          .slice(after)
          .find((m) => m.to.toLowerCase() === to.toLowerCase());
        const link = mail?.links[0];
        if (link) return link;
        if (Date.now() > until) throw new Error(`no mail to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A verified user's session cookie on `server`: signs up through the API, then follows the
 * outbox's confirmation link (the benches start this way).
 */
export async function verifiedSessionCookie(server: AppServer, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}@example.com`;
  const before = server.outboxCount();
  const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password: "bench-pass-1", name: "" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const verify = await fetch(await server.mailLink(email, { after: before }), { redirect: "manual" });
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("verification set no session cookie");
  return cookie;
}
