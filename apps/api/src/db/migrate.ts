import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import type { Db } from "./database.ts";
import { migrateOurTables } from "./migrations.ts";

/**
 * Brings the database to the latest schema: Better Auth's tables first (ours reference `user`),
 * then our own migration set. Safe to run at every start-up and from several processes.
 */
export async function migrate(db: Db, authOptions: BetterAuthOptions): Promise<void> {
  const { runMigrations } = await getMigrations(authOptions);
  await runMigrations();
  await migrateOurTables(db.kysely as never, db.kind);
}
