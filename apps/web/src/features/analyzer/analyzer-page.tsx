import { PlaceholderPage } from "../../components/placeholder-page.tsx";

/** "/" for signed-in users. */
export default function AnalyzerPage() {
  return (
    <PlaceholderPage
      title="Resume Analyzer"
      description="Upload your resume and paste a job description to see how well they match."
    />
  );
}
