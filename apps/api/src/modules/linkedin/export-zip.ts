import { unzipSync } from "fflate";
import { inspectZipArchive } from "../documents/docx.ts";
import { DocumentRefused } from "../documents/types.ts";
import { parseCsvRecords } from "./csv.ts";
import { type ImportedProfile, NotALinkedInFile } from "./types.ts";

/** The CSVs we read from LinkedIn's data export; all others (messages, connections…) stay compressed. */
const WANTED = ["profile.csv", "positions.csv", "skills.csv", "education.csv"] as const;
type Wanted = (typeof WANTED)[number];

/**
 * Per-CSV inflated size limit. Real Profile/Positions/Skills/Education files are a few KB; this
 * runs on the request thread, so the limit keeps the inflate cheap. fflate inflates into a buffer
 * of the declared size, so an entry lying about its size cannot grow past it.
 */
const MAX_CSV_BYTES = 2 * 1024 * 1024;

/**
 * Reads a LinkedIn data export ZIP (Profile.csv, Positions.csv, Skills.csv, Education.csv, in
 * the root or a folder). Hostile archives are refused like resume uploads (bomb limits on the
 * central directory first, nothing inflated before), plus entries that try to climb out of the
 * archive ("../", absolute paths). Throws DocumentRefused, or NotALinkedInFile for a ZIP that is
 * not an export.
 */
export function parseExportZip(bytes: Uint8Array): ImportedProfile {
  const { entries, sizes } = inspectZipArchive(bytes);
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
  for (const name of chosen.keys()) {
    if ((sizes.get(name)?.originalSize ?? 0) > MAX_CSV_BYTES) {
      throw new DocumentRefused("archive-bomb", `${name} inflates past ${MAX_CSV_BYTES} bytes`);
    }
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => chosen.has(file.name) });
  } catch (error) {
    throw new DocumentRefused("corrupt", `unreadable zip entry: ${(error as Error).message}`);
  }
  const csv: Partial<Record<Wanted, string>> = {};
  const decoder = new TextDecoder("utf-8");
  for (const [name, wanted] of chosen) {
    const data = files[name];
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
