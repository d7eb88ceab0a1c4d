import { cn } from "../../../lib/cn.ts";
import { analysisBand } from "../../../lib/score-bands.ts";

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The overall score as a ring in its band colour, with the number in the middle. */
export function ScoreRing({ score, className }: { score: number; className?: string }) {
  const band = analysisBand(score);
  const clamped = Math.min(100, Math.max(0, score));
  const offset = CIRCUMFERENCE * (1 - clamped / 100);
  return (
    <div className={cn("relative size-24 shrink-0", className)}>
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="8" className="stroke-muted" />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          fill="none"
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={offset}
          className={cn("transition-[stroke-dashoffset] duration-700", band.strokeClass)}
        />
      </svg>
      <span
        className={cn("absolute inset-0 flex items-center justify-center text-2xl font-bold", band.textClass)}
      >
        {score}
      </span>
    </div>
  );
}
