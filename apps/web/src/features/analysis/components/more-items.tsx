/**
 * "…and 12 more skills": what a capped list of the analysis left out (engine 2.9.1 caps every list
 * so one result stays small whatever the input; `omitted` counts the rest). Nothing when none was.
 */
export function MoreItems({ count, what }: { count: number | undefined; what: string }) {
  if (!count) return null;
  return (
    <p className="mt-3 text-sm text-muted-foreground" data-testid="more-items">
      …and {count.toLocaleString("en-US")} more {what} not listed.
    </p>
  );
}
