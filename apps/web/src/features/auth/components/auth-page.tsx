import { MESSAGES, ZSignIn, ZSignUp } from "@resumelens/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { BackLink } from "../../../components/back-link.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useSupportEmail } from "../../../lib/api/app-config.ts";
import { usePageTitle } from "../../../lib/use-page-title.ts";
import { AuthError, useAuth } from "../auth-provider.tsx";
import { parseAuthUrl } from "../auth-url.ts";
import { lastProvider, providerLabel } from "../providers.ts";
import { AccountConflictDialog } from "./account-conflict-dialog.tsx";
import { SocialButtons } from "./social-buttons.tsx";
import { TwoFactorStep } from "./two-factor-step.tsx";

type Tab = "signin" | "signup";
type FieldErrors = Partial<Record<string, string>>;

const EMAIL_NOT_VERIFIED_MESSAGE =
  "Your email address isn't verified yet. We've sent you a new confirmation link: open it to finish signing in.";

/**
 * One message per field, in form order, never repeating a message an earlier field already shows
 * (an empty form would otherwise say "You must provide…" twice).
 */
function toFieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, order: string[]) {
  const errors: FieldErrors = {};
  const shown = new Set<string>();
  for (const field of order) {
    const issue = issues.find((i) => i.path[0] === field && !shown.has(i.message));
    if (issue) {
      errors[field] = issue.message;
      shown.add(issue.message);
    }
  }
  return errors;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

type FieldProps = {
  id: string;
  label: string;
  type: "email" | "password";
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoComplete: string;
};

function Field({ id, label, type, value, onChange, error, autoComplete }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function SignInForm({ initialEmail }: { initialEmail: string }) {
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
      const { twoFactorRequired } = await signIn(parsed.data);
      // Signed in: the /auth route sends signed-in users to "/". Two-factor users give a code first.
      if (twoFactorRequired) {
        setPassword("");
        setSecondFactor(true);
      }
    } catch (error) {
      if (error instanceof AuthError && error.code === "EMAIL_NOT_VERIFIED")
        setFormError(EMAIL_NOT_VERIFIED_MESSAGE);
      else setFormError(error instanceof Error && error.message ? error.message : MESSAGES.signInFailed);
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
      />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}

function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
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
      await signUp({ email: parsed.data.email, password: parsed.data.password });
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

  const [tab, setTab] = useState<Tab>("signin");
  const [signInEmail, setSignInEmail] = useState("");
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
      navigate(
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
              <SignInForm key={signInKey} initialEmail={signInEmail} />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm onSignedUp={onSignedUp} />
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
            <SocialButtons onError={onProviderError} />
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
