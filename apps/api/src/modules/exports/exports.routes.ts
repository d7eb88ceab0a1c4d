import { recordIdParamSchema } from "@resumelens/contract";
import { z } from "zod";
import { attachment } from "../../lib/http.ts";
import { apiRouter, privateRoute } from "../../lib/openapi.ts";
import { exportRate } from "./export-limits.ts";
import { exportPackage } from "./exports.service.ts";

const ZAnalysisIdParam = z.object({ id: recordIdParamSchema("Analysis") });
const PACKAGE = { 200: { description: "The report package (ZIP: PDF, HTML, Markdown)" } };

/** docs/product.md#exports: both calls answer the same package; only the suggested file name differs. */
export const exportsRoutes = apiRouter()
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/export-package/{id}",
      summary: "Download an analysis's report package",
      request: { params: ZAnalysisIdParam },
      responses: PACKAGE,
    }),
    async (c) => {
      const { userId } = c.var.user;
      const { id } = c.req.valid("param");
      const { db, now } = c.get("deps");
      await exportRate.check({ db, userId, now: now() });
      return attachment(
        await exportPackage(db, userId, id),
        "application/zip",
        "resume-analysis-package.zip",
      );
    },
  )
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/analysis/{id}/export-pdf",
      summary: "Download an analysis's report package (named after the analysis)",
      request: { params: ZAnalysisIdParam },
      responses: PACKAGE,
    }),
    async (c) => {
      const { userId } = c.var.user;
      const { id } = c.req.valid("param");
      const { db, now } = c.get("deps");
      await exportRate.check({ db, userId, now: now() });
      return attachment(await exportPackage(db, userId, id), "application/zip", `analysis-report-${id}.zip`);
    },
  );
