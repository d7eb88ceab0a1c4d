import { SOCIAL_PROVIDERS, type TSocialProvider } from "@resumelens/contract";
import { useQueryClient } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { loadAppConfig, useAppConfig } from "../../../lib/api/app-config.ts";
import { useAuth } from "../auth-provider.tsx";
import { PROVIDER_LABELS, rememberProvider } from "../providers.ts";
import { PROVIDER_ICONS } from "./provider-icons.tsx";

export type SocialButtonsProps = {
  /** Called when the provider sign-in could not start (including account conflicts). */
  onError: (error: unknown, provider: string) => void;
  disabled?: boolean;
};

/** Google, GitHub, Facebook and LinkedIn buttons, plus the dev/test SSO button when configured. */
export function SocialButtons({ onError, disabled = false }: SocialButtonsProps) {
  const { signInWithProvider } = useAuth();
  const queryClient = useQueryClient();
  const { config } = useAppConfig();
  const [pending, setPending] = useState<string | null>(null);

  async function start(provider: string) {
    setPending(provider);
    try {
      await signInWithProvider(provider);
      // Success means the browser is leaving for the provider: stay busy until it does.
    } catch (error) {
      setPending(null);
      onError(error, provider);
    }
  }

  async function startSocial(provider: TSocialProvider) {
    // A provider without credentials on the server would fail after a redirect: say so up front.
    const current = await loadAppConfig(queryClient);
    if (!current.socialProviders.includes(provider)) {
      toast({
        variant: "destructive",
        title: "Sign-in unavailable",
        description: `${PROVIDER_LABELS[provider]} sign-in is not configured on this server. Use email and password instead.`,
      });
      return;
    }
    rememberProvider(provider);
    await start(provider);
  }

  const oidcProvider = config.oidcProvider;

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2">
        {SOCIAL_PROVIDERS.map((provider) => {
          const Icon = PROVIDER_ICONS[provider];
          const busy = pending === provider;
          return (
            <Button
              key={provider}
              variant="outline"
              disabled={disabled || pending !== null}
              aria-busy={busy || undefined}
              onClick={() => void startSocial(provider)}
            >
              <Icon className="size-4" />
              {busy ? "Redirecting..." : PROVIDER_LABELS[provider]}
            </Button>
          );
        })}
      </div>
      {oidcProvider ? (
        <Button
          variant="ghost"
          size="sm"
          className="w-full text-muted-foreground"
          disabled={disabled || pending !== null}
          onClick={() => void start(oidcProvider)}
        >
          <FlaskConical aria-hidden="true" />
          Continue with test SSO
        </Button>
      ) : null}
    </div>
  );
}
