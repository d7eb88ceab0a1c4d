import { ZAnalysisIdParam } from "@resumelens/contract";
import type { AppDeps } from "../../app-context.ts";
import { attachment } from "../../lib/http.ts";
import { apiRouter, privateRoute } from "../../lib/openapi.ts";
import { exportRate } from "./export-limits.ts";
import { exportPackage } from "./exports.service.ts";

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
    (c) =>
      packageDownload(
        c.get("deps"),
        c.var.user.userId,
        c.req.valid("param").id,
        "resume-analysis-package.zip",
      ),
  )
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/analysis/{id}/export-pdf",
      summary: "Download an analysis's report package (named after the analysis)",
      request: { params: ZAnalysisIdParam },
      responses: PACKAGE,
    }),
    (c) => {
      const { id } = c.req.valid("param");
      return packageDownload(c.get("deps"), c.var.user.userId, id, `analysis-report-${id}.zip`);
    },
  );

/** The caller's analysis `id` as a report package (one export counted against the rate), named `filename`. */
async function packageDownload(
  { db, now }: AppDeps,
  userId: string,
  id: number,
  filename: string,
): Promise<Response> {
  await exportRate.check({ db, userId, now: now() });
  return attachment(await exportPackage(db, userId, id), "application/zip", filename);
}
