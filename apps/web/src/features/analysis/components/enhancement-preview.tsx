import type { TStoredAnalysis } from "@resumelens/contract";
import { ArrowRight, CircleCheck, CircleX } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { analysisBand } from "../../../lib/score-bands.ts";
import { potentialScore } from "../lib/display.ts";

function PreviewList({ title, items, kind }: { title: string; items: string[]; kind: "before" | "after" }) {
  const Icon = kind === "before" ? CircleX : CircleCheck;
  return (
    <div
      className={cn(
        "rounded-lg border p-4",
        kind === "before" ? "border-red-200 bg-red-50/60" : "border-green-200 bg-green-50/60",
      )}
    >
      <h3 className="mb-3 font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {kind === "before" ? "Nothing to flag." : "Nothing to add."}
        </p>
      ) : (
        <ul className="space-y-2" aria-label={title}>
          {items.map((item) => (
            <li key={item} className="flex gap-2 text-sm">
              <Icon
                aria-hidden="true"
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  kind === "before" ? "text-red-600" : "text-green-700",
                )}
              />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Before/after of the resume and the score it could reach (current + 15, capped at 100). */
export function EnhancementPreview({ analysis }: { analysis: TStoredAnalysis }) {
  const current = analysis.overallScore;
  const potential = potentialScore(current);
  const currentBand = analysisBand(current);
  const potentialBand = analysisBand(potential);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Resume Enhancement Preview</CardTitle>
        <CardDescription>
          What the findings point to, and where acting on them could take your score.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          <PreviewList title="Before Analysis" items={analysis.preview.before} kind="before" />
          <PreviewList title="After Optimization" items={analysis.preview.after} kind="after" />
        </div>
        <dl className="flex flex-wrap items-center justify-center gap-4 rounded-lg bg-surface p-4 text-center">
          <div>
            <dt className="text-sm text-muted-foreground">Current score</dt>
            <dd className={cn("text-2xl font-bold", currentBand.textClass)} data-testid="current-score">
              {current}
            </dd>
          </div>
          <ArrowRight aria-hidden="true" className="size-5 text-muted-foreground" />
          <div>
            <dt className="text-sm text-muted-foreground">Potential score</dt>
            <dd className={cn("text-2xl font-bold", potentialBand.textClass)} data-testid="potential-score">
              {potential}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
