import { ZResetPassword } from "@resumelens/contract";
import { KeyRound } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { BackLink } from "../../../components/back-link.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { AuthError, useAuth } from "../../../lib/auth/auth-provider.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";
import { takeResetEmail } from "../reset-email.ts";
import { AUTH_LINK_CLASSES, Field, type FieldErrors, toFieldErrors } from "./auth-form.tsx";

/** Kept in history state once read from the address, so a reload still has it. */
type ResetState = { resetToken?: unknown };

/** The token the mailed link brought (`?token=`), or null when the link was refused or is missing. */
function tokenOf(search: string, state: unknown): string | null {
  const fromState = (state ?? {}) as ResetState;
  if (typeof fromState.resetToken === "string" && fromState.resetToken) return fromState.resetToken;
  const query = new URLSearchParams(search);
  if (query.get("error")) return null;
  return query.get("token") || null;
}

function InvalidLink() {
  return (
    <>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          This reset link no longer works
        </CardTitle>
        <CardDescription>
          Reset links work once, for one hour. Ask for a new one and use the newest email.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild className="w-full">
          <Link to="/auth/forgot-password">Send a new link</Link>
        </Button>
      </CardContent>
    </>
  );
}

/**
 * /auth/reset-password: where the mailed reset link lands (Better Auth checks the token and appends
 * it). A new password twice, under the sign-up rules; then every session ends and the person signs
 * in with the new password.
 */
export function ResetPasswordPage() {
  usePageTitle("Choose a new password");
  const { resetPassword } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const [token] = useState(() => tokenOf(location.search, location.state));
  const [invalid, setInvalid] = useState(token === null);
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The token leaves the address bar (and so the history list and screenshots) and waits in state.
  useEffect(() => {
    if (token && location.search) {
      const state: ResetState = { resetToken: token };
      void navigate({ pathname: location.pathname, search: "" }, { replace: true, state });
    }
  }, [token, location.pathname, location.search, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = ZResetPassword.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues, ["password", "confirmPassword"]));
      return;
    }
    if (!token) return;
    setErrors({});
    setBusy(true);
    try {
      await resetPassword(token, parsed.data.password);
      toast({ title: "Password updated", description: "Sign in with your new password." });
      const email = takeResetEmail();
      void navigate("/auth", { replace: true, state: email ? { email } : null });
    } catch (error) {
      if (error instanceof AuthError && error.code === "INVALID_TOKEN") setInvalid(true);
      else
        setFormError(
          error instanceof Error && error.message ? error.message : "We could not change your password.",
        );
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <BackLink to="/auth">Back to sign in</BackLink>
      <Card>
        {invalid ? (
          <InvalidLink />
        ) : (
          <>
            <CardHeader className="text-center">
              <KeyRound aria-hidden="true" className="mx-auto mb-2 size-10 text-primary" />
              <CardTitle as="h1" className="text-2xl">
                Choose a new password
              </CardTitle>
              <CardDescription>
                After the change you sign in again, and every other device is signed out.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Choose a new password">
                {formError ? <Alert variant="destructive">{formError}</Alert> : null}
                <Field
                  id={`${id}-password`}
                  label="New password"
                  type="password"
                  value={password}
                  onChange={setPassword}
                  error={errors.password}
                  autoComplete="new-password"
                  hint="At least 6 characters."
                />
                <Field
                  id={`${id}-confirm`}
                  label="Confirm new password"
                  type="password"
                  value={confirmPassword}
                  onChange={setConfirmPassword}
                  error={errors.confirmPassword}
                  autoComplete="new-password"
                />
                <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
                  {busy ? "Updating..." : "Update password"}
                </Button>
                <p className="text-center text-sm text-muted-foreground">
                  Link expired?{" "}
                  <Link to="/auth/forgot-password" className={AUTH_LINK_CLASSES}>
                    Send a new one
                  </Link>
                </p>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
