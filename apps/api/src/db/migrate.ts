import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import type { Db } from "./database.ts";
import { migrateOurTables } from "./migrations.ts";

/** Key of the PostgreSQL advisory lock that serialises start-up migrations across processes. */
const MIGRATION_LOCK_KEY = 7_317_201_001;

/**
 * Brings the database to the latest schema: Better Auth's tables first (ours reference `user`),
 * then our own migration set. Safe to run at every start-up and from several processes: on
 * PostgreSQL, processes starting at the same moment take turns under a session advisory lock
 * (Better Auth's migrator has no lock of its own, so two of them would both try to create
 * `user`); the first migrates, the others find the schema current. SQLite has one process.
 */
export async function migrate(db: Db, authOptions: BetterAuthOptions): Promise<void> {
  const run = async () => {
    const { runMigrations } = await getMigrations(authOptions);
    await runMigrations();
    await migrateOurTables(db.kysely as never, db.kind);
  };
  if (db.kind !== "postgres") return run();
  // The lock lives on one pooled connection for the whole run; the migrations use others.
  await db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      await run();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}
