import WordExtractor from "word-extractor";
import { DocumentRefused, type ExtractedDocument } from "./types.ts";

/**
 * Extracts a Word 97–2003 .doc with word-extractor: headers (which include footers) once, then the
 * body. A compound file word-extractor cannot read as Word (an .msi, .xls, …) is the wrong type.
 */
export async function extractDoc(bytes: Uint8Array): Promise<ExtractedDocument> {
  let document: WordExtractor.Document;
  try {
    document = await new WordExtractor().extract(Buffer.from(bytes));
  } catch (error) {
    throw new DocumentRefused("invalid-type", `not a Word document: ${(error as Error).message}`);
  }
  const headers = document.getHeaders({ includeFooters: true }).trim();
  const body = document.getBody();
  return {
    text: headers ? `${headers}\n${body}` : body,
    pages: 1,
    layout: { contactInHeaderOrFooter: headers.length > 0 && /@|\d{3}/.test(headers) },
  };
}
