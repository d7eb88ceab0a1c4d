import { cn } from "../../../lib/cn.ts";
import type { StatusStyle } from "../lib/display.ts";

/**
 * A badge in one of the display styles. Not the shared Badge: these carry their own complete
 * colour set, and `cn` does not merge conflicting classes. The text label carries the meaning.
 */
export function StatusBadge({ style }: { style: StatusStyle }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        style.className,
      )}
    >
      {style.label}
    </span>
  );
}
