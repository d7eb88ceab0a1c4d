import type { TAuthUser, TSubscription, TSyncUser } from "@resumelens/contract";
import type { Db } from "../../db/database.ts";
import { toBool } from "../../db/database.ts";
import { AppError, unauthorized } from "../../lib/errors.ts";
import { monthlyUsage } from "../usage/monthly-allowance.ts";

/**
 * Characters no name needs and a display can be fooled by: C0 and C1 controls (including DEL, line
 * breaks and tabs), the line and paragraph separators, every format character (the bidirectional
 * overrides and isolates that reorder what follows them, zero-width spaces, the byte-order mark,
 * tag characters) and the fillers that show as nothing (Hangul fillers, the blank Braille pattern).
 * Joiners (ZWJ, ZWNJ) stay: real names in several scripts use them.
 */
const NAME_CONTROL_CHARACTERS =
  /(?![\u200c\u200d])[\p{Cc}\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0\u2800]/gu;

/** Whether a name holds a character of NAME_CONTROL_CHARACTERS. */
export function hasNameControlCharacters(name: string): boolean {
  return new RegExp(NAME_CONTROL_CHARACTERS.source, "u").test(name);
}

/**
 * A name with those characters removed and the spaces they left tidied; null when nothing is left.
 * For names that arrive without a person typing them (the sign-in sync from provider metadata).
 */
export function cleanName(name: string | null): string | null {
  if (name === null) return null;
  const cleaned = name.replace(NAME_CONTROL_CHARACTERS, "").replace(/\s+/g, " ").trim();
  return cleaned === "" ? null : cleaned;
}

/** Creates the rows every user has besides Better Auth's own: a profile and a free plan. */
export async function createUserRows(db: Db, userId: string): Promise<void> {
  await db.kysely
    .insertInto("profile")
    .values({ user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.kysely
    .insertInto("plan")
    .values({ user_id: userId, plan: "free" })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The user's plan: 'lifetime' only with a lifetime plan row, 'free' otherwise. */
export async function subscriptionOf(db: Db, userId: string): Promise<TSubscription> {
  const row = await db.kysely
    .selectFrom("plan")
    .select("plan")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.plan === "lifetime" ? "lifetime" : "free";
}

/** The User entity (docs/product.md#entities) with its plan info, for GET /api/auth/user. */
export async function getAuthUser({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<TAuthUser> {
  const row = await db.kysely
    .selectFrom("user")
    .leftJoin("profile", "profile.user_id", "user.id")
    .leftJoin("plan", "plan.user_id", "user.id")
    .select([
      "user.id",
      "user.email",
      "user.emailVerified",
      "profile.first_name",
      "profile.last_name",
      "plan.plan",
    ])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  const accounts = await db.kysely
    .selectFrom("account")
    .select("providerId")
    .where("userId", "=", userId)
    .execute();
  const subscription = row.plan === "lifetime" ? "lifetime" : "free";
  // Analyses run, not kept: deleting one frees no slot (the same count the limit uses).
  const usage = await monthlyUsage(db.kysely, { userId, subscription, now });
  return {
    id: row.id,
    email: row.email,
    emailVerified: toBool(row.emailVerified),
    user_metadata: { first_name: row.first_name ?? null, last_name: row.last_name ?? null },
    subscription,
    usageCount: usage.used,
    maxUsage: usage.max,
    providers: [...new Set(accounts.map((account) => account.providerId))].sort(),
  };
}

/**
 * Applies the user-sync payload (docs/product.md#api-calls) to the caller's own profile. The payload names
 * the user
 * it is about; it must be the session's user, so nobody can write another user's profile.
 */
export async function syncUser({
  db,
  session,
  payload,
  now,
}: {
  db: Db;
  session: { userId: string; email: string };
  payload: TSyncUser;
  now: Date;
}): Promise<void> {
  if (payload.userId !== session.userId || payload.email.toLowerCase() !== session.email.toLowerCase()) {
    throw new AppError("FORBIDDEN", "You can only sync your own account.");
  }
  await createUserRows(db, session.userId);
  const update: { first_name?: string | null; last_name?: string | null; updated_at: string } = {
    updated_at: now.toISOString(),
  };
  // A null name means "unknown" in the sync payload (docs/product.md#api-calls): it never erases a name the
  // user already saved.
  // The payload is not typed by a person (the client sends provider metadata after sign-in, and
  // nobody reads the answer), so control characters are stripped rather than refused.
  const firstName = cleanName(payload.firstName);
  const lastName = cleanName(payload.lastName);
  if (firstName) update.first_name = firstName;
  if (lastName) update.last_name = lastName;
  await db.kysely.updateTable("profile").set(update).where("user_id", "=", session.userId).execute();
}
