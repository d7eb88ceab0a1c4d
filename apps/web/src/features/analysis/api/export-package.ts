import { downloadZip } from "../../../lib/download-zip.ts";

export { EXPORT_FAILED_FALLBACK } from "../../../lib/download-zip.ts";

/** The spec's file name for the export package (§9). */
export const EXPORT_PACKAGE_FILENAME = "resume-analysis-package.zip";

/** POST /api/export-package/{id}, saved as resume-analysis-package.zip (§7, §8). */
export function exportAnalysisPackage(id: number): Promise<void> {
  return downloadZip(`/api/export-package/${id}`, EXPORT_PACKAGE_FILENAME);
}
