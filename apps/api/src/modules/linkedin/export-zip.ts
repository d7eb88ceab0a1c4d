import { inflateEntries, inspectZipArchive } from "../documents/docx.ts";
import type { DocumentPool } from "../documents/pool.ts";
import { DocumentRefused } from "../documents/types.ts";
import { parseCsvRecords } from "./csv.ts";
import { type ImportedProfile, NotALinkedInFile } from "./types.ts";

/** The CSVs we read from LinkedIn's data export; all others (messages, connections…) stay compressed. */
const WANTED = ["profile.csv", "positions.csv", "skills.csv", "education.csv"] as const;
type Wanted = (typeof WANTED)[number];

/**
 * Per-CSV inflated size limit, on the real output: inflating stops as soon as it passes this,
 * whatever the entry declares (documents/zip.ts). Real Profile/Positions/Skills/Education files
 * are a few KB.
 */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;

/** What the worker answers for an export: the profile, or why the ZIP is not a LinkedIn export. */
export type ExportJobResult = { profile: ImportedProfile } | { notLinkedIn: string };

/**
 * Reads a LinkedIn data export in the document worker pool (inflate and CSV parsing are CPU work
 * on untrusted input: never on the request thread). Throws DocumentRefused or NotALinkedInFile.
 */
export async function parseExportZipInPool(
  bytes: Uint8Array,
  options: { pool: DocumentPool; owner?: string },
): Promise<ImportedProfile> {
  const result = (await options.pool.parseLinkedInExport(bytes, { owner: options.owner })) as ExportJobResult;
  if ("notLinkedIn" in result) throw new NotALinkedInFile(result.notLinkedIn);
  return result.profile;
}

/** The worker's side of parseExportZipInPool: a NotALinkedInFile becomes a plain answer. */
export function exportJob(bytes: Uint8Array): ExportJobResult {
  try {
    return { profile: parseExportZip(bytes) };
  } catch (error) {
    if (error instanceof NotALinkedInFile) return { notLinkedIn: error.message };
    throw error;
  }
}

/**
 * Reads a LinkedIn data export ZIP (Profile.csv, Positions.csv, Skills.csv, Education.csv, in
 * the root or a folder). Hostile archives are refused like resume uploads (bomb limits on the
 * central directory first, then on the real inflated bytes), plus entries that try to climb out of
 * the archive ("../", absolute paths). Throws DocumentRefused, or NotALinkedInFile for a ZIP that
 * is not an export. Runs in the worker pool (parseExportZipInPool).
 */
export function parseExportZip(bytes: Uint8Array): ImportedProfile {
  const { entries, sizes, zipEntries } = inspectZipArchive(bytes);
  if (entries.some(isUnsafePath)) throw new DocumentRefused("corrupt", "zip entry with an unsafe path");

  const chosen = new Map<string, Wanted>();
  for (const name of entries) {
    const base = name.split("/").pop()?.toLowerCase() ?? "";
    const wanted = WANTED.find((w) => w === base);
    // The shallowest copy wins, should an export hold two (it never should).
    if (wanted && ![...chosen.values()].includes(wanted)) chosen.set(name, wanted);
  }
  if (![...chosen.values()].includes("profile.csv")) {
    throw new NotALinkedInFile("a zip without Profile.csv");
  }
  // Declared sizes first (a cheap early refusal), then the real output is held to the same limit.
  for (const name of chosen.keys()) {
    if ((sizes.get(name)?.originalSize ?? 0) > MAX_CSV_BYTES) {
      throw new DocumentRefused("archive-bomb", `${name} inflates past ${MAX_CSV_BYTES} bytes`);
    }
  }
  const files = inflateEntries(
    bytes,
    zipEntries.filter((entry) => chosen.has(entry.name)),
    () => MAX_CSV_BYTES,
  );
  const csv: Partial<Record<Wanted, string>> = {};
  const decoder = new TextDecoder("utf-8");
  for (const [name, wanted] of chosen) {
    const data = files.get(name);
    if (data) csv[wanted] = decoder.decode(data);
  }

  const profile = firstRecord(csv["profile.csv"] ?? "", "First Name");
  if (!profile) throw new NotALinkedInFile("Profile.csv without a First Name column");
  const name = [field(profile, "First Name"), field(profile, "Last Name")].filter(Boolean).join(" ");
  const positions = parseCsvRecords(csv["positions.csv"] ?? "", "Company Name").map((row) => ({
    title: field(row, "Title"),
    company: field(row, "Company Name"),
    location: field(row, "Location") || null,
    startedOn: field(row, "Started On") || null,
    finishedOn: field(row, "Finished On") || null,
    description: field(row, "Description") || null,
  }));
  const skills = parseCsvRecords(csv["skills.csv"] ?? "", "Name")
    .map((row) => field(row, "Name"))
    .filter(Boolean);
  const education = parseCsvRecords(csv["education.csv"] ?? "", "School Name")
    .map((row) => ({ school: field(row, "School Name"), degree: field(row, "Degree Name") || null }))
    .filter((row) => row.school);

  return {
    name,
    headline: field(profile, "Headline"),
    location: field(profile, "Geo Location") || field(profile, "Location") || field(profile, "Address"),
    summary: field(profile, "Summary") || null,
    skills,
    positions: positions.filter((p) => p.company || p.title),
    education,
    profileUrl: null,
  };
}

/** Absolute paths, drive letters, backslashes and ".." segments: nothing an export contains. */
function isUnsafePath(name: string): boolean {
  return (
    name.startsWith("/") ||
    name.includes("\\") ||
    /^[A-Za-z]:/.test(name) ||
    name.split("/").some((part) => part === "..")
  );
}

function firstRecord(text: string, key: string): Record<string, string> | undefined {
  return parseCsvRecords(text, key)[0];
}

/** A field's text with runs of spaces and tabs collapsed; line breaks inside it are kept. */
function field(record: Record<string, string>, key: string): string {
  return (record[key] ?? "")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+/g, " ")
    .trim();
}
