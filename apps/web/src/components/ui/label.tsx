import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export function Label({ className, htmlFor, ...props }: ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers always pass htmlFor, naming their control.
    <label
      htmlFor={htmlFor}
      className={cn("text-sm font-medium leading-none text-foreground", className)}
      {...props}
    />
  );
}
