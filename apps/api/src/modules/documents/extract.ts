import { LIMITS } from "@resumelens/contract";
import { type LayoutHints, normalizeText, type ParsedResume, parseResume } from "@resumelens/engine";
import { detectKind, MIME_BY_KIND } from "./detect.ts";
import { extractDoc } from "./doc.ts";
import { extractDocx } from "./docx.ts";
import { extractPdf } from "./pdf/extract-pdf.ts";
import { extractTxt } from "./txt.ts";
import { type DocumentKind, DocumentRefused, type ExtractedDocument } from "./types.ts";

/** What the pipeline keeps of a document: its kind, its normalised text and its layout. */
export type PipelineDocument = {
  kind: DocumentKind;
  mime: string;
  text: string;
  pages: number;
  layout: LayoutHints;
};

/** The stored structured resume: the engine's parse without its internal line index. */
export type StoredParse = Omit<ParsedResume, "lines" | "sectionOf">;

/**
 * detect → extract → normalise, the same for uploads (inside a worker) and the CLI. Text shorter
 * than `minChars` after normalising is refused as too-short. Throws DocumentRefused.
 */
export async function extractDocument(
  bytes: Uint8Array,
  options: { minChars?: number } = {},
): Promise<PipelineDocument> {
  const minChars = options.minChars ?? LIMITS.textResumeMin;
  const kind = await detectKind(bytes);
  const extracted = await extractByKind(kind, bytes);
  const text = normalizeText(extracted.text);
  if (text.length === 0) throw new DocumentRefused("empty", "no text");
  if (text.length < minChars) throw new DocumentRefused("too-short", `${text.length} characters`);
  return { kind, mime: MIME_BY_KIND[kind], text, pages: extracted.pages, layout: extracted.layout };
}

/** The engine's structured parse of normalised text, as stored in resume.parsed_json. */
export function parseForStorage(text: string): StoredParse {
  const { lines: _lines, sectionOf: _sectionOf, ...parsed } = parseResume(text);
  return parsed;
}

async function extractByKind(kind: DocumentKind, bytes: Uint8Array): Promise<ExtractedDocument> {
  switch (kind) {
    case "pdf":
      return extractPdf(bytes);
    case "docx":
      return extractDocx(bytes);
    case "doc":
      return extractDoc(bytes);
    case "txt":
      return extractTxt(bytes);
  }
}
