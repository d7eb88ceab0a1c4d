import { type TUploadResumeResponse, UPLOAD_RESUME_FIELD } from "@resumelens/contract";
import { apiFetch } from "../../../lib/api-client.ts";

/** What the widget holds: the uploaded resume's id and name; id 0 and "" mean none. */
export type UploadedResume = TUploadResumeResponse;

export const NO_RESUME: UploadedResume = { id: 0, filename: "" };

/** The fallback when a refusal carries no message (docs/product.md#messages). */
export const UPLOAD_FAILED_FALLBACK = "Upload failed";

function isUploadedResume(body: unknown): body is UploadedResume {
  if (typeof body !== "object" || body === null) return false;
  const { id, filename } = body as Record<string, unknown>;
  return typeof id === "number" && Number.isInteger(id) && id > 0 && typeof filename === "string";
}

/**
 * POST /api/upload-resume as multipart form data (field `resume`), with cookies (docs/product.md#api-calls).
 * Not `apiRequest`: that helper sends JSON. A refusal or a network failure throws an ApiError; a
 * malformed answer throws a plain error.
 */
export async function uploadResume(file: File): Promise<UploadedResume> {
  const form = new FormData();
  form.append(UPLOAD_RESUME_FIELD, file);
  // No Content-Type header: the browser sets multipart/form-data with its boundary.
  const res = await apiFetch("/api/upload-resume", { method: "POST", body: form });
  const body: unknown = await res.json();
  if (!isUploadedResume(body)) throw new Error("Malformed upload response");
  return { id: body.id, filename: body.filename };
}
