import { MESSAGES } from "@resumelens/contract";
import { Crown } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { nextResetLabel } from "../api/analytics.ts";

/** Where "Upgrade to Lifetime" goes, as on the pricing page and the billing dialog. */
export const UPGRADE_PATH = "/checkout";

/**
 * Shown above the steps once a free user has used the month's analyses, so nobody uploads and
 * pastes first and only then learns that Analyze will not run.
 */
export function LimitBanner({ max }: { max: number }) {
  return (
    <Alert
      variant="info"
      title={`You've used all ${max} free analyses this month`}
      data-testid="limit-banner"
    >
      <p>
        New analyses open again on {nextResetLabel()}. Upgrade to Lifetime for unlimited analyses; your past
        results stay in History.
      </p>
      <Link to={UPGRADE_PATH} className={buttonClasses({ size: "sm", className: "mt-3" })}>
        <Crown aria-hidden="true" />
        Upgrade to Lifetime
      </Link>
    </Alert>
  );
}

/**
 * The reason next to the Analyze button while the limit is reached: the limit alert's text
 * (docs/product.md#monthly-limit) and a way on.
 */
export function LimitReason({ id }: { id: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-red-200 bg-destructive-soft p-3 text-sm text-destructive-soft-foreground sm:flex-row sm:items-center sm:justify-between">
      <p id={id}>{MESSAGES.monthlyLimitAlert}</p>
      <Link
        to={UPGRADE_PATH}
        className="shrink-0 font-semibold text-primary underline underline-offset-4 hover:no-underline"
      >
        Upgrade to Lifetime
      </Link>
    </div>
  );
}
