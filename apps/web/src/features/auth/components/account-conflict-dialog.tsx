import { MESSAGES } from "@resumelens/contract";
import { Check, Mail } from "lucide-react";
import { useState } from "react";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { cn } from "../../../lib/cn.ts";

type Step = { title: string; detail: string };

/*
 * The spec's six resolution steps (docs/product.md#auth) were written for a hosted auth dashboard. ResumeLens
 * is its own
 * auth provider, so each step keeps its place but says what a user can actually do here.
 */
export function conflictSteps(provider: string): Step[] {
  return [
    {
      title: "Sign in with your email and password instead",
      detail: "Use the Sign In tab with the email address and password you registered with.",
    },
    {
      title: "Open Settings",
      detail: "Open the user menu at the top right and choose Settings, then the Profile tab.",
    },
    {
      title: "Find your account by email",
      detail: `Under Account & Security, check that the email shown is the one your ${provider} account uses.`,
    },
    {
      title: `Link ${provider} to that account`,
      detail: `Choose Connect ${provider}. Both sign-in methods then belong to one account, so there is no second account with that email.`,
    },
    {
      title: "Clear browser data",
      detail:
        "Sign out, then clear this site's cookies (or use a private window) so the failed attempt is forgotten.",
    },
    {
      title: `Retry ${provider} sign-in`,
      detail: `Come back to this page and choose ${provider}. You will be signed in to the same account.`,
    },
  ];
}

export type AccountConflictDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Display name of the provider that clashed; GitHub by default (docs/product.md#auth). */
  provider: string;
  supportEmail: string;
  /** Close the dialog and go to the email/password form. */
  onUseEmailPassword: () => void;
};

export function AccountConflictDialog({
  open,
  onOpenChange,
  provider,
  supportEmail,
  onUseEmailPassword,
}: AccountConflictDialogProps) {
  const steps = conflictSteps(provider);
  const [completed, setCompleted] = useState(0);
  const allDone = completed >= steps.length;
  const subject = encodeURIComponent(`Account conflict: email/password and ${provider}`);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>This email already has an account</DialogTitle>
          <DialogDescription>{MESSAGES.accountConflict.replace("{provider}", provider)}</DialogDescription>
        </DialogHeader>

        <p className="text-sm text-foreground">
          Your ResumeLens account was created with an email and password. Your {provider} account uses the
          same email address, and for your security we never merge two sign-in methods on our own. Follow
          these steps to connect them:
        </p>

        <div>
          <p className="mb-2 text-sm font-medium text-muted-foreground" aria-live="polite">
            {allDone ? "All steps complete" : `Step ${completed + 1} of ${steps.length}`}
          </p>
          <ol className="space-y-2">
            {steps.map((step, index) => {
              const done = index < completed;
              const current = index === completed;
              return (
                <li
                  key={step.title}
                  aria-current={current ? "step" : undefined}
                  className={cn(
                    "flex items-start gap-3 rounded-lg border px-3 py-2.5",
                    current ? "border-primary bg-primary-soft" : "border-border",
                    done && "opacity-75",
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                      done
                        ? "bg-success text-white"
                        : current
                          ? "bg-primary text-white"
                          : "bg-muted text-foreground",
                    )}
                  >
                    {done ? <Check className="size-3.5" /> : index + 1}
                  </span>
                  <div className="min-w-0">
                    <p className="text-sm font-medium">
                      {step.title}
                      {done ? <span className="sr-only"> (completed)</span> : null}
                    </p>
                    {current ? <p className="text-sm text-muted-foreground">{step.detail}</p> : null}
                  </div>
                </li>
              );
            })}
          </ol>
        </div>

        <Button
          onClick={() => setCompleted((n) => Math.min(n + 1, steps.length))}
          disabled={allDone}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          <Check aria-hidden="true" />
          Mark Step Complete
        </Button>

        <div className="rounded-lg bg-surface p-3 text-sm">
          <p className="font-medium">Prefer not to link accounts right now?</p>
          <p className="text-muted-foreground">
            You can keep using your email and password: everything in your account stays the same.
          </p>
          <Button variant="link" className="h-auto px-0 py-1" onClick={onUseEmailPassword}>
            Sign in with email and password
          </Button>
        </div>

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <a
            href={`mailto:${supportEmail}?subject=${subject}`}
            className={buttonClasses({ variant: "secondary" })}
          >
            <Mail aria-hidden="true" />
            Get Help
          </a>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
