import { Progress as ProgressPrimitive } from "radix-ui";
import { cn } from "../../lib/cn.ts";

export type ProgressProps = {
  value?: number | null;
  /** Must be greater than 0; anything else falls back to 100. */
  max?: number;
  className?: string;
  indicatorClassName?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
};

/** The rule (docs/product.md#client-behaviour): max greater than 0 (default 100), value between 0 and max. */
export function normalizeProgress(value: number | null | undefined, max: number | undefined) {
  const safeMax = max !== undefined && Number.isFinite(max) && max > 0 ? max : 100;
  const raw = value ?? 0;
  const safeValue = Number.isFinite(raw) ? Math.min(Math.max(raw, 0), safeMax) : 0;
  return { value: safeValue, max: safeMax };
}

export function Progress({ value, max, className, indicatorClassName, ...aria }: ProgressProps) {
  const normalized = normalizeProgress(value, max);
  const percent = (normalized.value / normalized.max) * 100;
  return (
    <ProgressPrimitive.Root
      value={normalized.value}
      max={normalized.max}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-muted", className)}
      {...aria}
    >
      <ProgressPrimitive.Indicator
        className={cn("h-full w-full bg-primary transition-transform duration-500", indicatorClassName)}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
