import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

/**
 * Backup and restore of the embedded SQLite database. A backup is a consistent online copy made
 * with SQLite's backup API (safe while the server runs and writes). A restore replaces the
 * database file, so it refuses while any process has the database open.
 */

/** Tables every ResumeLens database has: Better Auth's, ours and our migration record. */
export const REQUIRED_TABLES = ["user", "session", "account", "resume", "analysis", "plan", "app_migration"];

export class BackupError extends Error {}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, "-");

/** The default backup file for `dbPath`: <its folder>/backups/resumelens-<timestamp>.db. */
export function defaultBackupPath(dbPath: string, now = new Date()): string {
  return path.join(path.dirname(path.resolve(dbPath)), "backups", `resumelens-${stamp(now)}.db`);
}

/** Copies the live database at `dbPath` to `target` (created, never overwritten). */
export async function backupDatabase(dbPath: string, target = defaultBackupPath(dbPath)): Promise<string> {
  if (!existsSync(dbPath)) throw new BackupError(`No database at ${dbPath}.`);
  if (existsSync(target)) throw new BackupError(`${target} exists already; choose another file.`);
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const source = new SQLite(dbPath, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  // The copy must itself pass what a restore checks.
  validateBackup(target);
  return path.resolve(target);
}

/** Throws unless `file` is an intact SQLite database with ResumeLens's tables. */
export function validateBackup(file: string): void {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a database: ${(error as Error).message}`);
  }
  try {
    let tables: string[];
    try {
      tables = (
        db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]
      ).map((row) => row.name);
    } catch {
      throw new BackupError(`${file} is not a SQLite database.`);
    }
    const missing = REQUIRED_TABLES.filter((table) => !tables.includes(table));
    if (missing.length > 0)
      throw new BackupError(`${file} is not a ResumeLens database (missing tables: ${missing.join(", ")}).`);
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok")
      throw new BackupError(`${file} fails SQLite's integrity check: ${String(integrity)}`);
  } finally {
    db.close();
  }
}

/**
 * True when another process has the database open (a running server keeps a connection open,
 * and in WAL mode that blocks an exclusive lock). Our own process holds no connection here.
 */
export function databaseInUse(dbPath: string): boolean {
  if (!existsSync(dbPath)) return false;
  const db = new SQLite(dbPath, { timeout: 0, fileMustExist: true });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("begin exclusive");
    db.exec("commit");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return true;
    throw error;
  } finally {
    db.close();
  }
}

/**
 * Replaces the database at `dbPath` with the backup `file`: validates it, refuses while the
 * database is in use, keeps the current database as a safety copy (returned) and swaps the file
 * in atomically, with no stale -wal/-shm of the old database left beside it.
 */
export async function restoreDatabase(
  dbPath: string,
  file: string,
  now = new Date(),
): Promise<{ restored: string; previous: string | null }> {
  validateBackup(file);
  if (path.resolve(file) === path.resolve(dbPath))
    throw new BackupError("That file is the live database itself.");
  if (databaseInUse(dbPath))
    throw new BackupError("The database is in use: stop the ResumeLens server first, then restore.");
  mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
  let previous: string | null = null;
  if (existsSync(dbPath)) {
    previous = path.join(
      path.dirname(path.resolve(dbPath)),
      "backups",
      `resumelens-before-restore-${stamp(now)}.db`,
    );
    await backupDatabase(dbPath, previous);
  }
  const staged = `${dbPath}.restoring`;
  copyFileSync(file, staged);
  for (const suffix of ["-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
  renameSync(staged, dbPath);
  return { restored: path.resolve(dbPath), previous };
}
