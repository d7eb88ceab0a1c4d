/**
 * Client routes of the single-page app. The server answers these with the app shell and status 200;
 * any other path gets the same shell with status 404, and the app shows its '404 Page Not Found' page.
 */
export const PUBLIC_ROUTES = [
  "/",
  "/auth",
  "/auth/forgot-password",
  "/auth/reset-password",
  "/pricing",
  "/privacy",
  "/about",
] as const;
export const PRIVATE_ROUTES = ["/history", "/settings", "/billing", "/checkout"] as const;
/** Routes with a dynamic segment, as path prefixes (e.g. /analysis/42, /compare/7). */
export const DYNAMIC_ROUTE_PREFIXES = ["/analysis/", "/compare/"] as const;

export function isAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if ((PUBLIC_ROUTES as readonly string[]).includes(path)) return true;
  if ((PRIVATE_ROUTES as readonly string[]).includes(path)) return true;
  return DYNAMIC_ROUTE_PREFIXES.some(
    (prefix) => path.startsWith(prefix) && /^\d+$/.test(path.slice(prefix.length)),
  );
}

/**
 * The id of the <script type="application/json"> element in which the server hands a signed-in
 * visitor's session to the app shell, so the first screen renders without a session round trip.
 */
export const SESSION_DATA_ELEMENT_ID = "session-data";
