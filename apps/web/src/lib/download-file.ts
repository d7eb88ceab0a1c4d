import { apiFetch } from "./api-client.ts";

/** Hands a blob to the browser as a download through an object URL and a temporary <a download>. */
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

/** The file name a Content-Disposition header asks for (RFC 6266 `filename*` first), if any. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return sanitizeFilename(decodeURIComponent(extended[1].trim()));
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? sanitizeFilename(name.trim()) : null;
}

/** Keeps only the last path segment: a server never gets to pick the folder. */
function sanitizeFilename(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? "";
  return base === "" ? null : base;
}

/**
 * GETs a file with cookies and saves it under the name the server gives (Content-Disposition),
 * else `fallbackName`. Throws an ApiError on a refusal or a network failure.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const res = await apiFetch(url);
  const filename = filenameFromContentDisposition(res.headers.get("content-disposition")) ?? fallbackName;
  saveBlob(await res.blob(), filename);
}
