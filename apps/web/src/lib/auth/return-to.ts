/**
 * Where to send someone after they sign in: the page they asked for before /auth, when it is a path
 * of this app. Anything that could leave the origin is refused and "/" is used instead.
 */

/** The history-state key RequireAuth sets when it sends a visitor to /auth. */
export type ReturnState = { from?: unknown };

/** The query parameter that carries the return path through redirects that drop history state. */
export const RETURN_PARAM = "next";

const MAX_LENGTH = 2048;
// Any control character or whitespace: browsers drop tabs and newlines from URLs, so "/\t/evil.com"
// would become "//evil.com" after a check that saw only one slash.
function hasUnsafeChar(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
    if (char === "\\") return true;
  }
  return false;
}
const PARSE_BASE = "https://return-to.invalid";

/**
 * A same-origin path ("/history", "/analysis/4?tab=ats"), or null. Refuses absolute and
 * protocol-relative URLs (`https://…`, `//evil.com`), backslashes (`/\evil`), control characters,
 * paths that normalise to `//…` (`/.//evil.com`), the auth pages themselves and the API.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || hasUnsafeChar(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PARSE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//")) return null;
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/") || url.pathname.startsWith("/api/"))
    return null;
  return path;
}

/** The return path of the current /auth visit: history state first, then `?next=`, else "/". */
export function returnPathOf(location: { state?: unknown; search: string }): string {
  const state = (location.state ?? null) as ReturnState | null;
  const fromState = state && typeof state === "object" ? safeReturnPath(state.from) : null;
  if (fromState) return fromState;
  return safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM)) ?? "/";
}

/** A URL under /auth that keeps the return path (for provider error callbacks, which drop state). */
export function authUrlWithReturn(pathname: string, returnTo: string): string {
  if (returnTo === "/") return pathname;
  return `${pathname}?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`;
}
