import type { TComparison, TComparisonRow } from "@resumelens/contract";
import { Check, Eye, X } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { analysisBand } from "../../../lib/score-bands.ts";

/** What names a posting: its title, else the start of its first line. */
export function postingName(row: Pick<TComparisonRow, "jobTitle" | "excerpt">): string {
  return row.jobTitle ?? (row.excerpt || "Untitled posting");
}

function Score({ score }: { score: number }) {
  const band = analysisBand(score);
  return (
    <span className="flex flex-col">
      <span className={cn("text-2xl font-bold", band.textClass)}>
        {score}
        <span className="text-sm font-medium text-muted-foreground">/100</span>
      </span>
      <span className={cn("text-xs font-semibold", band.textClass)} data-testid="comparison-band">
        {band.label}
      </span>
    </span>
  );
}

function Missing({ items }: { items: string[] }) {
  if (items.length === 0) return <span className="text-sm text-muted-foreground">Nothing missing</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Top missing requirements">
      {items.map((item) => (
        <li
          key={item}
          className="rounded-full border border-red-200 bg-destructive-soft px-2 py-0.5 text-xs font-medium text-destructive-soft-foreground"
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

function ViewLink({ row }: { row: TComparisonRow }) {
  return (
    <Link
      to={`/analysis/${row.analysisId}`}
      className={buttonClasses({ size: "sm", variant: "outline" })}
      aria-label={`View Analysis for ${postingName(row)}`}
    >
      <Eye aria-hidden="true" />
      View Analysis
    </Link>
  );
}

/**
 * The ranked postings (docs/product.md#multi-posting): a real table on wider screens, one card per
 * posting on a phone (the same content, read top to bottom).
 */
export function RankedPostings({ rows }: { rows: TComparisonRow[] }) {
  return (
    <>
      <div className="hidden md:block">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Job postings ranked by how well your resume matches them</caption>
          <thead>
            <tr className="border-b border-border text-sm text-muted-foreground">
              <th scope="col" className="py-3 pr-4 font-medium">
                Rank
              </th>
              <th scope="col" className="py-3 pr-4 font-medium">
                Posting
              </th>
              <th scope="col" className="py-3 pr-4 font-medium">
                Score
              </th>
              <th scope="col" className="py-3 pr-4 font-medium">
                Top missing
              </th>
              <th scope="col" className="py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.analysisId} className="border-b border-border align-top last:border-0">
                <td className="py-4 pr-4 text-lg font-semibold">{index + 1}</td>
                <th scope="row" className="max-w-xs py-4 pr-4 font-semibold break-words">
                  {postingName(row)}
                  {row.jobTitle && row.excerpt && row.excerpt !== row.jobTitle ? (
                    <span className="mt-1 block text-sm font-normal text-muted-foreground">
                      {row.excerpt}
                    </span>
                  ) : null}
                </th>
                <td className="py-4 pr-4">
                  <Score score={row.overallScore} />
                </td>
                <td className="py-4 pr-4">
                  <Missing items={row.topMissing} />
                </td>
                <td className="py-4 text-right">
                  <ViewLink row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="flex flex-col gap-3 md:hidden" aria-label="Job postings ranked by match">
        {rows.map((row, index) => (
          <li key={row.analysisId} className="rounded-lg border border-border p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm text-muted-foreground">#{index + 1}</p>
                <h3 className="font-semibold break-words">{postingName(row)}</h3>
              </div>
              <Score score={row.overallScore} />
            </div>
            <div className="mt-3">
              <p className="mb-1.5 text-sm font-medium">Top missing</p>
              <Missing items={row.topMissing} />
            </div>
            <div className="mt-4">
              <ViewLink row={row} />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/** What at least two postings ask for, and whether the resume shows it in each. */
export function SharedRequirements({ comparison }: { comparison: TComparison }) {
  const names = new Map(comparison.rows.map((row) => [row.analysisId, postingName(row)]));
  const shared = comparison.shared.filter(
    (entry) => entry.analysisIds.filter((id) => names.has(id)).length >= 2,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">What the postings share</CardTitle>
        <CardDescription>
          Requirements at least two of these postings ask for. Shown means your resume proves it for every
          posting that asks.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {shared.length === 0 ? (
          <p className="text-sm text-muted-foreground">These postings have no requirements in common.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="shared-requirements">
            {shared.map((entry) => {
              const askedBy = entry.analysisIds.filter((id) => names.has(id));
              return (
                <li
                  key={entry.requirement}
                  className="flex items-start gap-3 rounded-lg border border-border p-3"
                >
                  {entry.met ? (
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
                  ) : (
                    <X aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
                  )}
                  <div className="min-w-0">
                    <p className="font-medium break-words">
                      {entry.requirement}{" "}
                      <span className={cn("text-sm", entry.met ? "text-green-700" : "text-red-700")}>
                        {entry.met ? "Shown" : "Not shown"}
                      </span>
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Asked by {askedBy.length} of {comparison.rows.length} postings
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
