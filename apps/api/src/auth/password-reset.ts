import type { Db } from "../db/database.ts";
import { signInEmailKey } from "./auth-guard.ts";

/**
 * How Better Auth 1.7 keeps a reset link in `verification`: identifier `reset-password:<token>`
 * (stored as is: we set no `verification.storeIdentifier`), value the user's id.
 */
export const RESET_LINK_PREFIX = "reset-password:";

/**
 * Ends the user's reset links, all of them or all but `keep` (a link's identifier). A reset link
 * works once and only while it is the newest word on the password: a newer link, a completed reset or
 * a password changed in Settings ends every other (auth.ts calls this on each), so a link left in a
 * mailbox, a forwarded mail or a shared inbox does not outlive the password it was sent for.
 */
export async function revokeResetLinks({
  db,
  userId,
  keep,
}: {
  db: Db;
  userId: string;
  keep?: string;
}): Promise<void> {
  let query = db.kysely
    .deleteFrom("verification")
    .where("value", "=", userId)
    .where("identifier", "like", `${RESET_LINK_PREFIX}%`);
  if (keep !== undefined) query = query.where("identifier", "!=", keep);
  await query.execute();
}

/**
 * What a completed password reset changes besides the password (Better Auth has already ended every
 * session). Every other reset link of the account ends with it. The reset link proves the caller
 * reads the account's mailbox, so:
 * - the per-email sign-in lock is lifted: eight wrong guesses by a stranger must not keep the owner
 *   out after they chose a new password;
 * - while the address was still unconfirmed, any provider account attached to it was attached on
 *   nobody's proof of the address, so those links go (the owner links their own again from Settings).
 */
export async function afterPasswordReset({
  db,
  user,
}: {
  db: Db;
  user: { id: string; email: string; emailVerified: boolean };
}): Promise<void> {
  await revokeResetLinks({ db, userId: user.id });
  await db.kysely.deleteFrom("rate_limit").where("key", "=", signInEmailKey(user.email)).execute();
  if (!user.emailVerified) {
    await db.kysely
      .deleteFrom("account")
      .where("userId", "=", user.id)
      .where("providerId", "!=", "credential")
      .execute();
  }
}
