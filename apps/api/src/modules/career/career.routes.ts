import { CAREER_ROLE_PATTERN } from "@resumelens/engine";
import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { requireUser } from "../../lib/http.ts";
import { checkCareerQuery, checkCareerRate, getCareerPath, searchCareerRoles } from "./career.service.ts";

export const careerRoutes = new Hono<AppContext>()
  .get("/api/career-roles", async (c) => {
    const { userId } = await requireUser(c);
    const { db, now } = c.get("deps");
    const query = c.req.query("q") ?? "";
    // A refused query costs nothing, so it does not count against the user's searches.
    checkCareerQuery(query);
    await checkCareerRate({ db, userId, kind: "search", now: now() });
    return c.json(searchCareerRoles({ query }));
  })
  .get("/api/career-path/:role", async (c) => {
    const { userId } = await requireUser(c);
    const role = c.req.param("role");
    if (!CAREER_ROLE_PATTERN.test(role)) {
      throw new AppError("BAD_REQUEST", "A role is a slug of lower-case letters, digits and hyphens.");
    }
    const { db, now } = c.get("deps");
    await checkCareerRate({ db, userId, kind: "path", now: now() });
    return c.json(await getCareerPath({ db, userId, role, now: now() }));
  });
