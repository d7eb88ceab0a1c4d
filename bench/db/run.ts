/**
 * SQLite durability benchmark: what each way of making a commit durable costs, and how much of it
 * blocks the request thread (apps/api/src/db/sqlite-durability.ts, database.ts). Each commit is one
 * small transaction, as the API writes them (an analysis row, a payment update):
 *
 * - NORMAL: no sync at commit (WAL mode); fast, but the last commits can be lost on power loss.
 * - FULL: SQLite syncs the WAL at every commit, on the calling thread.
 * - app: NORMAL plus WalSync, the app's setting: the WAL's fsync on libuv's thread pool, awaited
 *   before the answer; one writer at a time, and 16 writers at once (they share fsyncs).
 *
 * "thread" is the time the calling thread was busy per commit (what every other request waits for);
 * "commits/s" counts until each commit was durable. Rounds alternate the modes so machine noise hits
 * all alike; the spread across rounds is printed as the noise figure.
 * Run: npm run bench:db [-- --rows 500 --rounds 5]. The database file lives under the repo's data/
 * directory (the disk the app uses), never on a RAM disk, where a sync would cost nothing.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { WalSync } from "../../apps/api/src/db/sqlite-durability.ts";

const { values } = parseArgs({
  options: { rows: { type: "string", default: "500" }, rounds: { type: "string", default: "5" } },
});
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const MODES = ["NORMAL", "FULL", "app, 1 writer", "app, 16 writers"] as const;
type Mode = (typeof MODES)[number];

const root = path.resolve(import.meta.dirname, "../..");
mkdirSync(path.join(root, "data"), { recursive: true });
const dir = mkdtempSync(path.join(root, "data", "bench-db-"));
// An analysis row is a few kilobytes of result JSON.
const payload = JSON.stringify({
  summary: "x".repeat(3000),
  skills: Array.from({ length: 40 }, (_, i) => i),
});

/** Inserts ROWS rows, one committed transaction each; answers commits per second and thread ms per commit. */
async function round(mode: Mode, index: number): Promise<{ rate: number; thread: number }> {
  const file = path.join(dir, `${index}-${mode.replace(/\W+/g, "-")}.db`);
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${mode === "FULL" ? "FULL" : "NORMAL"}`);
  db.exec("create table analysis (id integer primary key autoincrement, user_id text, result_json text)");
  const insert = db.prepare("insert into analysis (user_id, result_json) values (?, ?)");
  const sync = new WalSync(file);
  let thread = 0;
  const commit = (i: number) => {
    const started = performance.now();
    insert.run(`user-${i % 50}`, payload);
    sync.wrote();
    thread += performance.now() - started;
  };
  const writers = mode === "app, 16 writers" ? 16 : 1;
  const started = performance.now();
  if (mode === "NORMAL" || mode === "FULL") {
    for (let i = 0; i < ROWS; i++) commit(i);
  } else {
    let next = 0;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (next < ROWS) {
          commit(next++);
          await sync.flush();
        }
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return { rate: ROWS / seconds, thread: thread / ROWS };
}

const results = new Map<Mode, { rate: number; thread: number }[]>(MODES.map((mode) => [mode, []]));
await round("NORMAL", -1); // warm-up: file system caches, the native module
for (let r = 0; r < ROUNDS; r++) for (const mode of MODES) results.get(mode)?.push(await round(mode, r));
rmSync(dir, { recursive: true, force: true });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
console.log(
  `SQLite WAL, ${ROWS} single-row commits per round (~${Math.round(payload.length / 1024)} KB each), ${ROUNDS} rounds per mode`,
);
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os.loadavg()[0]?.toFixed(2)}`,
);
for (const mode of MODES) {
  const rounds = results.get(mode) ?? [];
  const rates = rounds.map((r) => r.rate);
  const spread = ((Math.max(...rates) - Math.min(...rates)) / median(rates)) * 100;
  console.log(
    `${mode.padEnd(16)} ${fmt(median(rates)).padStart(7)} commits/s (min ${fmt(Math.min(...rates))}, max ${fmt(Math.max(...rates))}; noise ±${Math.round(spread / 2)}%), thread ${median(rounds.map((r) => r.thread)).toFixed(3)} ms per commit${mode === "NORMAL" ? " (not durable)" : ""}${mode.startsWith("app") ? "  ← the app" : ""}`,
  );
}
