import { LIMITS, textResumeProblem } from "@resumelens/contract";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { createTextResume, TEXT_RESUME_FILENAME } from "../api/create-text-resume.ts";
import type { UploadedResume } from "../api/upload-resume.ts";

export type PasteResumeProps = {
  /** The pasted text; the wizard owns it (a new analysis clears it). */
  value: string;
  onValueChange: (value: string) => void;
  /** Called with the created resume, named "Text Resume". */
  onCreated: (resume: UploadedResume) => void;
};

/**
 * What the API accepts: at least 100 characters after trimming (docs/product.md#text-lengths), and not
 * absurdly long.
 */
export function isValidTextResume(text: string): boolean {
  return textResumeProblem(text) === null;
}

/**
 * The 'Paste Text' tab: a text area with a live character count and 'Use Text Resume', which
 * creates a resume from the text. A failure is only logged (docs/product.md#messages); the button stays
 * usable.
 */
export function PasteResume({ value, onValueChange, onCreated }: PasteResumeProps) {
  const ids = { field: useId(), count: useId() };
  // The text last turned into a resume, so the note only shows while the text is unchanged.
  const [savedText, setSavedText] = useState<string | null>(null);

  // Set in the click itself: the second click of a double click finds it set (see the analyzer's guard).
  const busy = useRef(false);
  const create = useMutation({
    mutationFn: createTextResume,
    onSettled: () => {
      busy.current = false;
    },
    onSuccess: ({ id }, content) => {
      setSavedText(content);
      onCreated({ id, filename: TEXT_RESUME_FILENAME });
    },
    onError: (error) => {
      console.error("Failed to create text resume:", error);
    },
  });

  const content = value.trim();
  const ready = isValidTextResume(value);
  const saved = savedText !== null && savedText === content;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Label htmlFor={ids.field}>Resume text</Label>
        <p id={ids.count} className="text-sm text-muted-foreground">
          {content.length} characters <span>(minimum {LIMITS.textResumeMin} characters)</span>
        </p>
      </div>
      <Textarea
        id={ids.field}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        aria-describedby={ids.count}
        placeholder="Paste the full text of your resume here..."
        className="min-h-64"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={!ready || create.isPending}
          onClick={() => {
            if (busy.current) return;
            busy.current = true;
            create.mutate(content);
          }}
        >
          Use Text Resume
        </Button>
        <p role="status" className="flex items-center gap-1 text-sm text-success">
          {saved ? (
            <>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Text resume ready
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
