import type { LayoutHints } from "@resumelens/engine";

/** What every extractor returns: the plain text the pipeline stores, and what it saw of the layout. */
export type ExtractedDocument = {
  text: string;
  pages: number;
  layout: LayoutHints;
};

/** The formats we accept, decided by magic bytes and confirmed by parsing. */
export type DocumentKind = "pdf" | "docx" | "doc" | "txt";

/** Why a file was refused; each maps to one clear message (see errors.ts in this folder). */
export type RefusalReason =
  | "invalid-type"
  | "too-large"
  | "empty"
  | "encrypted"
  | "no-text-layer"
  | "corrupt"
  | "archive-bomb"
  | "too-short"
  | "timeout";

/** Thrown by extractors; the route turns it into a 4xx with the reason's message. */
export class DocumentRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    detail?: string,
  ) {
    super(detail ?? reason);
    this.name = "DocumentRefused";
  }
}
