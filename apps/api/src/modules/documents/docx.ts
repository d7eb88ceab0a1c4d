import { strFromU8, type UnzipFileInfo, unzipSync } from "fflate";
import mammoth from "mammoth";
import { DocumentRefused, type ExtractedDocument } from "./types.ts";

/**
 * Zip-bomb limits, checked on the central directory before anything is inflated. A real resume
 * DOCX has 10–60 entries, well under 5 MB inflated, and XML compresses ~10:1; the limits leave a
 * wide margin. The worker's heap limit (pool.ts) is the backstop for archives that lie about sizes.
 */
export const ZIP_LIMITS = {
  maxEntries: 500,
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  /** Ratio limit applies only to entries inflating past this size; tiny entries compress wildly. */
  ratioCheckFromBytes: 1024 * 1024,
  maxRatio: 200,
} as const;

/** Reads the ZIP's directory without inflating; throws archive-bomb, corrupt or invalid-type. */
export function inspectZip(bytes: Uint8Array): { entries: string[] } {
  const { entries } = inspectZipArchive(bytes);
  if (!entries.includes("word/document.xml")) {
    throw new DocumentRefused("invalid-type", "a zip without word/document.xml");
  }
  return { entries };
}

/**
 * The bomb checks of any ZIP upload (DOCX, the LinkedIn data export): reads the central directory
 * without inflating and throws archive-bomb or corrupt. Returns every entry's name and sizes.
 */
export function inspectZipArchive(bytes: Uint8Array): {
  entries: string[];
  sizes: Map<string, { size: number; originalSize: number }>;
} {
  const entries: string[] = [];
  const sizes = new Map<string, { size: number; originalSize: number }>();
  let total = 0;
  const check = (file: UnzipFileInfo) => {
    entries.push(file.name);
    sizes.set(file.name, { size: file.size, originalSize: file.originalSize });
    if (entries.length > ZIP_LIMITS.maxEntries) {
      throw new DocumentRefused("archive-bomb", `more than ${ZIP_LIMITS.maxEntries} entries`);
    }
    total += file.originalSize;
    if (total > ZIP_LIMITS.maxTotalUncompressedBytes) {
      throw new DocumentRefused("archive-bomb", "inflates past the total limit");
    }
    if (
      file.originalSize > ZIP_LIMITS.ratioCheckFromBytes &&
      file.originalSize > Math.max(1, file.size) * ZIP_LIMITS.maxRatio
    ) {
      throw new DocumentRefused("archive-bomb", `${file.name} compresses more than ${ZIP_LIMITS.maxRatio}:1`);
    }
    return false; // never inflate here
  };
  try {
    unzipSync(bytes, { filter: check });
  } catch (error) {
    if (error instanceof DocumentRefused) throw error;
    throw new DocumentRefused("corrupt", `unreadable zip: ${(error as Error).message}`);
  }
  return { entries, sizes };
}

/** Extracts a DOCX's text with mammoth after the bomb check, plus what its XML says about layout. */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  const { entries } = inspectZip(bytes);
  const wanted = new Set(
    entries.filter((name) => /^word\/(document|header\d*|footer\d*)\.xml$|^docProps\/app\.xml$/.test(name)),
  );
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  } catch (error) {
    throw new DocumentRefused("corrupt", `unreadable zip entry: ${(error as Error).message}`);
  }
  const xml = (name: string) => (parts[name] ? strFromU8(parts[name]) : "");
  const documentXml = xml("word/document.xml");
  const headerFooterText = Object.keys(parts)
    .filter((name) => /^word\/(header|footer)/.test(name))
    .map((name) => xml(name).replace(/<[^>]+>/g, " "))
    .join(" ");
  const pagesMatch = /<Pages>(\d+)<\/Pages>/.exec(xml("docProps/app.xml"));

  let text: string;
  try {
    // HTML rather than extractRawText: raw text drops list bullets, which the engine counts.
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
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
      columns: /<w:cols\b[^>]*w:num="([2-9])"/.test(documentXml),
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
