import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, FileText, LoaderCircle, Upload, X } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { ApiError, errorText } from "../../../lib/api-error.ts";
import { cn } from "../../../lib/cn.ts";
import {
  NO_RESUME,
  UPLOAD_FAILED_FALLBACK,
  type UploadedResume,
  uploadResume,
} from "../api/upload-resume.ts";
import { checkResumeFile, RESUME_ACCEPT } from "../resume-file.ts";

export type ResumeUploadProps = {
  /** The uploaded resume; id 0 means none yet. */
  value: UploadedResume;
  onChange: (value: UploadedResume) => void;
};

type ZoneState = "idle" | "dragging" | "uploading";

/**
 * The toast text when an upload fails (docs/product.md#messages): the server's message; 'Upload failed' for a
 * refusal without one; 'Failed to upload resume' when the answer was not the API's at all.
 */
function uploadFailureMessage(error: unknown): string {
  return errorText(error, {
    fallback: error instanceof ApiError ? UPLOAD_FAILED_FALLBACK : "Failed to upload resume",
  });
}

/**
 * The resume upload widget (docs/product.md#upload-widget): idle, dragging over, uploading, uploaded. Files
 * are checked
 * on the client first (type and size, docs/product.md#resume-files), so a wrong file never reaches the
 * network.
 */
export function ResumeUpload({ value, onChange }: ResumeUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // The button that replaced the one holding focus; focused once it is on screen (see below).
  const refocus = useRef<"choose" | "remove" | null>(null);
  const [dragging, setDragging] = useState(false);
  // Set as the upload starts, before React renders: a second drop or pick a moment later finds it set,
  // where the mutation's pending state only arrives a task later. The server dedupes too (10 s).
  const busy = useRef(false);
  const ids = { prompt: useId(), hint: useId() };

  const upload = useMutation({
    mutationFn: uploadResume,
    onSettled: () => {
      busy.current = false;
    },
    onSuccess: (uploaded) => {
      // Keep keyboard users in place: the Choose File button they used is gone now.
      if (focusWasInWidget()) refocus.current = "remove";
      onChange(uploaded);
      toast({ title: "Upload successful", description: "Your resume has been uploaded successfully." });
    },
    onError: (error) => {
      clearInput();
      if (focusWasInWidget()) refocus.current = "choose";
      toast({ title: "Upload failed", description: uploadFailureMessage(error), variant: "destructive" });
    },
  });

  useEffect(() => {
    const target = refocus.current === "remove" ? removeRef.current : chooseRef.current;
    if (refocus.current && target) {
      target.focus();
      refocus.current = null;
    }
  });

  /** Focus inside the widget, or dropped to the page because the focused control disappeared. */
  function focusWasInWidget(): boolean {
    const active = document.activeElement;
    return active === null || active === document.body || (rootRef.current?.contains(active) ?? false);
  }

  function clearInput() {
    if (inputRef.current) inputRef.current.value = "";
  }

  function openPicker() {
    if (!upload.isPending && !busy.current) inputRef.current?.click();
  }

  function handleFile(file: File | undefined) {
    if (!file || upload.isPending || busy.current) return;
    const problem = checkResumeFile(file);
    if (problem) {
      clearInput();
      toast({ ...problem, variant: "destructive" });
      return;
    }
    busy.current = true;
    upload.mutate(file);
  }

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    // dataTransfer is missing on synthetic drag events (tests), hence the optional chaining.
    if (upload.isPending) {
      if (event.dataTransfer) event.dataTransfer.dropEffect = "none";
      return;
    }
    if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  function handleDragLeave(event: DragEvent<HTMLDivElement>) {
    // Moving between the zone's own children fires dragleave too; only leaving the zone counts.
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    setDragging(false);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    // Only the first dropped file is used (docs/product.md#upload-widget).
    handleFile(event.dataTransfer?.files[0]);
  }

  function remove() {
    clearInput();
    refocus.current = "choose";
    onChange(NO_RESUME);
  }

  const state: ZoneState = upload.isPending ? "uploading" : dragging ? "dragging" : "idle";
  const uploaded = value.id !== 0 && !upload.isPending;

  return (
    <div ref={rootRef} className="flex flex-col gap-3">
      <input
        ref={inputRef}
        type="file"
        accept={RESUME_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="resume-file-input"
        onChange={(event) => handleFile(event.currentTarget.files?.[0])}
      />

      {uploaded ? (
        <div
          data-state="uploaded"
          className="flex items-center gap-3 rounded-card border border-green-200 bg-success-soft p-4"
        >
          <FileText aria-hidden="true" className="size-8 shrink-0 text-success" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-foreground" title={value.filename}>
              {value.filename}
            </p>
            <p className="flex items-center gap-1 text-sm text-success">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Upload successful
            </p>
          </div>
          <Button ref={removeRef} variant="ghost" size="icon" aria-label="Remove file" onClick={remove}>
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the zone adds drag-and-drop and a bigger click target for pointer users; keyboard and screen-reader users get the same through the "Choose File" button inside it.
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above, the "Choose File" button is the keyboard path.
        <div
          data-state={state}
          data-testid="resume-drop-zone"
          aria-busy={state === "uploading"}
          onClick={(event) => {
            // The button opens the picker itself; a click anywhere else in the zone does the same.
            if (!(event.target instanceof Element && event.target.closest("button"))) openPicker();
          }}
          onDragEnter={handleDragOver}
          onDragOver={handleDragOver}
          onDragLeave={handleDragLeave}
          onDrop={handleDrop}
          className={cn(
            "flex min-h-56 flex-col items-center justify-center gap-3 rounded-card border-2 border-dashed px-6 py-10 text-center transition-colors",
            state === "dragging"
              ? "border-primary bg-primary-soft"
              : "border-input bg-surface hover:border-primary/60",
            state === "uploading" ? "cursor-progress" : "cursor-pointer",
          )}
        >
          {state === "uploading" ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
              <p className="font-medium text-foreground">Uploading...</p>
            </>
          ) : (
            <>
              <Upload
                aria-hidden="true"
                className={cn("size-10", state === "dragging" ? "text-primary" : "text-muted-foreground")}
              />
              <div>
                <p id={ids.prompt} className="font-medium text-foreground">
                  Drop your resume here
                </p>
                <p className="text-sm text-muted-foreground">or click to browse files</p>
              </div>
              <Button
                ref={chooseRef}
                variant="outline"
                aria-describedby={`${ids.prompt} ${ids.hint}`}
                onClick={openPicker}
              >
                Choose File
              </Button>
            </>
          )}
        </div>
      )}

      <p id={ids.hint} className="text-sm text-muted-foreground">
        For best results, upload as .txt file
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {state === "dragging"
          ? "Release to upload your resume."
          : state === "uploading"
            ? "Uploading your resume."
            : ""}
      </p>
    </div>
  );
}
