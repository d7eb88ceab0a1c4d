import type { TUserSession } from "@resumelens/contract";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { toIso } from "../../db/database.ts";
import { describeUserAgent } from "./user-agent.ts";

/**
 * The user's sessions that have not expired, for Settings: browser and device from the User-Agent,
 * when each began and was last renewed, the caller's own marked and first. Tokens never leave.
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
      "expiresAt",
      sql<string | null>`"userAgent"`.as("userAgent"),
      sql<Date | string>`"createdAt"`.as("createdAt"),
      sql<Date | string>`"updatedAt"`.as("updatedAt"),
    ])
    .where("userId", "=", userId)
    .execute();
  const nowMs = now.getTime();
  return rows
    .filter((row) => new Date(toIso(row.expiresAt)).getTime() > nowMs)
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
