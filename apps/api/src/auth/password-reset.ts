import type { Db } from "../db/database.ts";
import { signInEmailKey } from "./auth-guard.ts";

/**
 * What a completed password reset changes besides the password (Better Auth has already ended every
 * session). The reset link proves the caller reads the account's mailbox, so:
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
  await db.kysely.deleteFrom("rate_limit").where("key", "=", signInEmailKey(user.email)).execute();
  if (!user.emailVerified) {
    await db.kysely
      .deleteFrom("account")
      .where("userId", "=", user.id)
      .where("providerId", "!=", "credential")
      .execute();
  }
}
