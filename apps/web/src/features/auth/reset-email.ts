/**
 * The address a password reset was asked for, kept on this device until the reset succeeds so
 * the sign-in form that follows is filled in (the reset link usually opens in a new tab, and the
 * reset answer does not name the account).
 */
const KEY = "resumelens.reset-email";

/** The history-state key the reset page sets when it sends the person to sign in. */
export type SignInState = { email?: unknown };

export function rememberResetEmail(email: string): void {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // Storage can be unavailable (private mode): the person types the address again.
  }
}

/** The remembered address, forgotten as it is read. */
export function takeResetEmail(): string | null {
  try {
    const email = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return email;
  } catch {
    return null;
  }
}

/** The address to pre-fill on /auth from the history state, if any. */
export function signInEmailOf(state: unknown): string {
  const email = state && typeof state === "object" ? (state as SignInState).email : undefined;
  return typeof email === "string" ? email : "";
}
