import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";

const dir = mkdtempSync(path.join(tmpdir(), "resumelens-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded SQLite database", () => {
  it("syncs every commit (WAL with synchronous = FULL): an acknowledged write survives a power loss", async () => {
    const db = openDatabase(path.join(dir, "durable.db"));
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely);
      expect(mode.rows[0]?.journal_mode).toBe("wal");
      // 0 OFF, 1 NORMAL (loses the last commits on power loss in WAL mode), 2 FULL, 3 EXTRA.
      expect(sync.rows[0]?.synchronous).toBe(2);
    } finally {
      await db.close();
    }
  });
});
