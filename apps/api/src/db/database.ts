import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { startCheckpointer, trackWrites, WalSync } from "./sqlite-durability.ts";

export type DbKind = "sqlite" | "postgres";

/** A Kysely handle plus which dialect it speaks, for the few places where SQL differs. */
export type Db = {
  kind: DbKind;
  kysely: Kysely<Database>;
  /**
   * Resolves once every write made so far is on disk. The HTTP layer awaits it before answering
   * (apps/api/src/app.ts), so an acknowledged write survives a power loss; PostgreSQL's commits
   * already are, and an in-memory database has no disk.
   */
  durable: () => Promise<void>;
  close: () => Promise<void>;
};

/** One of a user's records: every read or write of it is scoped to its owner. */
export type OwnedRecord = { db: Db; userId: string; id: number };

// node-postgres returns int8 (COUNT, bigint) as strings; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * Opens the database named by `url`: a postgres:// URL uses PostgreSQL, anything else is a
 * SQLite file path (":memory:" for tests). SQLite runs in WAL mode with foreign keys on.
 */
export function openDatabase(url: string): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection that the server drops (restart, failover, a dropped test database) emits
    // 'error' on the pool; without a listener that would crash the process. The next query simply
    // gets a fresh connection or a proper error.
    pool.on("error", () => {});
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kind: "postgres", kysely, durable: async () => {}, close: () => kysely.destroy() };
  }
  if (url === ":memory:") {
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(url) }) });
    return { kind: "sqlite", kysely, durable: async () => {}, close: () => kysely.destroy() };
  }
  // A file: commits synced off the request thread before they are acknowledged, checkpoints in a
  // worker thread (sqlite-durability.ts; `npm run bench:db` measures both against FULL).
  const file = path.resolve(url);
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = openSqlite(file);
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("wal_autocheckpoint = 0");
  // The WAL is cut back to this size when it starts over after a checkpoint.
  // sqlite.pragma(`journal_size_limit = ${16 * 1024 * 1024}`);
  const sync = new WalSync(file);
  const checkpointer = startCheckpointer(file, onCheckpointError);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: trackWrites(sqlite, sync) }),
  });
  return {
    kind: "sqlite",
    kysely,
    durable: () => sync.flush(),
    async close() {
      await checkpointer.stop();
      await kysely.destroy();
    },
  };
}

function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return sqlite;
}

function onCheckpointError(message: string) {
  console.error(JSON.stringify({ level: "error", msg: "sqlite checkpoint failed", error: message }));
}

/** Reads a timestamp column (Date on PostgreSQL, ISO text or epoch ms on SQLite) as ISO-8601. */
export function toIso(value: Date | string | number): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Reads a boolean column (native on PostgreSQL, 0/1 on SQLite). */
export function toBool(value: boolean | number | string | null | undefined): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

/** Writes a boolean in the column's native form. */
export function fromBool(db: Db, value: boolean): boolean | number {
  return db.kind === "postgres" ? value : value ? 1 : 0;
}

/** Start of the current UTC calendar month, as ISO text: usage windows are calendar months in UTC. */
export function startOfUtcMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/**
 * Runs `work` so that no other locked write of the same user (limit-checked inserts, plan changes) interleaves with it.
 * PostgreSQL: a transaction holding a per-user advisory lock (released at commit or rollback), so
 * concurrent requests of one user queue up while other users' go on. SQLite: BEGIN IMMEDIATE takes
 * the database's write lock before the count, on Kysely's single connection (held for the whole
 * block), so a count and its insert are never split by another writer.
 */
export async function withUserWriteLock<T>(
  db: Db,
  userId: string,
  work: (executor: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.kind === "postgres") {
    return db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${userId}))`.execute(trx);
      return work(trx);
    });
  }
  return db.kysely.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const value = await work(connection);
      await sql`commit`.execute(connection);
      return value;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
