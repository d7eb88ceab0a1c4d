import { saveBlob } from "./download-file.ts";

/** The spec's default when an export fails without a message (§8). */
export const EXPORT_FAILED_FALLBACK = "Failed to export analysis report";

/**
 * POSTs to an export endpoint with cookies and saves the ZIP it answers as `filename`.
 * Throws the spec's errors (§8): 'Failed to export analysis: {status}' on a non-OK answer and
 * 'Invalid response format - expected ZIP file' when something else came back.
 */
export async function downloadZip(url: string, filename: string): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "include",
  });
  if (!res.ok) throw new Error(`Failed to export analysis: ${res.status}`);
  const type = res.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/zip"))
    throw new Error("Invalid response format - expected ZIP file");
  saveBlob(await res.blob(), filename);
}
