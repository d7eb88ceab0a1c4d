import { LIMITS, MESSAGES, UPLOAD_RESUME_FIELD, ZCreateTextResume } from "@resumelens/contract";
import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { readJson, requireUser } from "../../lib/http.ts";
import { createTextResume, createUploadedResume, getResumeSummary } from "./documents.service.ts";
import { REFUSAL_MESSAGES } from "./errors.ts";
import { DocumentRefused } from "./types.ts";

/** The upload route; app.ts exempts it from the global JSON body limit. */
export const UPLOAD_RESUME_PATH = "/api/upload-resume";

/** Room for the multipart envelope (boundaries, part headers, a long filename) around a 5 MB file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", MESSAGES.fileTooLarge);

export const documentsRoutes = new Hono<AppContext>()
  .post(
    UPLOAD_RESUME_PATH,
    // Sign-in first, so anonymous clients never get to stream a body at us.
    async (c, next) => {
      await requireUser(c);
      await next();
    },
    // Counts bytes as they arrive and stops reading past the limit (or at once on a large Content-Length).
    bodyLimit({
      maxSize: LIMITS.resumeMaxBytes + MULTIPART_OVERHEAD,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      const { userId } = await requireUser(c);
      const file = await readUploadedFile(c);
      if (file.size > LIMITS.resumeMaxBytes) throw tooLarge();
      const bytes = new Uint8Array(await file.arrayBuffer());
      try {
        const stored = await createUploadedResume({
          db: c.get("deps").db,
          userId,
          filename: file.name,
          bytes,
        });
        return c.json(stored);
      } catch (error) {
        if (error instanceof DocumentRefused) return refusal(c, error);
        throw error;
      }
    },
  )
  .post("/api/create-text-resume", async (c) => {
    const { userId } = await requireUser(c);
    const { content } = await readJson(c, ZCreateTextResume);
    return c.json(await createTextResume({ db: c.get("deps").db, userId, content }));
  })
  .get("/api/resumes/:id", async (c) => {
    const { userId } = await requireUser(c);
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("NOT_FOUND", "Resume not found");
    return c.json(await getResumeSummary({ db: c.get("deps").db, userId, id }));
  });

async function readUploadedFile(c: Context<AppContext>): Promise<File> {
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError("BAD_REQUEST", "Send the resume as multipart/form-data.");
  }
  const value = body[UPLOAD_RESUME_FIELD];
  const file = Array.isArray(value) ? value[0] : value;
  if (!(file instanceof File)) throw new AppError("BAD_REQUEST", "Choose a resume file to upload.");
  return file;
}

/**
 * A refused document: wrong type 415, too large 413, anything else 422 with the reason's text.
 * The contract has no 422 code, so 422 answers carry BAD_REQUEST (a client error the user can fix).
 */
function refusal(c: Context<AppContext>, error: DocumentRefused): Response {
  c.get("deps").logger.info("document refused", {
    requestId: c.get("requestId"),
    reason: error.reason,
    detail: error.message.slice(0, 300),
  });
  const message = REFUSAL_MESSAGES[error.reason];
  if (error.reason === "invalid-type") throw new AppError("UNSUPPORTED_MEDIA_TYPE", message);
  if (error.reason === "too-large") throw new AppError("PAYLOAD_TOO_LARGE", message);
  return c.json({ error: { code: "BAD_REQUEST", message } }, 422);
}
