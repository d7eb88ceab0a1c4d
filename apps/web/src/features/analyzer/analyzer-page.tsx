import { MESSAGES } from "@resumelens/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { preloadAnalysisPage } from "../../app/analysis-route.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { WizardProgress, type WizardStep } from "../../components/wizard-progress.tsx";
import { useAnalytics } from "../../lib/api/analytics.ts";
import { errorText } from "../../lib/api-error.ts";
import { cn } from "../../lib/cn.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { hasReachedLimit } from "./api/analytics.ts";
import {
  ANALYSIS_FAILED_TITLE,
  analyzeErrorMessage,
  analyzeResume,
  invalidateAfterAnalysis,
  newIdempotencyKey,
} from "./api/analyze.ts";
import { COMPARISON_FAILED_TITLE, compareResume, comparisonPath } from "./api/compare.ts";
import { createTextResume, TEXT_RESUME_FILENAME } from "./api/create-text-resume.ts";
import { NO_RESUME, type UploadedResume } from "./api/upload-resume.ts";
import { AnalyzingOverlay, useFakeProgress } from "./components/analyzing-overlay.tsx";
import { ComparePostings } from "./components/compare-postings.tsx";
import { ProTipsCard, WhatYouGetCard } from "./components/info-cards.tsx";
import { isValidJobDescription, JobDescriptionStep } from "./components/job-description-step.tsx";
import { LimitBanner, LimitReason } from "./components/limit-notice.tsx";
import { isValidTextResume } from "./components/paste-resume.tsx";
import { ResumeStep } from "./components/resume-step.tsx";
import { UsageCard } from "./components/usage-card.tsx";

const TITLE = "Resume Analyzer";

/** Where a finished analysis lives: its own address, so a reload, the back button or a bookmark finds it. */
export function analysisPath(id: number): string {
  return `/analysis/${id}`;
}

/** What the results page is told when the analyzer opens it: show the wizard's step 3 above the results. */
export type FromAnalyzerState = { fromAnalyzer: true };

export type AnalyzerWizardProps = {
  /** Randomness for the overlay's fake progress; tests pass a fixed one. */
  random?: () => number;
};

/** "/" for signed-in users. */
export default function AnalyzerPage() {
  return <AnalyzerWizard />;
}

type AnalyzeInput = { resumeId: number; text: string; jobDescription: string };
type CompareInput = { resumeId: number; text: string; jobDescriptions: string[] };

/** The resume to run against: the chosen one, or the pasted text stored now (resumeId 0). */
async function resumeIdFor(
  input: { resumeId: number; text: string },
  onCreated: (resume: UploadedResume) => void,
): Promise<number> {
  if (input.resumeId !== 0) return input.resumeId;
  // Pasted text that was never turned into a resume: do it now rather than ignore the click.
  const created = await createTextResume(input.text);
  onCreated({ id: created.id, filename: TEXT_RESUME_FILENAME });
  return created.id;
}

/**
 * The analyzer (docs/product.md#analyzer): resume, job description, analysis. A finished analysis opens at
 * /analysis/{id} (step 3), whose 'New Analysis' comes back here to a cleared step 1.
 */
export function AnalyzerWizard({ random }: AnalyzerWizardProps) {
  usePageTitle(TITLE);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const analytics = useAnalytics();
  const reasonId = useId();
  const [resume, setResume] = useState<UploadedResume>(NO_RESUME);
  const [resumeText, setResumeText] = useState("");
  const [jobDescription, setJobDescription] = useState("");
  // Set in the click itself, before React renders: a second click of a double click finds it set,
  // where the mutation's own pending state only arrives a task later.
  const submitting = useRef(false);
  const [submitted, setSubmitted] = useState(false);
  // One Idempotency-Key per analysis asked for: a retry of the same request after a failure reuses
  // it (the server then answers the first analysis if it did run), a different request gets a new one.
  const attempt = useRef<{ request: string; key: string } | null>(null);
  // Which run the click asked for, before its mutation is pending: the overlay says so.
  const compareRequested = useRef(false);

  const analyze = useMutation({
    mutationFn: async ({ input, key }: { input: AnalyzeInput; key: string }) => {
      const resumeId = await resumeIdFor(input, setResume);
      return analyzeResume({ resumeId, jobDescription: input.jobDescription }, { idempotencyKey: key });
    },
    onSuccess: ({ id }) => {
      attempt.current = null;
      toast({ title: "Analysis Complete", description: "Your resume has been successfully analyzed!" });
      // Refresh in the background; the results should not wait for the usage count.
      void invalidateAfterAnalysis(queryClient);
      const state: FromAnalyzerState = { fromAnalyzer: true };
      void navigate(analysisPath(id), { state });
    },
    onError: (error) => {
      toast({
        title: ANALYSIS_FAILED_TITLE,
        description: analyzeErrorMessage(error),
        variant: "destructive",
      });
    },
    onSettled: () => {
      submitting.current = false;
      setSubmitted(false);
    },
  });

  // Several postings at once (docs/product.md#multi-posting): postings 2 and on; posting 1 is step 2's.
  const [otherPostings, setOtherPostings] = useState<string[]>([""]);
  const compare = useMutation({
    mutationFn: async ({ input, key }: { input: CompareInput; key: string }) => {
      const resumeId = await resumeIdFor(input, setResume);
      return compareResume({ resumeId, jobDescriptions: input.jobDescriptions }, { idempotencyKey: key });
    },
    onSuccess: ({ id }) => {
      attempt.current = null;
      toast({
        title: "Comparison Complete",
        description: "Your resume has been analyzed against each posting.",
      });
      void invalidateAfterAnalysis(queryClient);
      void navigate(comparisonPath(id));
    },
    onError: (error) => {
      toast({
        title: COMPARISON_FAILED_TITLE,
        description: errorText(error, { fallback: "Failed to compare the postings" }),
        variant: "destructive",
      });
    },
    onSettled: () => {
      submitting.current = false;
      setSubmitted(false);
    },
  });

  const running = analyze.isPending || compare.isPending || submitted;
  const comparing = running && compareRequested.current;
  const progress = useFakeProgress(running, random);
  const limitReached = hasReachedLimit(analytics.data);
  const hasResume = resume.id > 0 || isValidTextResume(resumeText);
  const canAnalyze = hasResume && isValidJobDescription(jobDescription) && !running;
  const step: WizardStep = resume.id > 0 ? 2 : 1;

  function startAnalysis() {
    if (!canAnalyze || submitting.current) return;
    if (limitReached) {
      window.alert(MESSAGES.monthlyLimitAlert);
      return;
    }
    submitting.current = true;
    compareRequested.current = false;
    setSubmitted(true);
    void preloadAnalysisPage();
    const input = { resumeId: resume.id, text: resumeText.trim(), jobDescription: jobDescription.trim() };
    const request = JSON.stringify(input);
    if (attempt.current?.request !== request) attempt.current = { request, key: newIdempotencyKey() };
    analyze.mutate({ input, key: attempt.current.key });
  }

  function startComparison(jobDescriptions: string[]) {
    if (running || submitting.current) return;
    submitting.current = true;
    compareRequested.current = true;
    setSubmitted(true);
    const input = { resumeId: resume.id, text: resumeText.trim(), jobDescriptions };
    const request = JSON.stringify(input);
    if (attempt.current?.request !== request) attempt.current = { request, key: newIdempotencyKey() };
    compare.mutate({ input, key: attempt.current.key });
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">{TITLE}</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Upload your resume and paste a job description to see how well they match.
      </p>
      <div className="mt-8">
        <WizardProgress current={step} />
      </div>
      {limitReached && analytics.data ? (
        <div className="mt-6">
          <LimitBanner max={analytics.data.currentMonth.maxAnalyses} />
        </div>
      ) : null}
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <ResumeStep
            resume={resume}
            onResumeChange={setResume}
            resumeText={resumeText}
            onResumeTextChange={setResumeText}
          />
          <JobDescriptionStep value={jobDescription} onValueChange={setJobDescription} disabled={running} />
          <div className="flex flex-col gap-3">
            <Button
              size="lg"
              className={cn(
                "w-full",
                limitReached && "aria-disabled:pointer-events-auto! aria-disabled:cursor-not-allowed",
              )}
              disabled={!canAnalyze}
              // At the limit the button stays focusable and says why (and a click gives the limit alert,
              // docs/product.md#monthly-limit).
              aria-disabled={limitReached || undefined}
              aria-describedby={limitReached ? reasonId : undefined}
              onClick={startAnalysis}
              // A double click starts one analysis; its second press must not select text either.
              onMouseDown={(event) => {
                if (event.detail > 1) event.preventDefault();
              }}
            >
              <Sparkles aria-hidden="true" />
              Analyze Resume with AI
            </Button>
            {limitReached ? <LimitReason id={reasonId} /> : null}
          </div>
          <ComparePostings
            plan={analytics.data?.subscription}
            firstPosting={jobDescription}
            others={otherPostings}
            onOthersChange={setOtherPostings}
            hasResume={hasResume}
            running={running}
            onCompare={startComparison}
          />
        </div>
        <aside className="flex flex-col gap-6" aria-label="About your analysis">
          <WhatYouGetCard />
          <ProTipsCard />
          <UsageCard />
        </aside>
      </div>
      {running ? (
        <AnalyzingOverlay
          progress={progress}
          description={
            comparing ? `Analyzing your resume against ${otherPostings.length + 1} job postings.` : undefined
          }
        />
      ) : null}
    </div>
  );
}
