import { ZForgotPassword } from "@resumelens/contract";
import { MailCheck } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { BackLink } from "../../../components/back-link.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { RESEND_COOLDOWN_SECONDS } from "../../../lib/auth/pending-verification.ts";
import { type ReturnState, safeReturnPath } from "../../../lib/auth/return-to.ts";
import { usePageTitle } from "../../../lib/use-page-title.ts";
import { rememberResetEmail } from "../reset-email.ts";
import { useCooldown } from "../use-cooldown.ts";
import { AUTH_LINK_CLASSES, Field, type FieldErrors, toFieldErrors } from "./auth-form.tsx";

type ForgotState = ReturnState & { email?: unknown };

/**
 * /auth/forgot-password: asks for the address and mails a reset link. The answer is the same whether
 * or not the address has an account, so the page cannot be used to find out who has one.
 */
export function ForgotPasswordPage() {
  usePageTitle("Reset your password");
  const { requestPasswordReset } = useAuth();
  const location = useLocation();
  const state = (location.state ?? {}) as ForgotState;
  // Back to sign-in keeps the page the person was on their way to.
  const signInState: ReturnState = { from: safeReturnPath(state.from) ?? undefined };
  const id = useId();
  const [email, setEmail] = useState(typeof state.email === "string" ? state.email : "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ email: string; at: number } | null>(null);
  const seconds = useCooldown(sent ? sent.at + RESEND_COOLDOWN_SECONDS * 1000 : 0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sent) heading.current?.focus();
  }, [sent]);

  async function send(address: string) {
    setFormError(null);
    setBusy(true);
    try {
      await requestPasswordReset(address);
      rememberResetEmail(address);
      setSent({ email: address, at: Date.now() });
    } catch (error) {
      setFormError(error instanceof Error && error.message ? error.message : "We could not send the email.");
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZForgotPassword.safeParse({ email });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues, ["email"]));
      return;
    }
    setErrors({});
    await send(parsed.data.email);
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <BackLink to="/auth">Back to sign in</BackLink>
      <Card>
        {sent ? (
          <>
            <CardHeader className="text-center">
              <MailCheck aria-hidden="true" className="mx-auto mb-2 size-10 text-primary" />
              <CardTitle as="h1" className="text-2xl outline-none" ref={heading} tabIndex={-1}>
                Check your email
              </CardTitle>
              <CardDescription>
                If an account exists for{" "}
                <strong className="block text-foreground [overflow-wrap:anywhere]">{sent.email}</strong>
                we've sent it a link to choose a new password. The link works once, for one hour.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              {formError ? <Alert variant="destructive">{formError}</Alert> : null}
              <p className="text-sm text-muted-foreground">
                No email after a few minutes? Check your spam folder, or send the link again.
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  variant="outline"
                  disabled={busy || seconds > 0}
                  aria-busy={busy || undefined}
                  onClick={() => void send(sent.email)}
                >
                  {busy ? "Sending..." : "Send again"}
                </Button>
                {seconds > 0 ? (
                  <span className="text-sm text-muted-foreground">You can send again in {seconds} s</span>
                ) : null}
              </div>
              <Button asChild className="w-full">
                <Link to="/auth" state={signInState}>
                  Back to sign in
                </Link>
              </Button>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader className="text-center">
              <CardTitle as="h1" className="text-2xl">
                Reset your password
              </CardTitle>
              <CardDescription>
                Enter the email you signed up with. We'll send you a link to choose a new password.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Reset your password">
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
                <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
                  {busy ? "Sending..." : "Send reset link"}
                </Button>
                <p className="text-center text-sm text-muted-foreground">
                  Remembered it?{" "}
                  <Link to="/auth" state={signInState} className={AUTH_LINK_CLASSES}>
                    Sign in
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
