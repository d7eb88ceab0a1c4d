import { LIMITS, MESSAGES } from "@resumelens/contract";
import type { RefusalReason } from "./types.ts";

/** The one place that turns a refusal reason into the text users see. */
export const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  "invalid-type": MESSAGES.invalidFileType,
  "too-large": MESSAGES.fileTooLarge,
  empty: "This file is empty.",
  encrypted:
    "This PDF is password-protected. Remove the password (or print it to a new PDF) and upload it again.",
  "no-text-layer":
    "We couldn't find any text in this PDF — it looks like a scanned image. Upload a PDF exported from your editor, or paste your resume's text instead.",
  corrupt: "This file looks damaged or incomplete. Export it again and re-upload.",
  "archive-bomb": "This document's contents are too large to process.",
  "too-short": `We found too little text in this file to be a resume (at least ${LIMITS.textResumeMin} characters). Check the file or paste the text instead.`,
  timeout: "This file took too long to read. Try exporting it again or paste the text instead.",
};
