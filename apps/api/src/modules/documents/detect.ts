import { fileTypeFromBuffer } from "file-type";
import { decodeTextBytes, printableRatio, startsWith } from "./decode-text.ts";
import { type DocumentKind, DocumentRefused } from "./types.ts";

/** Below this share of typeable characters a "text" file is really binary (random bytes score ~0.85). */
const MIN_PRINTABLE_RATIO = 0.95;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/**
 * Decides a file's kind from its bytes alone: the name and the client's content type are never
 * trusted. Containers (ZIP, CFB) are only candidates here; docx.ts and doc.ts confirm them by parsing.
 * Throws DocumentRefused("empty") or ("invalid-type").
 */
export async function detectKind(bytes: Uint8Array): Promise<DocumentKind> {
  if (bytes.length === 0) throw new DocumentRefused("empty");
  // A Unicode BOM means text: file-type would read FF FE as an MPEG audio frame.
  if (TEXT_BOMS.some((bom) => startsWith(bytes, bom))) return textOrRefuse(bytes);
  const type = await fileTypeFromBuffer(bytes);
  if (type) {
    if (type.ext === "pdf" || type.ext === "ai") return "pdf";
    if (type.ext === "docx" || type.ext === "zip") return "docx";
    if (type.ext === "cfb" || type.ext === "doc") return "doc";
    throw new DocumentRefused("invalid-type", `detected ${type.ext}`);
  }
  // PDF readers accept the header anywhere in the first KiB; file-type only looks at offset 0.
  if (indexOf(bytes.subarray(0, 1024), PDF_MAGIC) >= 0) return "pdf";
  return textOrRefuse(bytes);
}

const TEXT_BOMS = [
  [0xef, 0xbb, 0xbf],
  [0xff, 0xfe],
  [0xfe, 0xff],
];

function textOrRefuse(bytes: Uint8Array): DocumentKind {
  const decoded = decodeTextBytes(bytes);
  if (decoded && printableRatio(decoded.text) >= MIN_PRINTABLE_RATIO) return "txt";
  throw new DocumentRefused("invalid-type", "binary data");
}

/** The MIME type stored for each kind. */
export const MIME_BY_KIND: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  txt: "text/plain",
};

function indexOf(haystack: Uint8Array, needle: readonly number[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
