import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
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
import { deleteAccount } from "./api/delete-account.ts";
import { CurrentPasswordField } from "./current-password-field.tsx";

/**
 * Danger Zone: 'Delete Account' erases everything after the user types their email and proves who
 * they are again: the password (accounts that have one) and a code when two-factor is on. An account
 * without a password must have signed in within the last minutes; the server says so when it has not.
 */
export function DangerZoneCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user, refreshSession } = useAuth();
  const twoFactorEnabled = Boolean(user && "twoFactorEnabled" in user && user.twoFactorEnabled);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const ready = matches && (!hasPassword || password !== "") && (!twoFactorEnabled || code.trim() !== "");

  function reset() {
    setTyped("");
    setPassword("");
    setCode("");
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await deleteAccount({
        confirmEmail: typed.trim(),
        ...(hasPassword ? { password } : {}),
        ...(twoFactorEnabled ? { code: code.trim() } : {}),
      });
    } catch (failure) {
      setBusy(false);
      setError(errorText(failure, { fallback: "Failed to delete your account. Please try again." }));
      return;
    }
    queryClient.clear();
    // The server ended the session: read the empty one so "/" shows the landing page.
    await refreshSession();
    toast({ title: "Account deleted", description: "Your account and all its data have been erased." });
    void navigate("/", { replace: true });
  }

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle as="h2" className="text-destructive">
          Danger Zone
        </CardTitle>
        <CardDescription>Deleting your account cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (busy) return;
            setOpen(next);
            if (!next) reset();
          }}
        >
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                This permanently erases your account and everything in it. It cannot be undone.
              </DialogDescription>
            </DialogHeader>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              <li>
                your profile, preferences and sign-in methods (password, connected accounts, two-factor)
              </li>
              <li>every resume you uploaded or pasted, with its file</li>
              <li>all analyses and their reports, and your LinkedIn import</li>
              <li>your sessions on every device: you are signed out everywhere</li>
            </ul>
            <p className="text-sm text-muted-foreground">
              Records of completed payments are kept only as tax law requires, without your name or email. To
              keep a copy of your data, use “Download my data” first.
            </p>
            {error ? <Alert variant="destructive">{error}</Alert> : null}
            <form onSubmit={onSubmit} className="space-y-4" aria-label="Delete account">
              <div className="space-y-2">
                <Label htmlFor={`${id}-confirm`}>Type your email to confirm</Label>
                <Input
                  id={`${id}-confirm`}
                  type="email"
                  autoComplete="off"
                  placeholder={email}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                />
              </div>
              {hasPassword ? (
                <CurrentPasswordField id={`${id}-password`} value={password} onChange={setPassword} />
              ) : (
                <p className="text-sm text-muted-foreground">
                  For your security, this works within 10 minutes of signing in. If it has been longer, sign
                  out and sign in again first.
                </p>
              )}
              {twoFactorEnabled ? (
                <div className="space-y-2">
                  <Label htmlFor={`${id}-code`}>Authentication code</Label>
                  <Input
                    id={`${id}-code`}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    aria-describedby={`${id}-code-hint`}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                  <p id={`${id}-code-hint`} className="text-sm text-muted-foreground">
                    A 6-digit code from your authenticator app, or a backup code.
                  </p>
                </div>
              ) : null}
              <DialogFooter>
                <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  variant="destructive"
                  disabled={!ready || busy}
                  aria-busy={busy || undefined}
                >
                  {busy ? "Deleting..." : "Delete my account"}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
