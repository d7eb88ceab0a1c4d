import { apiFetch } from "./api-client.ts";
import { saveBlob } from "./download-file.ts";

/** The default when an export fails without a message (docs/product.md#messages). */
export const EXPORT_FAILED_FALLBACK = "Failed to export analysis report";

/**
 * POSTs to an export endpoint with cookies and saves the ZIP it answers as `filename`.
 * A refusal throws an ApiError (errorText's "export" context words it as docs/product.md#messages does,
 * 'Failed to export
 * analysis: {status}'); an answer that is not a ZIP throws 'Invalid response format - expected ZIP file'.
 */
export async function downloadZip(url: string, filename: string): Promise<void> {
  const res = await apiFetch(url, { method: "POST", headers: { "Content-Type": "application/json" } });
  const type = res.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/zip"))
    throw new Error("Invalid response format - expected ZIP file");
  saveBlob(await res.blob(), filename);
}
