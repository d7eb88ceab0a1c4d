import { z } from "zod";
import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from "./input.ts";
import { LIMITS } from "./limits.ts";

/** Longest pasted resume we store: far beyond any real resume, well under the JSON body limit. */
export const TEXT_RESUME_MAX = 100_000;

/** Shown under the paste box and by the API when pasted text is too short. */
export const TEXT_RESUME_TOO_SHORT = `Your resume text must be at least ${LIMITS.textResumeMin} characters.`;

/**
 * What is wrong with pasted resume text, or null when the API accepts it: at least 100 characters
 * after trimming (docs/product.md#text-lengths), and not absurdly long. A plain function, so the analyzer
 * checks as the user
 * types without loading the schema library; ZCreateTextResume applies the very same rule.
 */
export function textResumeProblem(content: string): string | null {
  const length = content.trim().length;
  if (length < LIMITS.textResumeMin) return TEXT_RESUME_TOO_SHORT;
  if (length > TEXT_RESUME_MAX)
    return `Your resume text must be at most ${TEXT_RESUME_MAX.toLocaleString("en-US")} characters.`;
  if (hasNulCharacter(content)) return NUL_CHARACTER_MESSAGE;
  return null;
}

/** POST /api/create-text-resume: pasted resume text (see textResumeProblem), stored trimmed. */
export const ZCreateTextResume = /* @__PURE__ */ z.object({
  content: /* @__PURE__ */ z
    .string()
    .trim()
    .superRefine((content, ctx) => {
      const problem = textResumeProblem(content);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
export type TCreateTextResume = z.infer<typeof ZCreateTextResume>;

/** The multipart field POST /api/upload-resume reads the file from. */
export const UPLOAD_RESUME_FIELD = "resume";

/** POST /api/upload-resume answer (docs/product.md#api-calls). */
export type TUploadResumeResponse = { id: number; filename: string };
/** POST /api/create-text-resume answer. */
export type TCreateTextResumeResponse = { id: number };

/** GET /api/resumes/:id: what we stored and what the parser found, without the text itself. */
export type TResumeSummary = {
  id: number;
  filename: string;
  mime: string;
  sizeBytes: number;
  createdAt: string;
  textLength: number;
  parsed: {
    name: string | null;
    email: string | null;
    sections: string[];
    experienceCount: number;
    educationCount: number;
    skillsCount: number;
  } | null;
};

/** Most pages a stored layout records: a longer file is stored as this many (still far too long). */
export const LAYOUT_PAGES_MAX = 9_999;

/**
 * What the document pipeline saw of an uploaded file's layout (columns, tables, contact in the
 * page header or footer, images, pages): the engine's LayoutHints as a schema. Stored with the
 * resume (resume.layout_json) and handed to the engine's ATS review with every analysis of it.
 * Every key is optional, as each format shows only some; the shape keeps it under 120 characters
 * of JSON.
 */
export const ZLayoutHints = /* @__PURE__ */ z.strictObject({
  columns: /* @__PURE__ */ z.boolean().optional(),
  tables: /* @__PURE__ */ z.boolean().optional(),
  contactInHeaderOrFooter: /* @__PURE__ */ z.boolean().optional(),
  images: /* @__PURE__ */ z.boolean().optional(),
  pages: /* @__PURE__ */ z.number().int().min(0).max(LAYOUT_PAGES_MAX).optional(),
});
export type TLayoutHints = z.infer<typeof ZLayoutHints>;
