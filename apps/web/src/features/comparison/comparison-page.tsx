import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Layers } from "lucide-react";
import { Link, useParams } from "react-router";
import { NotFoundPage } from "../../components/not-found-page.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { getComparisonQueryOptions } from "./api/get-comparison.ts";
import { RankedPostings, SharedRequirements } from "./components/comparison-view.tsx";

const TITLE = "Posting Comparison";

function ComparisonRoute({ id }: { id: number }) {
  usePageTitle(TITLE);
  const query = useQuery(getComparisonQueryOptions(id));
  const comparison = query.data;

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the comparison" />
      </div>
    );
  } else if (hasErrorCode(query.error, "NOT_FOUND")) {
    body = (
      <Card>
        <CardContent className="py-10 text-center">
          <h2 className="text-xl font-semibold">Comparison not found</h2>
          <p className="mt-2 text-muted-foreground">It may have been deleted, or the link is not yours.</p>
        </CardContent>
      </Card>
    );
  } else if (query.isError || !comparison) {
    body = (
      <Card>
        <CardContent className="py-10 text-center" role="alert">
          <h2 className="text-xl font-semibold">We couldn't load this comparison</h2>
          <p className="mt-2 text-muted-foreground">Please try again in a moment.</p>
        </CardContent>
      </Card>
    );
  } else {
    const [best] = comparison.rows;
    body = (
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Ranked by match</CardTitle>
            <CardDescription>
              {comparison.rows.length === 0
                ? "The analyses of this comparison have all been deleted."
                : `${comparison.rows.length} posting${comparison.rows.length === 1 ? "" : "s"}, best match first. Each row opens its full analysis.`}
            </CardDescription>
          </CardHeader>
          <CardContent>{best ? <RankedPostings rows={comparison.rows} /> : null}</CardContent>
        </Card>
        {comparison.rows.length >= 2 ? <SharedRequirements comparison={comparison} /> : null}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Link to="/history" className={buttonClasses({ size: "sm", variant: "ghost", className: "-ml-2" })}>
        <ArrowLeft aria-hidden="true" />
        Back to History
      </Link>
      <h1 className="mt-4 flex items-center gap-3 text-3xl font-bold sm:text-4xl">
        <Layers aria-hidden="true" className="size-8 text-primary" />
        {TITLE}
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        One resume against several job postings
        {comparison ? `, run ${formatDateTime(comparison.createdAt)}` : ""}.
      </p>
      <div className="mt-8">{body}</div>
    </div>
  );
}

/** /compare/:id: one of the user's comparisons (docs/product.md#multi-posting); anyone else's is not found. */
export default function ComparisonPage() {
  const { id = "" } = useParams();
  if (!/^\d{1,9}$/.test(id) || Number(id) <= 0) return <NotFoundPage />;
  return <ComparisonRoute id={Number(id)} />;
}
