import { LIMITS, MESSAGES } from "@resumelens/contract";

/*
 * The client-side check of a chosen resume file (docs/product.md#resume-files), run before any request. It
 * says the
 * same as the server (413/415) so a user sees one message whichever side catches the problem.
 */

/** The file extensions the upload accepts, with the content types each may carry. */
export const RESUME_FILE_TYPES = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
} as const;

const EXTENSIONS = Object.keys(RESUME_FILE_TYPES);
const MIME_TYPES: readonly string[] = Object.values(RESUME_FILE_TYPES);

/** The file input's `accept`: the extensions, then the content types. */
export const RESUME_ACCEPT = [...EXTENSIONS.map((ext) => `.${ext}`), ...MIME_TYPES].join(",");

export type ResumeFileProblem = { title: string; description: string };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * Checks the type by extension AND content type, then the size. An empty content type passes:
 * browsers leave it empty when the operating system does not know the extension (common for .doc
 * and .docx without an office suite); the server sniffs the bytes anyway.
 */
export function checkResumeFile(file: Pick<File, "name" | "type" | "size">): ResumeFileProblem | null {
  const mime = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  const extensionOk = EXTENSIONS.includes(extensionOf(file.name));
  const mimeOk = mime === "" || MIME_TYPES.includes(mime);
  if (!extensionOk || !mimeOk) {
    return { title: MESSAGES.invalidFileTypeTitle, description: MESSAGES.invalidFileType };
  }
  if (file.size > LIMITS.resumeMaxBytes) {
    return { title: MESSAGES.fileTooLargeTitle, description: MESSAGES.fileTooLarge };
  }
  return null;
}
