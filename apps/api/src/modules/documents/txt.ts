import { decodeTextBytes } from "./decode-text.ts";
import { DocumentRefused, type ExtractedDocument } from "./types.ts";

/** Decodes a plain-text resume (UTF-8 with or without BOM, UTF-16 LE/BE, Windows-1252). */
export function extractTxt(bytes: Uint8Array): ExtractedDocument {
  const decoded = decodeTextBytes(bytes);
  if (!decoded) throw new DocumentRefused("invalid-type", "binary data");
  return { text: decoded.text, pages: 1, layout: {} };
}
