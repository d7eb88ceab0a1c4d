import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useCurrentUser } from "../../../lib/api/current-user.ts";
import { providerLabel } from "../../../lib/auth/providers.ts";
import { ConnectedAccounts } from "./connected-accounts.tsx";
import { DangerZoneCard } from "./danger-zone-card.tsx";
import { LINK_FAILED_PARAM, LINKED_PARAM, readLinkResult } from "./link-result.ts";
import { PreferencesCard } from "./preferences-card.tsx";
import { ProfileCard } from "./profile-card.tsx";
import { SessionsSection } from "./sessions-section.tsx";
import { SupportAndDataCard } from "./support-and-data-card.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";

/** After a provider round trip (/settings?linked=… or ?link_failed=…&error=…): one toast, then a clean URL. */
function useLinkResultToast() {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const result = readLinkResult(params);
    if (!result) return;
    handled.current = true;
    if (result.kind === "linked") {
      toast({
        title: "Account Linked",
        description: `Your ${providerLabel(result.provider)} account is now connected.`,
      });
    } else {
      toast({ variant: "destructive", title: "Linking Failed", description: result.message });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of [LINKED_PARAM, LINK_FAILED_PARAM, "error", "error_description"]) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
}

/** Settings → Profile: profile, account & security, preferences, support and data, danger zone. */
export function ProfileTab() {
  const { data: user, isPending, isError } = useCurrentUser({ enabled: true });
  useLinkResultToast();

  if (isPending) return <Spinner label="Loading your profile" />;
  if (isError || !user) {
    return <Alert variant="destructive">Your profile could not be loaded. Please reload the page.</Alert>;
  }

  return (
    <div className="space-y-6">
      <ProfileCard key={user.id} user={user} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Account &amp; Security</CardTitle>
          <CardDescription>
            How you sign in, connected accounts, two-factor authentication and where you're signed in.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <ConnectedAccounts user={user} />
          <TwoFactorSection hasPassword={user.providers.includes("credential")} />
          <SessionsSection />
        </CardContent>
      </Card>
      <PreferencesCard />
      <SupportAndDataCard user={user} />
      <DangerZoneCard email={user.email} hasPassword={user.providers.includes("credential")} />
    </div>
  );
}
