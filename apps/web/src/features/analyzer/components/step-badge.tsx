/** The numbered circle in front of a step's heading. */
export function StepBadge({ number }: { number: number }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
    >
      {number}
    </span>
  );
}
