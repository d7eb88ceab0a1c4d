import type { TStoredAnalysis } from "@resumelens/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, LoaderCircle, LogIn, RotateCcw, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorText, hasErrorCode } from "../../../lib/api-error.ts";
import { EXPORT_FAILED_FALLBACK, exportAnalysisPackage } from "../api/export-package.ts";
import { getAnalysisQueryOptions } from "../api/get-analysis.ts";
import { AtsTab } from "./ats-tab.tsx";
import { EnhancementPreview } from "./enhancement-preview.tsx";
import { ExperienceTab } from "./experience-tab.tsx";
import { MarketTab } from "./market-tab.tsx";
import { RecommendationsTab } from "./recommendations-tab.tsx";
import { ScoreBreakdown } from "./score-breakdown.tsx";
import { SideBySideTab } from "./side-by-side/side-by-side-tab.tsx";
import { SkillsTab } from "./skills-tab.tsx";
import { SummaryCards } from "./summary-cards.tsx";

export type AnalysisResultsProps = {
  /** The stored analysis to show (GET /api/analysis/{id}). */
  analysisId: number;
  /** 'Back to Home' and 'New Analysis': the page navigates to "/", the analyzer resets its wizard. */
  onNewAnalysis: () => void;
};

const TABS = [
  { value: "skills", label: "Skills Analysis" },
  { value: "ats", label: "ATS Analysis" },
  { value: "market", label: "Market Analysis" },
  { value: "experience", label: "Experience Gap" },
  { value: "recommendations", label: "Recommendations" },
  { value: "side-by-side", label: "Side by Side" },
] as const;

function Header({
  onNewAnalysis,
  exportState,
}: {
  onNewAnalysis: () => void;
  exportState: { onExport: () => void; isExporting: boolean } | null;
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-2">
        <Button variant="ghost" size="sm" className="-ms-3" onClick={onNewAnalysis}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Button>
        <h1 className="text-3xl font-bold sm:text-4xl">Analysis Results</h1>
      </div>
      {exportState ? (
        <Button
          onClick={exportState.onExport}
          disabled={exportState.isExporting}
          className="w-full sm:w-auto"
        >
          {exportState.isExporting ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {exportState.isExporting ? "Generating Package..." : "Export Package"}
        </Button>
      ) : null}
    </header>
  );
}

function NotFound({ onNewAnalysis }: { onNewAnalysis: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-input bg-surface p-10 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-xl font-semibold">Analysis not found</h2>
      <p className="text-muted-foreground">This analysis does not exist or belongs to another account.</p>
      <Button onClick={onNewAnalysis}>Start a new analysis</Button>
    </div>
  );
}

function SignInPrompt() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-border bg-surface p-10 text-center">
      <LogIn aria-hidden="true" className="size-10 text-primary" />
      <h2 className="text-xl font-semibold">Sign in to see this analysis</h2>
      <p className="text-muted-foreground">Your session has ended. Sign in again to view your results.</p>
      <Button asChild>
        <Link to="/auth">Sign in</Link>
      </Button>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert variant="destructive" title="We couldn't load this analysis">
      <p>Something went wrong on our side. Please try again in a moment.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </Alert>
  );
}

function Results({ analysis, onNewAnalysis }: { analysis: TStoredAnalysis; onNewAnalysis: () => void }) {
  return (
    <div className="space-y-6">
      {analysis.warnings.length > 0 ? (
        <Alert variant="info" title="Read these results with care">
          <ul className="list-disc space-y-1 ps-4">
            {analysis.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <SummaryCards analysis={analysis} />
      <EnhancementPreview analysis={analysis} />
      <ScoreBreakdown
        components={analysis.scoreBreakdown}
        overallScore={analysis.overallScore}
        skillsMatch={analysis.skillsMatch}
        omitted={analysis.omitted}
      />
      <section aria-labelledby="analysis-details-heading">
        <h2 id="analysis-details-heading" className="sr-only">
          Details
        </h2>
        <Tabs defaultValue="skills">
          {/* Every tab in sight at every width: two columns on phones, three on tablets, one row on
              laptops. A sideways-scrolling strip hid the last tabs on a phone without a hint. The
              list's own inline-flex and fixed height are overridden (cn does not merge classes). */}
          <TabsList
            className="grid! h-auto! grid-cols-2 sm:grid-cols-3 lg:flex! lg:h-11!"
            data-testid="results-tabs"
          >
            {TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value} className="h-10! whitespace-nowrap lg:h-full!">
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="skills">
            <SkillsTab skillsMatch={analysis.skillsMatch} omitted={analysis.omitted} />
          </TabsContent>
          <TabsContent value="ats">
            <AtsTab ats={analysis.atsAnalysis} omitted={analysis.omitted} />
          </TabsContent>
          <TabsContent value="market">
            <MarketTab market={analysis.competitiveAnalysis} />
          </TabsContent>
          <TabsContent value="experience">
            <ExperienceTab experience={analysis.experienceComparison} omitted={analysis.omitted} />
          </TabsContent>
          <TabsContent value="recommendations">
            <RecommendationsTab recommendations={analysis.recommendations} />
          </TabsContent>
          <TabsContent value="side-by-side">
            <SideBySideTab analysis={analysis} />
          </TabsContent>
        </Tabs>
      </section>
      <div className="flex justify-center border-t border-border pt-6">
        <Button size="lg" onClick={onNewAnalysis} className="w-full sm:w-auto">
          <RotateCcw aria-hidden="true" />
          New Analysis
        </Button>
      </div>
    </div>
  );
}

/**
 * The results screen for one stored analysis: summary, preview, score breakdown and the detail
 * tabs, with loading, not-found, signed-out and error states, and the export package download.
 */
export function AnalysisResults({ analysisId, onNewAnalysis }: AnalysisResultsProps) {
  const query = useQuery(getAnalysisQueryOptions(analysisId));
  const exportMutation = useMutation({
    mutationFn: () => exportAnalysisPackage(analysisId),
    onSuccess: () => {
      toast({ title: "Export Successful", description: "Your analysis package has been downloaded." });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Export Failed",
        description: errorText(error, { context: "export", fallback: EXPORT_FAILED_FALLBACK }),
      });
    },
  });

  const analysis = query.data ?? null;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
        <Spinner label="Loading analysis results" />
        <p>Loading analysis results...</p>
      </div>
    );
  } else if (hasErrorCode(query.error, "UNAUTHORIZED")) {
    body = <SignInPrompt />;
  } else if (hasErrorCode(query.error, "NOT_FOUND") || (query.isSuccess && analysis === null)) {
    body = <NotFound onNewAnalysis={onNewAnalysis} />;
  } else if (query.isError || analysis === null) {
    body = <LoadFailed onRetry={() => void query.refetch()} />;
  } else {
    body = <Results analysis={analysis} onNewAnalysis={onNewAnalysis} />;
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <Header
        onNewAnalysis={onNewAnalysis}
        exportState={
          analysis ? { onExport: () => exportMutation.mutate(), isExporting: exportMutation.isPending } : null
        }
      />
      {body}
    </div>
  );
}
