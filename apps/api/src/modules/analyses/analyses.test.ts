import { LIMITS, ZAnalytics, ZHistoryItem, ZStoredAnalysis } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { JOB } from "../../../test/fixtures/job-posting.ts";
import { RESUME } from "../../../test/fixtures/resume-text.ts";
import {
  BASE_URL,
  createHarness,
  createTextResume,
  type Harness,
  signUpVerified,
  type TestClient,
} from "../../../test/harness.ts";
import { fromBool } from "../../db/database.ts";
import { documentPool } from "../documents/pool.ts";

// A spy on the main thread's copy of the engine: the analyze path must never call it here, only in
// the worker pool (workers load their own, unmocked copy of the engine).
const mainThreadAnalyze = vi.hoisted(() => ({ calls: 0 }));
vi.mock("@resumelens/engine", async (importOriginal) => {
  const original = await importOriginal<typeof import("@resumelens/engine")>();
  return {
    ...original,
    analyzeResume: (...args: Parameters<typeof original.analyzeResume>) => {
      mainThreadAnalyze.calls++;
      return original.analyzeResume(...args);
    },
  };
});

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const createResume = (client: TestClient) => createTextResume(client, RESUME);

function analyze(client: TestClient, resumeId: number, jobDescription = JOB) {
  return client.post("/api/analyze", { resumeId, jobDescription });
}

async function setPlan(userId: string, plan: "free" | "lifetime") {
  await h.deps.db.kysely.updateTable("plan").set({ plan }).where("user_id", "=", userId).execute();
}

async function setNotifications(userId: string, on: boolean) {
  await h.deps.db.kysely
    .updateTable("profile")
    .set({ email_notifications: fromBool(h.deps.db, on) })
    .where("user_id", "=", userId)
    .execute();
}

describe("analyses API", () => {
  it("analyses a resume in the worker pool, stores it and serves it back to its owner", async () => {
    const { client, userId } = await signUpVerified(h);
    const resumeId = await createResume(client);
    const poolJobsBefore = documentPool().jobs.analyze;
    const callsBefore = mainThreadAnalyze.calls;

    const response = await analyze(client, resumeId);
    expect(response.status).toBe(200);
    const analysis = ZStoredAnalysis.parse(await response.json());
    expect(analysis.resumeId).toBe(resumeId);
    expect(analysis.jobDescription).toBe(JOB);
    expect(analysis.skillsMatch.matched.map((m) => m.skill)).toEqual(
      expect.arrayContaining(["TypeScript", "Node.js"]),
    );

    // The engine ran in a worker, never on the main thread.
    expect(documentPool().jobs.analyze).toBe(poolJobsBefore + 1);
    expect(mainThreadAnalyze.calls).toBe(callsBefore);

    const row = await h.deps.db.kysely
      .selectFrom("analysis")
      .selectAll()
      .where("id", "=", analysis.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(userId);
    expect(row.resume_id).toBe(resumeId);
    expect(row.overall_score).toBe(analysis.overallScore);
    expect(row.engine_version).toBe(analysis.engineVersion);
    expect(JSON.parse(row.result_json)).toMatchObject({ overallScore: analysis.overallScore });

    const fetched = await client.get(`/api/analysis/${analysis.id}`);
    expect(fetched.status).toBe(200);
    expect(ZStoredAnalysis.parse(await fetched.json())).toEqual(analysis);

    const history = await client.get("/api/user/analyses");
    expect(history.status).toBe(200);
    expect(ZHistoryItem.array().parse(await history.json())).toEqual([
      // The history's own fields are history.test.ts's business.
      expect.objectContaining({
        id: analysis.id,
        createdAt: analysis.createdAt,
        overallScore: analysis.overallScore,
        // An excerpt: the full text is the analysis's own (history.ts).
        jobDescription: JOB.slice(0, LIMITS.historyExcerptChars),
      }),
    ]);

    const analytics = await client.get("/api/user/analytics");
    expect(ZAnalytics.parse(await analytics.json())).toEqual({
      currentMonth: { analyses: 1, maxAnalyses: 3 },
      subscription: "free",
    });

    const deleted = await client.request(`/api/analysis/${analysis.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await client.get(`/api/analysis/${analysis.id}`)).status).toBe(404);
    expect(await (await client.get("/api/user/analyses")).json()).toEqual([]);
  });

  it("lists history newest first", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await createResume(client);
    try {
      h.setNow(new Date("2026-03-02T09:00:00Z"));
      const first = (await (await analyze(client, resumeId)).json()) as { id: number };
      h.setNow(new Date("2026-03-05T09:00:00Z"));
      const second = (await (await analyze(client, resumeId, `${JOB}\nRemote friendly.`)).json()) as {
        id: number;
      };
      const history = ZHistoryItem.array().parse(await (await client.get("/api/user/analyses")).json());
      expect(history.map((item) => item.id)).toEqual([second.id, first.id]);
      expect(history[0]?.createdAt).toBe("2026-03-05T09:00:00.000Z");
    } finally {
      h.setNow(null);
    }
  });

  it("answers 404 for another user's analysis and resume, and leaves the owner's data alone", async () => {
    const owner = await signUpVerified(h);
    const other = await signUpVerified(h);
    const resumeId = await createResume(owner.client);
    const analysis = (await (await analyze(owner.client, resumeId)).json()) as { id: number };

    expect((await other.client.get(`/api/analysis/${analysis.id}`)).status).toBe(404);
    const deleted = await other.client.request(`/api/analysis/${analysis.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(404);
    const theirs = await analyze(other.client, resumeId);
    expect(theirs.status).toBe(404);
    expect(await (await other.client.get("/api/user/analyses")).json()).toEqual([]);

    expect((await owner.client.get(`/api/analysis/${analysis.id}`)).status).toBe(200);
    const history = (await (await owner.client.get("/api/user/analyses")).json()) as unknown[];
    expect(history).toHaveLength(1);
  });

  it("answers 401 without a session", async () => {
    const anonymous = h.client();
    const calls = [
      anonymous.post("/api/analyze", { resumeId: 1, jobDescription: JOB }),
      anonymous.get("/api/analysis/1"),
      anonymous.request("/api/analysis/1", { method: "DELETE" }),
      anonymous.get("/api/user/analyses"),
      anonymous.get("/api/user/analytics"),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    }
  });

  it("validates the job description and the id", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await createResume(client);
    const short = await analyze(client, resumeId, "x".repeat(49));
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error: { code: "BAD_REQUEST", message: "The job description must be at least 50 characters." },
    });
    const long = await analyze(client, resumeId, "x".repeat(20_001));
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      error: { code: "BAD_REQUEST", message: "The job description is limited to 20,000 characters." },
    });
    expect((await client.get("/api/analysis/abc")).status).toBe(400);
    expect((await client.request("/api/analysis/1e3", { method: "DELETE" })).status).toBe(400);
    expect((await client.get("/api/analysis/99999999999")).status).toBe(404);
    expect(await (await client.get("/api/user/analyses")).json()).toEqual([]);
  });

  it("limits free users to 3 analyses per UTC month, and lifetime users not at all", async () => {
    const { client, userId } = await signUpVerified(h);
    const resumeId = await createResume(client);
    try {
      h.setNow(new Date("2026-01-31T23:00:00Z"));
      // Each a different job: a repeat of the same one within seconds is the same request (below).
      for (let i = 0; i < 3; i++) expect((await analyze(client, resumeId, `${JOB}\n${i}`)).status).toBe(200);
      const fourth = await analyze(client, resumeId);
      expect(fourth.status).toBe(403);
      expect(await fourth.json()).toEqual({
        error: { code: "LIMIT_REACHED", message: "Monthly limit reached" },
      });
      expect(await (await client.get("/api/user/analytics")).json()).toEqual({
        currentMonth: { analyses: 3, maxAnalyses: 3 },
        subscription: "free",
      });

      h.setNow(new Date("2026-02-01T00:00:00Z"));
      expect((await analyze(client, resumeId)).status).toBe(200);
      expect(await (await client.get("/api/user/analytics")).json()).toMatchObject({
        currentMonth: { analyses: 1 },
      });

      await setPlan(userId, "lifetime");
      for (let i = 0; i < 3; i++) expect((await analyze(client, resumeId, `${JOB}\n${i}`)).status).toBe(200);
      expect(await (await client.get("/api/user/analytics")).json()).toEqual({
        currentMonth: { analyses: 4, maxAnalyses: 999 },
        subscription: "lifetime",
      });
    } finally {
      h.setNow(null);
    }
  });

  it("lets exactly one of 20 concurrent requests take the last free analysis", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await createResume(client);
    try {
      h.setNow(new Date("2026-05-10T12:00:00Z"));
      for (let i = 0; i < 2; i++) expect((await analyze(client, resumeId, `${JOB}\n${i}`)).status).toBe(200);
      // Twenty different jobs at once (twenty identical ones would be one request, see below).
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => analyze(client, resumeId, `${JOB}\nRound ${i}`)),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, ...Array<number>(19).fill(403)]);
      for (const response of responses.filter((r) => r.status === 403)) {
        expect(await response.json()).toMatchObject({ error: { message: "Monthly limit reached" } });
      }
      expect(await (await client.get("/api/user/analytics")).json()).toMatchObject({
        currentMonth: { analyses: 3 },
      });
    } finally {
      h.setNow(null);
    }
  });

  it("emails 'Your analysis is ready' with the score and link, unless notifications are off", async () => {
    const { client, email, userId } = await signUpVerified(h);
    const resumeId = await createResume(client);
    const before = h.smtp.messages.length;

    await setNotifications(userId, false);
    const quiet = (await (await analyze(client, resumeId)).json()) as { id: number };
    await setNotifications(userId, true);
    const loud = (await (await analyze(client, resumeId, `${JOB}\nRemote friendly.`)).json()) as {
      id: number;
      overallScore: number;
    };

    const mail = await h.smtp.waitFor(email, before);
    expect(mail.subject).toBe("Your analysis is ready");
    expect(mail.text).toContain(`${loud.overallScore}/100`);
    expect(mail.text).toContain(`${BASE_URL}/analysis/${loud.id}`);
    // Mail is sent in order of analyses, so by now the first one would have arrived had it been sent.
    const toUser = h.smtp.messages.slice(before).filter((message) => message.to.includes(email));
    expect(toUser).toHaveLength(1);
    expect(toUser[0]?.text).not.toContain(`/analysis/${quiet.id}`);
  });

  it("answers a repeat of the same resume and job within ten seconds with the first analysis, counted once", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await createResume(client);
    try {
      h.setNow(new Date("2026-07-01T10:00:00Z"));
      // A double click that got past the button: both at once, no Idempotency-Key.
      const [a, b] = await Promise.all([analyze(client, resumeId), analyze(client, resumeId)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const first = ZStoredAnalysis.parse(await a.json());
      expect(ZStoredAnalysis.parse(await b.json())).toEqual(first);

      h.setNow(new Date("2026-07-01T10:00:09Z"));
      const resent = ZStoredAnalysis.parse(await (await analyze(client, resumeId)).json());
      expect(resent.id).toBe(first.id);
      expect(await (await client.get("/api/user/analytics")).json()).toMatchObject({
        currentMonth: { analyses: 1 },
      });
      expect(await (await client.get("/api/user/analyses")).json()).toHaveLength(1);

      // Another job within the window is a new analysis; the same job after it is too.
      const otherJob = await analyze(client, resumeId, `${JOB}\nVisa sponsorship available.`);
      expect(ZStoredAnalysis.parse(await otherJob.json()).id).not.toBe(first.id);
      h.setNow(new Date("2026-07-01T10:00:11Z"));
      expect(ZStoredAnalysis.parse(await (await analyze(client, resumeId)).json()).id).not.toBe(first.id);
      expect(await (await client.get("/api/user/analytics")).json()).toMatchObject({
        currentMonth: { analyses: 3 },
      });

      // At the limit, the repeat of a request that ran still answers its analysis.
      h.setNow(new Date("2026-07-01T10:00:12Z"));
      expect((await analyze(client, resumeId)).status).toBe(200);
      expect((await analyze(client, resumeId, `${JOB}\nA fourth job.`)).status).toBe(403);
    } finally {
      h.setNow(null);
    }
  });
});
