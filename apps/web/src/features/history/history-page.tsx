import { FileSearch, LineChart, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { BackLink } from "../../components/back-link.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { useAnalytics } from "../../lib/api/analytics.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useHistory } from "./api/history.ts";
import { HistoryItem } from "./components/history-item.tsx";
import { ScoreTrend } from "./components/score-trend-chart.tsx";

const TITLE = "Analysis History";

/** /history: past analyses, newest first, with a score trend for Lifetime users (docs/product.md#history). */
export default function HistoryPage() {
  usePageTitle(TITLE);
  const history = useHistory();
  const analytics = useAnalytics();
  const items = history.data ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <BackLink />
      <h1 className="text-3xl font-bold sm:text-4xl">{TITLE}</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">Your past analyses, newest first.</p>

      <div className="mt-8 flex flex-col gap-6">
        {history.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading your analyses...
          </p>
        ) : history.isError ? (
          <Alert variant="destructive" title="Could not load your history">
            Please refresh the page to try again.
          </Alert>
        ) : items.length === 0 ? (
          <EmptyHistory />
        ) : (
          <>
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="flex items-center gap-2">
                  <LineChart aria-hidden="true" className="size-5 text-primary" />
                  Score Trend
                </CardTitle>
                {analytics.data?.subscription === "free" ? (
                  <CardDescription>
                    Score trends over time come with Lifetime.{" "}
                    <Link
                      to="/pricing"
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      See plans
                    </Link>
                  </CardDescription>
                ) : null}
              </CardHeader>
              {analytics.data?.subscription === "lifetime" ? (
                <CardContent>
                  <ScoreTrend items={items} />
                </CardContent>
              ) : null}
            </Card>
            <section aria-labelledby="history-list-heading">
              <h2 id="history-list-heading" className="sr-only">
                Past analyses
              </h2>
              <ul className="flex flex-col gap-4">
                {items.map((item) => (
                  <HistoryItem key={item.id} item={item} />
                ))}
              </ul>
              {history.hasNextPage ? (
                <div className="mt-6 flex justify-center">
                  <Button
                    variant="outline"
                    disabled={history.isFetchingNextPage}
                    onClick={() => void history.fetchNextPage()}
                  >
                    {history.isFetchingNextPage ? "Loading more..." : "Show older analyses"}
                  </Button>
                </div>
              ) : null}
            </section>
          </>
        )}
      </div>
    </div>
  );
}

function EmptyHistory() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-input bg-surface p-10 text-center">
      <FileSearch aria-hidden="true" className="size-10 text-muted-foreground" />
      <div>
        <h2 className="text-lg font-semibold">No analyses yet</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Analyze your resume against a job description and it will show up here.
        </p>
      </div>
      <Button asChild>
        <Link to="/">
          <Sparkles aria-hidden="true" />
          Start your first analysis
        </Link>
      </Button>
    </div>
  );
}
