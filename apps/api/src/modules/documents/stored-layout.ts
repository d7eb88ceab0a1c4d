import { LAYOUT_PAGES_MAX, type TLayoutHints, ZLayoutHints } from "@resumelens/contract";
import type { LayoutHints } from "@resumelens/engine";
import type { PipelineDocument } from "./extract.ts";

/**
 * Longest resume.layout_json the database accepts (a CHECK in migration 0007 says the same
 * number). ZLayoutHints keeps a real one under 120 characters; the bound is for any other writer.
 */
export const LAYOUT_JSON_MAX = 256;

/** True when A and B have the same keys and each is assignable to the other. */
type Same<A, B> = [A, keyof A] extends [B, keyof B]
  ? [B, keyof B] extends [A, keyof A]
    ? true
    : false
  : false;
// The engine's LayoutHints and the stored schema are one shape: changing either alone fails typechecking.
const sameShape: Same<TLayoutHints, LayoutHints> = true;
void sameShape;

/**
 * What to store in resume.layout_json for an uploaded document: the extractor's hints with the
 * page count (as the CLI passes them), validated and bounded; null for a plain-text file, which has
 * no layout, like pasted text.
 */
export function layoutJsonFor(document: Pick<PipelineDocument, "kind" | "pages" | "layout">): string | null {
  if (document.kind === "txt") return null;
  const { columns, tables, contactInHeaderOrFooter, images } = document.layout;
  const pages = document.layout.pages ?? document.pages;
  const hints = ZLayoutHints.parse({
    columns,
    tables,
    contactInHeaderOrFooter,
    images,
    // A page count comes from the file: a strange one is dropped, a huge one capped.
    pages: Number.isFinite(pages) ? Math.min(Math.max(0, Math.trunc(pages)), LAYOUT_PAGES_MAX) : undefined,
  });
  return JSON.stringify(hints);
}

/**
 * The hints stored with a resume, for the engine. None when the column is empty (pasted text, a
 * TXT file, a resume stored before migration 0007) or holds anything else than ZLayoutHints: the
 * engine then judges the layout from the text alone, as it always could.
 */
export function storedLayout(json: string | null): LayoutHints | undefined {
  if (json === null || json.length > LAYOUT_JSON_MAX) return undefined;
  try {
    const parsed = ZLayoutHints.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
