import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { hydrateShellSession, type ShellSession } from "./session-bootstrap.ts";

/*
 * The Better Auth browser client for our own server (same origin, session cookie).
 *
 * The API registers its local test OIDC provider with Better Auth's genericOAuth plugin. In
 * better-auth 1.7 such providers are "first-class social providers": they are started with
 * `signIn.social({ provider: <id> })` and need no client plugin (there is no genericOAuthClient or
 * signIn.oauth2 in this version).
 *
 * The two-factor plugin adds `twoFactor.*` (enable, verifyTotp, verifyBackupCode). A password sign-in
 * of a user with two-factor on answers `{ twoFactorRedirect: true }` instead of a session; the sign-in
 * form then asks for the code itself (no redirect to a separate page).
 */
export function createResumeLensAuthClient() {
  // Better Auth captures `fetch` here, at creation time: tests create their client after stubbing it.
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: "/api/auth",
    plugins: [twoFactorClient()],
  });
}

export type AuthClient = ReturnType<typeof createResumeLensAuthClient>;
export type AuthSessionData = AuthClient["$Infer"]["Session"];
export type AuthSession = AuthSessionData["session"];
export type AuthUser = AuthSessionData["user"];

/** The app's single client; components receive it through AuthProvider so tests can pass their own. */
export const authClient: AuthClient = createResumeLensAuthClient();

/** What the page said about the session; the client starts with it (see session-bootstrap.ts). */
export const shellSession: ShellSession = hydrateShellSession(authClient);
