import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MESSAGES } from "@resumelens/contract";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/server.ts";
import { JOB, RESUME_TEXT, textPdf } from "./fixtures.ts";
import { type Client, freshPostgres, signUp, spawnApp } from "./process.ts";

/*
 * kill -9 in the middle of uploads, analyses and payments, then a restart on the same data: every
 * acknowledged write is served, no half-written rows, no payment in an impossible state, the plan is
 * lifetime exactly when a paid payment exists, the database is intact, no stray files in DATA_DIR.
 */

const USERS = 6;
const LOAD_MS = 30_000;

type Acked = { resumes: number[]; analyses: number[]; paid: boolean };
/** Requests sent and not yet answered: the ones the kill lands in the middle of. */
let inFlight = 0;
async function tracked<T>(request: Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await request;
  } finally {
    inFlight--;
  }
}

async function drive(client: Client, acked: Acked, stop: { now: boolean }, pays: boolean) {
  const pdf = textPdf(RESUME_TEXT);
  let step = pays ? 3 : 0;
  while (!stop.now) {
    step++;
    try {
      if (step % 3 === 1) {
        const form = new FormData();
        form.append(
          "resume",
          new File([pdf as Uint8Array<ArrayBuffer>], "resume.pdf", { type: "application/pdf" }),
        );
        const r = await tracked(client.request("/api/upload-resume", { method: "POST", body: form }));
        if (r.ok) acked.resumes.push(((await r.json()) as { id: number }).id);
      } else if (step % 3 === 2) {
        const r = await tracked(
          client.post("/api/create-text-resume", { content: `${RESUME_TEXT}\n${step}` }),
        );
        if (r.ok) acked.resumes.push(((await r.json()) as { id: number }).id);
      } else if (acked.resumes.length > 0) {
        const resumeId = acked.resumes[acked.resumes.length - 1];
        const r = await tracked(client.post("/api/analyze", { resumeId, jobDescription: JOB }));
        if (r.ok) acked.analyses.push(((await r.json()) as { id: number }).id);
      }
      if (step === 4 && !acked.paid) {
        const intent = await tracked(client.post("/api/create-payment-intent", { amount: 10 }));
        if (intent.ok) {
          const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
          const paid = await tracked(
            client.post("/api/test-payments/confirm", {
              paymentIntentId,
              cardNumber: "4242 4242 4242 4242",
              expiry: "12/34",
              cvc: "123",
            }),
          );
          if (paid.ok && ((await paid.json()) as { status: string }).status === "succeeded")
            acked.paid = true;
        }
      }
    } catch {
      return; // the server died mid-request: whatever was not acknowledged may or may not be there
    }
  }
}

type Row = Record<string, unknown>;
type Query = (sql: string, params?: unknown[]) => Promise<Row[]>;

async function checkInvariants(query: Query) {
  const analyses = await query("select id, result_json, overall_score from analysis");
  for (const a of analyses) {
    expect(
      typeof a.result_json === "string" && (a.result_json as string).length > 2,
      `analysis ${a.id}`,
    ).toBe(true);
    expect(() => JSON.parse(a.result_json as string)).not.toThrow();
  }
  const resumes = await query("select id, text, size_bytes, content from resume");
  for (const r of resumes) {
    expect((r.content as Buffer | null)?.length, `resume ${r.id} content`).toBe(Number(r.size_bytes));
  }
  const payments = await query("select id, user_id, status, paid_at, receipt_number from payment");
  for (const p of payments) {
    if (p.paid_at !== null) expect([p.status, p.receipt_number !== null]).toEqual(["succeeded", true]);
    if (p.status !== "succeeded") expect(p.paid_at).toBeNull();
  }
  const plans = await query("select user_id, plan, payment_ref from plan");
  for (const plan of plans) {
    const paid = payments.some((p) => p.user_id === plan.user_id && p.paid_at !== null);
    expect(plan.plan === "lifetime", `plan of ${plan.user_id}`).toBe(paid);
  }
  for (const p of payments.filter((x) => x.paid_at !== null)) {
    expect(plans.find((plan) => plan.user_id === p.user_id)?.plan, `payer ${p.user_id}`).toBe("lifetime");
  }
  return { analyses: analyses.length, resumes: resumes.length, payments: payments.length };
}

async function crashRun(
  label: string,
  databaseUrl: string | undefined,
  query: (dataDir: string) => Promise<{ q: Query; close: () => Promise<void> }>,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "resumelens-crash-"));
  const port = await freePort();
  try {
    let app = await spawnApp({ port, dataDir, databaseUrl });
    const clients: Client[] = [];
    for (let i = 0; i < USERS; i++)
      clients.push(await signUp(app.baseUrl, dataDir, `crash-${label}-${i}-${Date.now()}@example.com`));
    const acked: Acked[] = clients.map(() => ({ resumes: [], analyses: [], paid: false }));
    const stop = { now: false };
    // Two loops per user: several writes of each kind in flight when the kill lands.
    const load = clients.flatMap((c, i) => [
      drive(c, acked[i] as Acked, stop, true),
      drive(c, acked[i] as Acked, stop, false),
    ]);
    // Kill once every kind of write has been acknowledged at least twice (the rest are in flight).
    const started = Date.now();
    const enough = () =>
      acked.reduce((n, a) => n + a.analyses.length, 0) >= 2 && acked.filter((a) => a.paid).length >= 2;
    while (!enough() && Date.now() - started < LOAD_MS)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const killedAfter = Date.now() - started;
    const killedInFlight = inFlight;
    app.child.kill("SIGKILL");
    await app.exited;
    stop.now = true;
    await Promise.all(load);

    app = await spawnApp({ port, dataDir, databaseUrl });
    try {
      let served = 0;
      for (const [i, client] of clients.entries()) {
        const mine = acked[i] as Acked;
        for (const id of mine.resumes) {
          expect((await client.request(`/api/resumes/${id}`)).status, `resume ${id}`).toBe(200);
          served++;
        }
        for (const id of mine.analyses) {
          const r = await client.request(`/api/analysis/${id}`);
          expect(r.status, `analysis ${id}`).toBe(200);
          served++;
        }
        const analytics = (await (await client.request("/api/user/analytics")).json()) as {
          subscription: string;
        };
        if (mine.paid) expect(analytics.subscription).toBe("lifetime");
        // Still writable after the restart (a busy user may be at the upload rate limit for this minute).
        const again = await client.post("/api/create-text-resume", {
          content: `${RESUME_TEXT}\nafter restart`,
        });
        if (again.status !== 200) {
          expect(again.status).toBe(429);
          expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
            MESSAGES.uploadRateLimited,
          );
        }
      }
      const fresh = await signUp(app.baseUrl, dataDir, `after-${label}-${Date.now()}@example.com`);
      expect((await fresh.post("/api/create-text-resume", { content: RESUME_TEXT })).status).toBe(200);
      const db = await query(dataDir);
      const counts = await checkInvariants(db.q);
      await db.close();
      const paid = acked.filter((a) => a.paid).length;
      expect(killedInFlight).toBeGreaterThan(0);
      console.log(
        `crash (${label}): SIGKILL after ${killedAfter} ms of load with ${killedInFlight} requests in flight; ${served} acknowledged resumes/analyses served after restart, ${paid} acknowledged payments; rows ${JSON.stringify(counts)}`,
      );
    } finally {
      app.child.kill("SIGTERM");
      await app.exited;
    }
    if (!databaseUrl) {
      const sqlite = new Database(path.join(dataDir, "resumelens.db"), { readonly: true });
      expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(sqlite.pragma("foreign_key_check")).toEqual([]);
      sqlite.close();
    }
    const stray = readdirSync(dataDir).filter(
      (f) => !/^(resumelens\.db(-wal|-shm)?|auth-secret|outbox)$/.test(f),
    );
    expect(stray, `stray files in ${dataDir}`).toEqual([]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("kill -9 mid-flight", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it("SQLite: acknowledged writes survive, nothing half-written", async () => {
    await crashRun("sqlite", undefined, async (dataDir) => {
      const sqlite = new Database(path.join(dataDir, "resumelens.db"), { readonly: true });
      return {
        q: async (sql) => sqlite.prepare(sql).all() as Row[],
        close: async () => {
          sqlite.close();
        },
      };
    });
  });

  it("PostgreSQL: acknowledged writes survive, nothing half-written", async (ctx) => {
    const database = await freshPostgres("crash");
    if (!database) {
      ctx.skip();
      return;
    }
    cleanups.push(database.drop);
    await crashRun("postgres", database.url, async () => {
      const c = new pg.Client({ connectionString: database.url });
      await c.connect();
      return { q: async (sql, params) => (await c.query(sql, params)).rows, close: () => c.end() };
    });
  });
});
