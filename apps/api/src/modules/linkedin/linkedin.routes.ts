import { ZLinkedInSync } from "@resumelens/contract";
import type { Context } from "hono";
import type { AuthedContext } from "../../auth/require-auth.ts";
import { apiRouter, jsonBody, privateRoute } from "../../lib/openapi.ts";
import { DocumentRefused } from "../documents/types.ts";
import { readUploadedFile, refusalResponse, uploadLimits } from "../documents/upload-http.ts";
import {
  deleteLinkedInProfile,
  getLinkedInProfile,
  importLinkedInProfile,
  syncLinkedInProfile,
} from "./linkedin.service.ts";
import { NotALinkedInFile } from "./types.ts";

/** The import route; app.ts exempts it from the global JSON body limit (uploadLimits limit it). */
export const LINKEDIN_IMPORT_PATH = "/api/linkedin/import";

/** The multipart field of the import. */
export const LINKEDIN_IMPORT_FIELD = "file";

/** A readable file that is not a LinkedIn profile. */
export const NOT_A_PROFILE_MESSAGE =
  "This file is not a LinkedIn data export or a LinkedIn 'Save to PDF' profile. Upload the ZIP LinkedIn emailed you, or the PDF from your profile's More → Save to PDF.";

/** Texts of the refusals that differ from a resume upload's. */
const MESSAGES_FOR_LINKEDIN = {
  "too-short": NOT_A_PROFILE_MESSAGE,
  "no-text-layer":
    "We couldn't find any text in this PDF. Use the PDF from your profile's More → Save to PDF, or your data export ZIP.",
};

/** The import's body, for the description only: readUploadedFile reads it (bounded, paced). */
const IMPORT_BODY = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        properties: { [LINKEDIN_IMPORT_FIELD]: { type: "string" as const, format: "binary" } },
        required: [LINKEDIN_IMPORT_FIELD],
      },
    },
  },
};

export const linkedinRoutes = apiRouter()
  .openapi(
    privateRoute(
      {
        method: "post",
        path: LINKEDIN_IMPORT_PATH,
        summary: "Import a LinkedIn data export (ZIP) or profile PDF",
        request: { body: IMPORT_BODY },
        responses: { 200: { description: "The imported profile" } },
      },
      uploadLimits(),
    ),
    async (c) => {
      const { userId } = c.var.user;
      const file = await readUploadedFile(c, LINKEDIN_IMPORT_FIELD, {
        notMultipart: "Send the file as multipart/form-data.",
        missing: "Choose your LinkedIn data export (.zip) or profile PDF to upload.",
      });
      const deps = c.get("deps");
      try {
        return c.json(
          await importLinkedInProfile({ db: deps.db, userId, bytes: file.bytes, now: deps.now() }),
        );
      } catch (error) {
        if (error instanceof DocumentRefused) return refusalResponse(c, error, MESSAGES_FOR_LINKEDIN);
        if (error instanceof NotALinkedInFile) return notAProfile(c, error);
        throw error;
      }
    },
  )
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/linkedin/sync",
      summary: "Save the caller's LinkedIn profile URL",
      request: { body: jsonBody(ZLinkedInSync) },
      responses: { 200: { description: "The profile" } },
    }),
    async (c) => {
      const { profileUrl } = c.req.valid("json");
      return c.json(
        await syncLinkedInProfile({ db: c.get("deps").db, userId: c.var.user.userId, profileUrl }),
      );
    },
  )
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/linkedin/profile",
      summary: "The caller's imported LinkedIn profile",
      responses: { 200: { description: "The profile" } },
    }),
    async (c) => c.json(await getLinkedInProfile({ db: c.get("deps").db, userId: c.var.user.userId })),
  )
  .openapi(
    privateRoute({
      method: "delete",
      path: "/api/linkedin/profile",
      summary: "Delete the caller's imported LinkedIn profile",
      responses: { 204: { description: "Deleted" } },
    }),
    async (c) => {
      await deleteLinkedInProfile({ db: c.get("deps").db, userId: c.var.user.userId });
      return c.body(null, 204);
    },
  );

function notAProfile(c: Context<AuthedContext>, error: NotALinkedInFile): Response {
  c.get("deps").logger.info("linkedin import refused", {
    requestId: c.get("requestId"),
    detail: error.message.slice(0, 300),
  });
  return c.json({ error: { code: "UNPROCESSABLE", message: NOT_A_PROFILE_MESSAGE } }, 422);
}
