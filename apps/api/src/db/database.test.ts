import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import type { Database } from "./schema.ts";
import { trackWrites, WalSync } from "./sqlite-durability.ts";

const dir = mkdtempSync(path.join(tmpdir(), "resumelens-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An fsync that records what it was asked to sync and finishes when the test says so. */
function heldFsync() {
  const calls: string[] = [];
  const waiting: (() => void)[] = [];
  return {
    calls,
    fsync: (file: string) => {
      calls.push(file);
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    /** Finishes every fsync started so far. */
    release() {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the embedded SQLite database", () => {
  it("runs in WAL mode with the request connection's syncs and checkpoints left to WalSync and the checkpointer", async () => {
    const db = openDatabase(path.join(dir, "pragmas.db"));
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db.kysely)).rows[0] as object)[0];
      expect(await pragma("journal_mode")).toBe("wal");
      // 0 OFF, 1 NORMAL (no sync at commit: WalSync's fsync stands in for FULL's), 2 FULL.
      expect(await pragma("synchronous")).toBe(1);
      expect(await pragma("wal_autocheckpoint")).toBe(0);
    } finally {
      await db.close();
    }
  });

  it("copies a large WAL back into the database file from the checkpointer, not the request thread", async () => {
    const file = path.join(dir, "checkpoint.db");
    const db = openDatabase(file);
    try {
      await sql`create table blob (id integer primary key, bytes blob)`.execute(db.kysely);
      await db.durable();
      const before = statSync(file).size;
      await sql`insert into blob (bytes) values (${Buffer.alloc(5 * 1024 * 1024, 7)})`.execute(db.kysely);
      await db.durable();
      // The insert went to the WAL only: no automatic checkpoint ran on this thread.
      expect(statSync(file).size).toBe(before);
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(5 * 1024 * 1024);
      const deadline = Date.now() + 5_000;
      while (statSync(file).size < 5 * 1024 * 1024 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(statSync(file).size).toBeGreaterThan(5 * 1024 * 1024);
    } finally {
      await db.close();
    }
    // Everything survives a reopen.
    const reopened = new SQLite(file, { readonly: true });
    try {
      expect(reopened.prepare("select length(bytes) as n from blob").get()).toEqual({ n: 5 * 1024 * 1024 });
    } finally {
      reopened.close();
    }
  });
});

describe("WalSync: no write is acknowledged before an fsync that started after it", () => {
  it("syncs the WAL (and its directory, once) after a write, and nothing when nothing was written", async () => {
    const held = heldFsync();
    const sync = new WalSync("/data/app.db", held.fsync);
    await sync.flush();
    expect(held.calls).toEqual([]);

    sync.wrote();
    const first = sync.flush();
    await turn();
    held.release();
    await turn();
    held.release();
    await first;
    expect(held.calls).toEqual(["/data/app.db-wal", "/data"]);

    sync.wrote();
    const second = sync.flush();
    await turn();
    held.release();
    await second;
    expect(held.calls).toEqual(["/data/app.db-wal", "/data", "/data/app.db-wal"]);
  });

  it("treats a missing WAL file as synced (SQLite removes it, checkpointed, when the last connection closes)", async () => {
    const missing = new WalSync(path.join(dir, "never-opened.db"));
    missing.wrote();
    await expect(missing.flush()).resolves.toBeUndefined();
  });

  it("stops acknowledging anything after a failed fsync, read-only answers included (fail-stop)", async () => {
    let fails = true;
    const sync = new WalSync("/data/app.db", async () => {
      if (fails) throw Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" });
    });
    sync.wrote(); // A
    await expect(sync.flush()).rejects.toThrow("EIO");
    // The next fsync would succeed, but the pages A's failed: B must not be acknowledged, nor C.
    fails = false;
    sync.wrote(); // B
    await expect(sync.flush()).rejects.toThrow("could not be synced to disk");
    await expect(sync.flush()).rejects.toThrow("could not be synced to disk"); // C, a read
  });

  it("does not count an fsync that was already running when the write (a commit) happened", async () => {
    const held = heldFsync();
    const sync = new WalSync("/data/app.db", held.fsync);
    sync.wrote(); // another request's insert
    const other = sync.flush(); // its fsync starts
    await turn();
    sync.wrote(); // our commit, while that fsync runs
    let ours = false;
    const flushed = sync.flush().then(() => {
      ours = true;
    });
    held.release(); // the first fsync ends: it may not have seen our commit
    await turn();
    held.release(); // (the directory, once)
    await other;
    await turn();
    expect(ours).toBe(false);
    expect(held.calls.filter((file) => file.endsWith("-wal"))).toHaveLength(2);
    held.release();
    await flushed;
    expect(ours).toBe(true);
  });

  it("lets writers that wait at once share one fsync (group commit)", async () => {
    const held = heldFsync();
    const sync = new WalSync("/data/app.db", held.fsync);
    for (let i = 0; i < 20; i++) sync.wrote();
    const flushes = Array.from({ length: 20 }, () => sync.flush());
    for (let i = 0; i < 4; i++) {
      await turn();
      held.release();
    }
    await Promise.all(flushes);
    expect(held.calls.filter((file) => file.endsWith("-wal"))).toHaveLength(1);
  });

  it("is told of every statement that may write, read-only ones excepted", async () => {
    const held = heldFsync();
    const sync = new WalSync("/data/app.db", held.fsync);
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: trackWrites(new SQLite(":memory:"), sync) }),
    });
    const walSyncs = () => held.calls.filter((file) => file.endsWith("-wal")).length;
    /** Runs `query`, then flushes (letting every fsync finish): answers how many WAL syncs that took. */
    const walSyncsFor = async (query: () => Promise<unknown>) => {
      const before = walSyncs();
      await query();
      const flushed = sync.flush();
      for (let i = 0; i < 3; i++) {
        await turn();
        held.release();
      }
      await flushed;
      return walSyncs() - before;
    };
    try {
      expect(
        await walSyncsFor(() => sql`create table t (id integer primary key, v text)`.execute(kysely)),
      ).toBe(1);
      expect(await walSyncsFor(() => sql`select * from t`.execute(kysely))).toBe(0);
      expect(await walSyncsFor(() => sql`insert into t (v) values ('a') returning id`.execute(kysely))).toBe(
        1,
      );
      expect(await walSyncsFor(() => sql`update t set v = 'b'`.execute(kysely))).toBe(1);
      expect(
        await walSyncsFor(() =>
          kysely.transaction().execute(async (trx) => {
            await sql`delete from t`.execute(trx);
          }),
        ),
      ).toBe(1);
    } finally {
      await kysely.destroy();
    }
  });
});

describe("trackWrites: the connection Kysely uses", () => {
  it("prepares a query once and reuses it, but never shares a statement that is still being iterated", async () => {
    const sqlite = new SQLite(":memory:");
    const connection = trackWrites(sqlite, new WalSync(":memory:", async () => {}));
    connection.prepare("create table t (id integer primary key)").run([]);
    for (let i = 0; i < 5; i++) connection.prepare("insert into t (id) values (?)").run([i]);
    const select = "select id from t where id >= ? order by id";
    expect(connection.prepare(select).all([3])).toEqual([{ id: 3 }, { id: 4 }]);
    const iterator = connection.prepare(select).iterate([0]);
    expect(iterator.next().value).toEqual({ id: 0 });
    // The cached statement is busy with the iterator: a second use gets a statement of its own.
    expect(connection.prepare(select).all([4])).toEqual([{ id: 4 }]);
    expect([...iterator]).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    expect(connection.prepare(select).all([2])).toHaveLength(3);
    connection.close();
  });
});
