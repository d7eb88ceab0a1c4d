import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { attachment, requireUser } from "../../lib/http.ts";
import { exportPackage } from "./exports.service.ts";

/** A positive integer id from the path, or 400. */
function analysisId(raw: string): number {
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id))
    throw new AppError("BAD_REQUEST", "The analysis id must be a positive number.");
  return id;
}

/** §7: both calls answer the same package; only the suggested file name differs. */
export const exportsRoutes = new Hono<AppContext>()
  .post("/api/export-package/:id", async (c) => {
    const { userId } = await requireUser(c);
    const id = analysisId(c.req.param("id"));
    return attachment(
      await exportPackage(c.get("deps").db, userId, id),
      "application/zip",
      "resume-analysis-package.zip",
    );
  })
  .post("/api/analysis/:id/export-pdf", async (c) => {
    const { userId } = await requireUser(c);
    const id = analysisId(c.req.param("id"));
    return attachment(
      await exportPackage(c.get("deps").db, userId, id),
      "application/zip",
      `analysis-report-${id}.zip`,
    );
  });
