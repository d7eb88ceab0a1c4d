import {
  type TSignOutOthers,
  type TUserSessions,
  ZDeleteAccount,
  ZDisableTwoFactor,
  ZPreferences,
  ZUpdateProfile,
} from "@resumelens/contract";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { AppError, unauthorized } from "../../lib/errors.ts";
import { readJson, requireUser } from "../../lib/http.ts";
import { errorFields } from "../../lib/logger.ts";
import { consumeRateLimit, type RateLimitRule, rateLimitKey } from "../../lib/rate-limit.ts";
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

async function limit(c: Context<AppContext>, key: string, rule: RateLimitRule, what: string) {
  const { db, now } = c.get("deps");
  const result = await consumeRateLimit(db, key, rule, now().getTime());
  if (!result.allowed) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    c.header("Retry-After", String(result.retryAfterSeconds));
    throw new AppError(
      "RATE_LIMITED",
      `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    );
  }
}

/**
 * A name of only spaces or tabs is a slip, not a name: the contract trims it to "" (which clears the
 * name), so the raw body is looked at. An empty string still clears the name, as the spec's form does.
 */
function refuseBlankNames(raw: unknown): void {
  const body = (raw ?? {}) as Record<string, unknown>;
  for (const field of ["firstName", "lastName"]) {
    const value = body[field];
    if (typeof value === "string" && value !== "" && value.trim() === "") {
      throw new AppError("BAD_REQUEST", "A name cannot be only spaces. Leave it empty to remove it.");
    }
  }
}

/** The caller's user and the session the request came from (to mark or keep it, or to see its age). */
async function requireSession(
  c: Context<AppContext>,
): Promise<{ userId: string; email: string; sessionId: string; sessionCreatedAt: Date }> {
  const session = await c.get("deps").auth.api.getSession({
    headers: c.req.raw.headers,
    query: { disableRefresh: true },
  });
  if (!session) throw unauthorized();
  return {
    userId: session.user.id,
    email: session.user.email,
    sessionId: session.session.id,
    sessionCreatedAt: new Date(session.session.createdAt),
  };
}

/** Settings → Profile: names, preferences, sessions, two-factor removal, data export and account deletion. */
export const accountRoutes = new Hono<AppContext>()
  .put("/api/user/profile", async (c) => {
    const { userId } = await requireUser(c);
    const input = await readJson(c, ZUpdateProfile);
    refuseBlankNames(await c.req.json());
    const { db, now } = c.get("deps");
    return c.json(await updateProfile({ db, userId, input, now: now() }));
  })
  .get("/api/user/preferences", async (c) => {
    const { userId } = await requireUser(c);
    return c.json(await getPreferences({ db: c.get("deps").db, userId }));
  })
  .put("/api/user/preferences", async (c) => {
    const { userId } = await requireUser(c);
    const preferences = await readJson(c, ZPreferences);
    const { db, now } = c.get("deps");
    return c.json(await setPreferences({ db, userId, preferences, now: now() }));
  })
  .post("/api/user/two-factor/disable", async (c) => {
    const { userId } = await requireUser(c);
    const { code } = await readJson(c, ZDisableTwoFactor);
    await limit(c, rateLimitKey("2fa-disable", userId), TWO_FACTOR_DISABLE_LIMIT, "code attempts");
    const { db, auth } = c.get("deps");
    await disableTwoFactorWithCode({ db, auth, userId, code, headers: c.req.raw.headers });
    return c.json({ success: true });
  })
  // A POST, so the app's cross-origin rule (Origin / Sec-Fetch-Site) applies: a link or an image on
  // another site cannot start an export. The ZIP is streamed (see streamDataExport).
  .post("/api/user/export", async (c) => {
    const { userId } = await requireUser(c);
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
  })
  .get("/api/user/sessions", async (c) => {
    const { userId, sessionId } = await requireSession(c);
    const { db, now } = c.get("deps");
    const sessions = await listSessions({ db, userId, currentSessionId: sessionId, now: now() });
    return c.json({ sessions } satisfies TUserSessions);
  })
  .post("/api/user/sessions/sign-out-others", async (c) => {
    const { userId, sessionId } = await requireSession(c);
    const signedOut = await signOutOtherSessions({
      db: c.get("deps").db,
      userId,
      currentSessionId: sessionId,
    });
    return c.json({ signedOut } satisfies TSignOutOthers);
  })
  .delete("/api/user", async (c) => {
    const { userId, email, sessionCreatedAt } = await requireSession(c);
    const { confirmEmail, password, code } = await readJson(c, ZDeleteAccount);
    const { db, auth, now, logger } = c.get("deps");
    assertConfirmEmail({ email, confirmEmail });
    // A session cookie alone must not erase an account: the owner proves who they are again.
    await reauthenticate({
      db,
      auth,
      userId,
      sessionCreatedAt,
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
  });
