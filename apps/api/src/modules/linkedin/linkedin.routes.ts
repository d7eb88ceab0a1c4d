import { ZLinkedInSync } from "@resumelens/contract";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { readJson, requireUser } from "../../lib/http.ts";
import { DocumentRefused } from "../documents/types.ts";
import { readUploadedFile, refusalResponse, uploadGuards } from "../documents/upload-http.ts";
import {
  deleteLinkedInProfile,
  getLinkedInProfile,
  importLinkedInProfile,
  syncLinkedInProfile,
} from "./linkedin.service.ts";
import { NotALinkedInFile } from "./types.ts";

/** The import route; app.ts exempts it from the global JSON body limit (uploadGuards limit it). */
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

export const linkedinRoutes = new Hono<AppContext>()
  .post(LINKEDIN_IMPORT_PATH, ...uploadGuards(), async (c) => {
    const { userId } = await requireUser(c);
    const file = await readUploadedFile(c, LINKEDIN_IMPORT_FIELD, {
      notMultipart: "Send the file as multipart/form-data.",
      missing: "Choose your LinkedIn data export (.zip) or profile PDF to upload.",
    });
    const deps = c.get("deps");
    try {
      return c.json(await importLinkedInProfile({ db: deps.db, userId, bytes: file.bytes, now: deps.now() }));
    } catch (error) {
      if (error instanceof DocumentRefused) return refusalResponse(c, error, MESSAGES_FOR_LINKEDIN);
      if (error instanceof NotALinkedInFile) return notAProfile(c, error);
      throw error;
    }
  })
  .post("/api/linkedin/sync", async (c) => {
    const { userId } = await requireUser(c);
    const { profileUrl } = await readJson(c, ZLinkedInSync);
    return c.json(await syncLinkedInProfile({ db: c.get("deps").db, userId, profileUrl }));
  })
  .get("/api/linkedin/profile", async (c) => {
    const { userId } = await requireUser(c);
    return c.json(await getLinkedInProfile({ db: c.get("deps").db, userId }));
  })
  .delete("/api/linkedin/profile", async (c) => {
    const { userId } = await requireUser(c);
    await deleteLinkedInProfile({ db: c.get("deps").db, userId });
    return c.body(null, 204);
  });

function notAProfile(c: Context<AppContext>, error: NotALinkedInFile): Response {
  c.get("deps").logger.info("linkedin import refused", {
    requestId: c.get("requestId"),
    detail: error.message.slice(0, 300),
  });
  return c.json({ error: { code: "UNPROCESSABLE", message: NOT_A_PROFILE_MESSAGE } }, 422);
}
