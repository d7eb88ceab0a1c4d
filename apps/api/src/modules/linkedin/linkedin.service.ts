import { type TLinkedInPosition, type TLinkedInProfile, ZLinkedInProfile } from "@resumelens/contract";
import type { Db } from "../../db/database.ts";
import { toIso } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { detectKind } from "../documents/detect.ts";
import { type DocumentPool, documentPool, parseUpload } from "../documents/pool.ts";
import { DocumentRefused } from "../documents/types.ts";
import { parseExportZipInPool } from "./export-zip.ts";
import { parseProfilePdfText } from "./profile-pdf.ts";
import { type ImportedProfile, NotALinkedInFile } from "./types.ts";

/** Said when the user syncs before importing anything: sync reads the import, it cannot scrape LinkedIn. */
export const NOTHING_IMPORTED_MESSAGE =
  "Upload your LinkedIn data export (.zip) or your profile's 'Save to PDF' file first, then sync.";

/** Bounds on what we keep of an import, whatever the file holds. */
const KEEP = { skills: 100, positions: 50, education: 20, text: 300, description: 4000 } as const;

/**
 * POST /api/linkedin/import: reads a LinkedIn data export (ZIP) or a 'Save to PDF' profile and
 * stores it as the user's profile, replacing an earlier import (the synced URL is kept). The type
 * is decided by magic bytes; PDF text and the export's CSVs are read in the document worker pool
 * (time and memory limits, the user's fair share).
 * Throws DocumentRefused or NotALinkedInFile.
 */
export async function importLinkedInProfile({
  db,
  userId,
  bytes,
  now,
  pool = documentPool(),
}: {
  db: Db;
  userId: string;
  bytes: Uint8Array;
  now: Date;
  pool?: DocumentPool;
}): Promise<TLinkedInProfile> {
  const kind = await detectKind(bytes).catch((error: unknown) => {
    // A text file is a readable document, but not one of ours.
    throw error instanceof DocumentRefused && error.reason !== "invalid-type" ? error : invalidType();
  });
  let imported: ImportedProfile;
  let source: TLinkedInProfile["source"];
  if (kind === "docx") {
    imported = await parseExportZipInPool(bytes, { pool, owner: userId });
    source = "export-zip";
  } else if (kind === "pdf") {
    const document = await parseUpload(bytes, pool, { owner: userId });
    imported = parseProfilePdfText(document.text);
    source = "profile-pdf";
  } else {
    throw invalidType();
  }
  if (!imported.name && !imported.headline && imported.positions.length === 0) {
    throw new NotALinkedInFile("no name, headline or positions");
  }

  const existing = await readRow(db, userId);
  const profileUrl = existing?.profile_url ?? null;
  const importedAt = now.toISOString();
  const profile = ZLinkedInProfile.parse({ ...bounded(imported), profileUrl, source, importedAt });
  await db.kysely
    .insertInto("linkedin_profile")
    .values({
      user_id: userId,
      profile_url: profileUrl,
      source,
      profile_json: JSON.stringify(profile),
      imported_at: importedAt,
    })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ source, profile_json: JSON.stringify(profile), imported_at: importedAt }),
    )
    .execute();
  return profile;
}

/**
 * POST /api/linkedin/sync: records the (validated) profile URL on the user's imported profile and
 * answers the profile. Nothing imported yet → 409 with what to do.
 */
export async function syncLinkedInProfile({
  db,
  userId,
  profileUrl,
}: {
  db: Db;
  userId: string;
  profileUrl: string;
}): Promise<TLinkedInProfile> {
  const row = await readRow(db, userId);
  if (!row) throw new AppError("CONFLICT", NOTHING_IMPORTED_MESSAGE);
  const url = canonicalProfileUrl(profileUrl);
  const profile = { ...toProfile(row), profileUrl: url };
  await db.kysely
    .updateTable("linkedin_profile")
    .set({ profile_url: url, profile_json: JSON.stringify(profile) })
    .where("user_id", "=", userId)
    .execute();
  return profile;
}

/**
 * GET /api/linkedin/profile: the caller's imported profile, or null. Having imported nothing is a
 * normal state of the tab, not an error (a 404 would be logged as one by every browser).
 */
export async function getLinkedInProfile({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<TLinkedInProfile | null> {
  const row = await readRow(db, userId);
  return row ? toProfile(row) : null;
}

/** DELETE /api/linkedin/profile: forgets the import; deleting nothing is fine. */
export async function deleteLinkedInProfile({ db, userId }: { db: Db; userId: string }): Promise<void> {
  await db.kysely.deleteFrom("linkedin_profile").where("user_id", "=", userId).execute();
}

/** The company of the current position (no end date; the latest start if several), else the latest one. */
export function currentCompany(positions: TLinkedInPosition[]): string {
  const withCompany = positions.filter((p) => p.company);
  const current = withCompany.filter((p) => !p.finishedOn);
  const pool = current.length ? current : withCompany;
  const key = (p: TLinkedInPosition) => (current.length ? monthIndex(p.startedOn) : monthIndex(p.finishedOn));
  // Stable: among equal dates the first listed wins (LinkedIn lists newest first).
  let best: TLinkedInPosition | undefined;
  for (const position of pool) if (!best || key(position) > key(best)) best = position;
  return best?.company ?? "";
}

/** "Jan 2021", "January 2021", "2021-01", "01/2021", "2021" → months since year 0, for ordering; unknown → -1. */
export function monthIndex(value: string | null): number {
  if (!value) return -1;
  const text = value.trim().toLowerCase();
  let match = /^([a-z]+)\.?\s+(\d{4})$/.exec(text);
  if (match) {
    const month = MONTHS.findIndex((m) => (match?.[1] ?? "").startsWith(m));
    return Number(match[2]) * 12 + Math.max(0, month);
  }
  match = /^(\d{4})-(\d{1,2})/.exec(text);
  if (match) return Number(match[1]) * 12 + Number(match[2]) - 1;
  match = /^(\d{1,2})\/(\d{4})$/.exec(text);
  if (match) return Number(match[2]) * 12 + Number(match[1]) - 1;
  match = /^(\d{4})$/.exec(text);
  if (match) return Number(match[1]) * 12;
  return -1;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** https://www.linkedin.com/in/<slug> as the user wrote it, with scheme and host made canonical. */
function canonicalProfileUrl(url: string): string {
  const match = /linkedin\.com\/in\/([^/?#]+)/i.exec(url.trim());
  return match?.[1] ? `https://www.linkedin.com/in/${match[1]}` : url.trim();
}

const invalidType = () => new DocumentRefused("invalid-type", "not a ZIP or PDF");

type Row = { profile_url: string | null; source: string; profile_json: string; imported_at: Date | string };

async function readRow(db: Db, userId: string): Promise<Row | undefined> {
  return db.kysely
    .selectFrom("linkedin_profile")
    .select(["profile_url", "source", "profile_json", "imported_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

function toProfile(row: Row): TLinkedInProfile {
  const stored = ZLinkedInProfile.parse(JSON.parse(row.profile_json));
  return { ...stored, profileUrl: row.profile_url, importedAt: toIso(row.imported_at) };
}

/** Clips what a file can make us store: long lists and long strings. */
function bounded(profile: ImportedProfile): Omit<TLinkedInProfile, "profileUrl" | "source" | "importedAt"> {
  const clip = (value: string, max: number = KEEP.text) => value.slice(0, max);
  const positions = profile.positions.slice(0, KEEP.positions).map((p) => ({
    title: clip(p.title),
    company: clip(p.company),
    location: p.location === null ? null : clip(p.location),
    startedOn: p.startedOn === null ? null : clip(p.startedOn, 40),
    finishedOn: p.finishedOn === null ? null : clip(p.finishedOn, 40),
    description: p.description === null ? null : clip(p.description, KEEP.description),
  }));
  const skills = [...new Map(profile.skills.map((s) => [s.toLowerCase(), clip(s, 100)])).values()];
  return {
    name: clip(profile.name),
    headline: clip(profile.headline),
    company: clip(currentCompany(positions)),
    location: clip(profile.location),
    skills: skills.slice(0, KEEP.skills),
    positions,
    education: profile.education
      .slice(0, KEEP.education)
      .map((e) => ({ school: clip(e.school), degree: e.degree === null ? null : clip(e.degree) })),
  };
}
