import { sql } from "kysely";
import type { Db } from "../db/database.ts";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window kept in the database, so every API process
 * sharing the database enforces the same limit. One atomic upsert, no read-then-write race.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const resetAt = now + rule.windowMs;
  const row = await db.kysely
    .insertInto("rate_limit")
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limit.reset_at <= ${now} then 1 else rate_limit.count + 1 end`,
        reset_at: sql<number>`case when rate_limit.reset_at <= ${now} then ${resetAt} else rate_limit.reset_at end`,
      }),
    )
    .returning(["count", "reset_at"])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000)),
  };
}

/** Drops expired windows; called now and then so the table stays small. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.kysely.deleteFrom("rate_limit").where("reset_at", "<=", now).execute();
}
