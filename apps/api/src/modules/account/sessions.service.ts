import { LIMITS, type TUserSession } from "@resumelens/contract";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { toIso } from "../../db/database.ts";
import { describeUserAgent } from "./user-agent.ts";

/**
 * The user's sessions that have not expired, for Settings: browser and device from the User-Agent,
 * when each began and was last renewed, the caller's own marked and first. Tokens never leave.
 * At most LIMITS.sessionsPerAccount rows are read (the caller's and the most recently active): an
 * account holds no more than that (auth/session-limits.ts), and one that did before the limit must
 * not make this request cost more.
 */
export async function listSessions({
  db,
  userId,
  currentSessionId,
  now,
}: {
  db: Db;
  userId: string;
  currentSessionId: string;
  now: Date;
}): Promise<TUserSession[]> {
  const rows = await db.kysely
    .selectFrom("session")
    .select([
      "id",
      sql<string | null>`"userAgent"`.as("userAgent"),
      sql<Date | string>`"createdAt"`.as("createdAt"),
      sql<Date | string>`"updatedAt"`.as("updatedAt"),
    ])
    .where("userId", "=", userId)
    .where("expiresAt", ">", now.toISOString())
    .orderBy(sql`case when ${sql.ref("id")} = ${currentSessionId} then 0 else 1 end`)
    .orderBy(sql`"updatedAt"`, "desc")
    .orderBy("id")
    .limit(LIMITS.sessionsPerAccount)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      createdAt: toIso(row.createdAt),
      lastActiveAt: toIso(row.updatedAt),
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/** "Sign out everywhere": ends every session of the user but the caller's; returns how many ended. */
export async function signOutOtherSessions({
  db,
  userId,
  currentSessionId,
}: {
  db: Db;
  userId: string;
  currentSessionId: string;
}): Promise<number> {
  const result = await db.kysely
    .deleteFrom("session")
    .where("userId", "=", userId)
    .where("id", "!=", currentSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
