import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page.tsx";
import { NotFoundPage } from "../not-found/not-found-page.tsx";

/** /analysis/:id: ids are numeric; anything else is not a page. */
export default function AnalysisPage() {
  const { id = "" } = useParams();
  if (!/^\d+$/.test(id)) return <NotFoundPage />;
  return <PlaceholderPage title="Analysis Results" />;
}
