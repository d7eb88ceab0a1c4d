import { ZDeleteAccount, ZDisableTwoFactor, ZPreferences, ZUpdateProfile } from "@resumelens/contract";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { attachment, readJson, requireUser } from "../../lib/http.ts";
import { consumeRateLimit, type RateLimitRule } from "../../lib/rate-limit.ts";
import {
  buildDataExport,
  deleteAccount,
  exportFileName,
  getPreferences,
  setPreferences,
  updateProfile,
} from "./account.service.ts";
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

/** Settings → Profile: names, preferences, two-factor removal, data export and account deletion. */
export const accountRoutes = new Hono<AppContext>()
  .put("/api/user/profile", async (c) => {
    const { userId } = await requireUser(c);
    const input = await readJson(c, ZUpdateProfile);
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
    await limit(c, `2fa-disable:${userId}`, TWO_FACTOR_DISABLE_LIMIT, "code attempts");
    const { db, auth } = c.get("deps");
    await disableTwoFactorWithCode({ db, auth, userId, code, headers: c.req.raw.headers });
    return c.json({ success: true });
  })
  .get("/api/user/export", async (c) => {
    const { userId } = await requireUser(c);
    await limit(c, `export:${userId}`, EXPORT_LIMIT, "data exports");
    const { db, now } = c.get("deps");
    const at = now();
    const body = await buildDataExport({ db, userId, now: at });
    return attachment(body, "application/zip", exportFileName(at));
  })
  .delete("/api/user", async (c) => {
    const { userId, email } = await requireUser(c);
    const { confirmEmail } = await readJson(c, ZDeleteAccount);
    const { db, auth, now, logger } = c.get("deps");
    await deleteAccount({ db, userId, email, confirmEmail, now: now() });
    logger.info("account deleted", { requestId: c.get("requestId") });
    // The sessions are gone; Better Auth's sign-out clears this browser's cookies as well.
    const signOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    const response = c.json({ success: true });
    for (const cookie of signOut.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  });
