import { ZComparisonIdParam, ZComparisonRequest } from "@resumelens/contract";
import { apiRouter, jsonBody, privateRoute } from "../../lib/openapi.ts";
import { ZIdempotencyHeader } from "../analyses/analyses.routes.ts";
import { llmSettings } from "../analyses/rewrite-prose.ts";
import { createComparison, getComparison } from "./comparisons.service.ts";

export const comparisonsRoutes = apiRouter()
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/comparisons",
      summary: "Run one resume against 2 to 5 job descriptions (Lifetime plan); each counts as one analysis",
      request: { headers: ZIdempotencyHeader, body: jsonBody(ZComparisonRequest) },
      responses: { 200: { description: "The comparison: postings ranked by score, shared requirements" } },
    }),
    async (c) => {
      const { userId, email } = c.var.user;
      const { resumeId, jobDescriptions } = c.req.valid("json");
      const idempotencyKey = c.req.valid("header")["idempotency-key"];
      const { db, now, mailer, logger, env } = c.get("deps");
      const comparison = await createComparison({
        db,
        userId,
        email,
        resumeId,
        jobDescriptions,
        idempotencyKey,
        now: now(),
        mailer,
        logger,
        baseUrl: env.BASE_URL,
        llm: llmSettings(env),
      });
      return c.json(comparison);
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/comparisons/{id}",
      summary: "One of the caller's comparisons, from its remaining analyses",
      request: { params: ZComparisonIdParam },
      responses: { 200: { description: "The comparison" } },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await getComparison({ db: c.get("deps").db, userId: c.var.user.userId, id }));
    },
  );
