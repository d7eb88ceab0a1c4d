import { MESSAGES } from "@resumelens/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { useAnalytics } from "../../lib/api/analytics.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { hasReachedLimit } from "./api/analytics.ts";
import {
  ANALYSIS_FAILED_TITLE,
  analyzeErrorMessage,
  analyzeResume,
  invalidateAfterAnalysis,
} from "./api/analyze.ts";
import { createTextResume, TEXT_RESUME_FILENAME } from "./api/create-text-resume.ts";
import { NO_RESUME, type UploadedResume } from "./api/upload-resume.ts";
import { AnalyzingOverlay, useFakeProgress } from "./components/analyzing-overlay.tsx";
import { ProTipsCard, WhatYouGetCard } from "./components/info-cards.tsx";
import { isValidJobDescription, JobDescriptionStep } from "./components/job-description-step.tsx";
import { isValidTextResume } from "./components/paste-resume.tsx";
import { ResumeStep } from "./components/resume-step.tsx";
import { UsageCard } from "./components/usage-card.tsx";
import { WizardProgress, type WizardStep } from "./components/wizard-progress.tsx";

const TITLE = "Resume Analyzer";

/** The results screen shown as step 3 (the analysis feature's `AnalysisResults`). */
export type ResultsViewProps = { analysisId: number; onNewAnalysis: () => void };

export type AnalyzerWizardProps = {
  /**
   * Renders step 3 in place. Without one, a finished analysis opens /analysis/{id} instead.
   */
  ResultsView?: ComponentType<ResultsViewProps>;
  /** Starts loading the results view's code; called when an analysis starts. */
  preloadResults?: () => void;
  /** Randomness for the overlay's fake progress; tests pass a fixed one. */
  random?: () => number;
};

// The results screen is step 3: its code loads while the analysis runs, not with the first paint.
const loadResults = () => import("../analysis/components/analysis-results.tsx");
const AnalysisResults = lazy(() => loadResults().then((m) => ({ default: m.AnalysisResults })));
const preloadResults = () => {
  loadResults().catch(() => {
    // Rendering the results retries the import and shows its failure there.
  });
};

/** "/" for signed-in users. */
export default function AnalyzerPage() {
  return <AnalyzerWizard ResultsView={AnalysisResults} preloadResults={preloadResults} />;
}

/** The analyzer (§2, §4): resume, job description, analysis, results. */
export function AnalyzerWizard({ ResultsView, preloadResults, random }: AnalyzerWizardProps) {
  usePageTitle(TITLE);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const analytics = useAnalytics();
  const [resume, setResume] = useState<UploadedResume>(NO_RESUME);
  const [resumeText, setResumeText] = useState("");
  const [jobDescription, setJobDescription] = useState("");
  const [analysisId, setAnalysisId] = useState<number | null>(null);

  const analyze = useMutation({
    mutationFn: async (input: { resumeId: number; text: string; jobDescription: string }) => {
      let resumeId = input.resumeId;
      if (resumeId === 0) {
        // Pasted text that was never turned into a resume: do it now rather than ignore the click.
        const created = await createTextResume(input.text);
        resumeId = created.id;
        setResume({ id: created.id, filename: TEXT_RESUME_FILENAME });
      }
      return analyzeResume({ resumeId, jobDescription: input.jobDescription });
    },
    onSuccess: ({ id }) => {
      toast({ title: "Analysis Complete", description: "Your resume has been successfully analyzed!" });
      // Refresh in the background; the results should not wait for the usage count.
      void invalidateAfterAnalysis(queryClient);
      if (ResultsView) setAnalysisId(id);
      else navigate(`/analysis/${id}`);
    },
    onError: (error) => {
      toast({
        title: ANALYSIS_FAILED_TITLE,
        description: analyzeErrorMessage(error),
        variant: "destructive",
      });
    },
  });

  const running = analyze.isPending;
  const progress = useFakeProgress(running, random);
  const hasResume = resume.id > 0 || isValidTextResume(resumeText);
  const canAnalyze = hasResume && isValidJobDescription(jobDescription) && !running;
  const step: WizardStep = analysisId !== null ? 3 : resume.id > 0 ? 2 : 1;

  function startAnalysis() {
    if (!canAnalyze) return;
    if (hasReachedLimit(analytics.data)) {
      window.alert(MESSAGES.monthlyLimitAlert);
      return;
    }
    preloadResults?.();
    analyze.mutate({ resumeId: resume.id, text: resumeText.trim(), jobDescription: jobDescription.trim() });
  }

  function startOver() {
    setResume(NO_RESUME);
    setResumeText("");
    setJobDescription("");
    setAnalysisId(null);
    analyze.reset();
  }

  if (ResultsView && analysisId !== null) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        {/* The results screen brings its own h1 ('Analysis Results'). */}
        <WizardProgress current={3} />
        <div className="mt-8">
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner label="Loading results" className="[&_svg]:size-8" />
              </div>
            }
          >
            <ResultsView analysisId={analysisId} onNewAnalysis={startOver} />
          </Suspense>
        </div>
      </div>
    );
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
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <ResumeStep
            resume={resume}
            onResumeChange={setResume}
            resumeText={resumeText}
            onResumeTextChange={setResumeText}
          />
          <JobDescriptionStep value={jobDescription} onValueChange={setJobDescription} disabled={running} />
          <Button size="lg" className="w-full" disabled={!canAnalyze} onClick={startAnalysis}>
            <Sparkles aria-hidden="true" />
            Analyze Resume with AI
          </Button>
        </div>
        <aside className="flex flex-col gap-6" aria-label="About your analysis">
          <WhatYouGetCard />
          <ProTipsCard />
          <UsageCard />
        </aside>
      </div>
      {running ? <AnalyzingOverlay progress={progress} /> : null}
    </div>
  );
}
