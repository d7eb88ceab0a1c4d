import type { TBilling } from "@resumelens/contract";
import { Check, CreditCard } from "lucide-react";
import { formatLongDate } from "../../lib/format-date.ts";
import { PLANS } from "../../lib/plans.ts";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";

/** 'Current Plan': price and what the plan includes; Lifetime also shows when it was bought. */
export function CurrentPlanCard({ billing }: { billing: TBilling }) {
  const lifetime = billing.subscription === "lifetime";
  const plan = PLANS[billing.subscription];
  // The plan card's lines (analyses, PDF export, support; docs/product.md#plans), each true of both plans,
  // plus Lifetime's trend.
  const lines = [
    lifetime ? "Unlimited analyses" : `${billing.currentMonth.maxAnalyses} analyses per month`,
    "PDF export",
    ...(lifetime ? ["Score trends in your analysis history"] : []),
    lifetime ? "Priority support" : "Basic support",
  ];

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2" className="flex items-center gap-2">
            <CreditCard aria-hidden="true" className="size-5 text-primary" />
            Current Plan
          </CardTitle>
          <CardDescription>{lifetime ? "Lifetime Access" : "Free Plan"}</CardDescription>
        </div>
        {lifetime ? <Badge variant="accent">Lifetime</Badge> : <Badge variant="muted">Free Plan</Badge>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="flex items-baseline gap-1.5">
          <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
          <span className="text-sm font-medium text-muted-foreground">{plan.cadence}</span>
        </p>
        <ul className="space-y-2" aria-label="Included in your plan">
          {lines.map((line) => (
            <li key={line} className="flex items-start gap-2.5 text-sm">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{line}</span>
            </li>
          ))}
        </ul>
        {lifetime && billing.purchasedAt ? (
          <p className="text-sm text-muted-foreground">
            Purchased on <time dateTime={billing.purchasedAt}>{formatLongDate(billing.purchasedAt)}</time>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
