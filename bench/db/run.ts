/**
 * SQLite durability benchmark: what `synchronous = FULL` (the app's setting, apps/api/src/db/
 * database.ts) costs against NORMAL in WAL mode. Each commit is one small transaction, as the API
 * writes them (an analysis row, a payment update). Rounds alternate NORMAL and FULL so machine
 * noise hits both alike; the spread across rounds is printed as the noise figure.
 * Run: npm run bench:db [-- --rows 1000 --rounds 5]. The database file lives under the repo's
 * data/ directory (the disk the app uses), never on a RAM disk, where a sync would cost nothing.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { SQLITE_SYNCHRONOUS } from "../../apps/api/src/db/database.ts";

const { values } = parseArgs({
  options: { rows: { type: "string", default: "1000" }, rounds: { type: "string", default: "5" } },
});
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const MODES = ["NORMAL", "FULL"] as const;

const root = path.resolve(import.meta.dirname, "../..");
mkdirSync(path.join(root, "data"), { recursive: true });
const dir = mkdtempSync(path.join(root, "data", "bench-db-"));
// An analysis row is a few kilobytes of result JSON.
const payload = JSON.stringify({
  summary: "x".repeat(3000),
  skills: Array.from({ length: 40 }, (_, i) => i),
});

/** Inserts ROWS rows, one committed transaction each; returns commits per second. */
function round(mode: (typeof MODES)[number], index: number): number {
  const file = path.join(dir, `${mode}-${index}.db`);
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${mode}`);
  db.exec("create table analysis (id integer primary key autoincrement, user_id text, result_json text)");
  const insert = db.prepare("insert into analysis (user_id, result_json) values (?, ?)");
  const started = performance.now();
  for (let i = 0; i < ROWS; i++) insert.run(`user-${i % 50}`, payload);
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return ROWS / seconds;
}

const results: Record<string, number[]> = { NORMAL: [], FULL: [] };
round("NORMAL", -1); // warm-up: file system caches, the native module
for (let r = 0; r < ROUNDS; r++) for (const mode of MODES) results[mode]?.push(round(mode, r));
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
  const xs = results[mode] ?? [];
  const spread = ((Math.max(...xs) - Math.min(...xs)) / median(xs)) * 100;
  console.log(
    `${mode.padEnd(6)} median ${fmt(median(xs))} commits/s  (min ${fmt(Math.min(...xs))}, max ${fmt(Math.max(...xs))}; noise ±${Math.round(spread / 2)}%)${mode === SQLITE_SYNCHRONOUS ? "  ← the app's setting" : ""}`,
  );
}
const ratio = median(results.NORMAL ?? []) / median(results.FULL ?? []);
console.log(`FULL costs ${ratio.toFixed(1)}× NORMAL's time per commit on this disk.`);
