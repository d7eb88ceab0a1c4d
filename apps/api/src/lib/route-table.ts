/** What a route table is compared by: "METHOD /path", with Hono's `:param` for parameters. */
export type RouteName = `${string} /${string}`;

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * The API endpoints `app` answers, read from its router (`app.routes`), as sorted "METHOD /path":
 * middlewares (method ALL) and wildcard handlers (Better Auth's /api/auth/*, the API's 404) are
 * not endpoints of their own and are left out.
 */
export function apiRouteTable(app: { routes: readonly { method: string; path: string }[] }): RouteName[] {
  const names = app.routes
    .filter(
      (route) => METHODS.has(route.method) && route.path.startsWith("/api/") && !route.path.includes("*"),
    )
    .map((route) => `${route.method} ${route.path}` as RouteName);
  return [...new Set(names)].sort();
}

/** The endpoints an OpenAPI document lists, named as apiRouteTable names them (`{id}` → `:id`). */
export function documentedRouteTable(document: { paths?: Record<string, object> }): RouteName[] {
  const names: RouteName[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(operations)) {
      if (METHODS.has(method.toUpperCase())) {
        names.push(`${method.toUpperCase()} ${path.replaceAll(/\{([^}]+)\}/g, ":$1")}` as RouteName);
      }
    }
  }
  return names.sort();
}
