import { apiRequest } from "../../../../lib/api-client.ts";
import { filenameFromContentDisposition, saveBlob } from "../../../../lib/download-file.ts";

/**
 * POST /api/user/export: saves the ZIP under the server's name (resumelens-data-<date>.zip). A POST,
 * so the server's cross-site rule applies: no link on another site can start an export.
 */
export async function downloadMyData(): Promise<void> {
  const res = await apiRequest("POST", "/api/user/export");
  const filename =
    filenameFromContentDisposition(res.headers.get("content-disposition")) ?? "resumelens-data.zip";
  saveBlob(await res.blob(), filename);
}
