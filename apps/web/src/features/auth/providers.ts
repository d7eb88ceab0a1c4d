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

const LAST_PROVIDER_KEY = "resumelens.last-social-provider";

/** Remembered across the provider redirect so the conflict dialog can name the right provider. */
export function rememberProvider(provider: string): void {
  try {
    sessionStorage.setItem(LAST_PROVIDER_KEY, provider);
  } catch {
    // Storage can be unavailable (private mode); the dialog then falls back to GitHub, as the spec does.
  }
}

export function lastProvider(): string | null {
  try {
    return sessionStorage.getItem(LAST_PROVIDER_KEY);
  } catch {
    return null;
  }
}
