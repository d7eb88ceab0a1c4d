import { LIMITS } from "@resumelens/contract";
import { APIError } from "better-auth/api";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { toBool } from "../db/database.ts";
import { consumeRateLimit, rateLimitKey, tooManyMessage } from "../lib/rate-limit.ts";
import { SIGN_INS } from "./auth-guard.ts";

/*
 * What one account may hold in sessions (docs/product.md#rate-limits), whatever path makes them:
 * email sign-in, the second factor, a provider's callback, the sign-in after confirming an email.
 * Every one of those goes through Better Auth's `createSession`, so these run from its database hooks
 * (auth.ts), not from a list of endpoints that would miss the next one added.
 * docs/decisions/2026-12-02-sessions-and-reset-tokens.md says why.
 */

/** Characters of a User-Agent header a session keeps: enough for any real browser's (~150–300). */
export const USER_AGENT_MAX = 512;

/** The User-Agent as stored: at most USER_AGENT_MAX characters. */
export function clampUserAgent<T extends string | null | undefined>(userAgent: T): T {
  return (
    typeof userAgent === "string" && userAgent.length > USER_AGENT_MAX
      ? userAgent.slice(0, USER_AGENT_MAX)
      : userAgent
  ) as T;
}

/** What a session-creating request is, as far as the limits care (Better Auth's hook context). */
type SessionRequest = { path?: string; context?: { session?: unknown } } | null;

/** A session Better Auth has just made (or is making) for `userId`, and the request that made it. */
type NewSession = { db: Db; userId: string; request: SessionRequest; now: Date };

/**
 * Whether a new session is a sign-in, which spends the account's SIGN_INS budget. Two are not:
 * a session that replaces the caller's own (two-factor turned on or off: the caller is signed in
 * already), and the second-factor step, whose password step was counted.
 */
function isSignIn(request: SessionRequest): boolean {
  if (request?.context?.session) return false;
  return !request?.path?.startsWith("/two-factor/verify");
}

/**
 * Spends one of the account's sign-ins for a new session; past SIGN_INS refuses it with 429 in
 * Better Auth's error shape (a provider's callback turns it into `/auth?error=RATE_LIMITED` with the
 * message). Only sign-ins that passed every check get here: failed attempts have their own budgets
 * (auth-guard.ts), and nobody without the password or the mailbox can spend the owner's.
 */
export async function spendSignIn({ db, userId, request, now }: NewSession): Promise<void> {
  if (!isSignIn(request)) return;
  const result = await consumeRateLimit(
    db,
    rateLimitKey(SIGN_INS.scope, userId),
    SIGN_INS.rule,
    now.getTime(),
  );
  if (result.allowed) return;
  const message = tooManyMessage("sign-ins to this account", result.retryAfterSeconds);
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { code: "RATE_LIMITED", message },
    {
      "Retry-After": String(result.retryAfterSeconds),
    },
  );
}

/**
 * After a session is made: the account keeps its LIMITS.sessionsPerAccount most recently active
 * sessions and loses the others (and any expired one). A password step of an account with two-factor
 * is left alone: the two-factor plugin deletes that session at once, and the one the code makes is
 * capped instead (so knowing the password alone signs nobody out).
 */
export async function keepNewestSessions({ db, userId, request, now }: NewSession): Promise<void> {
  if (request?.path === "/sign-in/email" && (await hasTwoFactor(db, userId))) return;
  const newest = db.kysely
    .selectFrom("session")
    .select("id")
    .where("userId", "=", userId)
    .where("expiresAt", ">", now.toISOString())
    .orderBy(sql`"updatedAt"`, "desc")
    .orderBy(sql`"createdAt"`, "desc")
    .orderBy("id", "desc")
    .limit(LIMITS.sessionsPerAccount);
  await db.kysely.deleteFrom("session").where("userId", "=", userId).where("id", "not in", newest).execute();
}

async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const user = await db.kysely
    .selectFrom("user")
    .select("twoFactorEnabled")
    .where("id", "=", userId)
    .executeTakeFirst();
  return toBool(user?.twoFactorEnabled);
}
