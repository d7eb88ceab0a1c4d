import { LIMITS } from "@resumelens/contract";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { StepBadge } from "./step-badge.tsx";

/** At least 50 characters after trimming (docs/product.md#text-lengths). */
export function isValidJobDescription(text: string): boolean {
  return text.trim().length >= LIMITS.jobDescriptionMin;
}

export type JobDescriptionStepProps = {
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
};

/** Step 2 of the analyzer (docs/product.md#analyzer): the job description, with a live character count. */
export function JobDescriptionStep({ value, onValueChange, disabled }: JobDescriptionStepProps) {
  const ids = { field: useId(), count: useId() };
  const length = value.trim().length;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-3">
          <StepBadge number={2} />
          Job Description
        </CardTitle>
        <CardDescription>
          Paste the full posting: responsibilities, requirements and nice-to-haves.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <Label htmlFor={ids.field}>Job description</Label>
          <p id={ids.count} className="text-sm text-muted-foreground">
            {length} characters <span>(minimum {LIMITS.jobDescriptionMin} characters)</span>
          </p>
        </div>
        <Textarea
          id={ids.field}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          aria-describedby={ids.count}
          maxLength={LIMITS.jobDescriptionMax}
          disabled={disabled}
          placeholder="Paste the job description here..."
          className="min-h-56"
        />
        {value.length >= LIMITS.jobDescriptionMax ? (
          <p role="status" className="text-sm text-amber-800">
            A job description is limited to {LIMITS.jobDescriptionMax.toLocaleString("en-US")} characters: the
            rest of this posting was left out. Keep the requirements and responsibilities; company text and
            benefits can go.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
