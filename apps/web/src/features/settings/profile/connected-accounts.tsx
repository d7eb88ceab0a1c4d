import type { TAuthUser, TSocialProvider } from "@resumelens/contract";
import { CheckCircle2, Mail } from "lucide-react";
import { useState } from "react";
import { PROVIDER_ICONS } from "../../../components/provider-icons.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useAppConfig } from "../../../lib/api/app-config.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { notConfiguredReason, PROVIDER_LABELS } from "../../../lib/auth/providers.ts";
import { linkCallbackUrls, linkFailedFallback } from "./link-result.ts";

/** The providers Settings offers to connect (GitHub, Google, LinkedIn; docs/product.md#settings). */
const LINKABLE: TSocialProvider[] = ["github", "google", "linkedin"];

/** Primary sign-in by email, and the provider accounts that can be connected to this one. */
export function ConnectedAccounts({ user }: { user: TAuthUser }) {
  const { client } = useAuth();
  const { config, isLoading } = useAppConfig();
  const [pending, setPending] = useState<TSocialProvider | null>(null);

  async function connect(provider: TSocialProvider) {
    setPending(provider);
    const { error } = await client.linkSocial({ provider, ...linkCallbackUrls(provider) });
    if (error) {
      setPending(null);
      toast({
        variant: "destructive",
        title: "Linking Failed",
        description: error.message || linkFailedFallback(provider),
      });
    }
    // Success: the browser is leaving for the provider and comes back to /settings?linked=…
  }

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 rounded-lg border border-border p-3">
        <Mail aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">Primary sign-in: Email</p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
        <Badge variant={user.emailVerified ? "secondary" : "muted"}>
          {user.emailVerified ? "Verified" : "Not verified"}
        </Badge>
      </div>
      <ul className="space-y-2" aria-label="Connected accounts">
        {LINKABLE.map((provider) => {
          const label = PROVIDER_LABELS[provider];
          const Icon = PROVIDER_ICONS[provider];
          const connected = user.providers.includes(provider);
          // Until the config arrives nothing is claimed either way (the button waits, disabled).
          const configured = !isLoading && config.socialProviders.includes(provider);
          const notConfigured = !isLoading && !configured;
          const noteId = `connect-${provider}-note`;
          return (
            <li
              key={provider}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-3"
            >
              <Icon aria-hidden="true" className="size-5" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">{label}</p>
                {!connected && notConfigured ? (
                  <p id={noteId} className="text-xs text-muted-foreground">
                    {notConfiguredReason([provider])}
                  </p>
                ) : !connected && !user.emailVerified ? (
                  <p id={noteId} className="text-xs text-muted-foreground">
                    Confirm your email address to connect accounts.
                  </p>
                ) : null}
              </div>
              {connected ? (
                <Badge variant="secondary" className="gap-1">
                  <CheckCircle2 aria-hidden="true" className="size-3.5" />
                  Connected
                </Badge>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!configured || !user.emailVerified || pending !== null}
                  aria-describedby={notConfigured || !user.emailVerified ? noteId : undefined}
                  aria-busy={pending === provider || undefined}
                  onClick={() => void connect(provider)}
                >
                  {pending === provider ? "Connecting..." : `Connect ${label}`}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
