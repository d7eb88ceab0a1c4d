/** The spec's file name for the export package (§9). */
export const EXPORT_PACKAGE_FILENAME = "resume-analysis-package.zip";

export const EXPORT_FAILED_FALLBACK = "Failed to export analysis report";
export const INVALID_EXPORT_FORMAT = "Invalid response format - expected ZIP file";

/** Saves a blob as a download through an object URL and a temporary <a download>. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * POST /api/export-package/{id} with cookies; checks the status and that a ZIP came back, then
 * saves it as resume-analysis-package.zip (§7, §8).
 */
export async function exportAnalysisPackage(id: number): Promise<void> {
  const res = await fetch(`/api/export-package/${id}`, { method: "POST", credentials: "include" });
  if (!res.ok) throw new Error(`Failed to export analysis: ${res.status}`);
  const contentType = res.headers.get("content-type") ?? "";
  if (!contentType.includes("application/zip")) throw new Error(INVALID_EXPORT_FORMAT);
  saveBlob(await res.blob(), EXPORT_PACKAGE_FILENAME);
}
