import { ZAnalyzeRequest } from "@resumelens/contract";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { readJson, requireUser } from "../../lib/http.ts";
import {
  createAnalysis,
  deleteAnalysis,
  getAnalysis,
  getAnalytics,
  listAnalyses,
} from "./analyses.service.ts";

/** Largest id a PostgreSQL serial can hold: anything above cannot exist. */
const MAX_ID = 2_147_483_647;

/** The :id of an analysis path: 400 when it is not a number, 404 when it cannot be an id. */
function analysisId(c: Context<AppContext>): number {
  const raw = c.req.param("id") ?? "";
  if (!/^\d{1,20}$/.test(raw)) throw new AppError("BAD_REQUEST", "The analysis id must be a number.");
  const id = Number(raw);
  if (id < 1 || id > MAX_ID) throw new AppError("NOT_FOUND", "Analysis not found");
  return id;
}

export const analysesRoutes = new Hono<AppContext>()
  .post("/api/analyze", async (c) => {
    const { userId, email } = await requireUser(c);
    const { resumeId, jobDescription } = await readJson(c, ZAnalyzeRequest);
    const { db, now, mailer, logger, env } = c.get("deps");
    const analysis = await createAnalysis({
      db,
      userId,
      email,
      resumeId,
      jobDescription,
      now: now(),
      mailer,
      logger,
      baseUrl: env.BASE_URL,
    });
    return c.json(analysis);
  })
  .get("/api/analysis/:id", async (c) => {
    const { userId } = await requireUser(c);
    const id = analysisId(c);
    return c.json(await getAnalysis({ db: c.get("deps").db, userId, id }));
  })
  .delete("/api/analysis/:id", async (c) => {
    const { userId } = await requireUser(c);
    const id = analysisId(c);
    await deleteAnalysis({ db: c.get("deps").db, userId, id });
    return c.body(null, 204);
  })
  .get("/api/user/analyses", async (c) => {
    const { userId } = await requireUser(c);
    return c.json(await listAnalyses({ db: c.get("deps").db, userId }));
  })
  .get("/api/user/analytics", async (c) => {
    const { userId } = await requireUser(c);
    const { db, now } = c.get("deps");
    return c.json(await getAnalytics({ db, userId, now: now() }));
  });
