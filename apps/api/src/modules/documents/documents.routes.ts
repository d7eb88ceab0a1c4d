import { UPLOAD_RESUME_FIELD, ZCreateTextResume } from "@resumelens/contract";
import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { readJson, requireUser } from "../../lib/http.ts";
import { createTextResume, createUploadedResume, getResumeSummary } from "./documents.service.ts";
import { DocumentRefused } from "./types.ts";
import { readUploadedFile, refusalResponse, uploadGuards } from "./upload-http.ts";
import { uploadRate } from "./upload-limits.ts";

/** The upload route; app.ts exempts it from the global JSON body limit. */
export const UPLOAD_RESUME_PATH = "/api/upload-resume";

export const documentsRoutes = new Hono<AppContext>()
  .post(UPLOAD_RESUME_PATH, ...uploadGuards(), async (c) => {
    const { userId } = await requireUser(c);
    const file = await readUploadedFile(c, UPLOAD_RESUME_FIELD, {
      notMultipart: "Send the resume as multipart/form-data.",
      missing: "Choose a resume file to upload.",
    });
    const deps = c.get("deps");
    try {
      const { duplicate, ...stored } = await createUploadedResume({
        db: deps.db,
        userId,
        filename: file.name,
        bytes: file.bytes,
        now: deps.now(),
      });
      // A double click counts once against the upload rate, as it stores once.
      if (duplicate) await uploadRate.refund({ db: deps.db, userId });
      return c.json(stored);
    } catch (error) {
      if (error instanceof DocumentRefused) return refusalResponse(c, error);
      throw error;
    }
  })
  .post("/api/create-text-resume", async (c) => {
    const { userId } = await requireUser(c);
    const deps = c.get("deps");
    await uploadRate.check({ db: deps.db, userId, now: deps.now() });
    const { content } = await readJson(c, ZCreateTextResume);
    const { duplicate, id } = await createTextResume({ db: deps.db, userId, content, now: deps.now() });
    if (duplicate) await uploadRate.refund({ db: deps.db, userId });
    return c.json({ id });
  })
  .get("/api/resumes/:id", async (c) => {
    const { userId } = await requireUser(c);
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("NOT_FOUND", "Resume not found");
    return c.json(await getResumeSummary({ db: c.get("deps").db, userId, id }));
  });
