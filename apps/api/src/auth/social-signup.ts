import { createHash, randomBytes } from "node:crypto";
import type { TSocialProvider } from "@resumelens/contract";
import { APIError } from "better-auth/api";
import type { Db } from "../db/database.ts";
import type { Env } from "../env.ts";
import { actionEmail, type Mailer } from "../lib/mailer.ts";
import { consumeRateLimit, rateLimitKey } from "../lib/rate-limit.ts";

/**
 * A new account from a social sign-in whose provider does not vouch for the email (Facebook never
 * does; an OpenID provider says `email_verified: false`) is created only after the address is
 * confirmed, by its mailbox, in the browser that signed in with the provider:
 *
 * 1. the OAuth callback creates nothing: we mail a link (token T) to the address, give this browser a
 *    random binding B in a cookie, keep hash(T) → {email, provider, hash(B)} for a day, and send the
 *    browser to /auth with a message;
 * 2. the link, opened where B is, marks hash(B) → {email, provider} as confirmed for 15 minutes and
 *    restarts the provider sign-in at once;
 * 3. that callback finds the confirmation for this browser, email and provider, uses it up, and the
 *    account is created with the email verified and the provider linked.
 *
 * Someone who holds a provider account with another person's address gets only a mail sent to that
 * person; the person opening it in their own browser confirms nothing, because B is not there.
 */

/** The cookie holding this browser's binding B (random, 256 bits; only its hash is stored). */
export const SOCIAL_SIGNUP_COOKIE = "resumelens.social_signup";
export const SOCIAL_SIGNUP_CONFIRM_PATH = "/api/auth/social-signup/confirm";
const PENDING_TTL_MS = 24 * 60 * 60 * 1000;
const CONFIRMED_TTL_MS = 15 * 60 * 1000;
/** Mails per address per hour: a stranger cannot fill someone's inbox by signing in over and over. */
const MAILS_PER_HOUR = 3;

const PENDING = "social-signup:";
const CONFIRMED = "social-signup-confirmed:";

type Pending = { email: string; providerId: string; binding: string };
type Confirmed = { email: string; providerId: string };

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const randomToken = () => randomBytes(32).toString("base64url");

/** A provider's name as people know it ("test-oidc" stays as it is). */
export function providerName(providerId: string): string {
  const names: Record<TSocialProvider, string> = {
    google: "Google",
    github: "GitHub",
    facebook: "Facebook",
    linkedin: "LinkedIn",
  };
  return names[providerId as TSocialProvider] ?? providerId;
}

/** /auth with a message the page shows (its `error_description`). */
export function authPageUrl(error: string, description: string): string {
  return `/auth?${new URLSearchParams({ error, error_description: description })}`;
}

/** The provider whose OAuth callback this request is, or null for any other auth request. */
export function oauthCallbackProvider(ctx: { path?: string; params?: unknown }): string | null {
  const path = ctx.path ?? "";
  if (!path.startsWith("/callback/") && !path.startsWith("/oauth2/callback/")) return null;
  const params = (ctx.params ?? {}) as { id?: unknown; providerId?: unknown };
  const id = params.id ?? params.providerId ?? path.split("/").pop();
  return typeof id === "string" && id !== "" ? id : null;
}

/** Better Auth's verification store (its own table, ids and dates), as its context hands it out. */
export type Verifications = {
  createVerificationValue(data: { identifier: string; value: string; expiresAt: Date }): Promise<unknown>;
  findVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null>;
  /** Deletes and returns the record: whoever takes it first has it (one use, even concurrently). */
  consumeVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null>;
};

async function putValue(store: Verifications, identifier: string, value: unknown, ttlMs: number, now: Date) {
  await store.createVerificationValue({
    identifier,
    value: JSON.stringify(value),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
}

const live = (record: { expiresAt: Date } | null, now: Date) =>
  record !== null && new Date(record.expiresAt).getTime() > now.getTime();

async function takeValue<T>(store: Verifications, identifier: string, now: Date): Promise<T | null> {
  const record = await store.consumeVerificationValue(identifier).catch(() => null);
  if (!record || !live(record, now)) return null;
  try {
    return JSON.parse(record.value) as T;
  } catch {
    return null;
  }
}

type CookieContext = { getCookie: (name: string) => string | null | undefined };

/**
 * Step 3, or step 1: called by Better Auth's user-create hook on an OAuth callback whose provider
 * says the email is not verified. Returns true when this browser confirmed this email for this
 * provider (create the user as verified); otherwise starts the confirmation and throws the
 * redirect to /auth, so nothing is created.
 */
export async function requireConfirmedSocialEmail({
  db,
  store,
  env,
  mailer,
  ctx,
  email,
  providerId,
  now = new Date(),
}: {
  db: Db;
  store: Verifications;
  env: Env;
  mailer: Mailer;
  ctx: CookieContext;
  email: string;
  providerId: string;
  now?: Date;
}): Promise<true> {
  const address = email.trim().toLowerCase();
  const binding = ctx.getCookie(SOCIAL_SIGNUP_COOKIE);
  if (binding) {
    const confirmed = await takeValue<Confirmed>(store, `${CONFIRMED}${sha256(binding)}`, now);
    if (confirmed && confirmed.email === address && confirmed.providerId === providerId) return true;
  }

  const name = providerName(providerId);
  const nextBinding = binding && binding.length >= 40 ? binding : randomToken();
  // Only /api/auth reads it; Lax, so it comes along on the link from the mail and the provider's return.
  const cookie = [
    `${SOCIAL_SIGNUP_COOKIE}=${nextBinding}`,
    "Path=/api/auth",
    `Max-Age=${PENDING_TTL_MS / 1000}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(env.BASE_URL.startsWith("https://") ? ["Secure"] : []),
  ].join("; ");
  const mails = await consumeRateLimit(
    db,
    rateLimitKey("social-signup-mail", address),
    { limit: MAILS_PER_HOUR, windowMs: 60 * 60 * 1000 },
    now.getTime(),
  );
  if (mails.allowed) {
    const token = randomToken();
    const pending: Pending = { email: address, providerId, binding: sha256(nextBinding) };
    await putValue(store, `${PENDING}${sha256(token)}`, pending, PENDING_TTL_MS, now);
    const url = new URL(SOCIAL_SIGNUP_CONFIRM_PATH, env.BASE_URL);
    url.searchParams.set("token", token);
    await mailer.send(
      actionEmail({
        to: address,
        subject: `Confirm your email to sign in with ${name}`,
        intro: `Someone started signing in to ResumeLens with a ${name} account that uses this address. ${name} has not confirmed the address is theirs, so we ask you. If it was you, open the link in the same browser within a day. If it was not, ignore this email: no account is created without it.`,
        action: `Confirm and continue with ${name}`,
        url: url.toString(),
      }),
    );
  }
  throw new APIError("FOUND", undefined, {
    "Set-Cookie": cookie,
    Location: authPageUrl(
      "email_not_verified",
      `${name} has not confirmed your email address. We sent a link to ${address}: open it in this browser to finish signing in.`,
    ),
  });
}

/**
 * Step 2: the emailed link. Answers where to send the browser: the provider's sign-in again once
 * confirmed (the caller starts it), or /auth with why not.
 */
export async function confirmSocialEmail({
  store,
  token,
  binding,
  now = new Date(),
}: {
  store: Verifications;
  token: string;
  binding: string | undefined;
  now?: Date;
}): Promise<{ ok: true; providerId: string } | { ok: false; location: string }> {
  const identifier = `${PENDING}${sha256(token)}`;
  const record = token ? await store.findVerificationValue(identifier) : null;
  const pending = record && live(record, now) ? parsePending(record.value) : null;
  if (!pending) {
    return {
      ok: false,
      location: authPageUrl(
        "invalid_token",
        "This confirmation link has expired or was already used. Sign in with your provider again to get a new one.",
      ),
    };
  }
  if (!binding || sha256(binding) !== pending.binding) {
    // Not the browser that signed in with the provider: confirm nothing, keep the link for that one.
    return {
      ok: false,
      location: authPageUrl(
        "email_not_verified",
        `Open this link in the browser where you started signing in with ${providerName(pending.providerId)}.`,
      ),
    };
  }
  if (!(await takeValue<Pending>(store, identifier, now))) {
    return { ok: false, location: authPageUrl("invalid_token", "This confirmation link was already used.") };
  }
  const confirmed: Confirmed = { email: pending.email, providerId: pending.providerId };
  await putValue(store, `${CONFIRMED}${pending.binding}`, confirmed, CONFIRMED_TTL_MS, now);
  return { ok: true, providerId: pending.providerId };
}

function parsePending(value: string): Pending | null {
  try {
    const parsed = JSON.parse(value) as Partial<Pending>;
    return typeof parsed.email === "string" &&
      typeof parsed.providerId === "string" &&
      typeof parsed.binding === "string"
      ? (parsed as Pending)
      : null;
  } catch {
    return null;
  }
}
