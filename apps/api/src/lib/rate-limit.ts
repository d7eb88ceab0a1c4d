import type { MiddlewareHandler } from "hono";
import { type Kysely, sql } from "kysely";
import type { AuthedContext } from "../auth/require-auth.ts";
import type { Db } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "./errors.ts";

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
  await pruneNowAndThen(db, now);
  const count = Number(row.count);
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000)),
  };
}

/**
 * Takes back one hit of `key` (never below zero): for limits that count failures only, a request
 * is counted before it runs (so concurrent guesses cannot all slip past the check) and refunded
 * when it turns out to have succeeded.
 */
export async function refundRateLimit(db: Db, key: string): Promise<void> {
  await db.kysely
    .updateTable("rate_limit")
    .set({ count: sql<number>`case when rate_limit.count > 0 then rate_limit.count - 1 else 0 end` })
    .where("key", "=", key)
    .execute();
}

/** Drops expired windows (and expired TOTP steps, see totp-replay.ts): see pruneNowAndThen. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.kysely.deleteFrom("rate_limit").where("reset_at", "<=", now).execute();
}

/**
 * Counted hits between two prunings. Every window, IP address and email ever seen leaves a row;
 * without pruning the table only grows. Pruning on writes (not a timer) needs no process lifecycle
 * and costs nothing while nobody calls: one delete every PRUNE_EVERY hits, a table scan (reset_at
 * has no index) over a table that pruning keeps small.
 */
export const PRUNE_EVERY = 500;
const hitsSincePrune = new WeakMap<Db, number>();

async function pruneNowAndThen(db: Db, now: number): Promise<void> {
  const hits = (hitsSincePrune.get(db) ?? 0) + 1;
  hitsSincePrune.set(db, hits >= PRUNE_EVERY ? 0 : hits);
  if (hits >= PRUNE_EVERY) await pruneRateLimits(db, now);
}

/** The text of a 429 that names the wait: 'Too many {what}. Please wait 3 minutes and try again.' */
export function tooManyMessage(what: string, retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/**
 * The one rate-limit answer of our routes: counts one hit of `key` and, past `rule`, throws AppError
 * RATE_LIMITED (429) with the message (a text, or one made from the wait in seconds) and Retry-After.
 */
export async function enforceRateLimit({
  db,
  key,
  rule,
  message,
  now,
}: {
  db: Db;
  key: string;
  rule: RateLimitRule;
  message: string | ((retryAfterSeconds: number) => string);
  now: Date;
}): Promise<void> {
  const result = await consumeRateLimit(db, key, rule, now.getTime());
  if (result.allowed) return;
  const text = typeof message === "string" ? message : message(result.retryAfterSeconds);
  throw new AppError("RATE_LIMITED", text, result.retryAfterSeconds);
}

/**
 * A per-user limit on one kind of request (uploads, exports, analyses): `check` counts one before
 * the work and, past the rule, throws AppError RATE_LIMITED (429) with `message`; `refund` gives
 * back what a request that turned out to be a repeat (a double click) counted. Counters live in the
 * database, so every API process enforces the same limit.
 */
export function perUserRate(scope: string, rule: RateLimitRule, message: string) {
  const key = (userId: string) => rateLimitKey(scope, userId);
  return {
    rule,
    check: ({ db, userId, now }: { db: Db; userId: string; now: Date }): Promise<void> =>
      enforceRateLimit({ db, key: key(userId), rule, message, now }),
    /** `check` for the signed-in caller, as a route middleware (before the body is read). */
    middleware: (async (c, next) => {
      const { db, now } = c.get("deps");
      await enforceRateLimit({ db, key: key(c.var.user.userId), rule, message, now: now() });
      await next();
    }) satisfies MiddlewareHandler<AuthedContext>,
    refund: ({ db, userId }: { db: Db; userId: string }): Promise<void> => refundRateLimit(db, key(userId)),
  };
}

/**
 * The key of a counter about one subject (an IP address, an email, a user id). The subject is always
 * the last `:`-separated part, so the counters of one subject can be found exactly (see below).
 */
export function rateLimitKey(scope: string, subject: string): string {
  return `${scope}:${subject}`;
}

/**
 * Deletes every counter whose subject (the part after the last `:` written by `rateLimitKey`) is
 * exactly one of `subjects`. Exact, never a substring: deleting `bob@example.com` must not clear the
 * sign-in lock of `alice-bob@example.com`. Emails are compared lower-cased, as the limiter stores them.
 */
export async function deleteRateLimitsFor(
  kysely: Kysely<Database>,
  subjects: readonly string[],
): Promise<void> {
  const suffixes = [...new Set(subjects.filter((subject) => subject !== "").map((subject) => `:${subject}`))];
  if (suffixes.length === 0) return;
  await kysely
    .deleteFrom("rate_limit")
    .where((eb) =>
      eb.or(
        suffixes.map(
          (suffix) =>
            // substr/length exist with the same meaning in SQLite and PostgreSQL.
            sql<boolean>`(length(${sql.ref("key")}) > length(${suffix}) and substr(${sql.ref("key")}, length(${sql.ref("key")}) - length(${suffix}) + 1) = ${suffix})`,
        ),
      ),
    )
    .execute();
}
