import { MESSAGES, ZSignIn, ZSignUp } from "@resumelens/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { BackLink } from "../../../components/back-link.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useSupportEmail } from "../../../lib/api/app-config.ts";
import { AuthError, useAuth } from "../../../lib/auth/auth-provider.tsx";
import {
  rememberPendingVerification,
  usePendingVerification,
} from "../../../lib/auth/pending-verification.ts";
import { lastProvider, providerLabel } from "../../../lib/auth/providers.ts";
import { returnPathOf } from "../../../lib/auth/return-to.ts";
import { usePageTitle } from "../../../lib/use-page-title.ts";
import { parseAuthUrl } from "../auth-url.ts";
import { signInEmailOf } from "../reset-email.ts";
import { AccountConflictDialog } from "./account-conflict-dialog.tsx";
import { AUTH_LINK_CLASSES, Field, type FieldErrors, toFieldErrors } from "./auth-form.tsx";
import { ConfirmEmailReminder } from "./confirm-email-reminder.tsx";
import { SocialButtons } from "./social-buttons.tsx";
import { TwoFactorStep } from "./two-factor-step.tsx";

type Tab = "signin" | "signup";

function SignInForm({ initialEmail, returnTo }: { initialEmail: string; returnTo: string }) {
  const { signIn } = useAuth();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secondFactor, setSecondFactor] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = ZSignIn.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues, ["email", "password"]));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { twoFactorRequired } = await signIn(parsed.data, { returnTo });
      // Signed in: the /auth route sends signed-in users on to `returnTo`. Two-factor users give a code first.
      if (twoFactorRequired) {
        setPassword("");
        setSecondFactor(true);
      }
    } catch (error) {
      // The server has just mailed a new link: the reminder above the form says so and offers 'Resend'.
      if (error instanceof AuthError && error.code === "EMAIL_NOT_VERIFIED") {
        rememberPendingVerification(parsed.data.email);
        // Said here too: when the reminder was already showing, nothing else on screen changes.
        setFormError(`Confirm your email address first: we've sent a new link to ${parsed.data.email}.`);
      } else setFormError(error instanceof Error && error.message ? error.message : MESSAGES.signInFailed);
    } finally {
      setBusy(false);
    }
  }

  if (secondFactor) return <TwoFactorStep onCancel={() => setSecondFactor(false)} />;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <Field
        id={`${id}-email`}
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        autoComplete="email"
      />
      <Field
        id={`${id}-password`}
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
        labelAside={
          <Link
            to="/auth/forgot-password"
            state={{ email: email.trim(), from: returnTo }}
            className={AUTH_LINK_CLASSES}
          >
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}

function SignUpForm({ onSignedUp, returnTo }: { onSignedUp: (email: string) => void; returnTo: string }) {
  const { signUp } = useAuth();
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = ZSignUp.safeParse({ email, password, confirmPassword });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues, ["email", "password", "confirmPassword"]));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await signUp({ email: parsed.data.email, password: parsed.data.password }, { returnTo });
      rememberPendingVerification(parsed.data.email);
      window.alert(MESSAGES.signUpCheckEmail);
      onSignedUp(parsed.data.email);
    } catch (error) {
      setFormError(error instanceof Error && error.message ? error.message : MESSAGES.signUpFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign up">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <Field
        id={`${id}-email`}
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        autoComplete="email"
      />
      <Field
        id={`${id}-password`}
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="new-password"
      />
      <Field
        id={`${id}-confirm`}
        label="Confirm password"
        type="password"
        value={confirmPassword}
        onChange={setConfirmPassword}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
      <p className="text-xs text-muted-foreground">
        At least 6 characters. We'll email you a link to confirm.
      </p>
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}

/** /auth: sign in, sign up, third-party sign-in and the return target of provider redirects. */
export function AuthPage() {
  usePageTitle("Sign in");
  const { refreshSession } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const supportEmail = useSupportEmail();
  const pendingVerification = usePendingVerification();
  // The page asked for before sign-in (RequireAuth's state, or ?next= after a provider's error).
  const returnTo = returnPathOf(location);

  const [tab, setTab] = useState<Tab>("signin");
  // After a password reset, the address the reset was for.
  const [signInEmail, setSignInEmail] = useState(() => signInEmailOf(location.state));
  // Remounting the sign-in form pre-fills the address a new account was created with.
  const [signInKey, setSignInKey] = useState(0);
  const [pageError, setPageError] = useState<string | null>(null);
  const [conflictOpen, setConflictOpen] = useState(false);
  const [conflictProvider, setConflictProvider] = useState("GitHub");

  // Read the URL once, on arrival: `code` = auth callback, `error_description` = show or open the dialog.
  const handledUrl = useRef(false);
  useEffect(() => {
    if (handledUrl.current) return;
    handledUrl.current = true;
    const state = parseAuthUrl(location.search, location.hash);
    if (state.isAccountConflict) {
      const remembered = lastProvider();
      setConflictProvider(remembered ? providerLabel(remembered) : "GitHub");
      setConflictOpen(true);
    } else if (state.errorMessage) {
      setPageError(state.errorMessage);
    }
    if (state.cleanedSearch !== null || state.cleanedHash !== null) {
      // navigate({ replace: true }) is history.replaceState, kept in step with the router.
      void navigate(
        {
          pathname: location.pathname,
          search: state.cleanedSearch ?? location.search,
          hash: state.cleanedHash ?? location.hash,
        },
        { replace: true },
      );
    }
    if (state.isCallback) void refreshSession();
  }, [location, navigate, refreshSession]);

  function onProviderError(error: unknown, provider: string) {
    if (error instanceof AuthError && error.code === "ACCOUNT_CONFLICT") {
      setConflictProvider(providerLabel(provider));
      setConflictOpen(true);
      return;
    }
    setPageError(error instanceof Error && error.message ? error.message : MESSAGES.signInFailed);
  }

  function onSignedUp(email: string) {
    setSignInEmail(email);
    setSignInKey((k) => k + 1);
    setTab("signin");
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <BackLink />

      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Welcome to ResumeLens
          </CardTitle>
          <CardDescription>Sign in or create a free account to analyze your resume.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {pendingVerification ? (
            <ConfirmEmailReminder
              pending={pendingVerification}
              returnTo={returnTo}
              onChangeEmail={() => setTab("signup")}
            />
          ) : null}
          {pageError ? (
            <Alert variant="destructive" title="Sign-in problem">
              {pageError}
            </Alert>
          ) : null}

          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList>
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm key={signInKey} initialEmail={signInEmail} returnTo={returnTo} />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm onSignedUp={onSignedUp} returnTo={returnTo} />
            </TabsContent>
          </Tabs>

          <div className="flex items-center gap-3" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              or continue with
            </span>
            <span className="h-px flex-1 bg-border" />
          </div>
          <section aria-label="Sign in with another account">
            <SocialButtons onError={onProviderError} returnTo={returnTo} />
          </section>

          <p className="text-center text-xs text-muted-foreground">
            By continuing you agree to how we handle your data in our{" "}
            <Link to="/privacy" className="font-medium text-primary underline-offset-2 hover:underline">
              Privacy Policy
            </Link>
            .
          </p>
        </CardContent>
      </Card>

      <AccountConflictDialog
        open={conflictOpen}
        onOpenChange={setConflictOpen}
        provider={conflictProvider}
        supportEmail={supportEmail}
        onUseEmailPassword={() => {
          setConflictOpen(false);
          setTab("signin");
        }}
      />
    </div>
  );
}
