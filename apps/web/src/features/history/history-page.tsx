import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page.tsx";

export default function HistoryPage() {
  return (
    <PlaceholderPage title="Analysis History" description="Your past analyses, newest first.">
      <Link
        to="/"
        className="mb-6 inline-flex items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to home
      </Link>
    </PlaceholderPage>
  );
}
