import { CAREER_ROLE_PATTERN } from "@resumelens/engine";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { readJson, requireUser } from "../../lib/http.ts";
import {
  checkCareerQuery,
  checkCareerRate,
  getCareerPath,
  getCareerTarget,
  searchCareerRoles,
  setCareerTarget,
} from "./career.service.ts";

const ZCareerTargetInput = z.object({ role: z.string().regex(CAREER_ROLE_PATTERN) }).strict();

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
  })
  .get("/api/career-role", async (c) => {
    const { userId } = await requireUser(c);
    return c.json(await getCareerTarget({ db: c.get("deps").db, userId }));
  })
  .put("/api/career-role", async (c) => {
    const { userId } = await requireUser(c);
    const { role } = await readJson(c, ZCareerTargetInput);
    const { db, now } = c.get("deps");
    // Choosing a role is as cheap as a search and counts with searches.
    await checkCareerRate({ db, userId, kind: "search", now: now() });
    return c.json(await setCareerTarget({ db, userId, role, now: now() }));
  });
