import type { TSocialProvider } from "@resumelens/contract";
import { LIMITS } from "@resumelens/contract";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Db } from "../db/database.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../lib/logger.ts";
import { actionEmail, type Mailer } from "../lib/mailer.ts";
import { createUserRows } from "../modules/users/users.service.ts";
import { afterPasswordReset, RESET_LINK_PREFIX, revokeResetLinks } from "./password-reset.ts";
import { clampUserAgent, keepNewestSessions, spendSignIn } from "./session-limits.ts";
import { oauthCallbackProvider, requireConfirmedSocialEmail } from "./social-signup.ts";
import { refuseReplayedTotp } from "./totp-replay.ts";
import { cleanUserFields, userFieldsProblem } from "./user-fields.ts";

export type AuthDeps = { env: Env; db: Db; mailer: Mailer; logger: Logger };

/** Provider id of the generic OIDC provider used in development and tests. */
export const OIDC_PROVIDER_ID = "test-oidc";

/** The issuer authenticator apps show next to the account (TOTP URI). */
export const TOTP_ISSUER = "ResumeLens";

/** Better Auth paths that attach a provider account to the signed-in user. */
const LINK_PATHS = new Set(["/link-social"]);

/** Message when an unverified account tries to link a provider. */
export const LINK_NEEDS_VERIFIED_EMAIL =
  "Please confirm your email address before connecting another account.";

/** Social providers with both a client id and a secret configured. */
export function configuredSocialProviders(env: Env): TSocialProvider[] {
  const pairs: [TSocialProvider, string | undefined, string | undefined][] = [
    ["google", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
    ["github", env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET],
    ["facebook", env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET],
    ["linkedin", env.LINKEDIN_CLIENT_ID, env.LINKEDIN_CLIENT_SECRET],
  ];
  return pairs.filter(([, id, secret]) => id && secret).map(([name]) => name);
}

/** Origins allowed to make state-changing requests (the app itself, and Vite's dev server in development). */
export function trustedOrigins(env: Env): string[] {
  const origins = [new URL(env.BASE_URL).origin];
  if (env.NODE_ENV === "development") origins.push("http://localhost:5173", "http://127.0.0.1:5173");
  return origins;
}

function buildOptions({ env, db, mailer, logger }: AuthDeps) {
  const social = new Set(configuredSocialProviders(env));
  const socialProviders: BetterAuthOptions["socialProviders"] = {};
  // Offline access with a forced consent prompt, as the product asks of provider sign-in
  // (docs/product.md#auth).
  if (social.has("google")) {
    socialProviders.google = {
      clientId: env.GOOGLE_CLIENT_ID!,
      clientSecret: env.GOOGLE_CLIENT_SECRET!,
      accessType: "offline",
      prompt: "consent",
    };
  }
  if (social.has("github"))
    socialProviders.github = { clientId: env.GITHUB_CLIENT_ID!, clientSecret: env.GITHUB_CLIENT_SECRET! };
  if (social.has("facebook")) {
    socialProviders.facebook = {
      clientId: env.FACEBOOK_CLIENT_ID!,
      clientSecret: env.FACEBOOK_CLIENT_SECRET!,
    };
  }
  if (social.has("linkedin")) {
    socialProviders.linkedin = {
      clientId: env.LINKEDIN_CLIENT_ID!,
      clientSecret: env.LINKEDIN_CLIENT_SECRET!,
      prompt: "consent",
    };
  }

  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                discoveryUrl: `${env.OIDC_ISSUER.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                clientId: env.OIDC_CLIENT_ID,
                clientSecret: env.OIDC_CLIENT_SECRET,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [];
  const plugins = [
    // TOTP with backup codes: enabling needs the password; a password sign-in then asks for a code.
    twoFactor({ issuer: TOTP_ISSUER, backupCodeOptions: { amount: 10, length: 10 } }),
    ...oidc,
  ];

  return {
    appName: "ResumeLens",
    baseURL: env.BASE_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    database: { db: db.kysely, type: db.kind },
    trustedOrigins: trustedOrigins(env),
    // Our own database-backed limiter guards sign-in per IP and per email (see auth-guard.ts).
    rateLimit: { enabled: false },
    logger: { disabled: env.LOG_LEVEL === "silent" },
    // Renewed at most hourly: Settings shows each session's last activity from this, to the hour.
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 },
    advanced: {
      cookiePrefix: "resumelens",
      // Better Auth skips its callback/redirect URL check when NODE_ENV=test or TEST is set, which
      // would let a reset link forward its token to any site: always check against trustedOrigins.
      disableOriginCheck: false,
      useSecureCookies: env.BASE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async onPasswordReset({ user }) {
        await afterPasswordReset({ db, user });
      },
      async sendResetPassword({ user, url }) {
        // Not awaited: the answer must not wait for the mail server only when the address has an
        // account (the same answer, in the same time, either way; see RESET_REQUEST_MINIMUM_MS).
        mailer
          .send(
            actionEmail({
              to: user.email,
              subject: "Reset your ResumeLens password",
              intro:
                "Someone asked to reset the password of your ResumeLens account. The link works once, for one hour. If it was not you, ignore this email: your password stays as it is.",
              action: "Choose a new password",
              url,
            }),
          )
          .catch((error: unknown) =>
            logger.error("password reset mail failed", {
              error: error instanceof Error ? error.message : String(error),
            }),
          );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        await mailer.send(
          actionEmail({
            to: user.email,
            subject: "Confirm your ResumeLens email",
            intro: "Welcome to ResumeLens. Confirm your email address to start analyzing your resume.",
            action: "Confirm my email",
            url,
          }),
        );
      },
    },
    socialProviders,
    account: {
      // A social sign-in never silently joins an existing account: the user links it from Settings
      // (linkSocial while signed in, same email as the account; see the hook below for verification).
      accountLinking: { enabled: true, disableImplicitLinking: true },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/change-password") {
          // A new password ends every other session: whoever knew the old one is signed out.
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        }
        if (ctx.path === "/sign-up/email") {
          // The same name rules as the profile form (Better Auth only checks that a name is a string).
          const problem = userFieldsProblem((ctx.body ?? {}) as { name?: unknown; image?: unknown });
          if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "INVALID_USER_FIELDS" });
          return;
        }
        if (ctx.path === "/two-factor/verify-totp") {
          await refuseReplayedTotp(ctx, db);
          return;
        }
        if (!LINK_PATHS.has(ctx.path)) return;
        // Linking proves nothing about an address nobody has confirmed: refuse it until the email is verified.
        const session = await getSessionFromCtx(ctx);
        if (session && !session.user.emailVerified) {
          throw new APIError("FORBIDDEN", { message: LINK_NEEDS_VERIFIED_EMAIL, code: "EMAIL_NOT_VERIFIED" });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(rawUser, ctx) {
            // Whatever the path (a provider's profile included), the stored name and picture keep the
            // app's rules: no control characters, at most 80 characters, http(s) pictures only.
            const user = { ...rawUser, ...cleanUserFields(rawUser) };
            // A provider that does not vouch for the email creates nothing until the address is
            // confirmed from its mailbox, in this browser (see social-signup.ts).
            if (!ctx || user.emailVerified) return { data: user };
            const providerId = oauthCallbackProvider(ctx);
            if (!providerId) return { data: user };
            await requireConfirmedSocialEmail({
              db,
              store: ctx.context.internalAdapter,
              env,
              mailer,
              ctx,
              email: user.email,
              providerId,
            });
            return { data: { ...user, emailVerified: true } };
          },
          async after(user) {
            await createUserRows(db, user.id);
          },
        },
        update: {
          async before(data) {
            return { data: { ...data, ...cleanUserFields(data) } };
          },
        },
      },
      // A reset link ends the older ones, and a password changed in Settings ends them all
      // (password-reset.ts; a completed reset ends them in afterPasswordReset).
      verification: {
        create: {
          async after(verification) {
            if (!verification.identifier.startsWith(RESET_LINK_PREFIX)) return;
            await revokeResetLinks({ db, userId: verification.value, keep: verification.identifier });
          },
        },
      },
      account: {
        update: {
          async after(account, ctx) {
            if (ctx?.path === "/change-password") await revokeResetLinks({ db, userId: account.userId });
          },
        },
      },
      // Every path that signs in makes its session here (see session-limits.ts): the User-Agent is
      // kept short, a sign-in spends the account's budget, and the account keeps its newest sessions.
      session: {
        create: {
          async before(session, ctx) {
            await spendSignIn({ db, userId: session.userId, request: ctx, now: new Date() });
            return { data: { ...session, userAgent: clampUserAgent(session.userAgent) } };
          },
          async after(session, ctx) {
            await keepNewestSessions({ db, userId: session.userId, request: ctx, now: new Date() });
          },
        },
        update: {
          async before(data) {
            if (!("userAgent" in data)) return;
            return { data: { ...data, userAgent: clampUserAgent(data.userAgent) } };
          },
        },
      },
    },
    onAPIError: {
      onError(error) {
        logger.error("auth error", { error: error instanceof Error ? error.message : String(error) });
      },
    },
    plugins,
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  const options = buildOptions(deps);
  return Object.assign(betterAuth(options), { options });
}

export type Auth = ReturnType<typeof createAuth>;
