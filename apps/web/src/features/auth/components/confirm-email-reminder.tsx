import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import {
  clearPendingVerification,
  type PendingVerification,
  RESEND_COOLDOWN_SECONDS,
  rememberPendingVerification,
} from "../../../lib/auth/pending-verification.ts";
import { useCooldown } from "../use-cooldown.ts";

export type ConfirmEmailReminderProps = {
  pending: PendingVerification;
  /** Where the confirmation link leads once it signs the person in. */
  returnTo: string;
  /** 'Use a different email': back to the Sign Up tab. */
  onChangeEmail: () => void;
};

/**
 * Stays on /auth after sign-up until the address is confirmed: which address, what to do, and a
 * 'Resend' button that waits a minute between mails (the server holds its own limit too).
 */
export function ConfirmEmailReminder({ pending, returnTo, onChangeEmail }: ConfirmEmailReminderProps) {
  const { resendVerification } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seconds = useCooldown(pending.sentAt + RESEND_COOLDOWN_SECONDS * 1000);

  async function resend() {
    setBusy(true);
    setError(null);
    try {
      await resendVerification(pending.email, { returnTo });
      rememberPendingVerification(pending.email);
      toast({ title: "Confirmation email sent", description: `We sent a new link to ${pending.email}.` });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : "We could not send the email.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="confirm-email-title"
      className="rounded-lg border border-indigo-200 bg-primary-soft p-4 text-sm text-primary-soft-foreground"
    >
      <div className="flex gap-3">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id="confirm-email-title" className="font-semibold">
            Confirm your email address
          </h2>
          <p className="leading-relaxed">
            We sent a confirmation link to{" "}
            <strong className="block [overflow-wrap:anywhere]">{pending.email}</strong>
            Open it to finish signing up; it signs you in. No email? Check your spam folder, or send it again.
          </p>
          {error ? (
            <p role="alert" className="font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 pt-1">
            <Button
              size="sm"
              variant="outline"
              className="bg-background"
              disabled={busy || seconds > 0}
              aria-busy={busy || undefined}
              onClick={() => void resend()}
            >
              {busy ? "Sending..." : "Resend"}
            </Button>
            {seconds > 0 ? (
              <span className="text-xs" aria-live="off">
                You can resend in {seconds} s
              </span>
            ) : null}
            <button
              type="button"
              className="ml-auto rounded text-xs font-medium underline underline-offset-2 hover:no-underline"
              onClick={() => {
                clearPendingVerification();
                onChangeEmail();
              }}
            >
              Use a different email
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
