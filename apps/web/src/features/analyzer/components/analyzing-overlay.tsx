import { Sparkles } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Progress } from "../../../components/ui/progress.tsx";

/** The fake progress stops here until the answer arrives (docs/product.md#analyzer). */
export const PROGRESS_CAP = 90;
/** Largest step per second (docs/product.md#analyzer). */
export const PROGRESS_MAX_STEP = 15;

/** Progress that rises by a random amount up to 15 each second and stops at 90 (docs/product.md#analyzer). */
export function useFakeProgress(running: boolean, random: () => number = Math.random): number {
  const [progress, setProgress] = useState(0);
  const randomRef = useRef(random);
  randomRef.current = random;

  useEffect(() => {
    setProgress(0);
    if (!running) return;
    const timer = setInterval(() => {
      setProgress((current) => Math.min(PROGRESS_CAP, current + randomRef.current() * PROGRESS_MAX_STEP));
    }, 1000);
    return () => clearInterval(timer);
  }, [running]);

  return progress;
}

/**
 * The full-screen 'Analyzing Your Resume' overlay shown while an analysis runs (docs/product.md#analyzer).
 */
export function AnalyzingOverlay({ progress, description }: { progress: number; description?: string }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const percent = Math.round(progress);

  // Take focus so keyboard and screen-reader users are not left on the now-covered page.
  useEffect(() => {
    ref.current?.focus();
  }, []);

  return (
    // select-none: the second click of a double click on Analyze lands here and must not select the page.
    <div className="fixed inset-0 z-50 flex select-none items-center justify-center bg-slate-950/60 p-4 backdrop-blur-sm">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="w-full max-w-md rounded-card border border-border bg-background p-8 text-center shadow-elevated outline-none"
      >
        <Sparkles aria-hidden="true" className="mx-auto size-10 animate-pulse text-primary" />
        <h2 id={titleId} className="mt-4 text-xl font-semibold">
          Analyzing Your Resume
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          {description ?? "Comparing your experience and skills with the job description."}
        </p>
        <Progress value={percent} className="mt-6" aria-label="Analysis progress" />
        <p className="mt-3 text-sm text-muted-foreground" aria-live="polite">
          {percent}% complete - This usually takes 30-60 seconds
        </p>
      </div>
    </div>
  );
}
