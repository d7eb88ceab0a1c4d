import { downloadZip } from "../../../lib/download-zip.ts";

export { EXPORT_FAILED_FALLBACK } from "../../../lib/download-zip.ts";

export function reportFilename(id: number): string {
  return `analysis-report-${id}.zip`;
}

/** POST /api/analysis/{id}/export-pdf (docs/product.md#exports), saved as analysis-report-{id}.zip. */
export function exportAnalysisReport(id: number): Promise<void> {
  return downloadZip(`/api/analysis/${id}/export-pdf`, reportFilename(id));
}
