import { LIMITS } from "@resumelens/contract";
import { Progress } from "./ui/progress.tsx";

export type UsageMeterProps = {
  used: number;
  max: number;
  unlimited: boolean;
};

/** 'Analyses Used' n / max and its bar: the analyzer's usage card and the billing page share it. */
export function UsageMeter({ used, max, unlimited }: UsageMeterProps) {
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
    </div>
  );
}
