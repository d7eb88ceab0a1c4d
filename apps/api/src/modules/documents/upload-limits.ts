import { LIMITS, MESSAGES } from "@resumelens/contract";
import { type Kysely, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { consumeRateLimit } from "../../lib/rate-limit.ts";

/*
 * What one user may add: resumes (uploaded or pasted) and LinkedIn imports per minute, and how much
 * resume storage they may hold. Counters live in the database (rate_limit, resume), so every API
 * process enforces the same limits.
 */

/** Uploads, pasted resumes and LinkedIn imports per user, per fixed one-minute window. */
export const UPLOAD_RATE = { limit: LIMITS.uploadsPerMinute, windowMs: 60_000 } as const;

/** How long a second identical upload or paste answers the first resume instead of storing again. */
export const DUPLICATE_WINDOW_MS = 10_000;

const rateKey = (userId: string) => `uploads:${userId}`;

/**
 * Counts one upload attempt of `userId` (refused files count too: they cost the server as much);
 * past the limit throws AppError RATE_LIMITED (429) with MESSAGES.uploadRateLimited.
 */
export async function checkUploadRate({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<void> {
  const result = await consumeRateLimit(db, rateKey(userId), UPLOAD_RATE, now.getTime());
  if (!result.allowed) throw new AppError("RATE_LIMITED", MESSAGES.uploadRateLimited);
}

/** Gives back the attempt a duplicate (double-click) request counted: it stored nothing. */
export async function refundUploadRate({ db, userId }: { db: Db; userId: string }): Promise<void> {
  await db.kysely
    .updateTable("rate_limit")
    .set({ count: sql<number>`count - 1` })
    .where("key", "=", rateKey(userId))
    .where("count", ">", 0)
    .execute();
}

/** Bytes of resume storage `userId` holds: original files plus extracted text. */
export async function storageUsed(executor: Kysely<Database>, userId: string): Promise<number> {
  const row = await executor
    .selectFrom("resume")
    .select([
      sql<number | string | null>`sum(size_bytes)`.as("bytes"),
      sql<number | string | null>`sum(length(text))`.as("chars"),
    ])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0) + Number(row?.chars ?? 0);
}

/**
 * Throws AppError LIMIT_REACHED (403) with MESSAGES.storageQuotaReached when adding `adding` bytes
 * would take `userId` past LIMITS.userStorageMaxBytes.
 */
export async function assertStorageAvailable(
  executor: Kysely<Database>,
  userId: string,
  adding: number,
): Promise<void> {
  if ((await storageUsed(executor, userId)) + adding > LIMITS.userStorageMaxBytes) {
    throw new AppError("LIMIT_REACHED", MESSAGES.storageQuotaReached);
  }
}
