import type { TBilling } from "@resumelens/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { type ReactNode, useState } from "react";
import { PLANS } from "../../lib/plans.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { ChoosePlanDialog } from "./choose-plan-dialog.tsx";
import { CurrentPlanCard } from "./current-plan-card.tsx";
import { UsageThisMonthCard } from "./usage-this-month-card.tsx";

/** The billing data's loading and error states, then `children` with the data. */
export function BillingLoader({
  billing,
  children,
}: {
  billing: UseQueryResult<TBilling>;
  children: (billing: TBilling) => ReactNode;
}) {
  if (billing.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading your billing details...
      </p>
    );
  }
  if (billing.isError) {
    return (
      <Alert variant="destructive" title="Could not load your billing details">
        Please refresh the page to try again.
      </Alert>
    );
  }
  return children(billing.data);
}

/** Current plan, usage this month and, for non-lifetime users, the upgrade (Billing page and Settings tab). */
export function PlanOverview({ billing }: { billing: TBilling }) {
  const [choosing, setChoosing] = useState(false);
  const lifetime = billing.subscription === "lifetime";

  return (
    <>
      <div className="grid gap-6 md:grid-cols-2">
        <CurrentPlanCard billing={billing} />
        <UsageThisMonthCard billing={billing} />
      </div>

      {lifetime ? null : (
        <Card className="border-primary/40 bg-primary-soft/40">
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <Sparkles aria-hidden="true" className="size-5 text-primary" />
              Upgrade to Lifetime
            </CardTitle>
            <CardDescription>
              Unlimited analyses, score trends in your history and priority support for a one-time{" "}
              {PLANS.lifetime.price}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => setChoosing(true)}>Upgrade</Button>
          </CardContent>
        </Card>
      )}
      <ChoosePlanDialog open={choosing} onOpenChange={setChoosing} currentPlan={billing.subscription} />
    </>
  );
}
