import { createMiddleware } from "hono/factory";
import type { AppContext } from "../app-context.ts";
import { unauthorized } from "../lib/errors.ts";
import { currentUser, type SessionUser } from "../lib/http.ts";

/** What a route behind requireAuth can read: the signed-in user, always present. */
export type AuthedContext = AppContext & { Variables: { user: SessionUser } };

/**
 * Sign-in required: 401 before anything else of the route runs (validation, rate limits, reading an
 * upload's body), else the session's user in `c.var.user`. The session comes from the cookie only
 * (currentUser), and is looked up once per request however many middlewares ask.
 */
export const requireAuth = createMiddleware<AuthedContext>(async (c, next) => {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  c.set("user", user);
  await next();
});

/** The session a request came from: to mark or keep it among the user's sessions, or to see its age. */
export type RequestSession = { id: string; createdAt: Date };

/** What a route behind requireSession can read: the user and the session of the request. */
export type SessionContext = AuthedContext & { Variables: { session: RequestSession } };

/**
 * requireAuth for the routes that need the session itself (the sessions list, account deletion's
 * re-authentication): one lookup gives both; the user is cached for any later currentUser.
 */
export const requireSession = createMiddleware<SessionContext>(async (c, next) => {
  const session = await c.get("deps").auth.api.getSession({
    headers: c.req.raw.headers,
    query: { disableRefresh: true },
  });
  if (!session) throw unauthorized();
  const user = {
    userId: session.user.id,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
  };
  c.set("sessionUser", user);
  c.set("user", user);
  c.set("session", { id: session.session.id, createdAt: new Date(session.session.createdAt) });
  await next();
});
