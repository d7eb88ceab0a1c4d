import { SOCIAL_PROVIDERS } from "@resumelens/contract";
import { FlaskConical } from "lucide-react";
import { useId, useState } from "react";
import { PROVIDER_ICONS } from "../../../components/provider-icons.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useAppConfig } from "../../../lib/api/app-config.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { notConfiguredReason, PROVIDER_LABELS, rememberProvider } from "../../../lib/auth/providers.ts";

export type SocialButtonsProps = {
  /** Called when the provider sign-in could not start (including account conflicts). */
  onError: (error: unknown, provider: string) => void;
  /** Where the provider sends the person back to once signed in. */
  returnTo?: string;
  disabled?: boolean;
};

/**
 * Google, GitHub, Facebook and LinkedIn buttons, plus the dev/test SSO button when configured. A
 * provider the server has no credentials for is shown unavailable, with the reason under the buttons,
 * instead of failing after a click (Settings says the same for its Connect buttons).
 */
export function SocialButtons({ onError, returnTo = "/", disabled = false }: SocialButtonsProps) {
  const { signInWithProvider } = useAuth();
  const { config, isLoading } = useAppConfig();
  const [pending, setPending] = useState<string | null>(null);
  const noteId = useId();

  async function start(provider: string) {
    setPending(provider);
    try {
      await signInWithProvider(provider, { returnTo });
      // Success means the browser is leaving for the provider: stay busy until it does.
    } catch (error) {
      setPending(null);
      onError(error, provider);
    }
  }

  const unavailable = isLoading ? [] : SOCIAL_PROVIDERS.filter((p) => !config.socialProviders.includes(p));
  const oidcProvider = config.oidcProvider;

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2">
        {SOCIAL_PROVIDERS.map((provider) => {
          const Icon = PROVIDER_ICONS[provider];
          const busy = pending === provider;
          const available = !isLoading && config.socialProviders.includes(provider);
          return (
            <Button
              key={provider}
              variant="outline"
              disabled={disabled || pending !== null || !available}
              aria-busy={busy || undefined}
              aria-describedby={!isLoading && !available ? noteId : undefined}
              onClick={() => {
                rememberProvider(provider);
                void start(provider);
              }}
            >
              <Icon className="size-4" />
              {busy ? "Redirecting..." : PROVIDER_LABELS[provider]}
            </Button>
          );
        })}
      </div>
      {unavailable.length > 0 ? (
        <p id={noteId} className="text-center text-xs text-muted-foreground">
          {notConfiguredReason(unavailable)} Use your email and password instead.
        </p>
      ) : null}
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
