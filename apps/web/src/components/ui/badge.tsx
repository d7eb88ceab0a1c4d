import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const variants = {
  default: "border-transparent bg-primary text-primary-foreground",
  secondary: "border-transparent bg-primary-soft text-primary-soft-foreground",
  accent: "border-transparent bg-accent-soft text-accent-soft-foreground",
  outline: "border-border text-foreground",
  muted: "border-transparent bg-muted text-muted-foreground",
  destructive: "border-transparent bg-destructive text-destructive-foreground",
} as const;

export type BadgeProps = ComponentProps<"span"> & { variant?: keyof typeof variants };

export function Badge({ className, variant = "default", ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
