/**
 * The user-facing text of a failed API call. The request helper throws `Error("<status>: <body>")`;
 * when the body is the API's error shape ({error: {code, message}}) its message is the safe text to
 * show, otherwise `fallback` is (a proxy's HTML page, a network failure).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match?.[1]) return fallback;
  try {
    const body: unknown = JSON.parse(match[1]);
    const inner = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
    const message =
      typeof inner === "object" && inner !== null ? (inner as { message?: unknown }).message : undefined;
    if (typeof message === "string" && message.trim() !== "") return message;
  } catch {
    // Not JSON: the fallback says it better than a raw body would.
  }
  return fallback;
}
