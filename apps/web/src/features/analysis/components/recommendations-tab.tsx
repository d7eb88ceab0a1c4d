import type { TStoredAnalysis } from "@resumelens/contract";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { impactStyle } from "../lib/display.ts";
import { StatusBadge } from "./status-badge.tsx";

export function RecommendationsTab({
  recommendations,
}: {
  recommendations: TStoredAnalysis["recommendations"];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>AI Recommendations</CardTitle>
        <CardDescription>Concrete changes, most useful first.</CardDescription>
      </CardHeader>
      <CardContent>
        {recommendations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recommendations: nothing stood out to change.</p>
        ) : (
          <ol className="space-y-3" aria-label="AI Recommendations">
            {recommendations.map((r, index) => (
              <li key={r.title} className="flex gap-3 rounded-lg border border-border p-4">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h4 className="font-semibold">{r.title}</h4>
                    <StatusBadge style={impactStyle(r.impact)} />
                  </div>
                  <p className="mt-1 text-sm text-muted-foreground">{r.description}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
