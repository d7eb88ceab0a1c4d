import { useNavigate, useParams } from "react-router";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { NotFoundPage } from "../not-found/not-found-page.tsx";
import { AnalysisResults } from "./components/analysis-results.tsx";

function AnalysisRoute({ id }: { id: number }) {
  usePageTitle("Analysis Results");
  const navigate = useNavigate();
  return <AnalysisResults analysisId={id} onNewAnalysis={() => navigate("/")} />;
}

/** /analysis/:id: ids are numeric; anything else is not a page. */
export default function AnalysisPage() {
  const { id = "" } = useParams();
  if (!/^\d+$/.test(id) || Number(id) <= 0) return <NotFoundPage />;
  return <AnalysisRoute id={Number(id)} />;
}
