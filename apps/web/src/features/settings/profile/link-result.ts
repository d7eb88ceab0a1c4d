import { providerLabel } from "../../../lib/auth/providers.ts";

/** Query parameters the provider round trip comes back with (callbackURL / errorCallbackURL). */
export const LINKED_PARAM = "linked";
export const LINK_FAILED_PARAM = "link_failed";

/** Where the provider sends the browser back after linking, or after a failure. */
export function linkCallbackUrls(provider: string) {
  return {
    callbackURL: `/settings?${LINKED_PARAM}=${encodeURIComponent(provider)}`,
    errorCallbackURL: `/settings?${LINK_FAILED_PARAM}=${encodeURIComponent(provider)}`,
  };
}

/** The fallback text of the 'Linking Failed' toast (docs/product.md#messages). */
export function linkFailedFallback(provider: string): string {
  return `Failed to link ${providerLabel(provider)} account. Please try again.`;
}

/**
 * Readable texts for Better Auth's callback error codes; anything else gets the fallback
 * (docs/product.md#messages).
 */
const LINK_ERROR_TEXT: Record<string, (provider: string) => string> = {
  email_does_not_match: (p) =>
    `Your ${providerLabel(p)} account uses a different email address. You can only connect accounts with the same email as this one.`,
  account_already_linked_to_different_user: (p) =>
    `This ${providerLabel(p)} account is already connected to another ResumeLens account.`,
  email_not_verified: () => "Please confirm your email address before connecting another account.",
};

export type LinkResult =
  | { kind: "linked"; provider: string }
  | { kind: "failed"; provider: string; message: string }
  | null;

/** Reads the outcome of a provider round trip from the settings URL's query. */
export function readLinkResult(params: URLSearchParams): LinkResult {
  const linked = params.get(LINKED_PARAM);
  if (linked) return { kind: "linked", provider: linked };
  const failed = params.get(LINK_FAILED_PARAM);
  if (!failed) return null;
  const code = params.get("error") ?? "";
  const message = LINK_ERROR_TEXT[code]?.(failed) ?? linkFailedFallback(failed);
  return { kind: "failed", provider: failed, message };
}
