import { strFromU8, zipSync } from "fflate";
import mammoth from "mammoth";
import { DocumentRefused, type ExtractedDocument } from "./types.ts";
import { inflateEntry, readZipDirectory, type ZipEntry } from "./zip.ts";

/**
 * Zip-bomb limits. The declared sizes in the central directory give a cheap first refusal; then
 * every entry is inflated with the same limits applied to the *real* output (zip.ts), so an
 * archive that lies about its sizes is stopped as soon as it passes them. A real resume DOCX has
 * 10–60 entries, well under 5 MB inflated, and XML compresses ~10:1; the limits leave a wide margin.
 */
export const ZIP_LIMITS = {
  maxEntries: 500,
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  /** Ratio limit applies only to entries inflating past this size; tiny entries compress wildly. */
  ratioCheckFromBytes: 1024 * 1024,
  maxRatio: 200,
  /**
   * Largest XML part (document, headers, styles…). mammoth reads ~1.5 s per MB of XML on this
   * machine, so this bounds a DOCX's parse to a few seconds; a two-page resume's document.xml is
   * 50–500 KB.
   */
  maxXmlPartBytes: 3 * 1024 * 1024,
} as const;

/** Reads the ZIP's directory without inflating; throws archive-bomb, corrupt or invalid-type. */
export function inspectZip(bytes: Uint8Array): { entries: string[]; zipEntries: ZipEntry[] } {
  const { entries, zipEntries } = inspectZipArchive(bytes);
  if (!entries.includes("word/document.xml")) {
    throw new DocumentRefused("invalid-type", "a zip without word/document.xml");
  }
  return { entries, zipEntries };
}

/**
 * The first, declared-size bomb checks of any ZIP upload (DOCX, the LinkedIn data export): reads
 * the central directory without inflating and throws archive-bomb or corrupt. Returns every
 * entry's name and sizes, and the entries themselves for `inflateEntries`.
 */
export function inspectZipArchive(bytes: Uint8Array): {
  entries: string[];
  sizes: Map<string, { size: number; originalSize: number }>;
  zipEntries: ZipEntry[];
} {
  const zipEntries = readZipDirectory(bytes, { maxEntries: ZIP_LIMITS.maxEntries });
  const sizes = new Map<string, { size: number; originalSize: number }>();
  let total = 0;
  for (const entry of zipEntries) {
    sizes.set(entry.name, { size: entry.compressedSize, originalSize: entry.declaredSize });
    total += entry.declaredSize;
    if (total > ZIP_LIMITS.maxTotalUncompressedBytes) {
      throw new DocumentRefused("archive-bomb", "inflates past the total limit");
    }
    if (exceedsRatio(entry.declaredSize, entry.compressedSize)) {
      throw new DocumentRefused(
        "archive-bomb",
        `${entry.name} compresses more than ${ZIP_LIMITS.maxRatio}:1`,
      );
    }
  }
  return { entries: zipEntries.map((entry) => entry.name), sizes, zipEntries };
}

/**
 * Inflates `entries` under the bomb limits applied to real output: each entry stops at the ratio
 * limit (past 1 MB), at `maxEntryBytes` (when given), and all together at the total limit.
 * Throws DocumentRefused("archive-bomb") as soon as the real output passes one, or "corrupt".
 */
export function inflateEntries(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  maxEntryBytes: (entry: ZipEntry) => number = () => Number.POSITIVE_INFINITY,
): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  let remaining = ZIP_LIMITS.maxTotalUncompressedBytes;
  for (const entry of entries) {
    const byRatio = Math.max(
      ZIP_LIMITS.ratioCheckFromBytes,
      Math.max(1, entry.compressedSize) * ZIP_LIMITS.maxRatio,
    );
    const limit = Math.min(remaining, byRatio, maxEntryBytes(entry));
    const data = inflateEntry(bytes, entry, limit);
    remaining -= data.length;
    out.set(entry.name, data);
  }
  return out;
}

function exceedsRatio(size: number, compressedSize: number): boolean {
  return size > ZIP_LIMITS.ratioCheckFromBytes && size > Math.max(1, compressedSize) * ZIP_LIMITS.maxRatio;
}

const isXmlPart = (entry: ZipEntry) => /\.(?:xml|rels)$/i.test(entry.name);

/** Extracts a DOCX's text with mammoth after the bomb check, plus what its XML says about layout. */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  const { zipEntries } = inspectZip(bytes);
  // Every entry inflated once under real-size limits, then handed to mammoth as a stored
  // (uncompressed) archive: mammoth's own unzip then has nothing left to inflate, so nothing to lie about.
  const inflated = inflateEntries(bytes, zipEntries, (entry) =>
    isXmlPart(entry) ? ZIP_LIMITS.maxXmlPartBytes : Number.POSITIVE_INFINITY,
  );
  const parts: Record<string, Uint8Array> = Object.fromEntries(inflated);
  let honest: Uint8Array;
  try {
    honest = zipSync(parts, { level: 0 });
  } catch (error) {
    throw new DocumentRefused("corrupt", `unreadable zip entry: ${(error as Error).message}`);
  }
  const xml = (name: string) => (parts[name] ? strFromU8(parts[name]) : "");
  const documentXml = xml("word/document.xml");
  const headerFooterText = Object.keys(parts)
    .filter((name) => /^word\/(header|footer)\d*\.xml$/.test(name))
    .map((name) => xml(name).replace(/<[^<>]+>/g, " "))
    .join(" ");
  const pagesMatch = /<Pages>(\d+)<\/Pages>/.exec(xml("docProps/app.xml"));

  let text: string;
  try {
    // HTML rather than extractRawText: raw text drops list bullets, which the engine counts.
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(honest.buffer, honest.byteOffset, honest.byteLength) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: "" })) },
    );
    text = htmlToText(result.value);
  } catch (error) {
    throw new DocumentRefused("corrupt", `mammoth: ${(error as Error).message}`);
  }
  // Contact details only in the page header are invisible to mammoth (and to many ATS): add them.
  const headerText = headerFooterText.replace(/\s+/g, " ").trim();
  const contactInHeaderOrFooter = /@|\+?\d[\d\s().-]{7,}\d/.test(headerText);
  if (headerText) text = `${headerText}\n${text}`;
  return {
    text,
    pages: pagesMatch ? Number(pagesMatch[1]) : 1,
    layout: {
      tables: /<w:tbl[\s>]/.test(documentXml),
      // [^<>], not [^>]: from every unclosed "<w:cols" the latter rescans the rest of the XML.
      columns: /<w:cols\b[^<>]*w:num="([2-9])"/.test(documentXml),
      images: /<w:drawing[\s>]|<w:pict[\s>]/.test(documentXml),
      contactInHeaderOrFooter,
      pages: pagesMatch ? Number(pagesMatch[1]) : undefined,
    },
  };
}

/** mammoth's HTML as lines: one per paragraph, heading, list item and table cell; list items get "• ". */
export function htmlToText(html: string): string {
  return html
    .replace(/<li>/g, "\n• ")
    .replace(/<\/(?:p|h[1-6]|li|td|th|tr|table|ul|ol)>|<br\s*\/?>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\n[ \t]*\n+/g, "\n")
    .trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
