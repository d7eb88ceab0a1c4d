import { LIMITS, MESSAGES } from "@resumelens/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { consumeRateLimit } from "../../lib/rate-limit.ts";

/** Report exports (both export routes together) per user, per fixed one-minute window. */
export const EXPORT_RATE = { limit: LIMITS.exportsPerMinute, windowMs: 60_000 } as const;

/**
 * Counts one export of `userId`, before anything is read or rendered; past the limit throws
 * AppError RATE_LIMITED (429) with MESSAGES.exportRateLimited. Counters live in the database, so
 * every API process enforces the same limit.
 */
export async function checkExportRate({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<void> {
  const result = await consumeRateLimit(db, `exports:${userId}`, EXPORT_RATE, now.getTime());
  if (!result.allowed) throw new AppError("RATE_LIMITED", MESSAGES.exportRateLimited);
}
