/**
 * Load benchmark: a realistic mix of what signed-in users do — sign in, upload a resume, analyze,
 * view an analysis, open the history, download the export package — driven by a scripted client
 * of N concurrent users for D seconds, against the real production bundle:
 *   sqlite: one process on the embedded database;
 *   pg:     two processes on one PostgreSQL, requests dealt to them in turn (a balancer with no
 *           sticky sessions).
 * Then checks that nothing was lost: every analysis the API acknowledged (200 with an id) is
 * readable afterwards, through the other process where there are two.
 *
 *   npm run bench:load -- [--duration 60] [--users 32] [--scenario sqlite|pg|both]
 *
 * Users are Lifetime (plan row set in the database before the run) so the free limit never
 * answers 403; each comes from its own X-Forwarded-For address (TRUST_PROXY=true), so per-IP
 * limits count one user, and each signs in at most SIGN_INS_PER_USER times (the per-email limit
 * is 8 per 15 minutes). Exit code 1 when any request failed or anything was lost.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { type AppServer, startServer } from "../../e2e/support/server.ts";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    users: { type: "string", default: "32" },
    scenario: { type: "string", default: "both" },
  },
});
const DURATION_S = Number(values.duration);
const USERS = Number(values.users);
const SCENARIO = values.scenario;
if (!["sqlite", "pg", "both"].includes(SCENARIO ?? "") || !(DURATION_S > 0) || !(USERS > 0)) {
  console.error("Usage: npm run bench:load -- [--duration 60] [--users 32] [--scenario sqlite|pg|both]");
  process.exit(2);
}
const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const AUTH_SECRET = "load-bench-secret-load-bench-secret-0123456789";
const PASSWORD = "load-bench-pass-1";
const SIGN_INS_PER_USER = 6;

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer", name), "utf8");
const resumeText = fixture("resume.txt");
const jobDescription = fixture("job.txt");
/** Job texts posted so far: each analyze sends a new one (see the analyze case). */
let postings = 0;

const OPERATIONS = ["sign-in", "upload", "analyze", "view", "history", "export"] as const;
type Operation = (typeof OPERATIONS)[number];
/** Relative weights of the mix: mostly reading results, a fair share of analyses. */
const WEIGHTS: Record<Operation, number> = {
  "sign-in": 3,
  upload: 12,
  analyze: 25,
  view: 25,
  history: 20,
  export: 15,
};

type User = {
  index: number;
  email: string;
  address: string;
  cookie: string;
  signIns: number;
  resumeIds: number[];
  analysisIds: number[];
};
type Stats = { latencies: Record<Operation, number[]>; errors: Record<Operation, number>; samples: string[] };

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** A balancer with no sticky sessions: each request to the next process in turn. */
function balancer(servers: AppServer[]) {
  let next = 0;
  return () => servers[next++ % servers.length] as AppServer;
}

async function request(
  server: AppServer,
  user: User,
  route: string,
  init: { method?: string; json?: unknown; form?: FormData } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "x-forwarded-for": user.address };
  if (user.cookie) headers.cookie = user.cookie;
  const method = init.method ?? (init.json !== undefined || init.form ? "POST" : "GET");
  if (method !== "GET") headers.origin = server.baseUrl;
  let body: FormData | string | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  return fetch(`${server.baseUrl}${route}`, { method, headers, body, redirect: "manual" });
}

/** The verification link; retried when the outbox file is read while still being written. */
async function mailLink(server: AppServer, email: string, after: number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await server.mailLink(email, { after, timeoutMs: 30_000 });
    } catch (error) {
      if (!(error instanceof SyntaxError) || attempt > 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function signUp(server: AppServer, index: number, label: string): Promise<User> {
  const user: User = {
    index,
    email: `load-${label}-${index}-${Date.now().toString(36)}@example.com`,
    address: `10.${label === "pg" ? 21 : 20}.${index >> 8}.${index & 255}`,
    cookie: "",
    signIns: 0,
    resumeIds: [],
    analysisIds: [],
  };
  const before = server.outboxCount();
  const response = await request(server, user, "/api/auth/sign-up/email", {
    json: { email: user.email, password: PASSWORD, name: "" },
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const verify = await fetch(await mailLink(server, user.email, before), { redirect: "manual" });
  user.cookie = cookiesOf(verify);
  const created = await request(server, user, "/api/create-text-resume", { json: { content: resumeText } });
  user.resumeIds.push(((await created.json()) as { id: number }).id);
  return user;
}

function pick(user: User): Operation {
  const allowed = OPERATIONS.filter(
    (op) =>
      (op !== "sign-in" || user.signIns < SIGN_INS_PER_USER) &&
      ((op !== "view" && op !== "export") || user.analysisIds.length > 0),
  );
  const total = allowed.reduce((sum, op) => sum + WEIGHTS[op], 0);
  let roll = Math.random() * total;
  for (const op of allowed) {
    roll -= WEIGHTS[op];
    if (roll < 0) return op;
  }
  return "history";
}

const any = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;

/** One operation of one user; true when the server answered as it should. */
async function perform(
  op: Operation,
  server: AppServer,
  user: User,
): Promise<{ ok: boolean; detail: string }> {
  let response: Response;
  switch (op) {
    case "sign-in": {
      user.signIns += 1;
      response = await request(server, { ...user, cookie: "" }, "/api/auth/sign-in/email", {
        json: { email: user.email, password: PASSWORD },
      });
      if (response.status === 200) user.cookie = cookiesOf(response);
      break;
    }
    case "upload": {
      const form = new FormData();
      form.append("resume", new Blob([resumeText], { type: "text/plain" }), `resume-${user.index}.txt`);
      response = await request(server, user, "/api/upload-resume", { form });
      if (response.status === 200)
        user.resumeIds.push(((await response.clone().json()) as { id: number }).id);
      break;
    }
    case "analyze": {
      response = await request(server, user, "/api/analyze", {
        // A new job text each time: a repeat within 10 s would answer the first run, not run the engine.
        json: {
          resumeId: any(user.resumeIds),
          jobDescription: `${jobDescription}\n\nPosting ${++postings}`,
        },
      });
      if (response.status === 200)
        user.analysisIds.push(((await response.clone().json()) as { id: number }).id);
      break;
    }
    case "view":
      response = await request(server, user, `/api/analysis/${any(user.analysisIds)}`);
      break;
    case "history":
      response = await request(server, user, "/api/user/analyses");
      break;
    case "export":
      response = await request(server, user, `/api/export-package/${any(user.analysisIds)}`, {
        method: "POST",
      });
      break;
  }
  const body = await response.arrayBuffer();
  const ok = response.status === 200;
  return {
    ok,
    detail: ok ? "" : `${op} ${response.status} ${Buffer.from(body).toString("utf8").slice(0, 160)}`,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

async function drive(servers: AppServer[], users: User[]): Promise<{ stats: Stats; seconds: number }> {
  const stats: Stats = {
    latencies: Object.fromEntries(OPERATIONS.map((op) => [op, []])) as unknown as Stats["latencies"],
    errors: Object.fromEntries(OPERATIONS.map((op) => [op, 0])) as Record<Operation, number>,
    samples: [],
  };
  const next = balancer(servers);
  const started = performance.now();
  const until = started + DURATION_S * 1000;
  await Promise.all(
    users.map(async (user) => {
      while (performance.now() < until) {
        const op = pick(user);
        const t0 = performance.now();
        let outcome: { ok: boolean; detail: string };
        try {
          outcome = await perform(op, next(), user);
        } catch (error) {
          outcome = { ok: false, detail: `${op} threw ${(error as Error).message}` };
        }
        stats.latencies[op].push(performance.now() - t0);
        if (!outcome.ok) {
          stats.errors[op] += 1;
          if (stats.samples.length < 5) stats.samples.push(outcome.detail);
        }
      }
    }),
  );
  return { stats, seconds: (performance.now() - started) / 1000 };
}

/** Every acknowledged analysis must be readable afterwards, and listed in its owner's history. */
async function nothingLost(servers: AppServer[], users: User[], countInDb: () => Promise<number>) {
  const reader = servers[servers.length - 1] as AppServer;
  let acknowledged = 0;
  let missing = 0;
  for (const user of users) {
    acknowledged += user.analysisIds.length;
    const history = (await (await request(reader, user, "/api/user/analyses")).json()) as { id: number }[];
    const listed = new Set(history.map((item) => item.id));
    const queue = [...user.analysisIds];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          const response = await request(reader, user, `/api/analysis/${id}`);
          await response.arrayBuffer();
          if (response.status !== 200 || !listed.has(id)) missing += 1;
        }
      }),
    );
  }
  const stored = await countInDb();
  return { acknowledged, missing, stored, ok: missing === 0 && stored >= acknowledged };
}

type Scenario = {
  name: string;
  servers: AppServer[];
  makeLifetime: () => Promise<number>;
  countAnalyses: () => Promise<number>;
  close: () => Promise<void>;
};

async function sqliteScenario(): Promise<Scenario> {
  const server = await startServer({ LOG_LEVEL: "warn", TRUST_PROXY: "true", AUTH_SECRET });
  const file = path.join(server.dataDir, "resumelens.db");
  const onDb = <T>(work: (db: Database.Database) => T): T => {
    const db = new Database(file);
    try {
      db.pragma("busy_timeout = 5000");
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    name: "sqlite: 1 process, embedded SQLite",
    servers: [server],
    makeLifetime: async () =>
      onDb(
        (db) =>
          db
            .prepare(
              `insert into plan (user_id, plan) select id, 'lifetime' from "user" where true
               on conflict (user_id) do update set plan = 'lifetime'`,
            )
            .run().changes,
      ),
    countAnalyses: async () =>
      onDb((db) => (db.prepare("select count(*) as n from analysis").get() as { n: number }).n),
    close: () => server.stop(),
  };
}

async function pgScenario(): Promise<Scenario> {
  const name = `rl_load_${process.pid}_${Date.now().toString(36)}`;
  const adminQuery = async (query: string) => {
    const client = new pg.Client({ connectionString: PG_SERVER });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), LOG_LEVEL: "warn", TRUST_PROXY: "true", AUTH_SECRET };
  const servers = await Promise.all([startServer(env), startServer(env)]);
  const onDb = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: "pg: 2 processes, one PostgreSQL",
    servers,
    makeLifetime: () =>
      onDb(
        async (client) =>
          (
            await client.query(
              `insert into plan (user_id, plan) select id, 'lifetime' from "user"
               on conflict (user_id) do update set plan = 'lifetime'`,
            )
          ).rowCount ?? 0,
      ),
    countAnalyses: () =>
      onDb(async (client) => Number((await client.query("select count(*) as n from analysis")).rows[0].n)),
    close: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)}`;

async function runScenario(make: () => Promise<Scenario>): Promise<boolean> {
  const scenario = await make();
  try {
    const next = balancer(scenario.servers);
    const users: User[] = [];
    // Sign-ups a few at a time (mail delivery to the outbox is the slow part).
    for (let i = 0; i < USERS; i += 8) {
      const batch = Array.from({ length: Math.min(8, USERS - i) }, (_, j) =>
        signUp(next(), i + j, scenario.name.slice(0, scenario.name.indexOf(":"))),
      );
      users.push(...(await Promise.all(batch)));
    }
    const upgraded = await scenario.makeLifetime();
    if (upgraded < USERS) throw new Error(`only ${upgraded} of ${USERS} users made Lifetime`);

    const load = os.loadavg()[0] ?? 0;
    const { stats, seconds } = await drive(scenario.servers, users);
    const lost = await nothingLost(scenario.servers, users, scenario.countAnalyses);

    const all = OPERATIONS.flatMap((op) => stats.latencies[op]).sort((x, y) => x - y);
    const errors = OPERATIONS.reduce((sum, op) => sum + stats.errors[op], 0);
    console.log(
      `\n== ${scenario.name} — ${USERS} users, ${seconds.toFixed(1)} s (load avg before ${load.toFixed(2)})`,
    );
    console.log(
      `${"operation".padEnd(10)} ${"requests".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"errors".padStart(7)} ${"req/s".padStart(7)}`,
    );
    for (const op of [...OPERATIONS, "all"] as const) {
      const sorted = op === "all" ? all : [...stats.latencies[op]].sort((x, y) => x - y);
      const failed = op === "all" ? errors : stats.errors[op];
      console.log(
        `${op.padEnd(10)} ${String(sorted.length).padStart(9)} ${ms(percentile(sorted, 50)).padStart(8)} ${ms(percentile(sorted, 99)).padStart(8)} ${String(failed).padStart(7)} ${(sorted.length / seconds).toFixed(1).padStart(7)}`,
      );
    }
    console.log(
      `error rate ${((100 * errors) / Math.max(1, all.length)).toFixed(2)} %; nothing lost: ${lost.ok ? "yes" : "NO"} — ${lost.acknowledged} analyses acknowledged, ${lost.missing} unreadable or missing from history, ${lost.stored} stored`,
    );
    for (const sample of stats.samples) console.log(`  error sample: ${sample}`);
    return errors === 0 && lost.ok;
  } finally {
    await scenario.close();
  }
}

buildIfStale();
console.log("ResumeLens load benchmark (scripted client, real server processes)");
console.log(
  `machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, Node ${process.versions.node}; load avg ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
console.log(
  `mix: ${OPERATIONS.map((op) => `${op} ${WEIGHTS[op]}`).join(", ")} (weights; sign-in at most ${SIGN_INS_PER_USER} per user)`,
);
let ok = true;
if (SCENARIO === "sqlite" || SCENARIO === "both") ok = (await runScenario(sqliteScenario)) && ok;
if (SCENARIO === "pg" || SCENARIO === "both") ok = (await runScenario(pgScenario)) && ok;
console.log(
  "\nnoise: the client, the server processes and PostgreSQL share the same cores; one run per scenario, expect ±15% between runs.",
);
process.exit(ok ? 0 : 1);
