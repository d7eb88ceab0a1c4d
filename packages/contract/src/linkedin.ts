import { z } from "zod";
import { MESSAGES } from "./messages.ts";

/**
 * A LinkedIn public profile URL: https://www.linkedin.com/in/<slug> (country subdomains, no
 * scheme, trailing slash and query are accepted). Anything else is refused with the product's text
 * (docs/product.md#linkedin-url).
 */
export const LINKEDIN_PROFILE_URL =
  /^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/in\/([A-Za-z0-9\-_%.]{3,100})\/?(?:[?#].*)?$/i;

/** The profile's slug, decoded and lower-cased; null when the URL is not a profile URL (a malformed `%` escape included). */
export function linkedInSlug(url: string): string | null {
  const match = LINKEDIN_PROFILE_URL.exec(url.trim());
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).toLowerCase();
  } catch {
    // '%zz' or a cut-off '%E2%82': no URL a browser would open, so no profile URL.
    return null;
  }
}

/** POST /api/linkedin/sync: the payload (docs/product.md#linkedin-import). */
export const ZLinkedInSync = z.object({
  profileUrl: z
    .string()
    .trim()
    .max(300, MESSAGES.invalidLinkedInUrl)
    .refine((value) => linkedInSlug(value) !== null, MESSAGES.invalidLinkedInUrl),
});
export type TLinkedInSync = z.infer<typeof ZLinkedInSync>;

export const ZLinkedInPosition = z.object({
  title: z.string(),
  company: z.string(),
  location: z.string().nullable(),
  startedOn: z.string().nullable(),
  finishedOn: z.string().nullable(),
  description: z.string().nullable(),
});
export type TLinkedInPosition = z.infer<typeof ZLinkedInPosition>;

/**
 * The LinkedIn sync result (docs/product.md#linkedin-import) {name, headline, company, location, skills},
 * plus where it came from.
 */
export const ZLinkedInProfile = z.object({
  name: z.string(),
  headline: z.string(),
  company: z.string(),
  location: z.string(),
  skills: z.array(z.string()),
  positions: z.array(ZLinkedInPosition),
  education: z.array(z.object({ school: z.string(), degree: z.string().nullable() })),
  profileUrl: z.string().nullable(),
  source: z.enum(["export-zip", "profile-pdf"]),
  importedAt: z.string(),
});
export type TLinkedInProfile = z.infer<typeof ZLinkedInProfile>;
