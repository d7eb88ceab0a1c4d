import { LIMITS, MESSAGES, type TCareerPath, type TCareerRole } from "@resumelens/contract";
import { CAREER_ROLE_PATTERN, resolveCareerRole } from "@resumelens/engine";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { consumeRateLimit } from "../../lib/rate-limit.ts";
import { ownedResume } from "../documents/documents.service.ts";
import { type DocumentPool, documentPool } from "../documents/pool.ts";
import { findCareerRoles } from "./career-search.ts";

/**
 * Most resume characters a career path reads. The roadmap needs the resume's skills and latest
 * title, which a real resume states in its first pages (two pages are about 6,000 characters);
 * the engine's parse costs about a millisecond per kilobyte, so this bounds a path's work at
 * ~20 ms (in the worker pool) whatever the stored text.
 */
export const CAREER_RESUME_TEXT_MAX = 20_000;

/** Most roles a search returns. */
export const MAX_CAREER_ROLES = 20;

/** Role searches and career paths per user, per fixed one-minute window (counters in the database). */
export const CAREER_SEARCH_RATE = { limit: LIMITS.careerSearchesPerMinute, windowMs: 60_000 } as const;
export const CAREER_PATH_RATE = { limit: LIMITS.careerPathsPerMinute, windowMs: 60_000 } as const;

/**
 * Counts one career request of `userId` ("search" or "path"); past the limit throws AppError
 * RATE_LIMITED (429) with MESSAGES.careerRateLimited.
 */
export async function checkCareerRate({
  db,
  userId,
  kind,
  now,
}: {
  db: Db;
  userId: string;
  kind: "search" | "path";
  now: Date;
}): Promise<void> {
  const rule = kind === "search" ? CAREER_SEARCH_RATE : CAREER_PATH_RATE;
  const result = await consumeRateLimit(db, `career-${kind}:${userId}`, rule, now.getTime());
  if (!result.allowed) throw new AppError("RATE_LIMITED", MESSAGES.careerRateLimited);
}

/** A role search over LIMITS.careerQueryMax characters is BAD_REQUEST (400). */
export function checkCareerQuery(query: string): void {
  if (query.length > LIMITS.careerQueryMax) throw new AppError("BAD_REQUEST", MESSAGES.careerQueryTooLong);
}

/**
 * GET /api/career-roles: target roles matching a search (common roles without one), from the
 * prebuilt index (see career-search.ts).
 */
export function searchCareerRoles({ query }: { query: string }): TCareerRole[] {
  checkCareerQuery(query);
  return findCareerRoles(query, MAX_CAREER_ROLES);
}

/**
 * GET /api/career-path/:role: the roadmap to `role`, personalised from the caller's latest
 * analysis and that analysis's resume (both looked up by owner), built in the worker pool (the
 * engine parses the resume). Unknown roles are NOT_FOUND.
 */
export async function getCareerPath({
  db,
  userId,
  role,
  now,
  pool = documentPool(),
}: {
  db: Db;
  userId: string;
  role: string;
  now: Date;
  pool?: DocumentPool;
}): Promise<TCareerPath> {
  const latest = await db.kysely
    .selectFrom("analysis")
    .select(["result_json", "resume_id"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  // The stored analysis is read in the worker (a stored result is never parsed on the request thread).
  const resume =
    latest?.resume_id != null
      ? await ownedResume(db, userId, latest.resume_id)
          // Only the part the roadmap reads leaves the database.
          .select((eb) =>
            eb.fn<string>("substr", ["text", eb.val(1), eb.val(CAREER_RESUME_TEXT_MAX)]).as("text"),
          )
          .executeTakeFirst()
      : undefined;

  const path = await pool.careerPath(
    {
      role,
      analysisJson: latest?.result_json ?? null,
      resumeText: resume ? resume.text.slice(0, CAREER_RESUME_TEXT_MAX) : null,
    },
    { now, owner: userId },
  );
  if (!path) {
    throw new AppError("NOT_FOUND", `No career path for '${role}'. Search for a role to pick one.`);
  }
  return path;
}

/** The career target as the API answers it: the role slug the user chose, or null for none yet. */
export type CareerTarget = { role: string | null };

/** GET /api/career-role: the target role the user chose in Settings → Career Path (stored on the
 *  profile, so it follows the user across reloads and devices). A role that no longer resolves
 *  (data rebuilt without it) reads as none. */
export async function getCareerTarget({ db, userId }: { db: Db; userId: string }): Promise<CareerTarget> {
  const row = await db.kysely
    .selectFrom("profile")
    .select("career_role")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const role = row?.career_role ?? null;
  return { role: role && resolveCareerRole(role) ? role : null };
}

/** PUT /api/career-role {role}: remembers the chosen target role. Unknown roles are NOT_FOUND. */
export async function setCareerTarget({
  db,
  userId,
  role,
  now,
}: {
  db: Db;
  userId: string;
  role: string;
  now: Date;
}): Promise<CareerTarget> {
  if (!CAREER_ROLE_PATTERN.test(role) || !resolveCareerRole(role)) {
    throw new AppError("NOT_FOUND", `No career path for '${role}'. Search for a role to pick one.`);
  }
  const updatedAt = now.toISOString();
  await db.kysely
    .insertInto("profile")
    .values({ user_id: userId, career_role: role, updated_at: updatedAt })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ career_role: role, updated_at: updatedAt }))
    .execute();
  return { role };
}
