import { Check } from "lucide-react";
import { cn } from "../lib/cn.ts";

export type WizardStep = 1 | 2 | 3;

const STEPS: { step: WizardStep; label: string }[] = [
  { step: 1, label: "Upload Your Resume" },
  { step: 2, label: "Job Description" },
  { step: 3, label: "View Results" },
];

/**
 * The analyzer's three-step progress indicator (docs/product.md#analyzer); the results page shows it as step
 * 3 after an analysis.
 */
export function WizardProgress({ current }: { current: WizardStep }) {
  return (
    <nav aria-label="Analysis progress">
      <ol className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {STEPS.map(({ step, label }, index) => {
          const done = step < current;
          const active = step === current;
          return (
            <li key={step} aria-current={active ? "step" : undefined} className="flex items-center gap-3">
              <span
                className={cn(
                  "flex size-8 items-center justify-center rounded-full border text-sm font-semibold",
                  done && "border-success bg-success text-white",
                  active && "border-primary bg-primary text-primary-foreground",
                  !done && !active && "border-input bg-background text-muted-foreground",
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : step}
              </span>
              <span
                className={cn("text-sm font-medium", active ? "text-foreground" : "text-muted-foreground")}
              >
                {label}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
              {index < STEPS.length - 1 ? (
                <span aria-hidden="true" className="hidden h-px w-10 bg-border sm:block" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
