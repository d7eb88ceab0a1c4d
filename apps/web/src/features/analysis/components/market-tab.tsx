import type { TStoredAnalysis } from "@resumelens/contract";
import { TrendingUp } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { analysisBand } from "../../../lib/score-bands.ts";
import { FALLBACK } from "../lib/display.ts";

function Meter({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="font-semibold">{value}%</span>
      </div>
      <Progress value={value} aria-label={label} indicatorClassName={analysisBand(value).barClass} />
    </div>
  );
}

export function MarketTab({ market }: { market: TStoredAnalysis["competitiveAnalysis"] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Market Position</CardTitle>
          <CardDescription>How your profile lines up with this role and its industry.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <Meter label="Market alignment" value={market.marketAlignment} />
          <Meter label="Industry match" value={market.industryMatch} />
          <dl className="flex justify-between text-sm">
            <dt className="font-medium">Experience level</dt>
            <dd className="font-semibold">{market.experienceLevel.trim() || FALLBACK.notAvailable}</dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Positioning Suggestions</CardTitle>
        </CardHeader>
        <CardContent>
          {market.suggestions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No positioning suggestions for this job.</p>
          ) : (
            <ul className="space-y-2" aria-label="Positioning Suggestions">
              {market.suggestions.map((s) => (
                <li key={s} className="flex gap-2 text-sm">
                  <TrendingUp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span>{s}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
