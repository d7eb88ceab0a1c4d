import { LIMITS, MESSAGES } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SE_JOB, SE_RESUME } from "../../../test/fixtures/software-engineer.ts";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";

/**
 * A Lifetime plan has no monthly allowance; what one account's analyses may cost is still bounded
 * (outside probe: 10 analyses in 6.9 s, ~105 KB stored each, ~25 MB a minute): runs per minute and
 * the bytes saved analyses hold. On SQLite and (npm run test:pg) PostgreSQL.
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

async function lifetimeUser(): Promise<{ client: TestClient; userId: string; resumeId: number }> {
  const { client, userId } = await signUpVerified(h);
  await h.deps.db.kysely
    .updateTable("plan")
    .set({ plan: "lifetime" })
    .where("user_id", "=", userId)
    .execute();
  const created = await client.post("/api/create-text-resume", { content: RESUME });
  expect(created.status).toBe(200);
  return { client, userId, resumeId: ((await created.json()) as { id: number }).id };
}

describe("a Lifetime account's analyses", () => {
  it(`run at most ${LIMITS.analysesPerMinute} a minute (429 with a clear message); a repeated request counts once`, async () => {
    const { client, resumeId } = await lifetimeUser();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.analysesPerMinute; i++) {
      const job = `${JOB}\nRequest ${i}`;
      const first = await client.post("/api/analyze", { resumeId, jobDescription: job });
      statuses.push(first.status);
      // The same request again (a double click) shares the first one's answer and is not counted.
      if (i === 0)
        expect((await client.post("/api/analyze", { resumeId, jobDescription: job })).status).toBe(200);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const over = await client.post("/api/analyze", { resumeId, jobDescription: `${JOB}\nOne more` });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      error: { code: "RATE_LIMITED", message: MESSAGES.analysisRateLimited },
    });
    // Another user is not affected.
    const other = await lifetimeUser();
    expect(
      (await other.client.post("/api/analyze", { resumeId: other.resumeId, jobDescription: JOB })).status,
    ).toBe(200);
  });

  it("stop at the storage limit for saved analyses, and deleting one makes room again", async () => {
    const { client, userId, resumeId } = await lifetimeUser();
    const first = await client.post("/api/analyze", { resumeId, jobDescription: JOB });
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: number };
    // Fill the account up to just under the limit with one large saved analysis.
    const row = await h.deps.db.kysely
      .selectFrom("analysis")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const filler = await h.deps.db.kysely
      .insertInto("analysis")
      .values({
        user_id: userId,
        resume_id: resumeId,
        job_description: "x".repeat(LIMITS.analysisStorageMaxBytes - 1_000),
        result_json: row.result_json,
        engine_version: row.engine_version,
        overall_score: row.overall_score,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const refused = await client.post("/api/analyze", { resumeId, jobDescription: `${JOB}\nAnother` });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: MESSAGES.analysisStorageReached },
    });
    expect(
      (await h.deps.db.kysely.selectFrom("analysis").select("id").where("user_id", "=", userId).execute())
        .length,
    ).toBe(2);

    expect((await client.request(`/api/analysis/${filler.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await client.post("/api/analyze", { resumeId, jobDescription: `${JOB}\nAnother` })).status).toBe(
      200,
    );
  });
});
