import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { attachment, recordIdParam, requireUser } from "../../lib/http.ts";
import { exportRate } from "./export-limits.ts";
import { exportPackage } from "./exports.service.ts";

/** §7: both calls answer the same package; only the suggested file name differs. */
export const exportsRoutes = new Hono<AppContext>()
  .post("/api/export-package/:id", async (c) => {
    const { userId } = await requireUser(c);
    const id = recordIdParam(c, "Analysis");
    const { db, now } = c.get("deps");
    await exportRate.check({ db, userId, now: now() });
    return attachment(await exportPackage(db, userId, id), "application/zip", "resume-analysis-package.zip");
  })
  .post("/api/analysis/:id/export-pdf", async (c) => {
    const { userId } = await requireUser(c);
    const id = recordIdParam(c, "Analysis");
    const { db, now } = c.get("deps");
    await exportRate.check({ db, userId, now: now() });
    return attachment(await exportPackage(db, userId, id), "application/zip", `analysis-report-${id}.zip`);
  });
