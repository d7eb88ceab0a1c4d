import { apiErrorFromResponse, networkError } from "./api-error.ts";

/*
 * The one way the web app calls its API (docs/product.md#api-calls). Every call sends the session cookie;
 * every non-2xx
 * answer and every request that never got an answer throws an ApiError (./api-error.ts), so no
 * caller reads a status number or a response body to find out what went wrong.
 *
 * Deliberate difference from the spec (docs/product.md#differences-from-the-spec): no bearer token and no
 * x-user-id / x-user-email headers.
 * Our API is same-origin and identifies the user from the session cookie only (it never trusts
 * such headers), so every call simply sends credentials.
 */

/** fetch with cookies; resolves only for a 2xx answer, otherwise throws an ApiError. */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: "include" });
  } catch (error) {
    // An aborted request is the caller's own doing, not a failure to show.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError();
  }
  if (!res.ok) throw await apiErrorFromResponse(res);
  return res;
}

/** Sends `data` as JSON (when given) with cookies and any extra headers; throws an ApiError on failure. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  { headers = {} }: { headers?: Record<string, string> } = {},
): Promise<Response> {
  const hasBody = data !== undefined;
  return apiFetch(url, {
    method,
    headers: hasBody ? { "Content-Type": "application/json", ...headers } : headers,
    body: hasBody ? JSON.stringify(data) : undefined,
  });
}
