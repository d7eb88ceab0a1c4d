import { LIMITS, MESSAGES } from "@resumelens/contract";
import { CAREER_ROLE_PATTERN } from "@resumelens/engine";
import { z } from "zod";
import { apiRouter, jsonBody, privateRoute } from "../../lib/openapi.ts";
import {
  checkCareerRate,
  getCareerPath,
  getCareerTarget,
  searchCareerRoles,
  setCareerTarget,
} from "./career.service.ts";

const ZCareerTargetInput = z.object({ role: z.string().regex(CAREER_ROLE_PATTERN) }).strict();

const ZCareerRoleParam = z.object({
  role: z.string().regex(CAREER_ROLE_PATTERN, "A role is a slug of lower-case letters, digits and hyphens."),
});

/** A refused query costs nothing: the schema answers before the search counts against the user. */
const ZCareerSearchQuery = z.object({
  q: z.string().max(LIMITS.careerQueryMax, MESSAGES.careerQueryTooLong).optional(),
});

export const careerRoutes = apiRouter()
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/career-roles",
      summary: "Search target roles (common roles without a query)",
      request: { query: ZCareerSearchQuery },
      responses: { 200: { description: "Matching roles" } },
    }),
    async (c) => {
      const { db, now } = c.get("deps");
      await checkCareerRate({ db, userId: c.var.user.userId, kind: "search", now: now() });
      return c.json(searchCareerRoles({ query: c.req.valid("query").q ?? "" }));
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/career-path/{role}",
      summary: "The career path from the caller's resume to a role",
      request: { params: ZCareerRoleParam },
      responses: { 200: { description: "The career path" } },
    }),
    async (c) => {
      const { userId } = c.var.user;
      const { role } = c.req.valid("param");
      const { db, now } = c.get("deps");
      await checkCareerRate({ db, userId, kind: "path", now: now() });
      return c.json(await getCareerPath({ db, userId, role, now: now() }));
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/career-role",
      summary: "The caller's target role",
      responses: { 200: { description: "The target role, if any" } },
    }),
    async (c) => c.json(await getCareerTarget({ db: c.get("deps").db, userId: c.var.user.userId })),
  )
  .openapi(
    privateRoute({
      method: "put",
      path: "/api/career-role",
      summary: "Choose the caller's target role",
      request: { body: jsonBody(ZCareerTargetInput) },
      responses: { 200: { description: "The target role" } },
    }),
    async (c) => {
      const { userId } = c.var.user;
      const { role } = c.req.valid("json");
      const { db, now } = c.get("deps");
      // Choosing a role is as cheap as a search and counts with searches.
      await checkCareerRate({ db, userId, kind: "search", now: now() });
      return c.json(await setCareerTarget({ db, userId, role, now: now() }));
    },
  );
