import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../../test/harness.ts";
import { recordRun } from "../usage/monthly-usage.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("GET /api/auth/user", () => {
  it("answers 401 in the API's error shape without a session", async () => {
    const response = await h.client().get("/api/auth/user");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: "UNAUTHORIZED", message: "Please sign in to continue." },
    });
  });

  it("counts this UTC month's analyses only, and shows the lifetime sentinel", async () => {
    const { client, userId } = await signUpVerified(h);
    const { kysely } = h.deps.db;
    // Each analysis with its run, as POST /api/analyze records them.
    const insert = async (created_at: string) => {
      const { id } = await kysely
        .insertInto("analysis")
        .values({
          user_id: userId,
          job_description: "x",
          result_json: "{}",
          engine_version: "t",
          overall_score: 50,
          created_at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordRun(kysely, { userId, analysisId: Number(id), key: null, createdAt: created_at });
      return Number(id);
    };
    await insert("2026-03-31T23:59:59.000Z");
    await insert("2026-04-01T00:00:00.000Z");
    const latest = await insert("2026-04-15T12:00:00.000Z");
    h.setNow(new Date("2026-04-20T10:00:00Z"));
    try {
      expect(await (await client.get("/api/auth/user")).json()).toMatchObject({
        usageCount: 2,
        maxUsage: 3,
        subscription: "free",
      });
      // Deleting an analysis gives no slot back: the count is of analyses run.
      expect((await client.request(`/api/analysis/${latest}`, { method: "DELETE" })).status).toBe(204);
      expect(await (await client.get("/api/auth/user")).json()).toMatchObject({ usageCount: 2 });
      await kysely.updateTable("plan").set({ plan: "lifetime" }).where("user_id", "=", userId).execute();
      expect(await (await client.get("/api/auth/user")).json()).toMatchObject({
        subscription: "lifetime",
        maxUsage: 999,
      });
    } finally {
      h.setNow(null);
    }
  });
});

describe("POST /api/auth/sync-user", () => {
  it("updates the caller's own names", async () => {
    const { client, userId, email } = await signUpVerified(h);
    const response = await client.post("/api/auth/sync-user", {
      userId,
      email,
      firstName: " Ada ",
      lastName: "Lovelace",
    });
    expect(response.status).toBe(200);
    const me = await (await client.get("/api/auth/user")).json();
    expect(me).toMatchObject({ user_metadata: { first_name: "Ada", last_name: "Lovelace" } });
  });

  it("keeps saved names when the payload's names are null", async () => {
    const { client, userId, email } = await signUpVerified(h);
    await client.post("/api/auth/sync-user", { userId, email, firstName: "Grace", lastName: "Hopper" });
    await client.post("/api/auth/sync-user", { userId, email, firstName: null, lastName: null });
    const me = await (await client.get("/api/auth/user")).json();
    expect(me).toMatchObject({ user_metadata: { first_name: "Grace", last_name: "Hopper" } });
  });

  it("refuses a payload about another user and changes nothing of theirs", async () => {
    const alice = await signUpVerified(h);
    const bob = await signUpVerified(h);
    const response = await alice.client.post("/api/auth/sync-user", {
      userId: bob.userId,
      email: bob.email,
      firstName: "Mallory",
      lastName: null,
    });
    expect(response.status).toBe(403);
    const bobMe = await (await bob.client.get("/api/auth/user")).json();
    expect(bobMe).toMatchObject({ user_metadata: { first_name: null } });
  });

  it("requires a session and validates the payload", async () => {
    const anonymous = await h
      .client()
      .post("/api/auth/sync-user", { userId: "x", email: "a@b.co", firstName: null, lastName: null });
    expect(anonymous.status).toBe(401);
    const { client, userId, email } = await signUpVerified(h);
    const tooLong = await client.post("/api/auth/sync-user", {
      userId,
      email,
      firstName: "a".repeat(81),
      lastName: null,
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toBe(
      "Names are limited to 80 characters",
    );
    const notJson = await client.request("/api/auth/sync-user", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });
});
