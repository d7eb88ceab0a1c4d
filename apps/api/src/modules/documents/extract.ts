import { LIMITS, TEXT_RESUME_MAX } from "@resumelens/contract";
import { type LayoutHints, normalizeText, type ParsedResume, parseResume } from "@resumelens/engine";
import { detectKind, MIME_BY_KIND } from "./detect.ts";
import { extractDoc } from "./doc.ts";
import { extractDocx } from "./docx.ts";
import { extractPdf } from "./pdf/extract-pdf.ts";
import { extractTxt } from "./txt.ts";
import { type DocumentKind, DocumentRefused, type ExtractedDocument } from "./types.ts";

/**
 * Bounds on the text of one document, so its normalising and parsing stay bounded (the engine
 * reads ~0.5–2 s per million characters on this machine):
 * - raw: extracted text over 1,000,000 characters (before normalising) is refused as too large to
 *   process; a real resume has 3,000–30,000.
 * - stored: normalised text is cut at TEXT_RESUME_MAX (100,000, the pasted-text limit) at a line
 *   break, so every stored resume, uploaded or pasted, has the same bound for its analyses.
 */
export const TEXT_LIMITS = { maxRawChars: 1_000_000, maxStoredChars: TEXT_RESUME_MAX } as const;

/** What the pipeline keeps of a document: its kind, its normalised text and its layout. */
export type PipelineDocument = {
  kind: DocumentKind;
  mime: string;
  text: string;
  pages: number;
  layout: LayoutHints;
};

/** The stored structured resume: the engine's parse without its internal line index. */
export type StoredParse = Omit<ParsedResume, "lines" | "sectionOf"> & {
  /** The whole counts of the lists STORED_PARSE_CAPS cut (absent in parses stored before the caps). */
  counts?: { experience: number; education: number; skills: number };
};

/**
 * The most of each list a stored parse keeps (resume.parsed_json); `counts` keeps the whole numbers.
 * The stored parse serves the resume's summary and the data export (analyses read the text afresh),
 * and without caps a 100 KB paste of 10,000 one-line roles stored a 2.5 MB parse. No resume of the
 * corpus comes near them.
 */
export const STORED_PARSE_CAPS = {
  experience: 100,
  education: 30,
  skills: 300,
  certifications: 100,
  sections: 40,
  /** Header and bullet lines kept per role. */
  linesPerEntry: 60,
} as const;

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
  if (extracted.text.length > TEXT_LIMITS.maxRawChars) {
    throw new DocumentRefused("archive-bomb", `${extracted.text.length} characters of text`);
  }
  const text = boundedText(normalizeText(extracted.text));
  if (text.length === 0) throw new DocumentRefused("empty", "no text");
  if (text.length < minChars) throw new DocumentRefused("too-short", `${text.length} characters`);
  return { kind, mime: MIME_BY_KIND[kind], text, pages: extracted.pages, layout: extracted.layout };
}

/** Pasted resume text (validated by ZCreateTextResume: ≤ 100,000 characters), normalised and parsed. */
export function parseTextResume(content: string): { text: string; parsed: StoredParse } {
  const text = boundedText(normalizeText(content));
  return { text, parsed: parseForStorage(text) };
}

/** Normalised text cut to TEXT_LIMITS.maxStoredChars, at the last line break before it when there is one. */
export function boundedText(text: string): string {
  if (text.length <= TEXT_LIMITS.maxStoredChars) return text;
  const cut = text.slice(0, TEXT_LIMITS.maxStoredChars);
  const lineEnd = cut.lastIndexOf("\n");
  return (lineEnd > 0 ? cut.slice(0, lineEnd) : cut).trimEnd();
}

/** The engine's structured parse of normalised text, as stored in resume.parsed_json. */
export function parseForStorage(text: string): StoredParse {
  const { lines: _lines, sectionOf: _sectionOf, ...parsed } = parseResume(text);
  const caps = STORED_PARSE_CAPS;
  return {
    ...parsed,
    experience: parsed.experience.slice(0, caps.experience).map((entry) => ({
      ...entry,
      lines: entry.lines.slice(0, caps.linesPerEntry),
      bullets: entry.bullets.slice(0, caps.linesPerEntry),
    })),
    education: parsed.education.slice(0, caps.education),
    skills: parsed.skills.slice(0, caps.skills),
    certifications: parsed.certifications.slice(0, caps.certifications),
    sections: parsed.sections.slice(0, caps.sections),
    counts: {
      experience: parsed.experience.length,
      education: parsed.education.length,
      skills: parsed.skills.length,
    },
  };
}

/** What the resume summary shows of a stored parse (TResumeSummary's `parsed`). */
export function parseSummary(parsed: StoredParse) {
  return {
    name: parsed.contact.name,
    email: parsed.contact.email,
    sections: parsed.sections,
    experienceCount: parsed.counts?.experience ?? parsed.experience.length,
    educationCount: parsed.counts?.education ?? parsed.education.length,
    skillsCount: parsed.counts?.skills ?? parsed.skills.length,
  };
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
