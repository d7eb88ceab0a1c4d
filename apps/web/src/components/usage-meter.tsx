import { LIMITS, MESSAGES } from "@resumelens/contract";
import { cn } from "../lib/cn.ts";
import { Progress } from "./ui/progress.tsx";

export type UsageMeterProps = {
  used: number;
  max: number;
  unlimited: boolean;
};

/**
 * 'Analyses Used' n / max and its bar: the analyzer's usage card and the billing page share it.
 * A used-up allowance says so in words and colour, not only by a full bar.
 */
export function UsageMeter({ used, max, unlimited }: UsageMeterProps) {
  const full = !unlimited && used >= max;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Analyses Used</span>
        <span className={cn("font-semibold", full && "text-destructive")} data-testid="usage-count">
          {used} / {unlimited ? "Unlimited" : max}
        </span>
      </div>
      {/* Unlimited plans have no real maximum; the bar is drawn against 50 (docs/product.md#billing-page). */}
      <Progress
        value={used}
        max={unlimited ? LIMITS.unlimitedBarScale : max}
        aria-label="Analyses used this month"
        // The bar's own colour is bg-primary; cn does not merge, so this one must win outright.
        indicatorClassName={full ? "bg-destructive!" : undefined}
      />
      {full ? (
        <p className="text-sm font-semibold text-destructive" data-testid="usage-limit-reached">
          {MESSAGES.monthlyLimitReached}
        </p>
      ) : null}
    </div>
  );
}
