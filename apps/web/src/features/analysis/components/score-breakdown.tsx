import type { TAnalysisResult, TOmitted, TScoreComponent } from "@resumelens/contract";
import { skillCounts, skillsWord } from "@resumelens/contract";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { analysisBand } from "../../../lib/score-bands.ts";
import { formatPoints, formatWeight } from "../lib/display.ts";

/** Why the overall score is what it is: each component's weight, own score, points and reason. */
export function ScoreBreakdown({
  components,
  overallScore,
  skillsMatch,
  omitted,
}: {
  components: TScoreComponent[];
  overallScore: number;
  /** For the required-skills part: the Skills Match card's count, which counts skills alone. */
  skillsMatch?: TAnalysisResult["skillsMatch"];
  /** Skills the capped lists left out (counted all the same). */
  omitted?: TOmitted;
}) {
  const required = skillsMatch ? skillCounts(skillsMatch, omitted).required : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="score-breakdown-heading">
          How your score is calculated
        </CardTitle>
        <CardDescription>
          Each part is scored out of 100 and counts for its weight; the points add up to your overall score of{" "}
          {overallScore}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {components.length === 0 ? (
          <p className="text-sm text-muted-foreground">{"No breakdown is available for this analysis."}</p>
        ) : (
          <ul className="divide-y divide-border" aria-labelledby="score-breakdown-heading">
            {components.map((c) => (
              <li key={c.key} className="py-3 first:pt-0 last:pb-0" data-testid={`breakdown-${c.key}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h3 className="font-medium">{c.label}</h3>
                  <p className="text-sm text-muted-foreground">
                    Weight {formatWeight(c.weight)} · Score {Math.round(c.value)}/100 ·{" "}
                    <span className="font-semibold text-foreground">{formatPoints(c.points)} points</span>
                  </p>
                </div>
                <Progress
                  value={c.value}
                  className="mt-2"
                  indicatorClassName={analysisBand(c.value).barClass}
                  aria-label={`${c.label} score`}
                />
                <p className="mt-2 text-sm text-muted-foreground">{c.explanation}</p>
                {c.key === "requiredSkills" && required && required.total > 0 ? (
                  // The engine's count here is what this part of the score weighs: years of
                  // experience asked for included, requirements stated in words left to 'Other
                  // requirements'. The card counts `skillsMatch`, which has neither split.
                  <p className="mt-1 text-sm text-muted-foreground" data-testid="required-skills-note">
                    The Skills Match card counts a different set, {required.matched} of{" "}
                    {skillsWord(required.total)}: every required skill, including the ones the posting states
                    in words, but not the years of experience.
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
