import { recordIdParamSchema, UPLOAD_RESUME_FIELD, ZCreateTextResume } from "@resumelens/contract";
import { z } from "zod";
import { apiRouter, jsonBody, privateRoute } from "../../lib/openapi.ts";
import { analysisReadRate } from "../analyses/read-limits.ts";
import { createTextResume, createUploadedResume, getResumeSummary } from "./documents.service.ts";
import { DocumentRefused } from "./types.ts";
import { readUploadedFile, refusalResponse, uploadLimits } from "./upload-http.ts";
import { uploadRate } from "./upload-limits.ts";

/** The upload route; app.ts exempts it from the global JSON body limit. */
export const UPLOAD_RESUME_PATH = "/api/upload-resume";

/** The upload's body, for the description only: readUploadedFile reads it (bounded, paced). */
const UPLOAD_BODY = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        properties: { [UPLOAD_RESUME_FIELD]: { type: "string" as const, format: "binary" } },
        required: [UPLOAD_RESUME_FIELD],
      },
    },
  },
};

export const documentsRoutes = apiRouter()
  .openapi(
    privateRoute(
      {
        method: "post",
        path: UPLOAD_RESUME_PATH,
        summary: "Upload a resume (PDF, DOC, DOCX or TXT, at most 5 MB)",
        request: { body: UPLOAD_BODY },
        responses: { 200: { description: "The stored resume" } },
      },
      uploadLimits(),
    ),
    async (c) => {
      const { userId } = c.var.user;
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
    },
  )
  .openapi(
    privateRoute(
      {
        method: "post",
        path: "/api/create-text-resume",
        summary: "Store a pasted resume",
        request: { body: jsonBody(ZCreateTextResume) },
        responses: { 200: { description: "The stored resume's id" } },
      },
      [uploadRate.middleware],
    ), // counted before the body is read, as for a file
    async (c) => {
      const { userId } = c.var.user;
      const { db, now } = c.get("deps");
      const { content } = c.req.valid("json");
      const { duplicate, id } = await createTextResume({ db, userId, content, now: now() });
      if (duplicate) await uploadRate.refund({ db, userId });
      return c.json({ id });
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/resumes/{id}",
      summary: "One of the caller's resumes (summary)",
      // Any id that cannot be a resume answers 404, as this route always did.
      request: { params: z.object({ id: recordIdParamSchema("Resume", { malformed: "not-found" }) }) },
      responses: { 200: { description: "The resume's summary" } },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db, now } = c.get("deps");
      const { userId } = c.var.user;
      await analysisReadRate.check({ db, userId, now: now() });
      return c.json(await getResumeSummary({ db, userId, id }));
    },
  );
