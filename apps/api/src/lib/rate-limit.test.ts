import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { consumeRateLimit, enforceRateLimit, PRUNE_EVERY } from "./rate-limit.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const keys = async () =>
  (await h.deps.db.kysely.selectFrom("rate_limit").select("key").execute()).map((row) => row.key);

describe("the rate-limit table", () => {
  it("drops expired windows every PRUNE_EVERY hits, and keeps live ones", async () => {
    const { db } = h.deps;
    const now = Date.now();
    await db.kysely
      .insertInto("rate_limit")
      .values([
        { key: "test:expired:a", count: 3, reset_at: now - 1 },
        { key: "test:expired:b", count: 1, reset_at: now - 60_000 },
        { key: "test:live:c", count: 1, reset_at: now + 60_000 },
      ])
      .execute();
    const rule = { limit: 1_000_000, windowMs: 60_000 };
    // Whatever the count of hits so far, within PRUNE_EVERY more the expired rows are gone.
    let pruned = false;
    for (let hit = 0; hit < PRUNE_EVERY && !pruned; hit++) {
      await consumeRateLimit(db, "test:busy", rule, now);
      pruned = !(await keys()).includes("test:expired:a");
    }
    expect(pruned).toBe(true);
    const left = await keys();
    expect(left).not.toContain("test:expired:b");
    expect(left).toEqual(expect.arrayContaining(["test:live:c", "test:busy"]));
  });

  it("answers a spent limit with one 429 shape: RATE_LIMITED, the message and the wait", async () => {
    const { db } = h.deps;
    const rule = { limit: 1, windowMs: 90_000 };
    const at = new Date();
    const args = { db, key: "test:once", rule, now: at, message: (wait: number) => `wait ${wait}` };
    await enforceRateLimit(args);
    await expect(enforceRateLimit(args)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "wait 90",
      retryAfterSeconds: 90,
    });
  });
});
