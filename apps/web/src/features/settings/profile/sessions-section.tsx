import type { TUserSession } from "@resumelens/contract";
import { LogOut, Monitor, Smartphone } from "lucide-react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorText } from "../../../lib/api-error.ts";
import { formatShortDate } from "../../../lib/format-date.ts";
import { useSessions, useSignOutOthers } from "./api/sessions.ts";

const MOBILE = new Set(["iPhone", "iPad", "Android phone", "Android tablet"]);

/** "just now", "3 hours ago", "2 days ago", or the date beyond a week. */
export function lastActive(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return "within the last hour";
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.round(hours / 24);
  if (days <= 7) return `${days} day${days === 1 ? "" : "s"} ago`;
  return formatShortDate(iso);
}

function SessionRow({ session }: { session: TUserSession }) {
  const Icon = MOBILE.has(session.device) ? Smartphone : Monitor;
  return (
    <li className="flex items-center gap-3 py-2">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">
          {session.device === "Unknown device" ? session.browser : `${session.browser} on ${session.device}`}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.current ? "Active now" : `Last active ${lastActive(session.lastActiveAt)}`}
        </p>
      </div>
      {session.current ? <Badge variant="secondary">This device</Badge> : null}
    </li>
  );
}

/**
 * The browsers signed in to the account (browser, device, last activity; this one marked), and
 * "Sign out everywhere", which ends every session but this one.
 */
export function SessionsSection() {
  const { data, isPending, isError } = useSessions();
  const signOutOthers = useSignOutOthers();
  const others = data?.sessions.filter((session) => !session.current).length ?? 0;

  async function signOutEverywhere() {
    try {
      const { signedOut } = await signOutOthers.mutateAsync();
      toast({
        title: "Signed out everywhere",
        description:
          signedOut === 0
            ? "No other device was signed in."
            : `${signedOut} other session${signedOut === 1 ? " was" : "s were"} signed out. This device stays signed in.`,
      });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Sign-out failed",
        description: errorText(error, {
          fallback: "Could not sign out the other sessions. Please try again.",
        }),
      });
    }
  }

  return (
    <section aria-labelledby="sessions-heading" className="space-y-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-3">
        {/* At least 12rem for the words: on a phone the button wraps below them instead. */}
        <div className="min-w-48 flex-1">
          <h3 id="sessions-heading" className="text-sm font-medium">
            Where you're signed in
          </h3>
          <p id="sessions-note" className="text-sm text-muted-foreground">
            Sign out everywhere if you see a device you don't recognise, then change your password.
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void signOutEverywhere()}
          disabled={signOutOthers.isPending || others === 0}
          aria-busy={signOutOthers.isPending || undefined}
          aria-describedby="sessions-note"
        >
          <LogOut aria-hidden="true" />
          {signOutOthers.isPending ? "Signing out..." : "Sign out everywhere"}
        </Button>
      </div>
      {isPending ? <Spinner label="Loading your sessions" /> : null}
      {isError ? <Alert variant="destructive">Your sessions could not be loaded.</Alert> : null}
      {data ? (
        <ul aria-label="Signed-in sessions" className="divide-y divide-border">
          {data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
