import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { TResumeSummary } from "@resumelens/contract";
import type { Kysely } from "kysely";
import type { Db, OwnedRecord } from "../../db/database.ts";
import { toIso, withUserWriteLock } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import type { StoredParse } from "./extract.ts";
import { type DocumentPool, documentPool, parseUpload } from "./pool.ts";
import { layoutJsonFor } from "./stored-layout.ts";
import { assertStorageAvailable, DUPLICATE_WINDOW_MS } from "./upload-limits.ts";

/** Longest stored filename; longer names are cut (extension kept). */
export const FILENAME_MAX = 200;
/** The name of a pasted resume (docs/product.md#analyzer). */
export const TEXT_RESUME_FILENAME = "Text Resume";

/**
 * A display-safe filename: no directories (either slash), no control or bidi-override characters,
 * collapsed spaces, at most 200 characters with the extension kept; "resume" when nothing is left.
 */
export function sanitizeFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  let name = base
    .normalize("NFC")
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if ([...name].length > FILENAME_MAX) {
    const ext = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? "";
    name = [...name].slice(0, FILENAME_MAX - ext.length).join("") + ext;
  }
  return name || "resume";
}

/** A stored resume as the create routes answer it; `duplicate` when an identical one was just stored. */
export type CreatedResume = { id: number; filename: string; duplicate: boolean };

/**
 * Stores an uploaded resume: parses it in the worker pool (detect → extract → normalise → parse;
 * the pool's fair share is per user), then writes bytes, row and the layout the extractor saw
 * (columns, tables…, for the ATS review of every analysis) in one transaction. The same file
 * sent again within 10 s (a double click) answers the first resume and stores nothing. Throws
 * DocumentRefused for files we will not keep, AppError LIMIT_REACHED past the storage quota.
 */
export async function createUploadedResume({
  db,
  userId,
  filename,
  bytes,
  now,
}: {
  db: Db;
  userId: string;
  filename: string;
  bytes: Uint8Array;
  now: Date;
}): Promise<CreatedResume> {
  const name = sanitizeFilename(filename);
  return storeOnce({ db, userId, filename: name, bytes, now }, async () => {
    const document = await parseUpload(bytes, documentPool(), { owner: userId });
    return {
      mime: document.mime,
      text: document.text,
      parsed: document.parsed,
      layoutJson: layoutJsonFor(document),
    };
  });
}

/**
 * Stores pasted resume text (already validated by ZCreateTextResume) as 'Text Resume'. Normalising
 * and parsing run in the worker pool: they are CPU work on untrusted text. Duplicates and quota as
 * for uploads.
 */
export async function createTextResume({
  db,
  userId,
  content,
  now,
}: {
  db: Db;
  userId: string;
  content: string;
  now: Date;
}): Promise<CreatedResume> {
  const bytes = new TextEncoder().encode(content);
  return storeOnce({ db, userId, filename: TEXT_RESUME_FILENAME, bytes, now }, async () => {
    const { text, parsed } = await documentPool().parseText(content, { owner: userId });
    return { mime: "text/plain", text, parsed, layoutJson: null };
  });
}

/** What a create path stores besides the bytes: `layoutJson` from layoutJsonFor, null for text. */
type StoredDocument = { mime: string; text: string; parsed: StoredParse; layoutJson: string | null };

/** Requests storing the same content for the same user right now: the second waits for the first. */
const inFlight = new Map<string, Promise<CreatedResume>>();

/**
 * The once-only part of both create paths: a request identical to one in flight (same user, name
 * and bytes) shares its answer; one identical to a resume stored in the last DUPLICATE_WINDOW_MS
 * answers that resume. Otherwise: a cheap quota check on the bytes, `parse`, then the duplicate and
 * quota checks again under the user's write lock (other processes, concurrent requests) and the insert.
 */
async function storeOnce(
  request: { db: Db; userId: string; filename: string; bytes: Uint8Array; now: Date },
  parse: () => Promise<StoredDocument>,
): Promise<CreatedResume> {
  const { db, userId, filename, bytes, now } = request;
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const key = `${userId}\u0000${filename}\u0000${sha256}`;
  const pending = inFlight.get(key);
  if (pending) return { ...(await pending), duplicate: true };
  const work = (async (): Promise<CreatedResume> => {
    const recent = await recentDuplicate(db.kysely, { userId, filename, sha256, now });
    if (recent) return { ...recent, duplicate: true };
    await assertStorageAvailable(db.kysely, userId, bytes.byteLength);
    const document = await parse();
    return oneWriteAtATime(db, () =>
      withUserWriteLock(db, userId, async (executor) => {
        const again = await recentDuplicate(executor, { userId, filename, sha256, now });
        if (again) return { ...again, duplicate: true };
        const parsedJson = JSON.stringify(document.parsed);
        await assertStorageAvailable(
          executor,
          userId,
          bytes.byteLength + document.text.length + parsedJson.length + (document.layoutJson?.length ?? 0),
        );
        const id = await insertResume(executor, {
          userId,
          filename,
          mime: document.mime,
          bytes,
          sha256,
          text: document.text,
          parsedJson,
          layoutJson: document.layoutJson,
          createdAt: now,
        });
        return { id, filename, duplicate: false };
      }),
    );
  })();
  inFlight.set(key, work);
  try {
    return await work;
  } finally {
    inFlight.delete(key);
  }
}

let lastWrite: Promise<unknown> = Promise.resolve();

/**
 * Runs resume inserts one after another, each in a turn of the event loop of its own. On SQLite an
 * insert of a 5 MB file is synchronous (its WAL write: 10–45 ms here; the fsync and checkpoint run
 * off this thread, db/sqlite-durability.ts). Run
 * back to back from a chain of promises, several of them never let the loop answer anything in
 * between; one per turn, the longest stall is one insert. PostgreSQL writes off this thread.
 */
function oneWriteAtATime<T>(db: Db, write: () => Promise<T>): Promise<T> {
  if (db.kind !== "sqlite") return write();
  const run = lastWrite.then(() => nextTurn()).then(write);
  lastWrite = run.catch(() => undefined);
  return run;
}

/** The user's resume with this name and content stored within DUPLICATE_WINDOW_MS before `now`. */
async function recentDuplicate(
  executor: Kysely<Database>,
  { userId, filename, sha256, now }: { userId: string; filename: string; sha256: string; now: Date },
): Promise<{ id: number; filename: string } | undefined> {
  const row = await executor
    .selectFrom("resume")
    .select(["id", "filename"])
    .where("user_id", "=", userId)
    .where("sha256", "=", sha256)
    .where("filename", "=", filename)
    .where("created_at", ">=", new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString())
    .orderBy("id")
    .executeTakeFirst();
  return row && { id: Number(row.id), filename: row.filename };
}

/**
 * The owner's resume `id`, to select its columns from: every read of one resume goes through its
 * owner, so another user's id finds nothing.
 */
export function ownedResume(db: Db, userId: string, id: number) {
  return db.kysely.selectFrom("resume").where("id", "=", id).where("user_id", "=", userId);
}

/**
 * The owner's resume, summarised; another user's (or a missing) id is 404. The stored parse is read
 * in the worker pool, never on the request thread.
 */
export async function getResumeSummary({
  db,
  userId,
  id,
  pool = documentPool(),
}: OwnedRecord & { pool?: DocumentPool }): Promise<TResumeSummary> {
  const row = await ownedResume(db, userId, id)
    .select(["id", "filename", "mime", "size_bytes", "created_at", "text", "parsed_json"])
    .executeTakeFirst();
  if (!row) throw notFound("Resume");
  return {
    id: row.id,
    filename: row.filename,
    mime: row.mime,
    sizeBytes: row.size_bytes,
    createdAt: toIso(row.created_at as Date | string | number),
    textLength: row.text.length,
    parsed: row.parsed_json ? await pool.resumeSummary(row.parsed_json, { owner: userId }) : null,
  };
}

async function insertResume(
  executor: Kysely<Database>,
  row: {
    userId: string;
    filename: string;
    mime: string;
    bytes: Uint8Array;
    sha256: string;
    text: string;
    parsedJson: string;
    layoutJson: string | null;
    createdAt: Date;
  },
): Promise<number> {
  // File and row live in one row (content column): one statement stores both or neither.
  const inserted = await executor
    .insertInto("resume")
    .values({
      user_id: row.userId,
      filename: row.filename,
      mime: row.mime,
      size_bytes: row.bytes.byteLength,
      sha256: row.sha256,
      text: row.text,
      parsed_json: row.parsedJson,
      layout_json: row.layoutJson,
      content: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
      created_at: row.createdAt.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}
