import { ZAnalysisIdParam, ZAnalyzeRequest, ZHistoryQuery } from "@resumelens/contract";
import { z } from "zod";
import { apiRouter, jsonBody, privateRoute } from "../../lib/openapi.ts";
import {
  analysisRun,
  createAnalysis,
  deleteAnalysis,
  getAnalysisBody,
  getAnalytics,
} from "./analyses.service.ts";
import { listHistory } from "./history.ts";
import { analysisReadRate } from "./read-limits.ts";

/** An optional Idempotency-Key header: visible ASCII, at most 255 characters (Stripe's rule). */
export const ZIdempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "The Idempotency-Key header must be 1 to 255 visible ASCII characters.")
    .optional(),
});

export const analysesRoutes = apiRouter()
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/analyze",
      summary: "Run an analysis of a resume against a job description",
      request: { headers: ZIdempotencyHeader, body: jsonBody(ZAnalyzeRequest) },
      responses: { 200: { description: "The analysis" } },
    }),
    async (c) => {
      const { resumeId, jobDescription } = c.req.valid("json");
      const idempotencyKey = c.req.valid("header")["idempotency-key"];
      const run = analysisRun(c.var.user, c.get("deps"));
      return c.json(await createAnalysis({ ...run, resumeId, jobDescription, idempotencyKey }));
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/analysis/{id}",
      summary: "One of the caller's analyses",
      request: { params: ZAnalysisIdParam },
      responses: { 200: { description: "The analysis" } },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db, now } = c.get("deps");
      const { userId } = c.var.user;
      await analysisReadRate.check({ db, userId, now: now() });
      // The stored JSON as it is: a stored result is never parsed on the request thread.
      return c.body(await getAnalysisBody({ db, userId, id }), 200, { "Content-Type": "application/json" });
    },
  )
  .openapi(
    privateRoute({
      method: "delete",
      path: "/api/analysis/{id}",
      summary: "Delete one of the caller's analyses",
      request: { params: ZAnalysisIdParam },
      responses: { 204: { description: "Deleted" } },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await deleteAnalysis({ db: c.get("deps").db, userId: c.var.user.userId, id });
      return c.body(null, 204);
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/user/analyses",
      summary: "The caller's analysis history, a page at a time (next page in the Link header)",
      request: { query: ZHistoryQuery },
      responses: { 200: { description: "History items" } },
    }),
    async (c) => {
      const { limit, offset } = c.req.valid("query");
      const { db, now } = c.get("deps");
      const { userId } = c.var.user;
      await analysisReadRate.check({ db, userId, now: now() });
      const page = await listHistory({ db, userId, limit, offset });
      // The body stays a list of history items (docs/product.md#history-limits); the next page is a standard
      // Link header.
      if (page.nextOffset !== null) {
        c.header("Link", `</api/user/analyses?limit=${limit}&offset=${page.nextOffset}>; rel="next"`);
      }
      return c.json(page.items);
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/user/analytics",
      summary: "The caller's analytics (counts, averages, trend)",
      responses: { 200: { description: "Analytics" } },
    }),
    async (c) => {
      const { db, now } = c.get("deps");
      return c.json(await getAnalytics({ db, userId: c.var.user.userId, now: now() }));
    },
  );
