import { useId } from "react";
import { cn } from "../../lib/cn.ts";

/** The ResumeLens mark (same drawing as public/favicon.svg). Decorative: pair it with the name. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("size-8", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M9 8h9l5 5v11a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" fill="#fff" opacity=".95" />
      <path d="M11 13h6M11 16h8M11 19h4" stroke="#4f46e5" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="20.5" cy="20.5" r="4" fill="none" stroke="#7c3aed" strokeWidth="2" />
      <path d="M23.3 23.3l2.7 2.7" stroke="#7c3aed" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-2 text-lg font-bold tracking-tight text-foreground",
        className,
      )}
    >
      <LogoMark />
      {/* Below 360 px the mark alone, so a signed-in header (Pricing, the account menu) fits at 320 px. */}
      <span className="max-[359px]:sr-only">ResumeLens</span>
    </span>
  );
}
