import { isAPIError } from "better-auth/api";
import type { Auth } from "../../auth/auth.ts";
import type { Db } from "../../db/database.ts";
import { fromBool } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";

/** A six-digit code is an authenticator (TOTP) code; anything else is tried as a backup code. */
const TOTP_CODE = /^\d{6}$/;

/** Message when a second-factor code is wrong, used or unknown. */
export const INVALID_CODE = "That code is not valid. Check your authenticator app and try again.";

/**
 * Checks a current authenticator code (once per time step, see auth/totp-replay.ts) or uses up an
 * unused backup code of the signed-in caller; a wrong one is a 400 with INVALID_CODE.
 */
export async function checkSecondFactor({
  auth,
  code,
  headers,
}: {
  auth: Auth;
  code: string;
  headers: Headers;
}): Promise<void> {
  try {
    if (TOTP_CODE.test(code)) await auth.api.verifyTOTP({ body: { code }, headers });
    else await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
  } catch (error) {
    if (isAPIError(error)) throw new AppError("BAD_REQUEST", INVALID_CODE);
    throw error;
  }
}

/**
 * Turns two-factor sign-in off after checking a current authenticator code or an unused backup code
 * (a stolen session alone cannot remove the second factor). Better Auth checks the code against
 * the user's secret; we then remove the secret, the backup codes and any trusted devices.
 */
export async function disableTwoFactorWithCode({
  db,
  auth,
  userId,
  code,
  headers,
}: {
  db: Db;
  auth: Auth;
  userId: string;
  code: string;
  headers: Headers;
}): Promise<void> {
  const enrolment = await db.kysely
    .selectFrom("twoFactor")
    .select("id")
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!enrolment) throw new AppError("BAD_REQUEST", "Two-factor authentication is not enabled.");
  await checkSecondFactor({ auth, code, headers });
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
    await trx
      .updateTable("user")
      .set({ twoFactorEnabled: fromBool(db, false) })
      .where("id", "=", userId)
      .execute();
    await trx
      .deleteFrom("verification")
      .where("value", "=", userId)
      .where("identifier", "like", "trust-device-%")
      .execute();
  });
}
