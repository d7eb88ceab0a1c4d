/**
 * Reads a resume or job description file for the CLI through the API's document pipeline
 * (detect by magic bytes → extract → normalise), so the CLI sees exactly the text an upload stores.
 */
import { readFile } from "node:fs/promises";
import type { ParsedResume } from "@resumelens/engine";
import type { PipelineDocument } from "../../apps/api/src/modules/documents/extract.ts";

/** Why a file could not be read: `unsupported` is a usage problem (exit 2), `unreadable` an I/O or content one (exit 1). */
export class DocumentReadError extends Error {
  constructor(
    readonly code: "unsupported" | "unreadable",
    message: string,
  ) {
    super(message);
    this.name = "DocumentReadError";
  }
}

/**
 * Reads a PDF, DOCX, DOC or text file and returns its normalised text and layout. Text shorter
 * than `minChars` (default: the 100 characters of a resume) is refused. Throws DocumentReadError.
 */
export async function readDocument(
  path: string,
  options: { minChars?: number } = {},
): Promise<PipelineDocument> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new DocumentReadError("unreadable", `${path}: cannot read the file (${describeFsError(error)})`);
  }
  // Loaded on demand: the parsers are large and `batch` never needs them.
  const [{ extractDocument }, { REFUSAL_MESSAGES }, { DocumentRefused }] = await Promise.all([
    import("../../apps/api/src/modules/documents/extract.ts"),
    import("../../apps/api/src/modules/documents/errors.ts"),
    import("../../apps/api/src/modules/documents/types.ts"),
  ]);
  try {
    return await extractDocument(bytes, options);
  } catch (error) {
    if (error instanceof DocumentRefused) {
      throw new DocumentReadError(
        error.reason === "invalid-type" ? "unsupported" : "unreadable",
        `${path}: ${REFUSAL_MESSAGES[error.reason]}`,
      );
    }
    throw error;
  }
}

/** Reads a document's normalised text (see readDocument). */
export async function readDocumentText(path: string, options: { minChars?: number } = {}): Promise<string> {
  return (await readDocument(path, options)).text;
}

/** The structured resume `cli parse` prints: the engine's parse, trimmed to what a person reads. */
export function structuredResume(parsed: ParsedResume) {
  return {
    contact: parsed.contact,
    experience: parsed.experience.map(({ title, company, location, start, end, dates }) => ({
      title,
      company,
      location,
      start,
      end,
      dates,
    })),
    education: parsed.education.map(({ degree, institution, year }) => ({ degree, institution, year })),
    skills: parsed.skills,
    sections: parsed.sections,
  };
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "it is a directory";
  return error instanceof Error ? error.message : String(error);
}
