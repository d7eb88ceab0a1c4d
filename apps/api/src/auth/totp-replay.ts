import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import type { Db } from "../db/database.ts";
import { rateLimitKey } from "../lib/rate-limit.ts";

/** Better Auth's TOTP settings (the plugin's defaults, which we keep): 6 digits, 30 s steps, ±1 step. */
const PERIOD_MS = 30_000;
const DIGITS = 6;
const WINDOW = 1;

/** Message when an authenticator code is sent a second time. */
export const TOTP_ALREADY_USED =
  "That code has already been used. Wait for the next code from your authenticator app.";

/** The 2FA challenge cookie Better Auth sets after the password step of a sign-in. */
const TWO_FACTOR_COOKIE = "two_factor";

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** RFC 4648 base32, for secrets Better Auth stores with a `base32:` prefix (and otpauth:// URIs). */
export function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of input.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The HMAC key of a decrypted secret, read the way Better Auth reads it. */
function secretKey(secret: string): Buffer {
  return secret.startsWith("base32:") ? base32Decode(secret.slice(7)) : Buffer.from(secret, "utf8");
}

/**
 * The time step whose code `code` is, among those Better Auth accepts at `now` (the current step and
 * one either side), or null when it is none of them.
 */
export function matchingTotpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = secretKey(secret);
  const current = Math.floor(now / PERIOD_MS);
  for (let shift = -WINDOW; shift <= WINDOW; shift++) {
    const step = current + shift;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

type HookContext = Parameters<typeof getSessionFromCtx>[0] & {
  body?: { code?: unknown };
};

/** Whose code this is: the signed-in user (enrolment, our disable route) or the pending 2FA sign-in. */
async function userOfTotpRequest(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value ?? null;
}

/**
 * Accepts each authenticator code once per user, and none older than the last one used (RFC 6238
 * §5.2): a code read over a shoulder or from a log cannot be replayed while it is still inside its
 * 90-second window, nor can an earlier step's code after a later one. The last used step is kept in
 * the shared rate-limit table (claimStep), so two processes, or two concurrent requests with the same
 * code, cannot both pass. Runs before Better Auth's own check.
 */
/**
 * Records `step` as the user's last used step if it is later than the one recorded (one atomic
 * insert or conditional update in the shared rate-limit table, its count holding the step); false
 * when a step as late or later was used already.
 */
async function claimStep(db: Db, key: string, step: number, keepUntil: number): Promise<boolean> {
  const inserted = await db.kysely
    .insertInto("rate_limit")
    .values({ key, count: step, reset_at: keepUntil })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return true;
  const updated = await db.kysely
    .updateTable("rate_limit")
    .set({ count: step, reset_at: keepUntil })
    .where("key", "=", key)
    .where("count", "<", step)
    .returning("key")
    .executeTakeFirst();
  return updated !== undefined;
}

export async function refuseReplayedTotp(ctx: HookContext, db: Db): Promise<void> {
  const code = typeof ctx.body?.code === "string" ? ctx.body.code.replace(/\s+/g, "") : "";
  if (!code) return;
  const userId = await userOfTotpRequest(ctx);
  if (!userId) return;
  const row = await db.kysely
    .selectFrom("twoFactor")
    .select("secret")
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!row) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  // Better Auth checks against the wall clock; so do we, to agree on the step.
  const now = Date.now();
  const step = matchingTotpStep(secret, code, now);
  if (step === null) return; // a wrong code: Better Auth refuses it and counts the failure
  // The marker outlives the last moment the step is accepted (the end of step + WINDOW).
  const claimed = await claimStep(
    db,
    rateLimitKey("totp-last", userId),
    step,
    now + (WINDOW + 2) * PERIOD_MS,
  );
  if (!claimed) {
    throw new APIError("UNAUTHORIZED", { message: TOTP_ALREADY_USED, code: "INVALID_CODE" });
  }
}
