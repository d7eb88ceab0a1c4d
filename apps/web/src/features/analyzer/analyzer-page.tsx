import { Construction } from "lucide-react";
import { useState } from "react";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { NO_RESUME, type UploadedResume } from "./api/upload-resume.ts";
import { ResumeStep } from "./components/resume-step.tsx";

const TITLE = "Resume Analyzer";

/**
 * "/" for signed-in users. Only step 1 (the resume) is built; the job description, the analysis and
 * the side cards arrive later, and the page says so instead of showing controls that do nothing.
 */
export default function AnalyzerPage() {
  usePageTitle(TITLE);
  const [resume, setResume] = useState<UploadedResume>(NO_RESUME);
  const [resumeText, setResumeText] = useState("");

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">{TITLE}</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Upload your resume and paste a job description to see how well they match.
      </p>
      <div className="mt-8 max-w-3xl">
        <ResumeStep
          resume={resume}
          onResumeChange={setResume}
          resumeText={resumeText}
          onResumeTextChange={setResumeText}
        />
      </div>
      <div
        role="note"
        className="mt-6 flex max-w-3xl items-start gap-3 rounded-card border border-dashed border-input bg-surface p-6 text-muted-foreground"
      >
        <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p>This part of ResumeLens is being built.</p>
          <p className="mt-1 text-sm">The job description step and the analysis itself come next.</p>
        </div>
      </div>
    </div>
  );
}
