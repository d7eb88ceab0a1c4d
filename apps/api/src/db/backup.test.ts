import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, signUpVerified } from "../../test/harness.ts";
import { backupDatabase, databaseInUse, restoreDatabase, validateBackup } from "./backup.ts";

/** npm run db:backup / db:restore on the embedded database, the commands themselves included. */

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../../../..");
const cli = path.join(root, "apps/api/src/db/backup-cli.ts");
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "resumelens-backup-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runCli(dataDir: string, args: string[], extraEnv: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ["--import", "tsx", cli, ...args], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      BASE_URL: "http://localhost:3000",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ...extraEnv,
    },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

const resumeTitles = (dbPath: string) => {
  const db = new SQLite(dbPath, { readonly: true });
  try {
    return (db.prepare("select filename from resume order by id").all() as { filename: string }[]).map(
      (row) => row.filename,
    );
  } finally {
    db.close();
  }
};

describe("database backup and restore", () => {
  it("round trip: back up while the app runs, lose data, restore, the data is back", async () => {
    const h = await createHarness({ DATABASE_URL: "" });
    const dataDir = h.dataDir;
    const dbPath = path.join(dataDir, "resumelens.db");
    const saved = path.join(tempDir(), "saved.db");
    try {
      const { client } = await signUpVerified(h);
      const created = await client.post("/api/create-text-resume", {
        content: "Jane Doe\nEngineer\n".repeat(20),
      });
      expect(created.status).toBe(200);
      const { id } = (await created.json()) as { id: number };

      // An online copy through the command, while the app holds the database open.
      const backup = runCli(dataDir, ["backup", saved]);
      expect(backup, backup.stderr).toMatchObject({ status: 0, stdout: saved });
      // Without a file it goes to <data>/backups/resumelens-<timestamp>.db.
      const stamped = runCli(dataDir, ["backup"]);
      expect(stamped.status, stamped.stderr).toBe(0);
      expect(stamped.stdout).toMatch(/backups[/\\]resumelens-\d{4}-\d\d-\d\dT[\d-]+Z\.db$/);
      expect(existsSync(stamped.stdout)).toBe(true);

      // Data lost after the backup: the resume is deleted.
      await h.deps.db.kysely.deleteFrom("resume").where("id", "=", id).execute();
      expect((await client.get(`/api/resumes/${id}`)).status).toBe(404);
    } finally {
      await h.deps.db.close();
    }
    expect(resumeTitles(dbPath)).toEqual([]);

    const restore = runCli(dataDir, ["restore", saved]);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain("Restored");
    expect(resumeTitles(dbPath)).toHaveLength(1);
    // The database as it was before the restore is kept, and it is the one without the resume.
    const kept = /kept at (.+)$/m.exec(restore.stdout)?.[1] ?? "";
    expect(resumeTitles(kept)).toEqual([]);

    // The restored database serves the app again: the user and the resume are there.
    const again = await createHarness({ DATABASE_URL: dbPath });
    try {
      const users = await again.deps.db.kysely.selectFrom("user").select("email").execute();
      expect(users).toHaveLength(1);
    } finally {
      await again.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses to restore while a server has the database open", async () => {
    const dir = tempDir();
    const dbPath = path.join(dir, "resumelens.db");
    const h = await createHarness({ DATABASE_URL: dbPath });
    await h.deps.db.close();
    const saved = await backupDatabase(dbPath, path.join(dir, "saved.db"));
    // Another process holding the database open, as a running server does.
    const holder = spawn(
      process.execPath,
      [
        "-e",
        `const D = require(${JSON.stringify(require.resolve("better-sqlite3"))}); const db = new D(${JSON.stringify(dbPath)}); db.prepare("select count(*) from user").get(); console.log("open"); setTimeout(() => {}, 30000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve) => holder.stdout?.once("data", () => resolve()));
      expect(databaseInUse(dbPath)).toBe(true);
      await expect(restoreDatabase(dbPath, saved)).rejects.toThrow(/in use/);
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once("exit", resolve));
    }
    expect(databaseInUse(dbPath)).toBe(false);
    await expect(restoreDatabase(dbPath, saved)).resolves.toMatchObject({ restored: dbPath });
    rmSync(h.dataDir, { recursive: true, force: true });
  });

  it("accepts only intact ResumeLens databases", () => {
    const dir = tempDir();
    const text = path.join(dir, "notes.db");
    writeFileSync(
      text,
      "not a database at all, just some text that is long enough to be a header".repeat(20),
    );
    expect(() => validateBackup(text)).toThrow(/not a SQLite database|cannot be opened/);
    const other = path.join(dir, "other.db");
    const db = new SQLite(other);
    db.exec("create table notes (body text)");
    db.close();
    expect(() => validateBackup(other)).toThrow(/not a ResumeLens database/);
    expect(() => validateBackup(path.join(dir, "missing.db"))).toThrow(/No such file/);
  });

  it("points to pg_dump and pg_restore when the database is PostgreSQL", () => {
    const result = runCli(tempDir(), ["backup"], { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/none" });
    expect(result.status).toBe(2);
    expect(result.stdout).toContain("pg_dump");
    expect(result.stdout).toContain("pg_restore");
  });
});
