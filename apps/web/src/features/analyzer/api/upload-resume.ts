import { type TUploadResumeResponse, UPLOAD_RESUME_FIELD } from "@resumelens/contract";

/** What the widget holds: the uploaded resume's id and name; id 0 and "" mean none. */
export type UploadedResume = TUploadResumeResponse;

export const NO_RESUME: UploadedResume = { id: 0, filename: "" };

/** An upload the server refused; `message` is the server's own text, fit to show the user. */
export class ResumeUploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "ResumeUploadError";
    this.status = status;
  }
}

/** The spec's fallback when a refusal carries no message (§8). */
export const UPLOAD_FAILED_FALLBACK = "Upload failed";

async function errorMessageOf(res: Response): Promise<string> {
  try {
    const body: unknown = await res.json();
    if (typeof body === "object" && body !== null && "error" in body) {
      const { error } = body as { error: unknown };
      if (typeof error === "object" && error !== null && "message" in error) {
        const { message } = error as { message: unknown };
        if (typeof message === "string" && message.trim() !== "") return message;
      }
    }
  } catch {
    // Not JSON (a proxy's error page, an empty body): fall through to the fallback.
  }
  return UPLOAD_FAILED_FALLBACK;
}

function isUploadedResume(body: unknown): body is UploadedResume {
  if (typeof body !== "object" || body === null) return false;
  const { id, filename } = body as Record<string, unknown>;
  return typeof id === "number" && Number.isInteger(id) && id > 0 && typeof filename === "string";
}

/**
 * POST /api/upload-resume as multipart form data (field `resume`), with cookies (§6, §7).
 * Not `apiRequest`: that helper sends JSON. Throws `ResumeUploadError` with the server's message on
 * a refusal; a network failure or a malformed answer throws a plain error.
 */
export async function uploadResume(file: File): Promise<UploadedResume> {
  const form = new FormData();
  form.append(UPLOAD_RESUME_FIELD, file);
  // No Content-Type header: the browser sets multipart/form-data with its boundary.
  const res = await fetch("/api/upload-resume", { method: "POST", body: form, credentials: "include" });
  if (!res.ok) throw new ResumeUploadError(res.status, await errorMessageOf(res));
  const body: unknown = await res.json();
  if (!isUploadedResume(body)) throw new Error("Malformed upload response");
  return { id: body.id, filename: body.filename };
}
