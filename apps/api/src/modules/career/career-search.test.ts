import { LIMITS, MESSAGES, ZCareerRole } from "@resumelens/contract";
import { careerRoles, resolveCareerRole } from "@resumelens/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../../test/harness.ts";
import { documentPool } from "../documents/pool.ts";
import { CAREER_PATH_RATE, CAREER_SEARCH_RATE } from "./career.service.ts";
import { findCareerRoles } from "./career-search.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("role search index", () => {
  it("answers what the engine's scan answers, on titles, aliases, alternate titles and odd queries", () => {
    const queries = new Set<string>([
      "s",
      "a",
      "a s",
      "e m",
      "1",
      "c++",
      "c#",
      "Électricien",
      "  Software   ENGINEER ",
      "soft1",
      "zzqqxx",
      "nurse nurse",
      "a b c d e f g h i j k l m n o p q r s t u v w x y z",
      "registered-nurse",
      "data sci",
      "web dev",
    ]);
    // Every role alias, and a spread of occupations: title, a word prefix, two alternate-title words.
    for (const slug of careerRoles("", 100).map((r) => r.slug)) queries.add(slug.replace(/-/g, " "));
    const sample = [
      ...new Map(
        [..."abcdefghilmoprstw"].flatMap((c) => careerRoles(c, 2_000)).map((r) => [r.occupationCode, r]),
      ).values(),
    ];
    sample.forEach((role, i) => {
      if (i % 16 !== 0) return;
      const occupation = resolveCareerRole(role.slug)?.occupation;
      if (!occupation) return;
      queries.add(occupation.title);
      queries.add(occupation.title.slice(0, 4));
      const alt = occupation.altTitles[i % Math.max(1, occupation.altTitles.length)];
      if (alt) queries.add(alt.split(" ").slice(0, 2).join(" "));
      if (alt)
        queries.add(
          `${alt.split(" ")[0]?.slice(0, 3) ?? ""} ${occupation.title.split(" ").at(-1)?.slice(0, 2) ?? ""}`,
        );
    });
    expect(queries.size).toBeGreaterThan(150);
    for (const q of queries) {
      expect(findCareerRoles(q, 20), q).toEqual(careerRoles(q, 20));
    }
  });

  it("answers a repeated query from its cache, the same roles", () => {
    const first = findCareerRoles("nurse", 20);
    expect(findCareerRoles("NURSE", 20)).toBe(first);
    expect(first[0]?.slug).toBe("nurse");
  });
});

describe("GET /api/career-roles and /api/career-path limits", () => {
  it("refuses a search over 100 characters with a clear 400, and does not count it", async () => {
    const { client } = await signUpVerified(h);
    const long = await client.get(`/api/career-roles?q=${"a".repeat(LIMITS.careerQueryMax + 1)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { message: string } }).error.message).toBe(
      MESSAGES.careerQueryTooLong,
    );
    const edge = await client.get(`/api/career-roles?q=${"a".repeat(LIMITS.careerQueryMax)}`);
    expect(edge.status).toBe(200);
    expect(ZCareerRole.array().parse(await edge.json())).toEqual([]);
    const count = await h.deps.db.kysely
      .selectFrom("rate_limit")
      .select("count")
      .where("key", "like", "career-search:%")
      .execute();
    expect(count.map((row) => Number(row.count))).toContain(1);
  });

  it(`answers 429 past ${CAREER_SEARCH_RATE.limit} searches a minute per user, others unaffected`, async () => {
    const { client } = await signUpVerified(h);
    for (let i = 0; i < CAREER_SEARCH_RATE.limit; i++) {
      expect((await client.get(`/api/career-roles?q=role${i}`)).status).toBe(200);
    }
    const refused = await client.get("/api/career-roles?q=nurse");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      MESSAGES.careerRateLimited,
    );
    const other = await signUpVerified(h);
    expect((await other.client.get("/api/career-roles?q=nurse")).status).toBe(200);
  });

  it(`builds career paths in the worker pool, at most ${CAREER_PATH_RATE.limit} a minute per user`, async () => {
    const { client } = await signUpVerified(h);
    const before = documentPool().jobs["career-path"];
    expect((await client.get("/api/career-path/software-engineer")).status).toBe(200);
    expect((await client.get("/api/career-path/no-such-role-here")).status).toBe(404);
    expect(documentPool().jobs["career-path"]).toBe(before + 2);
    for (let i = 2; i < CAREER_PATH_RATE.limit; i++) {
      expect((await client.get("/api/career-path/nurse")).status).toBe(200);
    }
    const refused = await client.get("/api/career-path/nurse");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      MESSAGES.careerRateLimited,
    );
  });
});
