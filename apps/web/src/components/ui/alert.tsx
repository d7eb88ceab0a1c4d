import { CircleAlert, Info } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const variants = {
  default: "border-border bg-surface text-foreground",
  info: "border-indigo-200 bg-primary-soft text-primary-soft-foreground",
  destructive: "border-red-200 bg-destructive-soft text-destructive-soft-foreground",
} as const;

export type AlertProps = ComponentProps<"div"> & { variant?: keyof typeof variants; title?: string };

/**
 * A message box. Destructive alerts use role="alert" so they are announced when they appear;
 * the others are plain notes.
 */
export function Alert({ className, variant = "default", title, children, role, ...props }: AlertProps) {
  const Icon = variant === "destructive" ? CircleAlert : Info;
  return (
    <div
      role={role ?? (variant === "destructive" ? "alert" : "note")}
      className={cn("flex gap-3 rounded-lg border p-4 text-sm", variants[variant], className)}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className="leading-relaxed">{children}</div>
      </div>
    </div>
  );
}
