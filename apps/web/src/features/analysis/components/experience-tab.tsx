import type { TOmitted, TStoredAnalysis } from "@resumelens/contract";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { cn } from "../../../lib/cn.ts";
import {
  assessmentStyle,
  FALLBACK,
  formatYears,
  gapText,
  priorityStyle,
  relevanceStyle,
  requirementStatusStyle,
} from "../lib/display.ts";
import { EvidenceQuote } from "./evidence-quote.tsx";
import { MoreItems } from "./more-items.tsx";
import { StatusBadge } from "./status-badge.tsx";

type Experience = TStoredAnalysis["experienceComparison"];

function gapTone(gap: number, text: string) {
  if (text === FALLBACK.noGap) return "border-border bg-surface";
  if (gap < 0) return "border-red-200 bg-red-50 text-red-900";
  return "border-green-200 bg-green-50 text-green-900";
}

function GapCard({ experience }: { experience: Experience }) {
  const text = gapText(experience.gap, experience.requiredYears);
  const style = assessmentStyle(experience.assessment);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Experience Gap</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p
          className={cn("rounded-lg border p-4 text-2xl font-bold", gapTone(experience.gap, text))}
          data-testid="gap-text"
        >
          {text}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">Experience status:</span>
          <StatusBadge style={style} />
        </div>
      </CardContent>
    </Card>
  );
}

function YearsComparison({ experience }: { experience: Experience }) {
  const max = Math.max(experience.resumeYears, experience.requiredYears, 1);
  const noRequirement = experience.requiredYears <= 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Years of Experience</CardTitle>
        <CardDescription>Relevant years in your resume against what the job asks for.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {experience.relevantYears !== undefined && (
          <div>
            <div className="mb-1 flex justify-between text-sm">
              <span className="font-medium">Relevant to this job</span>
              <span className="font-semibold">{formatYears(experience.relevantYears)}</span>
            </div>
            <Progress value={Math.min(experience.relevantYears, max)} max={max} aria-label="Relevant years" />
            <p className="mt-1 text-xs text-muted-foreground">
              Roles like this one; recent years count most. The gap and status use these years.
            </p>
          </div>
        )}
        <div>
          <div className="mb-1 flex justify-between text-sm">
            <span className="font-medium">
              {experience.relevantYears !== undefined ? "In total" : "Your resume"}
            </span>
            <span className="font-semibold">{formatYears(experience.resumeYears)}</span>
          </div>
          <Progress value={experience.resumeYears} max={max} aria-label="Your resume years" />
        </div>
        <div>
          <div className="mb-1 flex justify-between text-sm">
            <span className="font-medium">Required</span>
            <span className="font-semibold">
              {noRequirement ? "Not stated" : formatYears(experience.requiredYears)}
            </span>
          </div>
          <Progress
            value={experience.requiredYears}
            max={max}
            aria-label="Required years"
            indicatorClassName="bg-slate-500!"
          />
        </div>
      </CardContent>
    </Card>
  );
}

function ExperienceSources({ sources, more }: { sources: Experience["experienceSources"]; more?: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Experience Sources</CardTitle>
        <CardDescription>The roles in your resume that count toward this job.</CardDescription>
      </CardHeader>
      <CardContent>
        {sources.length === 0 ? (
          <p className="text-sm text-muted-foreground">No roles were found in your resume.</p>
        ) : (
          <ul className="space-y-3" aria-label="Experience Sources">
            {sources.map((s) => (
              <li key={`${s.role}-${s.duration}`} className="rounded-lg border border-border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h4 className="font-medium">{s.role}</h4>
                  <StatusBadge style={relevanceStyle(s.relevance)} />
                </div>
                <p className="mt-1 text-sm text-muted-foreground">
                  Duration: {s.duration.trim() || FALLBACK.notAvailable}
                </p>
                {s.transferableSkills.length > 0 ? (
                  <div className="mt-2">
                    <p className="text-xs font-medium text-muted-foreground">Transferable skills</p>
                    <ul
                      className="mt-1 flex flex-wrap gap-1.5"
                      aria-label={`Transferable skills from ${s.role}`}
                    >
                      {s.transferableSkills.map((skill) => (
                        <li key={skill}>
                          <Badge variant="muted">{skill}</Badge>
                        </li>
                      ))}
                    </ul>
                    <MoreItems count={s.transferableSkillsOmitted} what="skills" />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <MoreItems count={more} what="roles" />
      </CardContent>
    </Card>
  );
}

function JobRequirements({ requirements }: { requirements: Experience["jobRequirements"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Job Requirements Mapping</CardTitle>
        <CardDescription>Each requirement of the job and what in your resume meets it.</CardDescription>
      </CardHeader>
      <CardContent>
        {requirements.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No requirements were detected in the job description.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Job Requirements">
            {requirements.map((r) => (
              <li key={r.requirement} className="rounded-lg border border-border p-3">
                {/* Stacked on phones: beside the badges the requirement got one to three words a line. */}
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <h4 className="min-w-0 font-medium break-words sm:flex-1">{r.requirement}</h4>
                  <div className="flex shrink-0 flex-wrap gap-1.5">
                    <StatusBadge style={priorityStyle(r.priority)} />
                    <StatusBadge style={requirementStatusStyle(r.status)} />
                  </div>
                </div>
                <p className="mt-1 text-sm">
                  <span className="text-muted-foreground">Matching experience: </span>
                  {r.matchingExperience.trim() || FALLBACK.notAvailable}
                </p>
                {r.evidence ? <EvidenceQuote evidence={r.evidence} /> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function ExperienceTab({ experience, omitted }: { experience: Experience; omitted?: TOmitted }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <GapCard experience={experience} />
      <YearsComparison experience={experience} />
      <ExperienceSources sources={experience.experienceSources} more={omitted?.experienceSources} />
      <JobRequirements requirements={experience.jobRequirements} />
    </div>
  );
}
