import { MESSAGES } from "@resumelens/contract";
import type { MiddlewareHandler } from "hono";
import type { AppContext } from "../app-context.ts";
import { clientIp } from "../lib/http.ts";
import { consumeRateLimit, type RateLimitRule } from "../lib/rate-limit.ts";

type GuardedPath = { path: string; perIp: RateLimitRule; perEmail?: RateLimitRule; what: string };

const MINUTE = 60_000;

/** Brute-force limits on the auth endpoints that take a secret or send mail. */
export const AUTH_LIMITS: GuardedPath[] = [
  {
    path: "/api/auth/sign-in/email",
    perIp: { limit: 30, windowMs: 15 * MINUTE },
    perEmail: { limit: 8, windowMs: 15 * MINUTE },
    what: "sign-in attempts",
  },
  { path: "/api/auth/sign-up/email", perIp: { limit: 10, windowMs: 60 * MINUTE }, what: "sign-ups" },
  {
    path: "/api/auth/request-password-reset",
    perIp: { limit: 10, windowMs: 60 * MINUTE },
    perEmail: { limit: 3, windowMs: 60 * MINUTE },
    what: "password reset requests",
  },
  {
    path: "/api/auth/send-verification-email",
    perIp: { limit: 10, windowMs: 60 * MINUTE },
    perEmail: { limit: 3, windowMs: 60 * MINUTE },
    what: "verification emails",
  },
  { path: "/api/auth/reset-password", perIp: { limit: 10, windowMs: 15 * MINUTE }, what: "password resets" },
  {
    path: "/api/auth/two-factor/verify-totp",
    perIp: { limit: 10, windowMs: 15 * MINUTE },
    what: "code attempts",
  },
];

/**
 * Rate limits auth endpoints per client IP and per email address, in the database so that every
 * process shares the counts. Answers in Better Auth's error shape, which its client reads.
 */
export function authGuard(limits: GuardedPath[] = AUTH_LIMITS): MiddlewareHandler<AppContext> {
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const guard = limits.find((entry) => entry.path === c.req.path);
    if (!guard) return next();
    const { db } = c.get("deps");
    const checks: Promise<{ allowed: boolean; retryAfterSeconds: number }>[] = [
      consumeRateLimit(db, `ip:${guard.path}:${clientIp(c)}`, guard.perIp),
    ];
    if (guard.perEmail) {
      const email = await emailOf(c.req.raw);
      if (email) checks.push(consumeRateLimit(db, `email:${guard.path}:${email}`, guard.perEmail));
    }
    const results = await Promise.all(checks);
    const blocked = results.find((result) => !result.allowed);
    if (blocked) {
      const minutes = Math.ceil(blocked.retryAfterSeconds / 60);
      const message = `Too many ${guard.what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
      c.header("Retry-After", String(blocked.retryAfterSeconds));
      return c.json({ code: "RATE_LIMITED", message, error: { code: "RATE_LIMITED", message } }, 429);
    }
    return next();
  };
}

/**
 * The spec's rule for both forms, held on the server too: an email and a password are required.
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
