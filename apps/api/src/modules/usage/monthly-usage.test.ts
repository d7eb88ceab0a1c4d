import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SE_JOB, SE_RESUME } from "../../../test/fixtures/software-engineer.ts";
import {
  analysesUsed,
  createHarness,
  createTextResume,
  type Harness,
  signUpVerified,
  type TestClient,
} from "../../../test/harness.ts";

/**
 * The free plan's meter counts analyses run, not analyses kept, on SQLite and (npm run test:pg)
 * PostgreSQL; a repeated Idempotency-Key answers the first analysis and counts once.
 */

const RESUME = SE_RESUME;
const JOB = SE_JOB;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const createResume = (client: TestClient) => createTextResume(client, RESUME);

function analyze(client: TestClient, resumeId: number, headers?: Record<string, string>, job = JOB) {
  return client.post("/api/analyze", { resumeId, jobDescription: job }, headers);
}

describe("the free plan's monthly meter", () => {
  it("counts analyses run: deleting one does not give its slot back", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await createResume(client);
    try {
      h.setNow(new Date("2026-03-15T10:00:00Z"));
      for (let i = 0; i < 3; i++) {
        // Different jobs: the same one again within seconds is the same request.
        const response = await analyze(client, resumeId, undefined, `${JOB}\n${i}`);
        expect(response.status).toBe(200);
        const { id } = (await response.json()) as { id: number };
        expect((await client.request(`/api/analysis/${id}`, { method: "DELETE" })).status).toBe(204);
      }
      expect(await (await client.get("/api/user/analyses")).json()).toEqual([]);
      expect(await analysesUsed(client)).toBe(3);
      const fourth = await analyze(client, resumeId);
      expect(fourth.status).toBe(403);
      expect(await fourth.json()).toEqual({
        error: { code: "LIMIT_REACHED", message: "Monthly limit reached" },
      });
      const billing = (await (await client.get("/api/billing")).json()) as {
        currentMonth: { analyses: number };
      };
      expect(billing.currentMonth.analyses).toBe(3);

      // A new UTC month starts a new count.
      h.setNow(new Date("2026-04-01T00:00:00Z"));
      expect(await analysesUsed(client)).toBe(0);
      expect((await analyze(client, resumeId)).status).toBe(200);
    } finally {
      h.setNow(null);
    }
  });

  it("holds under concurrency with deletions racing the runs", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await createResume(client);
    try {
      h.setNow(new Date("2026-06-10T12:00:00Z"));
      const first = (await (await analyze(client, resumeId)).json()) as { id: number };
      const responses = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => analyze(client, resumeId, undefined, `${JOB}\n${i}`)),
        client.request(`/api/analysis/${first.id}`, { method: "DELETE" }),
      ]);
      const statuses = responses.slice(0, 10).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
      expect(statuses.filter((s) => s === 403)).toHaveLength(8);
      expect(await analysesUsed(client)).toBe(3);
    } finally {
      h.setNow(null);
    }
  });
});

describe("POST /api/analyze with an Idempotency-Key", () => {
  it("answers a repeated key with the first analysis and counts it once, also when both arrive at once", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await createResume(client);
    const once = { "idempotency-key": "click-1" };
    const first = await analyze(client, resumeId, once);
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: number };
    const again = await analyze(client, resumeId, once);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: number }).id).toBe(id);
    expect(await analysesUsed(client)).toBe(1);

    const twice = { "idempotency-key": "double-click-2" };
    const second = `${JOB}\nSecond opening.`;
    const together = await Promise.all([
      analyze(client, resumeId, twice, second),
      analyze(client, resumeId, twice, second),
    ]);
    const ids = await Promise.all(together.map(async (r) => ((await r.json()) as { id: number }).id));
    expect(together.map((r) => r.status)).toEqual([200, 200]);
    expect(ids[0]).toBe(ids[1]);
    expect(await analysesUsed(client)).toBe(2);
    expect(((await (await client.get("/api/user/analyses")).json()) as unknown[]).length).toBe(2);
  });

  it("answers a repeated key even at the limit, and refuses a malformed key", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await createResume(client);
    const key = { "idempotency-key": "last-one" };
    const jobs = [`${JOB}\n1`, `${JOB}\n2`, JOB];
    for (const [i, headers] of [undefined, undefined, key].entries())
      expect((await analyze(client, resumeId, headers, jobs[i])).status).toBe(200);
    expect((await analyze(client, resumeId, key)).status).toBe(200);
    expect((await analyze(client, resumeId, undefined, `${JOB}\n4`)).status).toBe(403);
    const bad = await analyze(client, resumeId, { "idempotency-key": "x".repeat(256) });
    expect(bad.status).toBe(400);
    expect(await analysesUsed(client)).toBe(3);
  });

  it("refuses a key reused for another job instead of answering the first analysis", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await createResume(client);
    const key = { "idempotency-key": "reused" };
    expect((await analyze(client, resumeId, key)).status).toBe(200);
    const other = await analyze(client, resumeId, key, `${JOB}\n\nAlso: Kubernetes.`);
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: { message: string } }).error.message).toMatch(
      /already used for a different/,
    );
    expect(await analysesUsed(client)).toBe(1);
  });
});
