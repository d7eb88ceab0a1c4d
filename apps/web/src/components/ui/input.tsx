import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export const fieldClasses =
  "w-full rounded-lg border border-input bg-background px-3 text-sm text-foreground shadow-xs " +
  "placeholder:text-slate-500 transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring focus-visible:border-ring " +
  "disabled:cursor-not-allowed disabled:opacity-60 " +
  "aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClasses, "h-10 py-2", className)} {...props} />;
}
