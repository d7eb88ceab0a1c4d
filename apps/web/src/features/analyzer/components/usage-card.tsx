import { LIMITS } from "@resumelens/contract";
import { BarChart3 } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { isUnlimited, useAnalytics } from "../api/analytics.ts";

/** The 'Monthly Usage' side card (§2): plan badge, analyses used, a bar and the reset rule. */
export function UsageCard() {
  const analytics = useAnalytics();
  const data = analytics.data;

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="flex items-center gap-2">
          <BarChart3 aria-hidden="true" className="size-5 text-primary" />
          Monthly Usage
        </CardTitle>
        {data ? (
          data.subscription === "lifetime" ? (
            <Badge variant="accent">Lifetime</Badge>
          ) : (
            <Badge variant="muted">Free Plan</Badge>
          )
        ) : null}
      </CardHeader>
      <CardContent>
        {data ? (
          <UsageDetails
            used={data.currentMonth.analyses}
            max={data.currentMonth.maxAnalyses}
            unlimited={isUnlimited(data)}
          />
        ) : analytics.isError ? (
          <p className="text-sm text-muted-foreground">Usage is unavailable right now.</p>
        ) : (
          <p className="text-sm text-muted-foreground">Loading usage...</p>
        )}
      </CardContent>
    </Card>
  );
}

function UsageDetails({ used, max, unlimited }: { used: number; max: number; unlimited: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Analyses Used</span>
        <span className="font-semibold" data-testid="usage-count">
          {used} / {unlimited ? "Unlimited" : max}
        </span>
      </div>
      {/* Unlimited plans have no real maximum; the bar is drawn against 50 (§9). */}
      <Progress
        value={used}
        max={unlimited ? LIMITS.unlimitedBarScale : max}
        aria-label="Analyses used this month"
      />
      <p className="text-xs text-muted-foreground">{unlimited ? "Unlimited usage" : "Resets monthly"}</p>
    </div>
  );
}
