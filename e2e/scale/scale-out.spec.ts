import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeIntent, signedWebhook, startStripeFake } from "../../apps/api/test/stripe-fake.ts";
import { type AppServer, startServer } from "../support/server.ts";

/**
 * Two API processes sharing one PostgreSQL database, as in a scaled-out deployment behind a load
 * balancer with no sticky sessions: whichever process answers, the product behaves as one.
 * Sessions, rate limits, the free plan's limit, webhook idempotency, uploads and exports are all
 * driven alternately through A and B. No browser here: the processes and the database are the
 * point. PostgreSQL comes from TEST_DATABASE_URL (CI starts one at 127.0.0.1:5432).
 */

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer", name), "utf8");
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const AUTH_SECRET = "scale-out-secret-scale-out-secret-0123456789";
const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_resumelens_scale_0123456789",
  STRIPE_PUBLISHABLE_KEY: "pk_test_resumelens_scale_0123456789",
  STRIPE_WEBHOOK_SECRET: "whsec_resumelens_scale_0123456789",
};
const PASSWORD = "scale-out-pass";

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
if (!reachable) console.warn(`scale-out suite skipped: no PostgreSQL at ${serverUrl} (CI always has one)`);

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A fresh database on the test server; returns its URL. Dropped by dropDatabase. */
async function freshDatabase(label: string): Promise<{ name: string; url: string }> {
  const name = `rl_scale_${label}_${process.pid}_${Date.now().toString(36)}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
const dropDatabase = (name: string) => admin(`drop database if exists ${name} with (force)`);

let database: { name: string; url: string };
let stripe: Awaited<ReturnType<typeof startStripeFake>>;
let a: AppServer;
let b: AppServer;

beforeAll(async () => {
  if (!reachable) return;
  database = await freshDatabase("main");
  stripe = await startStripeFake({
    secretKey: STRIPE.STRIPE_SECRET_KEY,
    publishableKey: STRIPE.STRIPE_PUBLISHABLE_KEY,
  });
  // As behind a load balancer: the same database, secret, keys and the client's address forwarded.
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET,
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
    ...STRIPE,
    STRIPE_API_URL: stripe.url,
  };
  // Both at the same moment on an empty database: start-up migrations must not trip over each other.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await stripe?.close();
  if (reachable && database) await dropDatabase(database.name);
});

let addresses = 0;
/** A client address of its own per call (TRUST_PROXY is on), so per-IP limits stay out of the way. */
const nextAddress = () => {
  addresses += 1;
  return `10.77.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** A verified account signed up on `server`; returns its session cookie. */
async function signUp(server: AppServer, email: string): Promise<string> {
  const before = server.outboxCount();
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl, "x-forwarded-for": nextAddress() },
    body: JSON.stringify({ email, password: PASSWORD, name: "" }),
  });
  expect(response.status).toBe(200);
  const verify = await fetch(await server.mailLink(email, { after: before }), { redirect: "manual" });
  expect(verify.status).toBe(302);
  return cookiesOf(verify);
}

function signIn(server: AppServer, email: string, password: string) {
  return fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl, "x-forwarded-for": nextAddress() },
    body: JSON.stringify({ email, password }),
  });
}

function post(server: AppServer, cookie: string, route: string, body?: unknown) {
  return fetch(`${server.baseUrl}${route}`, {
    method: "POST",
    headers: {
      origin: server.baseUrl,
      cookie,
      "x-forwarded-for": nextAddress(),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const get = (server: AppServer, cookie: string, route: string) =>
  fetch(`${server.baseUrl}${route}`, { headers: { cookie, "x-forwarded-for": nextAddress() } });

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

describe.skipIf(!reachable)("several API processes starting at once on an empty database", () => {
  it("migrate it once between them and all come up", async () => {
    const fresh = await freshDatabase("boot");
    const servers: AppServer[] = [];
    try {
      const env = { DATABASE_URL: fresh.url, AUTH_SECRET, LOG_LEVEL: "warn" };
      const started = await Promise.allSettled([startServer(env), startServer(env), startServer(env)]);
      for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
      const failures = started.flatMap((result) =>
        result.status === "rejected" ? [String(result.reason).slice(0, 2000)] : [],
      );
      expect(failures).toEqual([]);
      for (const server of servers) {
        const health = await fetch(`${server.baseUrl}/api/health`);
        expect(await health.json()).toEqual({ status: "ok", database: "postgres" });
      }
      // One of them signs a user up; another one signs them in: the schema is complete and shared.
      const [first, second] = servers as [AppServer, AppServer];
      const email = uniqueEmail("boot");
      await signUp(first, email);
      expect((await signIn(second, email, PASSWORD)).status).toBe(200);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await dropDatabase(fresh.name);
    }
  });
});

describe.skipIf(!reachable)("two API processes, one PostgreSQL", () => {
  it("share sessions: made on A, used on B; signed out on B, gone on A", async () => {
    const email = uniqueEmail("session");
    await signUp(a, email);
    const signedIn = await signIn(a, email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const cookie = cookiesOf(signedIn);

    for (const server of [b, a, b]) {
      const me = await get(server, cookie, "/api/auth/user");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email });
    }

    const signOut = await post(b, cookie, "/api/auth/sign-out", {});
    expect(signOut.status).toBe(200);
    for (const server of [a, b]) expect((await get(server, cookie, "/api/auth/user")).status).toBe(401);
  });

  it("count sign-in attempts per email across both processes, limited at the same total as one", async () => {
    const attempts = 12;
    const statusesOn = async (servers: (i: number) => AppServer) => {
      const email = uniqueEmail("limit");
      await signUp(a, email);
      const statuses: number[] = [];
      // Each attempt from a fresh address: only the per-email count can stop them.
      for (let i = 0; i < attempts; i++)
        statuses.push((await signIn(servers(i), email, "wrong-password")).status);
      return statuses;
    };
    const oneProcess = await statusesOn(() => a);
    const alternating = await statusesOn((i) => (i % 2 === 0 ? a : b));
    const firstBlocked = oneProcess.indexOf(429);
    expect(firstBlocked).toBeGreaterThan(0);
    expect(oneProcess.slice(0, firstBlocked).every((status) => status === 401)).toBe(true);
    expect(oneProcess.slice(firstBlocked).every((status) => status === 429)).toBe(true);
    expect(alternating).toEqual(oneProcess);
  });

  it("give exactly one of twenty concurrent requests the last free analysis", async () => {
    const cookie = await signUp(a, uniqueEmail("usage"));
    const created = await post(b, cookie, "/api/create-text-resume", { content: fixture("resume.txt") });
    expect(created.status).toBe(200);
    const { id: resumeId } = (await created.json()) as { id: number };
    // A different job each time: the same one again within seconds is the same request, counted once.
    const analyze = (server: AppServer, n: number) =>
      post(server, cookie, "/api/analyze", { resumeId, jobDescription: `${fixture("job.txt")}\n(${n})` });

    expect((await analyze(a, 1)).status).toBe(200);
    expect((await analyze(b, 2)).status).toBe(200);

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => analyze(i % 2 === 0 ? a : b, i + 3)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(403)]);
    for (const response of responses.filter((r) => r.status === 403)) {
      expect(await response.json()).toEqual({
        error: { code: "LIMIT_REACHED", message: "Monthly limit reached" },
      });
    }
    for (const server of [a, b]) {
      const analytics = await get(server, cookie, "/api/user/analytics");
      expect(await analytics.json()).toEqual({
        currentMonth: { analyses: 3, maxAnalyses: 3 },
        subscription: "free",
      });
    }
  });

  it("handle one Stripe event once, though it is delivered to A and B at the same moment", async () => {
    const cookie = await signUp(a, uniqueEmail("webhook"));
    const checkout = await post(b, cookie, "/api/create-payment-intent", { amount: 10 });
    expect(checkout.status).toBe(200);
    const { paymentIntentId } = (await checkout.json()) as { paymentIntentId: string };
    stripe.pay(paymentIntentId);
    const intent = stripe.intents.get(paymentIntentId) as FakeIntent;
    const event = signedWebhook({
      secret: STRIPE.STRIPE_WEBHOOK_SECRET,
      type: "payment_intent.succeeded",
      intent: { ...intent, status: "succeeded" },
    });
    const deliver = (server: AppServer) =>
      fetch(`${server.baseUrl}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.payload,
      });
    // Stripe retries; a balancer may hand the original and the retry to different processes.
    const responses = await Promise.all([deliver(a), deliver(b), deliver(a), deliver(b)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as {
      handled: boolean;
    }[];
    expect(bodies.filter((body) => body.handled)).toHaveLength(1);
    expect(bodies.every((body) => (body as { received?: boolean }).received === true)).toBe(true);

    for (const server of [a, b]) {
      const billing = (await (await get(server, cookie, "/api/billing")).json()) as {
        subscription: string;
        payments: { id: string; status: string }[];
      };
      expect(billing.subscription).toBe("lifetime");
      expect(billing.payments).toMatchObject([{ id: paymentIntentId, status: "succeeded" }]);
    }
  });

  it("serve an upload made on A from B, and export an analysis made on A byte for byte the same from B", async () => {
    const cookie = await signUp(b, uniqueEmail("export"));
    const form = new FormData();
    form.append("resume", new Blob([fixture("resume.txt")], { type: "text/plain" }), "resume.txt");
    const upload = await fetch(`${a.baseUrl}/api/upload-resume`, {
      method: "POST",
      headers: { origin: a.baseUrl, cookie, "x-forwarded-for": nextAddress() },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { id: resumeId } = (await upload.json()) as { id: number };

    const onA = await get(a, cookie, `/api/resumes/${resumeId}`);
    const onB = await get(b, cookie, `/api/resumes/${resumeId}`);
    expect(onB.status).toBe(200);
    const summary = await onB.json();
    expect(summary).toEqual(await onA.json());
    expect(summary).toMatchObject({ id: resumeId, filename: "resume.txt" });
    expect((summary as { textLength: number }).textLength).toBeGreaterThan(500);

    const analyzed = await post(a, cookie, "/api/analyze", { resumeId, jobDescription: fixture("job.txt") });
    expect(analyzed.status).toBe(200);
    const { id: analysisId } = (await analyzed.json()) as { id: number };

    const download = async (server: AppServer) => {
      const response = await post(server, cookie, `/api/export-package/${analysisId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("zip");
      return Buffer.from(await response.arrayBuffer());
    };
    const fromA = await download(a);
    const fromB = await download(b);
    expect(fromB.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(fromB.equals(fromA)).toBe(true);

    const analysisOnB = await get(b, cookie, `/api/analysis/${analysisId}`);
    expect(analysisOnB.status).toBe(200);
    const history = (await (await get(b, cookie, "/api/user/analyses")).json()) as unknown;
    expect(JSON.stringify(history)).toContain(String(analysisId));
  });
});
