import { ZComparisonIdParam, ZComparisonRequest } from "@resumelens/contract";
import { apiRouter, jsonBody, privateRoute } from "../../lib/openapi.ts";
import { ZIdempotencyHeader } from "../analyses/analyses.routes.ts";
import { analysisRun } from "../analyses/analyses.service.ts";
import { analysisReadRate } from "../analyses/read-limits.ts";
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
      const { resumeId, jobDescriptions } = c.req.valid("json");
      const idempotencyKey = c.req.valid("header")["idempotency-key"];
      const run = analysisRun(c.var.user, c.get("deps"));
      return c.json(await createComparison({ ...run, resumeId, jobDescriptions, idempotencyKey }));
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
      const { db, now } = c.get("deps");
      const { userId } = c.var.user;
      await analysisReadRate.check({ db, userId, now: now() });
      return c.json(await getComparison({ db, userId, id }));
    },
  );
