import {
  type TSignOutOthers,
  type TUserSessions,
  ZDeleteAccount,
  ZDisableTwoFactor,
  ZPreferences,
  ZUpdateProfile,
} from "@resumelens/contract";
import type { Context } from "hono";
import type { AppContext } from "../../app-context.ts";
import { errorFields } from "../../lib/logger.ts";
import { apiRouter, jsonBody, privateRoute, sessionRoute } from "../../lib/openapi.ts";
import { enforceRateLimit, type RateLimitRule, rateLimitKey, tooManyMessage } from "../../lib/rate-limit.ts";
import {
  assertConfirmEmail,
  deleteAccount,
  exportFileName,
  getPreferences,
  setPreferences,
  streamDataExport,
  updateProfile,
} from "./account.service.ts";
import { reauthenticate } from "./reauthenticate.ts";
import { listSessions, signOutOtherSessions } from "./sessions.service.ts";
import { disableTwoFactorWithCode } from "./two-factor.service.ts";

const MINUTE = 60_000;
/** Building the export reads every row and file of the user: a few per hour is plenty. */
const EXPORT_LIMIT: RateLimitRule = { limit: 5, windowMs: 60 * MINUTE };
/** Guessing a six-digit code must not be practical. */
const TWO_FACTOR_DISABLE_LIMIT: RateLimitRule = { limit: 5, windowMs: 15 * MINUTE };

function limit<E extends AppContext>(
  c: Context<E>,
  key: string,
  rule: RateLimitRule,
  what: string,
): Promise<void> {
  const { db, now } = c.get("deps");
  return enforceRateLimit({ db, key, rule, message: (wait) => tooManyMessage(what, wait), now: now() });
}

/** Settings → Profile: names, preferences, sessions, two-factor removal, data export and account deletion. */
export const accountRoutes = apiRouter()
  .openapi(
    privateRoute({
      method: "put",
      path: "/api/user/profile",
      summary: "Change the caller's names",
      request: { body: jsonBody(ZUpdateProfile) },
      responses: { 200: { description: "The profile" } },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const { db, now } = c.get("deps");
      return c.json(await updateProfile({ db, userId: c.var.user.userId, input, now: now() }));
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/user/preferences",
      summary: "The caller's preferences",
      responses: { 200: { description: "The preferences" } },
    }),
    async (c) => c.json(await getPreferences({ db: c.get("deps").db, userId: c.var.user.userId })),
  )
  .openapi(
    privateRoute({
      method: "put",
      path: "/api/user/preferences",
      summary: "Change the caller's preferences",
      request: { body: jsonBody(ZPreferences) },
      responses: { 200: { description: "The preferences" } },
    }),
    async (c) => {
      const preferences = c.req.valid("json");
      const { db, now } = c.get("deps");
      return c.json(await setPreferences({ db, userId: c.var.user.userId, preferences, now: now() }));
    },
  )
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/user/two-factor/disable",
      summary: "Turn two-factor sign-in off with a current code",
      request: { body: jsonBody(ZDisableTwoFactor) },
      responses: { 200: { description: "Turned off" } },
    }),
    async (c) => {
      const { userId } = c.var.user;
      const { code } = c.req.valid("json");
      await limit(c, rateLimitKey("2fa-disable", userId), TWO_FACTOR_DISABLE_LIMIT, "code attempts");
      const { db, auth } = c.get("deps");
      await disableTwoFactorWithCode({ db, auth, userId, code, headers: c.req.raw.headers });
      return c.json({ success: true });
    },
  )
  // A POST, so the app's cross-origin rule (Origin / Sec-Fetch-Site) applies: a link or an image on
  // another site cannot start an export. The ZIP is streamed (see streamDataExport).
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/user/export",
      summary: "Download all of the caller's data (ZIP, streamed)",
      responses: { 200: { description: "The data export" } },
    }),
    async (c) => {
      const { userId } = c.var.user;
      await limit(c, rateLimitKey("export", userId), EXPORT_LIMIT, "data exports");
      const { db, now, logger } = c.get("deps");
      const at = now();
      const requestId = c.get("requestId");
      const body = await streamDataExport({
        db,
        userId,
        now: at,
        onError: (error) => logger.error("data export failed", { requestId, ...errorFields(error) }),
      });
      return new Response(body, {
        status: 200,
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="${exportFileName(at)}"`,
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  )
  .openapi(
    sessionRoute({
      method: "get",
      path: "/api/user/sessions",
      summary: "The caller's signed-in sessions (this one marked)",
      responses: { 200: { description: "The sessions" } },
    }),
    async (c) => {
      const { db, now } = c.get("deps");
      const sessions = await listSessions({
        db,
        userId: c.var.user.userId,
        currentSessionId: c.var.session.id,
        now: now(),
      });
      return c.json({ sessions } satisfies TUserSessions);
    },
  )
  .openapi(
    sessionRoute({
      method: "post",
      path: "/api/user/sessions/sign-out-others",
      summary: "Sign out every other session of the caller",
      responses: { 200: { description: "How many were signed out" } },
    }),
    async (c) => {
      const signedOut = await signOutOtherSessions({
        db: c.get("deps").db,
        userId: c.var.user.userId,
        currentSessionId: c.var.session.id,
      });
      return c.json({ signedOut } satisfies TSignOutOthers);
    },
  )
  .openapi(
    sessionRoute({
      method: "delete",
      path: "/api/user",
      summary: "Delete the caller's account (password or code required again)",
      request: { body: jsonBody(ZDeleteAccount) },
      responses: { 200: { description: "Deleted; this browser's cookies cleared" } },
    }),
    async (c) => {
      const { userId, email } = c.var.user;
      const { confirmEmail, password, code } = c.req.valid("json");
      const { db, auth, now, logger } = c.get("deps");
      assertConfirmEmail({ email, confirmEmail });
      // A session cookie alone must not erase an account: the owner proves who they are again.
      await reauthenticate({
        db,
        auth,
        userId,
        sessionCreatedAt: c.var.session.createdAt,
        password,
        code,
        headers: c.req.raw.headers,
        now: now(),
      });
      await deleteAccount({ db, userId, email, confirmEmail, now: now() });
      logger.info("account deleted", { requestId: c.get("requestId") });
      // The sessions are gone; Better Auth's sign-out clears this browser's cookies as well.
      const signOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
      const response = c.json({ success: true });
      for (const cookie of signOut.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
      return response;
    },
  );
