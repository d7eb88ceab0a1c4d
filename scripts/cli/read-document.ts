/**
 * Reads a resume or job description file as text for the CLI. The document pipeline (PDF, DOCX,
 * DOC extraction) will replace this one function; until then only plain text is read.
 */
import { readFile } from "node:fs/promises";
import { extname } from "node:path";

/** Why a file could not be read: `unsupported` is a usage problem (exit 2), `unreadable` an I/O one (exit 1). */
export class DocumentReadError extends Error {
  constructor(
    readonly code: "unsupported" | "unreadable",
    message: string,
  ) {
    super(message);
    this.name = "DocumentReadError";
  }
}

const DOCUMENT_EXTENSIONS = new Set([".pdf", ".docx", ".doc"]);

// A .txt that is really a PDF, a ZIP container (DOCX) or an OLE compound file (DOC).
const DOCUMENT_MAGIC: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x50, 0x4b, 0x03, 0x04], // PK\3\4
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // CFB
];

/** Reads a document and returns its text. Throws DocumentReadError. */
export async function readDocumentText(path: string): Promise<string> {
  if (DOCUMENT_EXTENSIONS.has(extname(path).toLowerCase())) throw notYet(path);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new DocumentReadError("unreadable", `${path}: cannot read the file (${describeFsError(error)})`);
  }
  if (DOCUMENT_MAGIC.some((magic) => startsWith(bytes, magic))) throw notYet(path);
  return decodeText(bytes, path);
}

/**
 * Decodes text bytes: a BOM decides (UTF-8, UTF-16 LE/BE); otherwise strict UTF-8, and bytes that
 * are not valid UTF-8 are read as Windows-1252, the usual encoding of older Windows text files.
 */
export function decodeText(bytes: Uint8Array, path = "input"): string {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder("utf-8").decode(bytes);
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(bytes);
  const utf16 = sniffUtf16(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  if (bytes.includes(0)) {
    throw new DocumentReadError("unsupported", `${path}: this is not a text file; give a .txt file`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

// Windows-1252's 0x80–0x9F (0 where the code page leaves a byte undefined and it stays a C1 control).
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

/**
 * Windows-1252 by hand: Node 20's TextDecoder("windows-1252") decodes as ISO-8859-1, turning
 * curly quotes and dashes (0x91–0x97) into invisible control characters.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] || b : b,
    );
    out += String.fromCharCode(...codes);
  }
  return out;
}

/** UTF-16 without a BOM: ASCII text leaves every other byte zero. */
function sniffUtf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  const sample = Math.min(bytes.length, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.6 && evenZeros === 0) return "utf-16le";
  if (evenZeros > pairs * 0.6 && oddZeros === 0) return "utf-16be";
  return null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function notYet(path: string): DocumentReadError {
  return new DocumentReadError(
    "unsupported",
    `${path}: PDF/DOCX/DOC input arrives with the document pipeline; convert to .txt for now`,
  );
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "it is a directory";
  return error instanceof Error ? error.message : String(error);
}
