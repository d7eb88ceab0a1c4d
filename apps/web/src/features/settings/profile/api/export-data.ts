import { downloadFile } from "../../../../lib/download-file.ts";

/** GET /api/user/export: saves the ZIP under the server's name (resumelens-data-<date>.zip). */
export function downloadMyData(): Promise<void> {
  return downloadFile("/api/user/export", "resumelens-data.zip");
}
