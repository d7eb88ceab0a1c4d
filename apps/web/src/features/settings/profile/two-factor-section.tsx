import { type FormEvent, useId, useMemo, useState } from "react";
import { renderSVG } from "uqr";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorText } from "../../../lib/api-error.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { saveBlob } from "../../../lib/download-file.ts";
import { disableTwoFactor } from "./api/disable-two-factor.ts";
import { CurrentPasswordField } from "./current-password-field.tsx";

type Enrolment = { totpURI: string; backupCodes: string[] };
type Step = "password" | "scan" | "backup";

/** The base32 secret of an otpauth:// URI, in groups of four for typing by hand. */
export function secretOf(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})/g, "$1 ").trim();
  } catch {
    return "";
  }
}

function CodeField({
  id,
  label,
  value,
  onChange,
  hint,
  oneTimeCode,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  oneTimeCode?: boolean;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={oneTimeCode ? "one-time-code" : "off"}
        inputMode={oneTimeCode ? "numeric" : "text"}
        spellCheck={false}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Password → QR code and secret → confirm with a code → backup codes, shown once. */
function EnableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { client, refreshSession } = useAuth();
  const id = useId();
  const [step, setStep] = useState<Step>("password");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const qr = useMemo(() => (enrolment ? renderSVG(enrolment.totpURI, { border: 2 }) : ""), [enrolment]);

  function reset() {
    setStep("password");
    setPassword("");
    setCode("");
    setEnrolment(null);
    setError(null);
    setBusy(false);
  }

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError("Enter your password.");
      return;
    }
    setBusy(true);
    setError(null);
    const { data, error: failure } = await client.twoFactor.enable({ password });
    setBusy(false);
    if (failure || !data || !("totpURI" in data) || !data.totpURI) {
      setError(failure?.message || "Could not start two-factor setup. Please try again.");
      return;
    }
    setPassword("");
    setEnrolment({ totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] });
    setStep("scan");
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(value)) {
      setError("Enter the 6-digit code from your authenticator app.");
      return;
    }
    setBusy(true);
    setError(null);
    const { error: failure } = await client.twoFactor.verifyTotp({ code: value });
    setBusy(false);
    if (failure) {
      setError(failure.message || "That code is not valid. Please try again.");
      return;
    }
    setStep("backup");
    await refreshSession();
  }

  const codesText = enrolment?.backupCodes.join("\n") ?? "";

  async function copyCodes() {
    try {
      await navigator.clipboard.writeText(codesText);
      toast({ title: "Backup codes copied" });
    } catch {
      toast({ variant: "destructive", title: "Copy failed", description: "Select the codes and copy them." });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {step === "backup" ? "Save your backup codes" : "Turn on two-factor authentication"}
          </DialogTitle>
          <DialogDescription>
            {step === "password"
              ? "Enter your password to start. You will need an authenticator app such as 1Password, Google Authenticator or Authy."
              : step === "scan"
                ? "Scan the QR code with your authenticator app, or type the secret, then enter the 6-digit code it shows."
                : "Each code signs you in once if you lose your authenticator. They are shown only now: store them somewhere safe."}
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {step === "password" ? (
          <form onSubmit={start} className="space-y-4" aria-label="Confirm your password">
            <CurrentPasswordField id={`${id}-password`} value={password} onChange={setPassword} />
            <DialogFooter>
              <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
                {busy ? "Checking..." : "Continue"}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
        {step === "scan" && enrolment ? (
          <form onSubmit={confirm} className="space-y-4" aria-label="Confirm your authenticator">
            <div
              role="img"
              aria-label="QR code for your authenticator app"
              className="mx-auto size-48 rounded-lg bg-white p-2 [&_svg]:size-full"
              // uqr builds this SVG locally from the TOTP URI: no markup from outside.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: locally generated SVG
              dangerouslySetInnerHTML={{ __html: qr }}
            />
            <div className="space-y-1">
              <p className="text-sm font-medium">Secret key</p>
              <code className="block break-all rounded-md bg-muted p-2 text-sm" data-testid="totp-secret">
                {secretOf(enrolment.totpURI)}
              </code>
            </div>
            <CodeField id={`${id}-code`} label="6-digit code" value={code} onChange={setCode} oneTimeCode />
            <DialogFooter>
              <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
                {busy ? "Verifying..." : "Verify and turn on"}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
        {step === "backup" && enrolment ? (
          <div className="space-y-4">
            <ul
              aria-label="Backup codes"
              className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-3 font-mono text-sm"
            >
              {enrolment.backupCodes.map((backup) => (
                <li key={backup}>{backup}</li>
              ))}
            </ul>
            <DialogFooter>
              <Button variant="outline" onClick={() => void copyCodes()}>
                Copy codes
              </Button>
              <Button
                variant="outline"
                onClick={() =>
                  saveBlob(
                    new Blob([`ResumeLens backup codes\n\n${codesText}\n`], { type: "text/plain" }),
                    "resumelens-backup-codes.txt",
                  )
                }
              >
                Download codes
              </Button>
              <Button
                onClick={() => {
                  reset();
                  onOpenChange(false);
                  toast({ title: "Two-factor authentication enabled" });
                }}
              >
                Done
              </Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Asks for a current authenticator code (or a backup code) before turning two-factor off. */
function DisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { refreshSession } = useAuth();
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setError("Enter a code from your authenticator app or a backup code.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await disableTwoFactor({ code: code.trim() });
      await refreshSession();
      setCode("");
      onOpenChange(false);
      toast({ title: "Two-factor authentication disabled" });
    } catch (failure) {
      setError(
        errorText(failure, { fallback: "Could not turn off two-factor authentication. Please try again." }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setCode("");
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-factor authentication</DialogTitle>
          <DialogDescription>
            Signing in will then need only your password. Confirm with a code from your authenticator app.
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Turn off two-factor authentication">
          <CodeField
            id={`${id}-code`}
            label="Authentication code"
            value={code}
            onChange={setCode}
            oneTimeCode
            hint="The 6-digit code from your app, or one of your backup codes."
          />
          <DialogFooter>
            <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Turning off..." : "Turn off"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Two-factor status with Enable (TOTP enrolment) or Disable (asks a code). The second factor guards
 * password sign-in, and enrolling asks for the password: accounts without one cannot turn it on.
 */
export function TwoFactorSection({ hasPassword }: { hasPassword: boolean }) {
  const { user } = useAuth();
  const enabled = Boolean(user && "twoFactorEnabled" in user && user.twoFactorEnabled);
  const [enableOpen, setEnableOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-3"
    >
      <div className="min-w-48 flex-1">
        <h3 id="two-factor-heading" className="text-sm font-medium">
          Two-factor authentication
        </h3>
        <p id="two-factor-note" className="text-sm text-muted-foreground">
          {hasPassword || enabled
            ? "A code from an authenticator app after your password when you sign in."
            : "Two-factor authentication protects password sign-in; your account signs in through a connected provider."}
        </p>
      </div>
      <Badge variant={enabled ? "secondary" : "muted"}>{enabled ? "Enabled" : "Disabled"}</Badge>
      {enabled ? (
        <Button variant="outline" size="sm" onClick={() => setDisableOpen(true)}>
          Disable
        </Button>
      ) : (
        <Button
          variant="outline"
          size="sm"
          disabled={!hasPassword}
          aria-describedby={hasPassword ? undefined : "two-factor-note"}
          onClick={() => setEnableOpen(true)}
        >
          Enable
        </Button>
      )}
      <EnableDialog open={enableOpen} onOpenChange={setEnableOpen} />
      <DisableDialog open={disableOpen} onOpenChange={setDisableOpen} />
    </section>
  );
}
