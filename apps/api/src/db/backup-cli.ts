/**
 * npm run db:backup [FILE]   — a consistent online copy of the embedded database
 *                              (default data/backups/resumelens-<timestamp>.db); prints the file.
 * npm run db:restore FILE    — validates FILE, refuses while the server runs, keeps a copy of the
 *                              current database, then puts FILE in its place.
 * With DATABASE_URL set to PostgreSQL, PostgreSQL's own pg_dump and pg_restore are the tools.
 */
import { databaseUrl, loadEnv } from "../env.ts";
import { BackupError, backupDatabase, restoreDatabase } from "./backup.ts";

const [command, file] = process.argv.slice(2);
const env = loadEnv();

if (env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
  console.log(
    [
      "DATABASE_URL points at PostgreSQL: back it up and restore it with PostgreSQL's own tools, e.g.",
      '  pg_dump --format=custom --file=resumelens.dump "$DATABASE_URL"',
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" resumelens.dump',
      "(stop the API processes before a restore).",
    ].join("\n"),
  );
  process.exit(2);
}

const dbPath = databaseUrl(env);
try {
  if (command === "backup") {
    console.log(await backupDatabase(dbPath, file));
  } else if (command === "restore" && file) {
    const { restored, previous } = await restoreDatabase(dbPath, file);
    if (previous) console.log(`The database as it was is kept at ${previous}`);
    console.log(`Restored ${file} to ${restored}`);
  } else {
    console.error("Usage: npm run db:backup [FILE] | npm run db:restore FILE");
    process.exit(2);
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
