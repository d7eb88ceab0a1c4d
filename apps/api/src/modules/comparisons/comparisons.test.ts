import { LIMITS, MESSAGES, type TComparison, ZComparison, ZHistoryItem } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { JOB } from "../../../test/fixtures/job-posting.ts";
import { SE_JOB, SE_RESUME } from "../../../test/fixtures/software-engineer.ts";
import {
  analysesUsed,
  createHarness,
  createTextResume,
  type Harness,
  signUpVerified,
  type TestClient,
} from "../../../test/harness.ts";
import { documentPool } from "../documents/pool.ts";
import { DocumentRefused } from "../documents/types.ts";

/**
 * POST /api/comparisons and GET /api/comparisons/{id} (docs/product.md#multi-posting) through the
 * whole app, on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */

const DATA_JOB = `Data Analyst

We are hiring a Data Analyst to turn our product data into decisions.

Requirements:
- 3+ years of experience in data analysis
- Advanced SQL and Python
- Experience with Tableau or Power BI dashboards
- Strong communication skills

Nice to have:
- Experience with dbt and Snowflake
- Statistics background`;

const POSTINGS = [JOB, SE_JOB, DATA_JOB];

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

type Account = { client: TestClient; userId: string; email: string; resumeId: number };

async function account(plan: "free" | "lifetime"): Promise<Account> {
  const { client, userId, email } = await signUpVerified(h);
  if (plan === "lifetime") {
    await h.deps.db.kysely.updateTable("plan").set({ plan }).where("user_id", "=", userId).execute();
  }
  return { client, userId, email, resumeId: await createTextResume(client, SE_RESUME) };
}

function compare(who: Account, jobDescriptions: string[], headers?: Record<string, string>) {
  return who.client.post("/api/comparisons", { resumeId: who.resumeId, jobDescriptions }, headers);
}

async function analysesOf(userId: string) {
  return h.deps.db.kysely
    .selectFrom("analysis")
    .select(["id", "comparison_id"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

/** The user's stored comparison rows. */
function comparisonsOf(userId: string) {
  return h.deps.db.kysely.selectFrom("comparison").select("id").where("user_id", "=", userId).execute();
}

describe("POST /api/comparisons", () => {
  it("runs one full analysis per posting, ranks them by score and names what they share", async () => {
    const who = await account("lifetime");
    const mailsBefore = h.smtp.messages.length;
    const response = await compare(who, POSTINGS);
    expect(response.status).toBe(200);
    const comparison = ZComparison.parse(await response.json());

    expect(comparison.resumeId).toBe(who.resumeId);
    expect(comparison.rows).toHaveLength(3);
    const scores = comparison.rows.map((row) => row.overallScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Each row is a full analysis of its own, the same one /api/analysis/{id} answers.
    for (const row of comparison.rows) {
      const analysis = await who.client.get(`/api/analysis/${row.analysisId}`);
      expect(analysis.status).toBe(200);
      const body = (await analysis.json()) as {
        overallScore: number;
        jobDescription: string;
        skillsMatch: { missing: { skill: string; priority: string }[] };
      };
      expect(body.overallScore).toBe(row.overallScore);
      expect(POSTINGS.map((text) => text.trim())).toContain(body.jobDescription);
      const required = body.skillsMatch.missing.filter((skill) => skill.priority === "Required");
      expect(row.topMissing.slice(0, Math.min(3, required.length))).toEqual(
        required.slice(0, 3).map((skill) => skill.skill),
      );
    }
    expect(comparison.rows.find((row) => row.excerpt === "Data Analyst")?.jobTitle).toMatch(/Data Analyst/);
    // What at least two of the postings ask for, with which ones.
    expect(comparison.shared.length).toBeGreaterThan(0);
    const ids = comparison.rows.map((row) => row.analysisId);
    for (const entry of comparison.shared) {
      expect(entry.analysisIds.length).toBeGreaterThanOrEqual(2);
      for (const id of entry.analysisIds) expect(ids).toContain(id);
    }

    // Each posting counts as one analysis run; History links each to its comparison.
    expect(await analysesUsed(who.client)).toBe(3);
    const history = ZHistoryItem.array().parse(await (await who.client.get("/api/user/analyses")).json());
    expect(history.map((item) => item.comparisonId)).toEqual([comparison.id, comparison.id, comparison.id]);

    // The stored comparison reads back the same.
    const read = await who.client.get(`/api/comparisons/${comparison.id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(comparison);

    // One email for the run, pointing to the comparison, not one per posting.
    const mail = await h.smtp.waitFor(who.email, mailsBefore);
    expect(mail.subject).toBe("Your comparison is ready");
    expect(mail.text).toContain(`/compare/${comparison.id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      h.smtp.messages.slice(mailsBefore).filter((m) => m.to.includes(who.email.toLowerCase())),
    ).toHaveLength(1);
  });

  it("answers a Free user 402 with the upgrade message before any engine work", async () => {
    const who = await account("free");
    const response = await compare(who, POSTINGS);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      error: { code: "PAYMENT_REQUIRED", message: MESSAGES.comparisonNeedsLifetime },
    });
    expect(await analysesOf(who.userId)).toEqual([]);
    expect(await analysesUsed(who.client)).toBe(0);
  });

  it(`refuses fewer than ${LIMITS.comparisonMinPostings}, more than ${LIMITS.comparisonMaxPostings}, repeated or short postings, and another user's resume, running nothing`, async () => {
    const who = await account("lifetime");
    const cases: [string[], string][] = [
      [[JOB], "Add at least 2 job descriptions to compare."],
      [
        Array.from({ length: 6 }, (_, i) => `${JOB}\n${i}`),
        "You can compare up to 5 job descriptions at once.",
      ],
      [[JOB, "Too short"], "The job description must be at least 50 characters."],
      [[JOB, SE_JOB, JOB], MESSAGES.comparisonDuplicatePostings],
    ];
    for (const [jobs, message] of cases) {
      const response = await compare(who, jobs);
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    const other = await account("lifetime");
    const theirs = await who.client.post("/api/comparisons", {
      resumeId: other.resumeId,
      jobDescriptions: POSTINGS,
    });
    expect(theirs.status).toBe(404);
    expect(await analysesOf(who.userId)).toEqual([]);
    expect(await analysesOf(other.userId)).toEqual([]);
  });

  it("runs once for a double click, with or without an Idempotency-Key, and refuses a key reused for other postings", async () => {
    const who = await account("lifetime");
    const key = { "idempotency-key": "compare-1" };
    const together = await Promise.all([
      compare(who, POSTINGS.slice(0, 2), key),
      compare(who, POSTINGS.slice(0, 2), key),
    ]);
    expect(together.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(together.map((r) => r.json()))) as TComparison[];
    expect(a?.id).toBe(b?.id);
    // Later, the same key answers the same comparison.
    const later = await compare(who, POSTINGS.slice(0, 2), key);
    expect(((await later.json()) as TComparison).id).toBe(a?.id);
    expect(await analysesOf(who.userId)).toHaveLength(2);
    expect(await analysesUsed(who.client)).toBe(2);

    const reused = await compare(who, POSTINGS.slice(1), key);
    expect(reused.status).toBe(409);

    // No key: two identical runs at once are one run too.
    const plain = await Promise.all([compare(who, POSTINGS.slice(1)), compare(who, POSTINGS.slice(1))]);
    const [c, d] = (await Promise.all(plain.map((r) => r.json()))) as TComparison[];
    expect(plain.map((r) => r.status)).toEqual([200, 200]);
    expect(c?.id).toBe(d?.id);
    expect(await analysesOf(who.userId)).toHaveLength(4);
    expect(await analysesUsed(who.client)).toBe(4);
  });

  it("refuses the whole run (429) when the per-minute rate allows only some of its postings, and takes back what it counted", async () => {
    const who = await account("lifetime");
    for (let i = 0; i < LIMITS.analysesPerMinute - 1; i++) {
      const single = await who.client.post("/api/analyze", {
        resumeId: who.resumeId,
        jobDescription: `${JOB}\n${i}`,
      });
      expect(single.status).toBe(200);
    }
    const refused = await compare(who, POSTINGS.slice(0, 2));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { code: "RATE_LIMITED", message: MESSAGES.analysisRateLimited },
    });
    expect((await analysesOf(who.userId)).filter((row) => row.comparison_id !== null)).toEqual([]);
    expect(await comparisonsOf(who.userId)).toEqual([]);
    // The one slot left is still there: the refused run gave back what it took.
    const last = await who.client.post("/api/analyze", { resumeId: who.resumeId, jobDescription: SE_JOB });
    expect(last.status).toBe(200);
  });

  it("takes the whole run back when a posting fails while running (storage filled by the results)", async () => {
    const who = await account("lifetime");
    const first = await who.client.post("/api/analyze", { resumeId: who.resumeId, jobDescription: JOB });
    const { id } = (await first.json()) as { id: number };
    const row = await h.deps.db.kysely
      .selectFrom("analysis")
      .select(["result_json", "engine_version", "overall_score"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // Room for one and a half runs (the first analysis and the filler below each hold a result): the
    // up-front check passes, one posting is stored, the other fails.
    const oneRun = row.result_json.length + JOB.length;
    await h.deps.db.kysely
      .insertInto("analysis")
      .values({
        user_id: who.userId,
        resume_id: who.resumeId,
        job_description: "x".repeat(
          LIMITS.analysisStorageMaxBytes - oneRun * 1.5 - JOB.length - 2 * row.result_json.length,
        ),
        result_json: row.result_json,
        engine_version: row.engine_version,
        overall_score: row.overall_score,
        created_at: new Date().toISOString(),
      })
      .execute();
    const before = await analysesOf(who.userId);

    const response = await compare(who, [`${JOB}\nFirst team.`, `${JOB}\nSecond team.`]);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: MESSAGES.analysisStorageReached },
    });
    expect(await analysesOf(who.userId)).toEqual(before);
    expect(await comparisonsOf(who.userId)).toEqual([]);
    // The posting that was stored is not counted either: only the single analysis above is.
    expect(await analysesUsed(who.client)).toBe(1);
  });

  it("answers 503 busy and counts nothing when the pool refuses one posting's engine run, and the same request then runs whole, each posting counted once", async () => {
    const who = await account("lifetime");
    // The per-minute rate is left room for two postings: the run after the failed one fits only if
    // the failed one gave back what it reserved.
    for (let i = 0; i < LIMITS.analysesPerMinute - 2; i++) {
      const single = await who.client.post("/api/analyze", {
        resumeId: who.resumeId,
        jobDescription: `${SE_JOB}\n${i}`,
      });
      expect(single.status).toBe(200);
    }
    const postings = [`${JOB}\nFirst team.`, `${JOB}\nSecond team.`];
    const key = { "idempotency-key": "compare-refused-once" };

    // The pool's answer to a job past its time limit (or a lost worker), for the second posting only.
    const pool = documentPool();
    const analyze = pool.analyze.bind(pool);
    const refusing = vi.spyOn(pool, "analyze").mockImplementation(async (input, options) => {
      if (input.jobDescription.endsWith("Second team.")) {
        throw new DocumentRefused("timeout", "over 15000 ms of work");
      }
      return analyze(input, options);
    });
    let refused: Response;
    try {
      refused = await compare(who, postings, key);
      expect(refusing).toHaveBeenCalledTimes(2);
    } finally {
      refusing.mockRestore();
    }
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toEqual({ error: { code: "UNAVAILABLE", message: MESSAGES.serverBusy } });
    expect((await analysesOf(who.userId)).filter((row) => row.comparison_id !== null)).toEqual([]);
    expect(await comparisonsOf(who.userId)).toEqual([]);
    expect(await analysesUsed(who.client)).toBe(LIMITS.analysesPerMinute - 2);

    // Sent again with the same key: it runs (nothing of the failed run answers it) and counts once.
    const again = await compare(who, postings, key);
    expect(again.status).toBe(200);
    const comparison = ZComparison.parse(await again.json());
    expect(comparison.rows).toHaveLength(2);
    expect(await analysesUsed(who.client)).toBe(LIMITS.analysesPerMinute);
    const repeated = await compare(who, postings, key);
    expect(((await repeated.json()) as TComparison).id).toBe(comparison.id);
    expect(await analysesUsed(who.client)).toBe(LIMITS.analysesPerMinute);
    expect(await comparisonsOf(who.userId)).toEqual([{ id: comparison.id }]);
  });
});

describe("GET /api/comparisons/{id}", () => {
  it("is the owner's only (404 for anyone else) and shows the remaining rows once an analysis is deleted", async () => {
    const who = await account("lifetime");
    const comparison = (await (await compare(who, POSTINGS)).json()) as TComparison;
    const stranger = await account("lifetime");
    const theirs = await stranger.client.get(`/api/comparisons/${comparison.id}`);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: { code: "NOT_FOUND", message: "Comparison not found" } });
    expect((await who.client.get("/api/comparisons/999999999")).status).toBe(404);

    const [best, ...rest] = comparison.rows;
    expect((await who.client.request(`/api/analysis/${best?.analysisId}`, { method: "DELETE" })).status).toBe(
      204,
    );
    const after = ZComparison.parse(await (await who.client.get(`/api/comparisons/${comparison.id}`)).json());
    expect(after.rows).toEqual(rest);
    for (const entry of after.shared) expect(entry.analysisIds).not.toContain(best?.analysisId);
  });
});
