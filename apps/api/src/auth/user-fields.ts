import { LIMITS } from "@resumelens/contract";
import { cleanName, hasNameControlCharacters } from "../modules/users/users.service.ts";

/** Longest picture address kept (providers' avatar URLs are well under this). */
const IMAGE_URL_MAX = 2048;

/** Message when a name sent to Better Auth breaks the app's name rules. */
export const USER_NAME_INVALID = `Names are limited to ${LIMITS.nameMax} characters and cannot contain control characters.`;
/** Message when a picture address is not an http(s) URL. */
export const USER_IMAGE_INVALID = "The profile picture must be an http or https address.";

/** Whether an image address is one a browser may load as a picture: http(s) only, no script URLs. */
export function isSafeImageUrl(image: string): boolean {
  if (image.length > IMAGE_URL_MAX) return false;
  try {
    const url = new URL(image);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * What is wrong with the name and image a person sent to Better Auth (sign-up), or null. The same
 * rules as PUT /api/user/profile: no control, format-override or line-separator characters, at most
 * LIMITS.nameMax characters; a picture only at an http(s) address.
 */
export function userFieldsProblem(body: { name?: unknown; image?: unknown }): string | null {
  if (body.name !== undefined && body.name !== null) {
    if (typeof body.name !== "string") return USER_NAME_INVALID;
    if (hasNameControlCharacters(body.name) || [...body.name.trim()].length > LIMITS.nameMax)
      return USER_NAME_INVALID;
  }
  if (body.image !== undefined && body.image !== null && body.image !== "") {
    if (typeof body.image !== "string" || !isSafeImageUrl(body.image)) return USER_IMAGE_INVALID;
  }
  return null;
}

/**
 * The name and image as stored, for data nobody typed here (a provider's profile): control
 * characters stripped, the name cut to LIMITS.nameMax characters, a picture that is not http(s)
 * dropped. Only the fields present are returned.
 */
export function cleanUserFields(user: { name?: unknown; image?: unknown }): {
  name?: string;
  image?: string | null;
} {
  const out: { name?: string; image?: string | null } = {};
  if (typeof user.name === "string") {
    out.name = [...(cleanName(user.name) ?? "")].slice(0, LIMITS.nameMax).join("").trim();
  }
  if (user.image !== undefined) {
    out.image = typeof user.image === "string" && isSafeImageUrl(user.image) ? user.image : null;
  }
  return out;
}
