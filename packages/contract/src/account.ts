import { z } from "zod";
import { LIMITS } from "./limits.ts";

/**
 * A person's name part: trimmed, at most LIMITS.nameMax characters, no control characters. An empty
 * string clears the name (docs/product.md#text-lengths); a name of only spaces or tabs is a slip, not
 * a request to clear it, so it is refused before trimming.
 */
const ZNamePart = z
  .string()
  .refine(
    (value) => value === "" || value.trim() !== "",
    "A name cannot be only spaces. Leave it empty to remove it.",
  )
  .trim()
  .max(LIMITS.nameMax, `Names are limited to ${LIMITS.nameMax} characters.`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "Names cannot contain control characters.");

/** PUT /api/user/profile: the payload (docs/product.md#api-calls). An empty name clears it. */
export const ZUpdateProfile = z.object({ firstName: ZNamePart, lastName: ZNamePart });
export type TUpdateProfile = z.infer<typeof ZUpdateProfile>;

/** GET and PUT /api/user/preferences: the settings' Preferences card, stored on the server. */
export const ZPreferences = z.object({ emailNotifications: z.boolean() });
export type TPreferences = z.infer<typeof ZPreferences>;

/**
 * DELETE /api/user: the user types their email to confirm; the server compares it with the session's.
 * It also re-authenticates the caller: the current password when the account has one, and a current
 * authenticator or backup code when two-factor is on (an account with neither needs a fresh sign-in).
 */
export const ZDeleteAccount = z.object({
  confirmEmail: z.string().trim().min(1, "Type your email address to confirm.").max(320),
  password: z.string().max(LIMITS.passwordMax).optional(),
  code: z.string().trim().max(64).optional(),
});
export type TDeleteAccount = z.infer<typeof ZDeleteAccount>;

/** POST /api/user/two-factor/disable: a current authenticator code or an unused backup code. */
export const ZDisableTwoFactor = z.object({
  code: z.string().trim().min(1, "Enter a code from your authenticator app or a backup code.").max(64),
});
export type TDisableTwoFactor = z.infer<typeof ZDisableTwoFactor>;

/** One signed-in browser of the caller, for Settings → Sessions (no token, no address). */
export const ZUserSession = z.object({
  id: z.string(),
  /** "Chrome 131", "Safari", or "Unknown browser". */
  browser: z.string(),
  /** "macOS", "Android", or "Unknown device". */
  device: z.string(),
  createdAt: z.string(),
  /** When the session was last renewed: accurate to the hour (the session's update age). */
  lastActiveAt: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type TUserSession = z.infer<typeof ZUserSession>;

/** GET /api/user/sessions: the caller's active sessions, the current one first. */
export const ZUserSessions = z.object({ sessions: z.array(ZUserSession) });
export type TUserSessions = z.infer<typeof ZUserSessions>;

/** POST /api/user/sessions/sign-out-others: how many other sessions were ended. */
export const ZSignOutOthers = z.object({ signedOut: z.number().int().nonnegative() });
export type TSignOutOthers = z.infer<typeof ZSignOutOthers>;
