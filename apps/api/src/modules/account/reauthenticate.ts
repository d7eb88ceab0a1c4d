import { sql } from "kysely";
import type { Auth } from "../../auth/auth.ts";
import { PASSWORD_CHECKS } from "../../auth/auth-guard.ts";
import type { Db } from "../../db/database.ts";
import { toBool } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { consumeRateLimit, rateLimitKey } from "../../lib/rate-limit.ts";
import { checkSecondFactor } from "./two-factor.service.ts";

/** How recent a sign-in must be for an account without a password to do something irreversible. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * Messages of the re-authentication step (ours, not the spec's, docs/product.md#differences-from-the-spec;
 * Settings shows them as they are).
 */
export const REAUTH_MESSAGES = {
  passwordRequired: "Enter your password to delete your account.",
  passwordWrong: "That password is not correct.",
  codeRequired: "Enter a code from your authenticator app or a backup code.",
  signInAgain:
    "For your security, please sign out and sign in again, then delete your account within 10 minutes.",
} as const;

/**
 * Proves the caller is the account's owner and not just someone holding its session cookie, before
 * something that cannot be undone: the current password when the account has one, plus a current
 * authenticator code or an unused backup code when two-factor is on. An account with no password
 * (social sign-in only) must have signed in within FRESH_SIGN_IN_MS instead. Password and code checks
 * draw on the account's password budget (PASSWORD_CHECKS), shared with verify-password,
 * change-password and two-factor enrolment, whatever address they come from.
 */
export async function reauthenticate({
  db,
  auth,
  userId,
  sessionCreatedAt,
  password,
  code,
  headers,
  now,
}: {
  db: Db;
  auth: Auth;
  userId: string;
  sessionCreatedAt: Date;
  password: string | undefined;
  code: string | undefined;
  headers: Headers;
  now: Date;
}): Promise<void> {
  const user = await db.kysely
    .selectFrom("user")
    .select("twoFactorEnabled")
    .where("id", "=", userId)
    .executeTakeFirst();
  const credential = await db.kysely
    .selectFrom("account")
    // Better Auth's column, not in our typed schema (nothing else of ours reads it).
    .select(sql<string | null>`${sql.ref("password")}`.as("password"))
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  const hash = credential?.password ?? null;
  const twoFactor = toBool(user?.twoFactorEnabled ?? false);

  if (!hash && now.getTime() - sessionCreatedAt.getTime() > FRESH_SIGN_IN_MS) {
    throw new AppError("FORBIDDEN", REAUTH_MESSAGES.signInAgain);
  }
  if (hash && !password) throw new AppError("BAD_REQUEST", REAUTH_MESSAGES.passwordRequired);
  if (twoFactor && !code) throw new AppError("BAD_REQUEST", REAUTH_MESSAGES.codeRequired);
  if (!hash && !twoFactor) return;

  const budget = await consumeRateLimit(
    db,
    rateLimitKey(PASSWORD_CHECKS.scope, userId),
    PASSWORD_CHECKS.rule,
    now.getTime(),
  );
  if (!budget.allowed) {
    const minutes = Math.ceil(budget.retryAfterSeconds / 60);
    throw new AppError(
      "RATE_LIMITED",
      `Too many password attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    );
  }
  if (hash && password) {
    const context = await auth.$context;
    if (!(await context.password.verify({ hash, password }))) {
      throw new AppError("BAD_REQUEST", REAUTH_MESSAGES.passwordWrong);
    }
  }
  if (twoFactor && code) await checkSecondFactor({ auth, code, headers });
}
