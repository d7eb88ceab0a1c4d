import { LIMITS, MESSAGES } from "@resumelens/contract";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { AppError } from "./errors.ts";

/**
 * Requests one signed-in browser (one session cookie) may have in flight at once; past it the
 * request is answered 429 at once, before the session is read or anything else is done
 * (docs/product.md#rate-limits). Every signed-in request costs the request thread about a
 * millisecond (the session, the user, a limiter's counter) however cheap the route, so one account
 * sending 1,000 at the same instant held /api/health for 4.3 s; the per-route limits count requests
 * only after that work. A browser has at most six connections to a host, so no person meets this.
 * Requests without a session cookie are not counted here (the auth routes have their own limits).
 * The counts are this process's own: each process of several bounds its share.
 */
export function inFlightPerSession(limit: number = LIMITS.requestsInFlightPerSession): MiddlewareHandler {
  const inFlight = new Map<string, number>();
  return async (c, next) => {
    const key = sessionCookie(c.req.header("cookie") === undefined ? {} : getCookie(c));
    if (key === null) return next();
    const running = inFlight.get(key) ?? 0;
    if (running >= limit) throw new AppError("RATE_LIMITED", MESSAGES.tooManyAtOnce, 1);
    inFlight.set(key, running + 1);
    try {
      await next();
    } finally {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left <= 0) inFlight.delete(key);
      else inFlight.set(key, left);
    }
  };
}

/** The session cookie's value (signed token), whatever its prefix ("__Secure-" over HTTPS); null without one. */
function sessionCookie(cookies: Record<string, string>): string | null {
  for (const [name, value] of Object.entries(cookies)) if (name.endsWith(".session_token")) return value;
  return null;
}
