import { LIMITS, ZHistoryItem } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Stores `count` analyses of `userId` directly (the history reads rows; running analyses is not the point). */
async function seed(userId: string, count: number, jobDescription: (i: number) => string) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await h.deps.db.kysely
      .insertInto("analysis")
      .values({
        user_id: userId,
        resume_id: null,
        job_description: jobDescription(i),
        result_json: "{}",
        engine_version: "test",
        overall_score: 50 + i,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

describe("GET /api/user/analyses", () => {
  it("sends a job-description excerpt, not the 20,000-character text", async () => {
    const { client, userId } = await signUpVerified(h);
    const long = `Senior Nurse — ICU\n${"Care for patients in the intensive care unit. ".repeat(440)}`.slice(
      0,
      20_000,
    );
    await seed(userId, 3, () => long);
    const response = await client.get("/api/user/analyses");
    expect(response.status).toBe(200);
    const body = await response.text();
    const items = ZHistoryItem.array().parse(JSON.parse(body));
    expect(items).toHaveLength(3);
    for (const item of items) expect(item.jobDescription).toBe(long.slice(0, LIMITS.historyExcerptChars));
    expect(body.length).toBeLessThan(3 * 500);
  });

  it(`answers pages of at most ${LIMITS.historyPageDefault} items, newest first, with a Link to the next`, async () => {
    const { client, userId } = await signUpVerified(h);
    const ids = await seed(userId, LIMITS.historyPageDefault + 5, (i) => `Job ${i}`);
    const newest = [...ids].reverse();

    const first = await client.get("/api/user/analyses");
    const page1 = ZHistoryItem.array().parse(await first.json());
    expect(page1.map((item) => item.id)).toEqual(newest.slice(0, LIMITS.historyPageDefault));
    const next = first.headers.get("link");
    expect(next).toBe(
      `</api/user/analyses?limit=${LIMITS.historyPageDefault}&offset=${LIMITS.historyPageDefault}>; rel="next"`,
    );

    const second = await client.get(/<([^>]+)>/.exec(next ?? "")?.[1] ?? "");
    expect(
      ZHistoryItem.array()
        .parse(await second.json())
        .map((item) => item.id),
    ).toEqual(newest.slice(LIMITS.historyPageDefault));
    expect(second.headers.get("link")).toBeNull();

    const small = await client.get("/api/user/analyses?limit=2&offset=1");
    expect(
      ZHistoryItem.array()
        .parse(await small.json())
        .map((item) => item.id),
    ).toEqual(newest.slice(1, 3));
    expect(small.headers.get("link")).toBe('</api/user/analyses?limit=2&offset=3>; rel="next"');
  });

  it("names each row's resume (the owner's only) and the posting's job title", async () => {
    const { client, userId } = await signUpVerified(h);
    const other = await signUpVerified(h);
    const resume = async (owner: string, filename: string) =>
      (
        await h.deps.db.kysely
          .insertInto("resume")
          .values({ user_id: owner, filename, mime: "text/plain", size_bytes: 10, sha256: "x", text: "x" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const mine = await resume(userId, "jane-doe-nurse.pdf");
    const theirs = await resume(other.userId, "someone-else.pdf");
    const rows = [
      { resume_id: mine, job_description: "Registered Nurse - ICU\nCare for patients in intensive care." },
      { resume_id: theirs, job_description: "Office Manager\nRun the front office of a dental practice." },
      { resume_id: null, job_description: "we are looking for someone great to join us and help" },
    ];
    for (const [i, row] of rows.entries()) {
      await h.deps.db.kysely
        .insertInto("analysis")
        .values({
          ...row,
          user_id: userId,
          result_json: "{}",
          engine_version: "test",
          overall_score: 60,
          created_at: new Date(Date.UTC(2026, 1, 1 + i)).toISOString(),
        })
        .execute();
    }
    const items = ZHistoryItem.array().parse(await (await client.get("/api/user/analyses")).json());
    expect(items.map(({ resumeName, jobTitle }) => ({ resumeName, jobTitle }))).toEqual([
      { resumeName: null, jobTitle: null },
      // Another user's resume never lends its name, even if a row pointed at it.
      { resumeName: null, jobTitle: "Office Manager" },
      { resumeName: "jane-doe-nurse.pdf", jobTitle: "Registered Nurse" },
    ]);
  });

  it("names the comparison a row is one posting of, and null for an analysis run alone", async () => {
    const { client, userId } = await signUpVerified(h);
    const { kysely } = h.deps.db;
    const comparison = await kysely
      .insertInto("comparison")
      .values({ user_id: userId, resume_id: null, request_key: null, request_hash: "h" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const [alone] = await seed(userId, 1, () => "A job on its own");
    await kysely
      .insertInto("analysis")
      .values({
        user_id: userId,
        job_description: "One posting of a comparison",
        result_json: "{}",
        engine_version: "test",
        overall_score: 70,
        comparison_id: comparison.id,
        created_at: new Date(Date.UTC(2026, 5, 1)).toISOString(),
      })
      .execute();
    const items = ZHistoryItem.array().parse(await (await client.get("/api/user/analyses")).json());
    expect(items.map(({ id, comparisonId }) => ({ alone: id === alone, comparisonId }))).toEqual([
      { alone: false, comparisonId: comparison.id },
      { alone: true, comparisonId: null },
    ]);
  });

  it("refuses a bad page with 400", async () => {
    const { client } = await signUpVerified(h);
    for (const query of [
      "limit=0",
      `limit=${LIMITS.historyPageMax + 1}`,
      "limit=abc",
      "offset=-1",
      "offset=1.5",
    ]) {
      const response = await client.get(`/api/user/analyses?${query}`);
      expect(response.status, query).toBe(400);
    }
    expect((await client.get(`/api/user/analyses?limit=${LIMITS.historyPageMax}`)).status).toBe(200);
  });
});
