import type { TStoredAnalysis } from "@resumelens/contract";
import { skillCounts } from "@resumelens/contract";
import { FileSearch, Lightbulb, ListChecks } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { analysisBand } from "../../../lib/score-bands.ts";
import { ScoreRing } from "./score-ring.tsx";

function SummaryCard({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <li>
      <Card className="h-full" data-testid={`summary-${title}`}>
        <div className="flex items-center justify-between gap-2 px-6 pt-6 pb-2">
          <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
          {icon}
        </div>
        <CardContent>{children}</CardContent>
      </Card>
    </li>
  );
}

/** The four summary cards: overall score, skills match, ATS score, improvements. */
export function SummaryCards({ analysis }: { analysis: TStoredAnalysis }) {
  const band = analysisBand(analysis.overallScore);
  // The same count as the Skills Analysis tab's "required" figures (one helper for both).
  const skills = skillCounts(analysis.skillsMatch, analysis.omitted).required;
  const improvements = analysis.recommendations.length;
  return (
    <section aria-labelledby="analysis-summary-heading">
      <h2 id="analysis-summary-heading" className="sr-only">
        Summary
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryCard title="Overall Score">
          {/* Ring beside the label only when the card is wide enough for 'Needs Improvement' next to
              it; in a narrow card (four across on a laptop) the label goes under the ring. */}
          <div className="@container">
            <div className="flex flex-col items-center gap-3 text-center @[15rem]:flex-row @[15rem]:gap-4 @[15rem]:text-left">
              <ScoreRing score={analysis.overallScore} />
              <div className="min-w-0 break-words">
                <p className="text-sm text-muted-foreground">
                  <span className="sr-only">Overall score </span>
                  {analysis.overallScore} out of 100
                </p>
                <p className={cn("font-semibold", band.textClass)} data-testid="score-band">
                  {band.label}
                </p>
              </div>
            </div>
          </div>
        </SummaryCard>
        <SummaryCard
          title="Skills Match"
          icon={<ListChecks aria-hidden="true" className="size-5 text-muted-foreground" />}
        >
          <p className="text-3xl font-bold">
            {skills.matched}/{skills.total}
          </p>
          <p className="text-sm text-muted-foreground">required skills matched</p>
        </SummaryCard>
        <SummaryCard
          title="ATS Score"
          icon={<FileSearch aria-hidden="true" className="size-5 text-muted-foreground" />}
        >
          <p className="text-3xl font-bold">{analysis.atsAnalysis.score}%</p>
          <p className="text-sm text-muted-foreground">applicant tracking readability</p>
        </SummaryCard>
        <SummaryCard
          title="Improvements"
          icon={<Lightbulb aria-hidden="true" className="size-5 text-muted-foreground" />}
        >
          <p className="text-3xl font-bold">{improvements}</p>
          <p className="text-sm text-muted-foreground">
            {improvements === 1 ? "recommendation" : "recommendations"}
          </p>
        </SummaryCard>
      </ul>
    </section>
  );
}
