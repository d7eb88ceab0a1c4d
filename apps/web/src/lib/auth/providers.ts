import type { TSocialProvider } from "@resumelens/contract";

/** Display names of the social sign-in providers, in the order the buttons appear. */
export const PROVIDER_LABELS: Record<TSocialProvider, string> = {
  google: "Google",
  github: "GitHub",
  facebook: "Facebook",
  linkedin: "LinkedIn",
};

/** A readable name for any provider id, including ones we have no label for. */
export function providerLabel(provider: string): string {
  if (provider in PROVIDER_LABELS) return PROVIDER_LABELS[provider as TSocialProvider];
  return provider.charAt(0).toUpperCase() + provider.slice(1);
}

/**
 * Why a provider's button cannot be used, worded the same on /auth and in Settings: the server has
 * no client id and secret for it.
 */
export function notConfiguredReason(providers: readonly TSocialProvider[]): string {
  const labels = providers.map((provider) => PROVIDER_LABELS[provider]);
  if (labels.length === 0) return "";
  const list =
    labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
  return `${list} sign-in ${labels.length === 1 ? "is" : "are"} not configured on this server.`;
}

const LAST_PROVIDER_KEY = "resumelens.last-social-provider";

/** Remembered across the provider redirect so the conflict dialog can name the right provider. */
export function rememberProvider(provider: string): void {
  try {
    sessionStorage.setItem(LAST_PROVIDER_KEY, provider);
  } catch {
    // Storage can be unavailable (private mode); the dialog then falls back to GitHub, its default
    // (docs/product.md#auth).
  }
}

export function lastProvider(): string | null {
  try {
    return sessionStorage.getItem(LAST_PROVIDER_KEY);
  } catch {
    return null;
  }
}
