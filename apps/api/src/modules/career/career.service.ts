import { type TCareerPath, type TCareerRole, ZAnalysisResult } from "@resumelens/contract";
import { careerPath, careerRoles } from "@resumelens/engine";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";

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
          .select(["text"])
          .where("id", "=", latest.resume_id)
          .where("user_id", "=", userId)
          .executeTakeFirst()
      : undefined;

  const path = careerPath({ role, analysis, resumeText: resume?.text ?? null, now });
  if (!path) {
    throw new AppError("NOT_FOUND", `No career path for '${role}'. Search for a role to pick one.`);
  }
  return path;
}
