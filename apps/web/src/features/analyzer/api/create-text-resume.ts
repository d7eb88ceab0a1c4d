import type { TCreateTextResume, TCreateTextResumeResponse } from "@resumelens/contract";
import { apiRequest } from "../../../lib/api-client.ts";

/** The name the wizard gives a pasted resume. */
export const TEXT_RESUME_FILENAME = "Text Resume";

/**
 * POST /api/create-text-resume {content} → {id} (docs/product.md#api-calls). Throws on a refusal or a
 * malformed answer.
 */
export async function createTextResume(content: string): Promise<TCreateTextResumeResponse> {
  const payload: TCreateTextResume = { content };
  const res = await apiRequest("POST", "/api/create-text-resume", payload);
  const body: unknown = await res.json();
  const id = typeof body === "object" && body !== null ? (body as { id?: unknown }).id : undefined;
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) {
    throw new Error("Malformed create-text-resume response");
  }
  return { id };
}
