import { LIMITS, MESSAGES } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../../test/harness.ts";
import { assertMonthlyAllowance, monthlyAllowanceOf, monthlyUsage } from "./monthly-allowance.ts";
import { recordRun } from "./monthly-usage.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("the plan's monthly allowance", () => {
  it("is the contract's three a month on the free plan and none on Lifetime", () => {
    expect(monthlyAllowanceOf("free")).toBe(LIMITS.freeMonthlyAnalyses);
    expect(monthlyAllowanceOf("lifetime")).toBeNull();
  });

  it("refuses the run past the allowance with the spec's text; last month's runs do not count", async () => {
    const { userId } = await signUpVerified(h);
    const { kysely } = h.deps.db;
    const now = new Date("2026-05-20T10:00:00Z");
    const run = async (createdAt: string) => {
      const { id } = await kysely
        .insertInto("analysis")
        .values({
          user_id: userId,
          job_description: "x",
          result_json: "{}",
          engine_version: "t",
          overall_score: 50,
          created_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordRun(kysely, { userId, analysisId: Number(id), key: null, createdAt });
    };
    await run("2026-04-30T23:59:59.000Z");
    await run("2026-05-01T00:00:00.000Z");
    await run("2026-05-02T00:00:00.000Z");
    const who = { userId, now };
    await expect(assertMonthlyAllowance(kysely, { ...who, subscription: "free" })).resolves.toBeUndefined();
    expect(await monthlyUsage(kysely, { ...who, subscription: "free" })).toEqual({ used: 2, max: 3 });

    await run("2026-05-03T00:00:00.000Z");
    await expect(assertMonthlyAllowance(kysely, { ...who, subscription: "free" })).rejects.toMatchObject({
      code: "LIMIT_REACHED",
      message: MESSAGES.monthlyLimitReached,
    });
    await expect(
      assertMonthlyAllowance(kysely, { ...who, subscription: "lifetime" }),
    ).resolves.toBeUndefined();
    expect(await monthlyUsage(kysely, { ...who, subscription: "lifetime" })).toEqual({
      used: 3,
      max: LIMITS.unlimitedSentinel,
    });
  });
});
