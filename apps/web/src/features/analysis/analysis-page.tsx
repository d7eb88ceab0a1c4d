import { useLocation, useNavigate, useParams } from "react-router";
import { NotFoundPage } from "../../components/not-found-page.tsx";
import { WizardProgress } from "../../components/wizard-progress.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { AnalysisResults } from "./components/analysis-results.tsx";

/** Opened by the analyzer right after an analysis (the state survives a reload): show its step 3. */
function cameFromAnalyzer(state: unknown): boolean {
  return (
    typeof state === "object" && state !== null && (state as { fromAnalyzer?: unknown }).fromAnalyzer === true
  );
}

function AnalysisRoute({ id }: { id: number }) {
  usePageTitle("Analysis Results");
  const navigate = useNavigate();
  const location = useLocation();
  // 'Back to Home' and 'New Analysis' open the analyzer afresh at step 1 (docs/product.md#analyzer).
  const results = <AnalysisResults analysisId={id} onNewAnalysis={() => navigate("/")} />;
  if (!cameFromAnalyzer(location.state)) return results;
  return (
    <div className="flex flex-col">
      {/* The results bring their own h1 ('Analysis Results'). */}
      <div className="mx-auto w-full max-w-6xl px-4 pt-8 sm:px-6 sm:pt-10">
        <WizardProgress current={3} />
      </div>
      {results}
    </div>
  );
}

/** /analysis/:id: one stored analysis, for its owner (anyone else gets 'Analysis not found'). */
export default function AnalysisPage() {
  const { id = "" } = useParams();
  if (!/^\d+$/.test(id) || Number(id) <= 0) return <NotFoundPage />;
  return <AnalysisRoute id={Number(id)} />;
}
