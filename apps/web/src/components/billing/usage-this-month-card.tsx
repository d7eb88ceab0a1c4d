import type { TBilling } from "@resumelens/contract";
import { BarChart3 } from "lucide-react";
import { isUnlimited } from "../../lib/api/analytics.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card.tsx";
import { UsageMeter } from "../usage-meter.tsx";

/** The remaining count under the bar: "2 analyses remaining this month". */
export function remainingText(used: number, max: number): string {
  const remaining = Math.max(max - used, 0);
  return `${remaining} ${remaining === 1 ? "analysis" : "analyses"} remaining this month`;
}

/** 'Usage this month': the same meter as the analyzer, the reset rule and what is left. */
export function UsageThisMonthCard({ billing }: { billing: TBilling }) {
  const unlimited = isUnlimited(billing);
  const { analyses, maxAnalyses } = billing.currentMonth;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <BarChart3 aria-hidden="true" className="size-5 text-primary" />
          Usage this month
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <UsageMeter used={analyses} max={maxAnalyses} unlimited={unlimited} />
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <span className="text-muted-foreground">{unlimited ? "Unlimited usage" : "Resets monthly"}</span>
          {unlimited ? null : (
            <span className="font-medium" data-testid="usage-remaining">
              {remainingText(analyses, maxAnalyses)}
            </span>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
