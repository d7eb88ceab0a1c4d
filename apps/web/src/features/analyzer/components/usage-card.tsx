import { BarChart3 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { UsageMeter } from "../../../components/usage-meter.tsx";
import { isUnlimited, useAnalytics } from "../../../lib/api/analytics.ts";
import { hasReachedLimit, nextResetLabel } from "../api/analytics.ts";
import { UPGRADE_PATH } from "./limit-notice.tsx";

/**
 * The 'Monthly Usage' side card (docs/product.md#analyzer): plan badge, analyses used, a bar and the reset
 * rule.
 */
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
            limitReached={hasReachedLimit(data)}
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

function UsageDetails({
  used,
  max,
  unlimited,
  limitReached,
}: {
  used: number;
  max: number;
  unlimited: boolean;
  limitReached: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      <UsageMeter used={used} max={max} unlimited={unlimited} />
      <p className="text-xs text-muted-foreground">{unlimited ? "Unlimited usage" : "Resets monthly"}</p>
      {limitReached ? (
        <p className="text-sm text-muted-foreground">
          Next free analysis on {nextResetLabel()}, or{" "}
          <Link
            to={UPGRADE_PATH}
            className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
          >
            upgrade to Lifetime
          </Link>{" "}
          for unlimited analyses.
        </p>
      ) : null}
    </div>
  );
}
