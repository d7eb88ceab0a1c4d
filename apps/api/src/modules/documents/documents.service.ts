import { createHash } from "node:crypto";
import type { TResumeSummary } from "@resumelens/contract";
import { normalizeText } from "@resumelens/engine";
import type { Db } from "../../db/database.ts";
import { toIso } from "../../db/database.ts";
import { notFound } from "../../lib/errors.ts";
import { parseForStorage, type StoredParse } from "./extract.ts";
import { parseUpload } from "./pool.ts";

/** Longest stored filename; longer names are cut (extension kept). */
export const FILENAME_MAX = 200;
/** The spec's name for a pasted resume. */
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

/**
 * Stores an uploaded resume: parses it in the worker pool (detect → extract → normalise → parse),
 * then writes bytes and row in one transaction. Throws DocumentRefused for files we will not keep.
 */
export async function createUploadedResume({
  db,
  userId,
  filename,
  bytes,
}: {
  db: Db;
  userId: string;
  filename: string;
  bytes: Uint8Array;
}): Promise<{ id: number; filename: string }> {
  const document = await parseUpload(bytes);
  const name = sanitizeFilename(filename);
  const id = await insertResume(db, {
    userId,
    filename: name,
    mime: document.mime,
    bytes,
    text: document.text,
    parsed: document.parsed,
  });
  return { id, filename: name };
}

/** Stores pasted resume text (already validated by ZCreateTextResume) as 'Text Resume'. */
export async function createTextResume({
  db,
  userId,
  content,
}: {
  db: Db;
  userId: string;
  content: string;
}): Promise<{ id: number }> {
  const bytes = new TextEncoder().encode(content);
  // Normalising and parsing pasted text is plain string work on ≤ 100k chars: no worker needed.
  const text = normalizeText(content);
  const id = await insertResume(db, {
    userId,
    filename: TEXT_RESUME_FILENAME,
    mime: "text/plain",
    bytes,
    text,
    parsed: parseForStorage(text),
  });
  return { id };
}

/** The owner's resume, summarised; another user's (or a missing) id is 404. */
export async function getResumeSummary({
  db,
  userId,
  id,
}: {
  db: Db;
  userId: string;
  id: number;
}): Promise<TResumeSummary> {
  const row = await db.kysely
    .selectFrom("resume")
    .select(["id", "filename", "mime", "size_bytes", "created_at", "text", "parsed_json"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("Resume");
  const parsed = row.parsed_json ? (JSON.parse(row.parsed_json) as StoredParse) : null;
  return {
    id: row.id,
    filename: row.filename,
    mime: row.mime,
    sizeBytes: row.size_bytes,
    createdAt: toIso(row.created_at as Date | string | number),
    textLength: row.text.length,
    parsed: parsed && {
      name: parsed.contact.name,
      email: parsed.contact.email,
      sections: parsed.sections,
      experienceCount: parsed.experience.length,
      educationCount: parsed.education.length,
      skillsCount: parsed.skills.length,
    },
  };
}

async function insertResume(
  db: Db,
  row: {
    userId: string;
    filename: string;
    mime: string;
    bytes: Uint8Array;
    text: string;
    parsed: StoredParse;
  },
): Promise<number> {
  // File and row live in one row (content column): one transaction stores both or neither.
  return db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("resume")
      .values({
        user_id: row.userId,
        filename: row.filename,
        mime: row.mime,
        size_bytes: row.bytes.byteLength,
        sha256: createHash("sha256").update(row.bytes).digest("hex"),
        text: row.text,
        parsed_json: JSON.stringify(row.parsed),
        content: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  });
}
