/** The spec's default when an export fails without a message (§8). */
export const EXPORT_FAILED_FALLBACK = "Failed to export analysis report";

export function reportFilename(id: number): string {
  return `analysis-report-${id}.zip`;
}

/**
 * POST /api/analysis/{id}/export-pdf with credentials (§7): the report package as a ZIP.
 * Throws 'Failed to export analysis: {status}' on a non-OK answer and
 * 'Invalid response format - expected ZIP file' when the answer is not a ZIP.
 */
export async function fetchAnalysisReport(id: number): Promise<Blob> {
  const res = await fetch(`/api/analysis/${id}/export-pdf`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "include",
  });
  if (!res.ok) throw new Error(`Failed to export analysis: ${res.status}`);
  const type = res.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("application/zip")) {
    throw new Error("Invalid response format - expected ZIP file");
  }
  return res.blob();
}

/** Hands a blob to the browser as a download. */
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
    // Let the download start before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Fetches the report and saves it as analysis-report-{id}.zip. */
export async function exportAnalysisReport(id: number): Promise<void> {
  saveBlob(await fetchAnalysisReport(id), reportFilename(id));
}
