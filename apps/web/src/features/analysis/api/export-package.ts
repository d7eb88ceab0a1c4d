import { downloadZip } from "../../../lib/download-zip.ts";

export { EXPORT_FAILED_FALLBACK } from "../../../lib/download-zip.ts";

/** The export package's file name (docs/product.md#exports). */
export const EXPORT_PACKAGE_FILENAME = "resume-analysis-package.zip";

/** POST /api/export-package/{id}, saved as resume-analysis-package.zip (docs/product.md#exports). */
export function exportAnalysisPackage(id: number): Promise<void> {
  return downloadZip(`/api/export-package/${id}`, EXPORT_PACKAGE_FILENAME);
}
