import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/*
 * Durable commits without blocking the event loop (docs/decisions/2026-11-26-event-loop.md).
 *
 * better-sqlite3 is synchronous: with `synchronous = FULL` every commit waits for the disk on the
 * request thread (60–170 ms for a 5 MB file on a quiet disk, up to a second on a shared one), and
 * so does every automatic checkpoint. Here the connection runs with `synchronous = NORMAL` and
 * without automatic checkpoints, and the two costly steps move off the request thread:
 *
 * - FULL's only extra step in WAL mode is an fsync of the WAL file after each commit. `WalSync`
 *   does that fsync on libuv's thread pool, and the HTTP layer awaits it before answering a
 *   request that wrote (`Db.durable()`): an acknowledged write is on disk, as with FULL. Writers
 *   waiting at once share one fsync (group commit).
 * - Checkpoints (copying the WAL into the database file, with their own syncs) run in a worker
 *   thread with a connection of its own, in PASSIVE mode, which never blocks a writer.
 */

/**
 * How often the checkpointer looks at the WAL; it copies it back when it has grown past
 * CHECKPOINT_ABOVE_BYTES (SQLite's own automatic checkpoint: 1,000 pages) or, after smaller
 * writes, at most every CHECKPOINT_AT_LEAST_EVERY_MS.
 */
const CHECKPOINT_EVERY_MS = 100;
const CHECKPOINT_ABOVE_BYTES = 4 * 1024 * 1024;
const CHECKPOINT_AT_LEAST_EVERY_MS = 1_000;

/** The checkpointer yields the cores to the request thread, like the document workers. */
const CHECKPOINTER_NICE = 10;

export type FsyncFile = (file: string) => Promise<void>;

/** fsync of a file (or a directory) by path, on libuv's thread pool. */
export const fsyncFile: FsyncFile = async (file) => {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/**
 * Write generations and the fsyncs that cover them. `wrote()` is called for every statement that
 * may change the database (commits included); `flush()` resolves once an fsync that started after
 * the latest such statement has completed.
 */
export class WalSync {
  #written = 0;
  #synced = 0;
  #running: { covers: number; done: Promise<void> } | undefined;
  #directorySynced = false;
  #failed: Error | undefined;

  constructor(
    private readonly databaseFile: string,
    private readonly fsync: FsyncFile = fsyncFile,
  ) {}

  wrote(): void {
    this.#written++;
  }

  /**
   * Resolves once every write so far is on disk. After a failed fsync it rejects, then and for ever:
   * the kernel may have dropped the pages it could not write, and a later fsync on a new handle can
   * succeed without them, so nothing written since may be acknowledged (fail-stop, as PostgreSQL
   * does). The process has to be restarted; SQLite then recovers from what is on disk.
   */
  async flush(): Promise<void> {
    const target = this.#written;
    while (this.#synced < target || this.#failed) {
      if (this.#failed) throw this.#failed;
      const running = this.#running;
      if (running) {
        // An fsync that started before our last write does not cover it: wait, then start another.
        await running.done.catch(() => undefined);
        if (!this.#failed && running.covers >= target && this.#synced >= target) return;
        continue;
      }
      const covers = this.#written;
      const done = this.#syncOnce().then(
        () => {
          this.#synced = Math.max(this.#synced, covers);
        },
        (error: unknown) => {
          this.#failed = new Error(
            `The database could not be synced to disk (${error instanceof Error ? error.message : String(error)}); nothing more is acknowledged until the server restarts.`,
          );
          throw this.#failed;
        },
      );
      this.#running = { covers, done };
      try {
        await done;
      } finally {
        this.#running = undefined;
      }
    }
  }

  async #syncOnce(): Promise<void> {
    try {
      await this.fsync(`${this.databaseFile}-wal`);
    } catch (error) {
      // No WAL file: the last connection closed, and SQLite checkpointed and synced it away.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    // The WAL file's directory entry, once: a file created since the last directory sync could
    // otherwise vanish with its content on power loss.
    if (!this.#directorySynced) {
      await this.fsync(path.dirname(this.databaseFile));
      this.#directorySynced = true;
    }
  }
}

/** Prepared statements kept per connection (Kysely prepares each query again otherwise). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, telling `sync` of every statement that may write, when it runs:
 * a `run()` (inserts, updates, deletes, and BEGIN / COMMIT, which Kysely runs the same way) or a
 * statement that returns rows but is not read-only (`insert … returning`). Statements are prepared
 * once per SQL text (most recently used first out of STATEMENT_CACHE_SIZE); one still being
 * iterated is not shared.
 */
export function trackWrites(sqlite: SQLite.Database, sync: WalSync): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  const prepared = (source: string): SQLite.Statement => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = sqlite.prepare(source);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare(source: string): SqliteStatement {
      const statement = prepared(source);
      const writes = !statement.readonly;
      return {
        reader: statement.reader,
        all(parameters) {
          if (writes) sync.wrote();
          return statement.all(parameters);
        },
        iterate(parameters) {
          if (writes) sync.wrote();
          return statement.iterate(parameters);
        },
        run(parameters) {
          sync.wrote();
          return statement.run(parameters);
        },
      };
    },
  };
}

/** The checkpointer (plain JavaScript, run as a worker thread with its own connection). */
const CHECKPOINTER = `
const { parentPort, workerData } = require("node:worker_threads");
const { statSync } = require("node:fs");
try { require("node:os").setPriority(workerData.nice); } catch {}
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 1000");
db.pragma("synchronous = NORMAL");
let copied = 0; // the WAL's modification time at the last checkpoint
let copiedAt = 0;
const timer = setInterval(() => {
  let wal;
  try { wal = statSync(workerData.file + "-wal"); } catch { return; }
  if (wal.mtimeMs === copied) return;
  // Something was written since the last pass: copy it back once the WAL is large or a while has gone by.
  if (wal.size < workerData.above && Date.now() - copiedAt < workerData.atLeastEvery) return;
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
    copied = wal.mtimeMs;
    copiedAt = Date.now();
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
}, workerData.every);
parentPort.on("message", () => {
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

/**
 * Starts the checkpointer for `file`; `stop()` ends it (its connection closed). Errors are passed
 * to `onError` and the checkpointer keeps trying: a WAL that cannot be copied back only grows.
 */
export function startCheckpointer(file: string, onError: (message: string) => void = () => {}) {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: {
      file,
      driver,
      every: CHECKPOINT_EVERY_MS,
      above: CHECKPOINT_ABOVE_BYTES,
      atLeastEvery: CHECKPOINT_AT_LEAST_EVERY_MS,
      nice: CHECKPOINTER_NICE,
    },
  });
  worker.unref();
  worker.on("message", (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on("error", (error) => onError(error.message));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    async stop() {
      worker.postMessage("stop");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      await worker.terminate();
    },
  };
}
