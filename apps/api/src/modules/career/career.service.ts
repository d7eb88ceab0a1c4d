import { type TCareerPath, type TCareerRole, ZAnalysisResult } from "@resumelens/contract";
import { careerPath, careerRoles } from "@resumelens/engine";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";

/**
 * Most resume characters a career path reads. The roadmap needs the resume's skills and latest
 * title, which a real resume states in its first pages (two pages are about 6,000 characters);
 * the engine's parse costs about a millisecond per kilobyte on the request thread, so a stored
 * 2.4 MB text would block every other request for seconds. Here it costs at most ~0.1 s.
 */
export const CAREER_RESUME_TEXT_MAX = 20_000;

/** Most roles a search returns. */
export const MAX_CAREER_ROLES = 20;

/** GET /api/career-roles: target roles matching a search (common roles without one). */
export function searchCareerRoles({ query }: { query: string }): TCareerRole[] {
  return careerRoles(query.slice(0, 100), MAX_CAREER_ROLES);
}

/**
 * GET /api/career-path/:role: the roadmap to `role`, personalised from the caller's latest
 * analysis and that analysis's resume (both looked up by owner). Unknown roles are NOT_FOUND.
 */
export async function getCareerPath({
  db,
  userId,
  role,
  now,
}: {
  db: Db;
  userId: string;
  role: string;
  now: Date;
}): Promise<TCareerPath> {
  const latest = await db.kysely
    .selectFrom("analysis")
    .select(["result_json", "resume_id"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  // An analysis stored by an older engine that no longer parses only loses the personalisation.
  const parsed = latest ? ZAnalysisResult.safeParse(JSON.parse(latest.result_json)) : null;
  const analysis = parsed?.success ? parsed.data : null;
  const resume =
    analysis && latest?.resume_id != null
      ? await db.kysely
          .selectFrom("resume")
          // Only the part the roadmap reads leaves the database.
          .select((eb) =>
            eb.fn<string>("substr", ["text", eb.val(1), eb.val(CAREER_RESUME_TEXT_MAX)]).as("text"),
          )
          .where("id", "=", latest.resume_id)
          .where("user_id", "=", userId)
          .executeTakeFirst()
      : undefined;

  const resumeText = resume ? resume.text.slice(0, CAREER_RESUME_TEXT_MAX) : null;
  const path = careerPath({ role, analysis, resumeText, now });
  if (!path) {
    throw new AppError("NOT_FOUND", `No career path for '${role}'. Search for a role to pick one.`);
  }
  return path;
}
