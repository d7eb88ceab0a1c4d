import type { TOmitted, TStoredAnalysis } from "@resumelens/contract";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { cn } from "../../../lib/cn.ts";
import { analysisBand } from "../../../lib/score-bands.ts";
import { FALLBACK, severityStyle } from "../lib/display.ts";
import { MoreItems } from "./more-items.tsx";
import { StatusBadge } from "./status-badge.tsx";

function KeywordList({
  title,
  keywords,
  fallback,
  found,
  more,
}: {
  title: string;
  keywords: string[];
  fallback: string;
  found: boolean;
  /** Keywords the capped list left out. */
  more?: number;
}) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold">{title}</h4>
      {keywords.length === 0 ? (
        <p className="text-sm text-muted-foreground">{fallback}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={title}>
          {keywords.map((k) => (
            <li key={k}>
              <span
                className={cn(
                  "inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold",
                  found
                    ? "border-green-300 bg-green-50 text-green-900"
                    : "border-red-300 bg-red-50 text-red-900",
                )}
              >
                {k}
              </span>
            </li>
          ))}
        </ul>
      )}
      <MoreItems count={more} what="keywords" />
    </div>
  );
}

export function AtsTab({ ats, omitted }: { ats: TStoredAnalysis["atsAnalysis"]; omitted?: TOmitted }) {
  const band = analysisBand(ats.score);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>ATS Compatibility</CardTitle>
          <CardDescription>How easily applicant tracking systems can read your resume.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex items-center gap-3">
            <span className={cn("text-3xl font-bold", band.textClass)}>{ats.score}%</span>
            <Progress value={ats.score} aria-label="ATS score" indicatorClassName={band.barClass} />
          </div>
          <h4 className="text-sm font-semibold">Issues</h4>
          {ats.issues.length === 0 ? (
            <p className="text-sm text-muted-foreground">No ATS issues found.</p>
          ) : (
            <ul className="space-y-3" aria-label="ATS issues">
              {ats.issues.map((item) => {
                const style = severityStyle(item.severity);
                return (
                  <li
                    key={item.issue}
                    className={cn("rounded-lg border border-border border-l-4 p-3", style.borderClass)}
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <StatusBadge style={style} />
                      <span className="font-medium">{item.issue}</span>
                    </div>
                    <p className="mt-1 text-sm text-muted-foreground">
                      <span className="font-medium text-foreground">Solution: </span>
                      {item.solution}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Keywords</CardTitle>
          <CardDescription>
            Terms from the job description, found or not found in your resume.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <KeywordList
            title="Keywords found"
            keywords={ats.keywords.found}
            fallback={FALLBACK.noKeywords}
            found
            more={omitted?.keywordsFound}
          />
          <KeywordList
            title="Missing keywords"
            keywords={ats.keywords.missing}
            fallback={FALLBACK.noMissingKeywords}
            found={false}
            more={omitted?.keywordsMissing}
          />
        </CardContent>
      </Card>
    </div>
  );
}
