import { MESSAGES } from "@resumelens/contract";
import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import {
  type AuthClient,
  type AuthSession,
  type AuthUser,
  authClient as defaultAuthClient,
} from "../auth-client.ts";
import { afterFirstPaint } from "../first-paint.ts";
import { clearPendingVerification } from "./pending-verification.ts";
import { providerLabel } from "./providers.ts";
import { authUrlWithReturn } from "./return-to.ts";
import { splitName, syncUser } from "./sync-user.ts";

/*
 * Auth is the one feature every other part of the app reads (guards, navigation, plan-aware
 * pages), so its context is imported across features on purpose.
 */

/** An auth failure with the server's error code when there is one (e.g. EMAIL_NOT_VERIFIED). */
export class AuthError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  constructor(message: string, options: { code?: string | undefined; status?: number | undefined } = {}) {
    super(message);
    this.name = "AuthError";
    this.code = options.code;
    this.status = options.status;
  }
}

export type Credentials = { email: string; password: string };

/** A same-origin path (see return-to.ts) to land on once signed in; "/" by default. */
export type ReturnOptions = { returnTo?: string };

/** The page the mailed reset link opens (it appends `?token=` or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = "/auth/reset-password";

/** What a password sign-in needs next: nothing, or the second factor (two-factor users). */
export type SignInResult = { twoFactorRequired: boolean };

/** The second factor at sign-in: a code from the authenticator app, or one of the backup codes. */
export type SecondFactor = { kind: "totp" | "backup"; code: string };

export type AuthContextValue = {
  user: AuthUser | null;
  session: AuthSession | null;
  /** True until the first session check completes. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /**
   * Password sign-in; `twoFactorRequired` means call `verifySecondFactor` to finish it. `returnTo`
   * is where a confirmation link mailed for an unverified address leads.
   */
  signIn: (credentials: Credentials, options?: ReturnOptions) => Promise<SignInResult>;
  /** Finishes a password sign-in that asked for the second factor. */
  verifySecondFactor: (factor: SecondFactor) => Promise<void>;
  /**
   * Creates the account; the server sends a confirmation email and does not sign the user in. The
   * link in it signs in and leads to `returnTo`.
   */
  signUp: (credentials: Credentials, options?: ReturnOptions) => Promise<void>;
  /** Mails a new confirmation link (the same answer whether or not the address has an account). */
  resendVerification: (email: string, options?: ReturnOptions) => Promise<void>;
  /** Mails a password-reset link (the same answer whether or not the address has an account). */
  requestPasswordReset: (email: string) => Promise<void>;
  /** Sets a new password with the token from the reset link; every session ends. */
  resetPassword: (token: string, newPassword: string) => Promise<void>;
  /** Signs out, forgets cached user data and goes to "/". */
  signOut: () => Promise<void>;
  /**
   * Starts a third-party sign-in; on success the browser leaves for the provider and comes back to
   * `returnTo` (or to /auth, keeping `returnTo`, when it fails).
   */
  signInWithProvider: (provider: string, options?: ReturnOptions) => Promise<void>;
  /** Re-reads the session from the server (after an auth callback). */
  refreshSession: () => Promise<void>;
  /** The Better Auth client, for account settings (two-factor enrolment, account linking). */
  client: AuthClient;
};

const AuthContext = createContext<AuthContextValue | null>(null);

type BetterAuthError = { code?: string | undefined; message?: string | undefined; status?: number };

function toAuthError(error: BetterAuthError, fallback: string): AuthError {
  return new AuthError(error.message || fallback, { code: error.code, status: error.status });
}

const SYNCED_KEY = "resumelens.synced-user";

function alreadySynced(userId: string): boolean {
  try {
    return sessionStorage.getItem(SYNCED_KEY) === userId;
  } catch {
    return false;
  }
}

function markSynced(userId: string): void {
  try {
    sessionStorage.setItem(SYNCED_KEY, userId);
  } catch {
    // Without storage we may sync again on the next load; the endpoint is idempotent.
  }
}

function forgetSynced(): void {
  try {
    sessionStorage.removeItem(SYNCED_KEY);
  } catch {
    // Nothing to forget without storage.
  }
}

export type AuthProviderProps = {
  children: ReactNode;
  /** Defaults to the app's client; tests pass a fresh one. */
  client?: AuthClient;
  /**
   * True when the page already said who is signed in (the server's app shell): the client starts
   * with that session, and no screen waits for the first session check.
   */
  sessionKnown?: boolean;
};

export function AuthProvider({
  children,
  client = defaultAuthClient,
  sessionKnown = false,
}: AuthProviderProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, isPending, refetch } = client.useSession();

  // Better Auth flips isPending back to true while it refetches a signed-out session (e.g. on
  // window focus). Only the *first* check may show the full-page spinner, or forms would unmount.
  const [settled, setSettled] = useState(sessionKnown);
  useEffect(() => {
    if (!isPending) setSettled(true);
  }, [isPending]);

  const user = data?.user ?? null;
  const session = data?.session ?? null;

  // Better Auth has no "SIGNED_IN" event: a user appearing in this tab is our sign-in event. The
  // sync is idempotent on the server; we send it once per user per browser session.
  const syncing = useRef<string | null>(null);
  useEffect(() => {
    if (!user || syncing.current === user.id || alreadySynced(user.id)) return;
    syncing.current = user.id;
    const { firstName, lastName } = splitName(user.name);
    afterFirstPaint(() => {
      syncUser({ userId: user.id, email: user.email, firstName, lastName }).then(
        () => markSynced(user.id),
        (err: unknown) => console.error("Failed to sync user to database:", err),
      );
    });
  }, [user]);

  // A confirmed address needs no reminder any more (see confirm-email-reminder.tsx).
  useEffect(() => {
    if (user?.emailVerified) clearPendingVerification();
  }, [user]);

  const signIn = useCallback(
    async ({ email, password }: Credentials, { returnTo = "/" }: ReturnOptions = {}) => {
      const { data, error } = await client.signIn.email({ email, password, callbackURL: returnTo });
      if (error) throw toAuthError(error, MESSAGES.signInFailed);
      const twoFactorRequired =
        typeof data === "object" &&
        data !== null &&
        "twoFactorRedirect" in data &&
        data.twoFactorRedirect === true;
      return { twoFactorRequired };
    },
    [client],
  );

  const verifySecondFactor = useCallback(
    async ({ kind, code }: SecondFactor) => {
      const { error } =
        kind === "totp"
          ? await client.twoFactor.verifyTotp({ code: code.replace(/\s+/g, "") })
          : await client.twoFactor.verifyBackupCode({ code: code.trim() });
      if (error) throw toAuthError(error, "That code is not valid. Please try again.");
      // The session cookie is set now; the session atom refreshes through the plugin's listener.
      await refetch();
    },
    [client, refetch],
  );

  const signUp = useCallback(
    async ({ email, password }: Credentials, { returnTo = "/" }: ReturnOptions = {}) => {
      const { error } = await client.signUp.email({ email, password, name: "", callbackURL: returnTo });
      if (error) throw toAuthError(error, MESSAGES.signUpFailed);
    },
    [client],
  );

  const resendVerification = useCallback(
    async (email: string, { returnTo = "/" }: ReturnOptions = {}) => {
      const { error } = await client.sendVerificationEmail({ email, callbackURL: returnTo });
      if (error) throw toAuthError(error, "We could not send the email. Please try again.");
    },
    [client],
  );

  const requestPasswordReset = useCallback(
    async (email: string) => {
      const { error } = await client.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH });
      if (error) throw toAuthError(error, "We could not send the email. Please try again.");
    },
    [client],
  );

  const resetPassword = useCallback(
    async (token: string, newPassword: string) => {
      const { error } = await client.resetPassword({ token, newPassword });
      if (error) throw toAuthError(error, "We could not change your password. Please try again.");
      // Every session ended with the reset, this browser's included: read that.
      await refetch();
    },
    [client, refetch],
  );

  const signOut = useCallback(async () => {
    const { error } = await client.signOut();
    if (error) throw toAuthError(error, "Failed to sign out");
    forgetSynced();
    queryClient.clear();
    // Read the (now empty) session before leaving, so "/" renders the landing page straight away
    // instead of the analyzer for a moment.
    await refetch();
    void navigate("/");
  }, [client, navigate, queryClient, refetch]);

  const signInWithProvider = useCallback(
    async (provider: string, { returnTo = "/" }: ReturnOptions = {}) => {
      const { error } = await client.signIn.social({
        provider,
        callbackURL: returnTo,
        errorCallbackURL: authUrlWithReturn("/auth", returnTo),
        newUserCallbackURL: returnTo,
      });
      if (!error) return;
      const message = error.message ?? "";
      if (message.includes("Multiple accounts") || message.includes("linking_domain")) {
        throw new AuthError(MESSAGES.accountConflict.replace("{provider}", providerLabel(provider)), {
          code: "ACCOUNT_CONFLICT",
          status: error.status,
        });
      }
      console.error(`${providerLabel(provider)} sign-in failed:`, error);
      throw toAuthError(error, `Failed to sign in with ${providerLabel(provider)}`);
    },
    [client],
  );

  const refreshSession = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      session,
      isLoading: !settled && isPending,
      isAuthenticated: user !== null,
      signIn,
      verifySecondFactor,
      signUp,
      resendVerification,
      requestPasswordReset,
      resetPassword,
      signOut,
      signInWithProvider,
      refreshSession,
      client,
    }),
    [
      user,
      session,
      settled,
      isPending,
      signIn,
      verifySecondFactor,
      signUp,
      resendVerification,
      requestPasswordReset,
      resetPassword,
      signOut,
      signInWithProvider,
      refreshSession,
      client,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth context; using it outside AuthProvider is a programming error. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
