import { LIMITS, MESSAGES } from "@resumelens/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { perUserRate } from "../../lib/rate-limit.ts";

/*
 * What one user may add: resumes (uploaded or pasted) and LinkedIn imports per minute, and how much
 * resume storage they may hold. Counters live in the database (rate_limit, resume), so every API
 * process enforces the same limits.
 */

/**
 * Uploads, pasted resumes and LinkedIn imports per user, per fixed one-minute window. Refused files
 * count too (they cost the server as much); a duplicate (double-click) request is refunded.
 */
export const uploadRate = perUserRate(
  "uploads",
  { limit: LIMITS.uploadsPerMinute, windowMs: 60_000 },
  MESSAGES.uploadRateLimited,
);

/** How long a second identical upload or paste answers the first resume instead of storing again. */
export const DUPLICATE_WINDOW_MS = 10_000;

/**
 * Bytes of resume storage `userId` holds: original files, extracted text and what was read from it
 * (the stored parse and layout: a paste's parse was once 25 times its text, uncounted).
 */
export async function storageUsed(executor: Kysely<Database>, userId: string): Promise<number> {
  const row = await executor
    .selectFrom("resume")
    .select([
      sql<number | string | null>`sum(size_bytes)`.as("bytes"),
      sql<
        number | string | null
      >`sum(length(text) + coalesce(length(parsed_json), 0) + coalesce(length(layout_json), 0))`.as("chars"),
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
