import type { ReactNode } from "react";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";

/** One message per form field. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * One message per field, in form order, never repeating a message an earlier field already shows
 * (an empty form would otherwise say "You must provide…" twice).
 */
export function toFieldErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  order: string[],
): FieldErrors {
  const errors: FieldErrors = {};
  const shown = new Set<string>();
  for (const field of order) {
    const issue = issues.find((i) => i.path[0] === field && !shown.has(i.message));
    if (issue) {
      errors[field] = issue.message;
      shown.add(issue.message);
    }
  }
  return errors;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

export type FieldProps = {
  id: string;
  label: string;
  type: "email" | "password";
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoComplete: string;
  /** Shown at the end of the label's line (e.g. the 'Forgot password?' link). */
  labelAside?: ReactNode;
  /** A hint under the input, read with it. */
  hint?: string;
};

/** A labelled input with its error, described by it for screen readers. */
export function Field({
  id,
  label,
  type,
  value,
  onChange,
  error,
  autoComplete,
  labelAside,
  hint,
}: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-2">
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      <Input
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The link style used for text links inside the auth cards. */
export const AUTH_LINK_CLASSES =
  "rounded text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
