import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn.ts";

export type SpinnerProps = {
  /** Announced to assistive technology. */
  label?: string;
  className?: string;
};

/** A spinning indicator inside a polite status region. */
export function Spinner({ label = "Loading", className }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn("inline-flex items-center", className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary" />
    </span>
  );
}

/** Fills the viewport while something the whole page depends on (the first session check) loads. */
export function FullPageSpinner({ label = "Loading ResumeLens" }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-surface">
      <Spinner label={label} className="[&_svg]:size-10" />
    </div>
  );
}
