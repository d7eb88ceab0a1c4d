import { MESSAGES } from "@resumelens/contract";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, getSignedCookie } from "hono/cookie";
import type { AppContext } from "../app-context.ts";
import { clientIp, currentUser } from "../lib/http.ts";
import {
  consumeRateLimit,
  type RateLimitRule,
  rateLimitKey,
  refundRateLimit,
  tooManyMessage,
} from "../lib/rate-limit.ts";
import { KNOWN_DEVICE_COOKIE, knownDeviceFor, knownDeviceSetCookie, rememberDevice } from "./known-device.ts";

/** A budget shared by several endpoints for one signed-in account (the scope names the budget). */
type AccountBudget = { scope: string; rule: RateLimitRule };

type GuardedPath = {
  path: string;
  perIp: RateLimitRule;
  perEmail?: RateLimitRule;
  /** A second per-email budget, for the wait between two mails (the reminder's 'Resend'). */
  perEmailCooldown?: RateLimitRule;
  /**
   * The answer never comes sooner than this: an address with an account (a token written, a mail
   * queued) must take as long as one without, or response times would tell who has an account.
   */
  minimumMs?: number;
  /** For a signed-in caller: counted per account, whatever address the guesses come from. */
  perAccount?: AccountBudget;
  /**
   * The per-IP budget is kept per account (the signed-in caller, or the one whose sign-in awaits a
   * code): people behind one office or mobile address must not spend each other's attempts.
   */
  perIpPerAccount?: boolean;
  /**
   * Only failed attempts count: a success gives back its per-IP hit and clears the per-email count.
   * Sign-in also remembers the browser (known-device.ts): its attempts then draw on a per-email
   * budget of that device, which strangers' failures elsewhere do not spend.
   */
  signIn?: boolean;
  what: string;
};

const MINUTE = 60_000;

/**
 * Every check of the password a signed-in caller can ask for draws on one budget per account: a
 * stolen session must not turn into unlimited password guesses (and then a takeover) by rotating
 * addresses or switching endpoints.
 */
export const PASSWORD_CHECKS: AccountBudget = {
  scope: "password-check",
  rule: { limit: 5, windowMs: 15 * MINUTE },
};

/** Second-factor codes checked for a signed-in caller (enrolment), one budget per account. */
export const CODE_CHECKS: AccountBudget = { scope: "code-check", rule: { limit: 10, windowMs: 15 * MINUTE } };

/**
 * Sign-ins that succeeded, per account, by any path (password, second factor, provider, email
 * confirmation): one account must not pile up sessions faster than anyone signs in by hand. Counted
 * when the session is made (session-limits.ts); failed attempts have the budgets below.
 */
export const SIGN_INS: AccountBudget = { scope: "sign-ins", rule: { limit: 30, windowMs: 60 * MINUTE } };

/** The shortest answer to a password-reset request, whether or not the address has an account. */
export const RESET_REQUEST_MINIMUM_MS = 400;

/** The sign-in lock per email; a successful password reset lifts it (see auth.ts). */
export const SIGN_IN_PATH = "/api/auth/sign-in/email";

/** The key of the per-email sign-in counter, so the lock can be lifted exactly. */
export function signInEmailKey(email: string): string {
  return rateLimitKey(`email:${SIGN_IN_PATH}`, email.trim().toLowerCase());
}

/**
 * Better Auth endpoints we do not serve. The first three let the password alone weaken the second
 * factor: `disable` removes it, `get-totp-uri` reveals the secret, `generate-backup-codes` mints new
 * codes; two-factor comes off only through POST /api/user/two-factor/disable, with a current code.
 * `list-sessions` answers every session's token; Settings lists sessions through GET /api/user/sessions.
 */
export const BLOCKED_AUTH_PATHS: ReadonlySet<string> = new Set([
  "/api/auth/two-factor/disable",
  "/api/auth/two-factor/get-totp-uri",
  "/api/auth/two-factor/generate-backup-codes",
  "/api/auth/list-sessions",
  // Writes Better Auth's user name and image without the app's rules; the web never calls it
  // (names are saved through PUT /api/user/profile).
  "/api/auth/update-user",
]);

/** Brute-force limits on the auth endpoints that take a secret or send mail. */
export const AUTH_LIMITS: GuardedPath[] = [
  {
    path: SIGN_IN_PATH,
    perIp: { limit: 30, windowMs: 15 * MINUTE },
    perEmail: { limit: 8, windowMs: 15 * MINUTE },
    signIn: true,
    what: "sign-in attempts",
  },
  { path: "/api/auth/sign-up/email", perIp: { limit: 10, windowMs: 60 * MINUTE }, what: "sign-ups" },
  {
    path: "/api/auth/request-password-reset",
    perIp: { limit: 10, windowMs: 60 * MINUTE },
    perEmail: { limit: 3, windowMs: 60 * MINUTE },
    minimumMs: RESET_REQUEST_MINIMUM_MS,
    what: "password reset requests",
  },
  {
    path: "/api/auth/send-verification-email",
    perIp: { limit: 10, windowMs: 60 * MINUTE },
    perEmail: { limit: 3, windowMs: 60 * MINUTE },
    // The web's 'Resend' counts down the same minute (RESEND_COOLDOWN_SECONDS).
    perEmailCooldown: { limit: 1, windowMs: MINUTE },
    what: "verification emails",
  },
  { path: "/api/auth/reset-password", perIp: { limit: 10, windowMs: 15 * MINUTE }, what: "password resets" },
  {
    path: "/api/auth/two-factor/verify-totp",
    perIp: { limit: 10, windowMs: 15 * MINUTE },
    perIpPerAccount: true,
    perAccount: CODE_CHECKS,
    what: "code attempts",
  },
  {
    path: "/api/auth/two-factor/verify-backup-code",
    perIp: { limit: 10, windowMs: 15 * MINUTE },
    perIpPerAccount: true,
    perAccount: CODE_CHECKS,
    what: "code attempts",
  },
  {
    path: "/api/auth/verify-password",
    perIp: { limit: 30, windowMs: 15 * MINUTE },
    perAccount: PASSWORD_CHECKS,
    what: "password attempts",
  },
  {
    path: "/api/auth/change-password",
    perIp: { limit: 30, windowMs: 15 * MINUTE },
    perAccount: PASSWORD_CHECKS,
    what: "password attempts",
  },
  {
    path: "/api/auth/two-factor/enable",
    perIp: { limit: 30, windowMs: 15 * MINUTE },
    perAccount: PASSWORD_CHECKS,
    what: "password attempts",
  },
];

/**
 * Rate limits auth endpoints per client IP, per email address and per signed-in account, in the
 * database so that every process shares the counts; refuses the endpoints we do not serve. Answers
 * in Better Auth's error shape, which its client reads.
 */
export function authGuard(limits: GuardedPath[] = AUTH_LIMITS): MiddlewareHandler<AppContext> {
  return async (c, next) => {
    if (BLOCKED_AUTH_PATHS.has(c.req.path)) {
      const message = "No such API endpoint.";
      return c.json({ code: "NOT_FOUND", message, error: { code: "NOT_FOUND", message } }, 404);
    }
    if (c.req.method !== "POST") return next();
    const guard = limits.find((entry) => entry.path === c.req.path);
    if (!guard) return next();
    const { db, env } = c.get("deps");
    const ip = clientIp(c);
    const account = guard.perIpPerAccount ? await accountOfCodeCheck(c) : null;
    const ipKey = account
      ? rateLimitKey(`ip:${guard.path}:${ip}`, account)
      : rateLimitKey(`ip:${guard.path}`, ip);
    const keys: [string, RateLimitRule][] = [[ipKey, guard.perIp]];
    const email = guard.perEmail ? await emailOf(c.req.raw) : null;
    let emailKey: string | null = null;
    const deviceCookie = knownDeviceCookieName(env.BASE_URL);
    if (guard.perEmail && email) {
      const device = guard.signIn ? knownDeviceFor(env.AUTH_SECRET, getCookie(c, deviceCookie), email) : null;
      emailKey = device
        ? rateLimitKey(`device:${guard.path}:${device}`, email)
        : rateLimitKey(`email:${guard.path}`, email);
      keys.push([emailKey, guard.perEmail]);
      if (guard.perEmailCooldown)
        keys.push([rateLimitKey(`cooldown:${guard.path}`, email), guard.perEmailCooldown]);
    }
    if (guard.perAccount) {
      const user = await currentUser(c);
      if (user) keys.push([rateLimitKey(guard.perAccount.scope, user.userId), guard.perAccount.rule]);
    }
    const results = await Promise.all(keys.map(([key, rule]) => consumeRateLimit(db, key, rule)));
    const blocked = results.find((result) => !result.allowed);
    if (blocked) {
      const message = tooManyMessage(guard.what, blocked.retryAfterSeconds);
      c.header("Retry-After", String(blocked.retryAfterSeconds));
      return c.json({ code: "RATE_LIMITED", message, error: { code: "RATE_LIMITED", message } }, 429);
    }
    const started = Date.now();
    await next();
    if (guard.minimumMs) {
      const remaining = guard.minimumMs - (Date.now() - started);
      if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    }
    if (!guard.signIn || c.res.status !== 200) return;
    // The right password: this attempt does not count, and the strangers' failures are forgotten.
    await refundRateLimit(db, ipKey);
    if (email) {
      await db.kysely
        .deleteFrom("rate_limit")
        .where("key", "in", [...new Set([signInEmailKey(email), emailKey ?? ""])])
        .execute();
      const value = rememberDevice(env.AUTH_SECRET, getCookie(c, deviceCookie), email);
      c.res = new Response(c.res.body, c.res);
      c.res.headers.append(
        "Set-Cookie",
        knownDeviceSetCookie(deviceCookie, value, env.BASE_URL.startsWith("https://")),
      );
    }
  };
}

/** The known-device cookie's name, prefixed as Better Auth prefixes its own. */
function knownDeviceCookieName(baseUrl: string): string {
  const name = `resumelens.${KNOWN_DEVICE_COOKIE}`;
  return baseUrl.startsWith("https://") ? `__Secure-${name}` : name;
}

/**
 * Whose code a code check is: the signed-in caller's, or the account whose sign-in awaits its second
 * factor (Better Auth's signed `two_factor` challenge cookie). Null when neither: Better Auth refuses
 * such a request anyway, and it counts against the address alone.
 */
async function accountOfCodeCheck(c: Context<AppContext>): Promise<string | null> {
  const user = await currentUser(c);
  if (user) return user.userId;
  const context = await c.get("deps").auth.$context;
  const cookie = context.createAuthCookie("two_factor");
  const identifier = await getSignedCookie(c, context.secret, cookie.name);
  if (!identifier) return null;
  const challenge = await context.internalAdapter.findVerificationValue(identifier);
  return challenge && challenge.expiresAt > new Date() ? challenge.value : null;
}

/**
 * The rule for both forms (docs/product.md#passwords), held on the server too: an email and a password are
 * required.
 * (Better Auth's own message for a missing field is less helpful.)
 */
export const credentialsRequired: MiddlewareHandler<AppContext> = async (c, next) => {
  if (c.req.method !== "POST" || !CREDENTIAL_PATHS.has(c.req.path)) return next();
  let body: { email?: unknown; password?: unknown } = {};
  try {
    body = (await c.req.raw.clone().json()) as typeof body;
  } catch {
    // an unreadable body has no credentials either
  }
  const email = typeof body.email === "string" ? body.email.trim() : "";
  const password = typeof body.password === "string" ? body.password : "";
  if (!email || !password) {
    const message = MESSAGES.emailOrPhoneRequired;
    return c.json({ code: "VALIDATION_ERROR", message, error: { code: "BAD_REQUEST", message } }, 400);
  }
  return next();
};

const CREDENTIAL_PATHS = new Set(["/api/auth/sign-in/email", "/api/auth/sign-up/email"]);

async function emailOf(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}
