import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorText } from "../../../lib/api-error.ts";
import { cn } from "../../../lib/cn.ts";
import { usePreferences, useUpdatePreferences } from "./api/preferences.ts";

/** Preferences: the email notification switch, stored on the server (default on). */
export function PreferencesCard() {
  const id = useId();
  const { data, isPending, isError } = usePreferences();
  const update = useUpdatePreferences();
  // Until the server answers, show the default (on) but do not let it be changed.
  const enabled = data?.emailNotifications ?? true;

  function toggle() {
    update.mutate(
      { emailNotifications: !enabled },
      {
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Update Failed",
            description: errorText(error, { fallback: "Failed to save your preferences. Please try again." }),
          }),
      },
    );
  }

  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Preferences</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-4">
          <div>
            <p id={labelId} className="text-sm font-medium">
              Email notifications
            </p>
            <CardDescription id={descriptionId}>
              {isError ? "Your preference could not be loaded." : "An email when an analysis is ready."}
            </CardDescription>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-sm text-muted-foreground" aria-hidden="true">
              {enabled ? "Enabled" : "Disabled"}
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={enabled}
              aria-labelledby={labelId}
              aria-describedby={descriptionId}
              disabled={isPending || isError || update.isPending}
              onClick={toggle}
              className={cn(
                "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60",
                enabled ? "bg-primary" : "bg-slate-300",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "inline-block size-5 rounded-full bg-white shadow transition-transform",
                  enabled ? "translate-x-5" : "translate-x-0.5",
                )}
              />
            </button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
