import type { TOmitted, TStoredAnalysis } from "@resumelens/contract";
import { skillCounts, skillsWord } from "@resumelens/contract";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { priorityStyle } from "../lib/display.ts";
import { EvidenceQuote } from "./evidence-quote.tsx";
import { MoreItems } from "./more-items.tsx";
import { StatusBadge } from "./status-badge.tsx";

export function SkillsTab({
  skillsMatch,
  omitted,
}: {
  skillsMatch: TStoredAnalysis["skillsMatch"];
  /** What the capped lists left out: counted in the figures, and said under each list. */
  omitted?: TOmitted;
}) {
  // The required figures are the Skills Match card's, from the same helper.
  const { all, required } = skillCounts(skillsMatch, omitted);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Matched Skills</CardTitle>
          <CardDescription data-testid="skills-matched-count">
            {all.matched} of the {skillsWord(all.total)} the job asks for found in your resume (
            {required.matched} of {required.total} required), with the line that shows each.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {skillsMatch.matched.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No skills from the job description were found in your resume.
            </p>
          ) : (
            <ul className="space-y-3" aria-label="Matched Skills">
              {skillsMatch.matched.map((s) => (
                <li key={s.skill} className="rounded-lg border border-green-200 bg-green-50/50 p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{s.skill}</span>
                    <Badge variant="secondary">{s.level}</Badge>
                    {s.match === "related" ? <Badge variant="outline">Related match</Badge> : null}
                    <StatusBadge style={priorityStyle(s.priority)} />
                  </div>
                  {s.evidence ? (
                    <EvidenceQuote evidence={s.evidence} />
                  ) : (
                    <p className="mt-1 text-sm text-muted-foreground">
                      Listed, but no line in your resume shows it in use.
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
          <MoreItems
            count={(omitted?.matchedRequired ?? 0) + (omitted?.matchedPreferred ?? 0)}
            what="matched skills"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Skills Gap</CardTitle>
          <CardDescription data-testid="skills-gap-count">
            {all.missing} of the {skillsWord(all.total)} the job asks for not shown in your resume (
            {required.missing} of {required.total} required).
          </CardDescription>
        </CardHeader>
        <CardContent>
          {skillsMatch.missing.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No missing skills: your resume covers every skill the job lists.
            </p>
          ) : (
            <ul className="space-y-2" aria-label="Skills Gap">
              {skillsMatch.missing.map((s) => (
                <li
                  key={s.skill}
                  className="flex items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50/50 p-3"
                >
                  <span className="font-medium">{s.skill}</span>
                  <StatusBadge style={priorityStyle(s.priority)} />
                </li>
              ))}
            </ul>
          )}
          <MoreItems
            count={(omitted?.missingRequired ?? 0) + (omitted?.missingPreferred ?? 0)}
            what="missing skills"
          />
        </CardContent>
      </Card>
    </div>
  );
}
