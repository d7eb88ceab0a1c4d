import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";

const CODE_INVALID = "That code is not valid. Please try again.";

/**
 * The second step of a password sign-in for users with two-factor authentication: a 6-digit code
 * from the authenticator app, or one of the backup codes. On success the session exists and the
 * /auth route moves on as after any sign-in.
 */
export function TwoFactorStep({ onCancel }: { onCancel: () => void }) {
  const { verifySecondFactor } = useAuth();
  const id = useId();
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // Keyboard users land in the code field when the step appears (and after switching code kinds).
  useEffect(() => {
    input.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    if (kind === "totp" ? !/^\d{6}$/.test(value.replace(/\s+/g, "")) : value === "") {
      setError(
        kind === "totp" ? "Enter the 6-digit code from your authenticator app." : "Enter a backup code.",
      );
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await verifySecondFactor({ kind, code: value });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : CODE_INVALID);
      setBusy(false);
    }
  }

  const inputId = `${id}-code`;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Two-factor authentication">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Two-factor authentication</h2>
        <p className="text-sm text-muted-foreground">
          {kind === "totp"
            ? "Enter the 6-digit code from your authenticator app."
            : "Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once."}
        </p>
      </div>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <div className="space-y-2">
        <Label htmlFor={inputId}>{kind === "totp" ? "Authentication code" : "Backup code"}</Label>
        <Input
          ref={input}
          id={inputId}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete={kind === "totp" ? "one-time-code" : "off"}
          inputMode={kind === "totp" ? "numeric" : "text"}
          maxLength={kind === "totp" ? 7 : 64}
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setKind(kind === "totp" ? "backup" : "totp");
            setCode("");
            setError(null);
            input.current?.focus();
          }}
        >
          {kind === "totp" ? "Use a backup code" : "Use your authenticator app"}
        </Button>
        <Button type="button" variant="link" className="h-auto px-0" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
