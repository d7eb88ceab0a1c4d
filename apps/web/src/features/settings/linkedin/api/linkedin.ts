import { LIMITS, MESSAGES, type TLinkedInProfile, ZLinkedInSync } from "@resumelens/contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { currentUserQueryOptions } from "../../../../lib/api/current-user.ts";
import { apiFetch, apiRequest } from "../../../../lib/api-client.ts";
import { errorText } from "../../../../lib/api-error.ts";

/** The toasts (docs/product.md#linkedin-url, docs/product.md#messages). */
export const LINKEDIN_TEXT = {
  syncedTitle: "LinkedIn Profile Synced",
  failedTitle: "Sync Failed",
  failedFallback: "We couldn't sync your LinkedIn profile. Please try again.",
} as const;

/** The file types the import takes: LinkedIn's data export ZIP or the profile's Save-to-PDF file. */
export const LINKEDIN_FILE_ACCEPT = ".zip,.pdf,application/zip,application/x-zip-compressed,application/pdf";

/** The sync rule (docs/product.md#linkedin-url), checked before any call: a linkedin.com/in/ profile URL. */
export function isValidProfileUrl(value: string): boolean {
  return ZLinkedInSync.safeParse({ profileUrl: value }).success;
}

export const LINKEDIN_PROFILE_KEY = ["/api/linkedin/profile"] as const;

/** GET /api/linkedin/profile: the imported profile, or null when nothing is imported yet. */
export const linkedInProfileQueryOptions = queryOptions({
  queryKey: LINKEDIN_PROFILE_KEY,
  queryFn: async (): Promise<TLinkedInProfile | null> => {
    const res = await apiRequest("GET", LINKEDIN_PROFILE_KEY[0]);
    return (await res.json()) as TLinkedInProfile | null;
  },
});

export function useLinkedInProfile() {
  return useQuery(linkedInProfileQueryOptions);
}

/** POST /api/linkedin/sync {profileUrl} → the synced profile (docs/product.md#linkedin-import). */
export async function syncLinkedInProfile(profileUrl: string): Promise<TLinkedInProfile> {
  const res = await apiRequest("POST", "/api/linkedin/sync", { profileUrl: profileUrl.trim() });
  return (await res.json()) as TLinkedInProfile;
}

/** A file refused before it is sent; `message` is fit to show. */
export class LinkedInImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LinkedInImportError";
  }
}

/**
 * POST /api/linkedin/import as multipart (field `file`), with cookies. Files over 5 MB are refused
 * here first, with the size text (docs/product.md#resume-files); the server's refusals throw an ApiError.
 */
export async function importLinkedInFile(file: File): Promise<TLinkedInProfile> {
  if (file.size > LIMITS.resumeMaxBytes) throw new LinkedInImportError(MESSAGES.fileTooLarge);
  const form = new FormData();
  form.append("file", file);
  const res = await apiFetch("/api/linkedin/import", { method: "POST", body: form });
  return (await res.json()) as TLinkedInProfile;
}

/** The text of a failed import or sync: the server's message, else a plain fallback. */
export function linkedInErrorMessage(error: unknown): string {
  if (error instanceof LinkedInImportError) return error.message;
  return errorText(error, { fallback: LINKEDIN_TEXT.failedFallback });
}

/**
 * After an import or a sync: the new profile is cached and /api/auth/user refreshed
 * (docs/product.md#linkedin-import).
 */
export async function afterLinkedInChange(
  queryClient: QueryClient,
  profile: TLinkedInProfile,
): Promise<void> {
  queryClient.setQueryData(LINKEDIN_PROFILE_KEY, profile);
  await queryClient.invalidateQueries({ queryKey: currentUserQueryOptions.queryKey });
}
