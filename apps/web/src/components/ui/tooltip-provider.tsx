import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ReactNode } from "react";

/** The spec's tooltip timing (§9): open after 700 ms, 300 ms grace when moving between triggers. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Mounted once at the app root. Kept apart from tooltip.tsx so the landing bundle does not carry
 * the tooltip content's positioning code (floating-ui) until a page uses a tooltip.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}
