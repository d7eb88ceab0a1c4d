import { ZAnalyzeRequest } from "@resumelens/contract";
import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { readJson, recordIdParam, requireUser } from "../../lib/http.ts";
import { createAnalysis, deleteAnalysis, getAnalysis, getAnalytics } from "./analyses.service.ts";
import { listHistory, parseHistoryPaging } from "./history.ts";

/** An optional Idempotency-Key header: visible ASCII, at most 255 characters (Stripe's rule). */
function readIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new AppError(
      "BAD_REQUEST",
      "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
    );
  }
  return value;
}

export const analysesRoutes = new Hono<AppContext>()
  .post("/api/analyze", async (c) => {
    const { userId, email } = await requireUser(c);
    const { resumeId, jobDescription } = await readJson(c, ZAnalyzeRequest);
    const idempotencyKey = readIdempotencyKey(c.req.header("idempotency-key"));
    const { db, now, mailer, logger, env } = c.get("deps");
    const analysis = await createAnalysis({
      db,
      userId,
      email,
      resumeId,
      jobDescription,
      idempotencyKey,
      now: now(),
      mailer,
      logger,
      baseUrl: env.BASE_URL,
    });
    return c.json(analysis);
  })
  .get("/api/analysis/:id", async (c) => {
    const { userId } = await requireUser(c);
    const id = recordIdParam(c, "Analysis");
    return c.json(await getAnalysis({ db: c.get("deps").db, userId, id }));
  })
  .delete("/api/analysis/:id", async (c) => {
    const { userId } = await requireUser(c);
    const id = recordIdParam(c, "Analysis");
    await deleteAnalysis({ db: c.get("deps").db, userId, id });
    return c.body(null, 204);
  })
  .get("/api/user/analyses", async (c) => {
    const { userId } = await requireUser(c);
    const { limit, offset } = parseHistoryPaging({
      limit: c.req.query("limit"),
      offset: c.req.query("offset"),
    });
    const page = await listHistory({ db: c.get("deps").db, userId, limit, offset });
    // The body stays the spec's list of history items; the next page is a standard Link header.
    if (page.nextOffset !== null) {
      c.header("Link", `</api/user/analyses?limit=${limit}&offset=${page.nextOffset}>; rel="next"`);
    }
    return c.json(page.items);
  })
  .get("/api/user/analytics", async (c) => {
    const { userId } = await requireUser(c);
    const { db, now } = c.get("deps");
    return c.json(await getAnalytics({ db, userId, now: now() }));
  });
