import type { TCareerPath } from "@resumelens/contract";
import { ArrowRight, Award, Clock, Star } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorText } from "../../../lib/api-error.ts";
import { cn } from "../../../lib/cn.ts";
import { DEFAULT_CAREER_ROLE, useCareerPath } from "./api/career-path.ts";
import { useCareerTarget, useSaveCareerTarget } from "./api/career-role.ts";
import { RoleSearch } from "./components/role-search.tsx";
import { SalaryChart } from "./components/salary-chart.tsx";

type Gap = TCareerPath["skillGaps"][number];

const PRIORITY_BADGE: Record<
  Gap["priority"],
  { variant: "destructive" | "accent" | "muted"; label: string }
> = {
  high: { variant: "destructive", label: "High priority" },
  medium: { variant: "accent", label: "Medium priority" },
  low: { variant: "muted", label: "Low priority" },
};

/** Settings → Career Path (docs/product.md#career-path): the roadmap to a target role, default software-engineer. The role
 *  the user picks is remembered on their profile, so the tab reopens on it (reloads, devices). */
export function CareerPathTab() {
  const saved = useCareerTarget();
  const save = useSaveCareerTarget();
  // Until the remembered role is known nothing is fetched, so the default never flashes by.
  if (saved.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading career path" />
      </div>
    );
  }
  return (
    <CareerPathForRole
      initialRole={saved.data?.role ?? DEFAULT_CAREER_ROLE}
      chosen={Boolean(saved.data?.role)}
      onChoose={(slug) => save.mutate(slug)}
    />
  );
}

function CareerPathForRole({
  initialRole,
  chosen: chosenBefore,
  onChoose,
}: {
  initialRole: string;
  /** Whether the user picked the role (else it is the default, and the tab says so). */
  chosen: boolean;
  onChoose: (slug: string) => void;
}) {
  const [role, setRole] = useState(initialRole);
  const [chosen, setChosen] = useState(chosenBefore);
  const path = useCareerPath(role);
  const choose = (slug: string) => {
    setRole(slug);
    setChosen(true);
    onChoose(slug);
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="pt-6">
          <RoleSearch onSelect={(picked) => choose(picked.slug)} />
          {chosen ? null : (
            <p className="mt-2 text-sm text-muted-foreground">
              Showing Software Engineer until you choose: search for the role you are aiming for.
            </p>
          )}
        </CardContent>
      </Card>
      {path.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading career path" />
        </div>
      ) : path.isError ? (
        <Alert variant="destructive" title="Career path unavailable">
          {errorText(path.error, { fallback: "The career path could not be loaded. Please try again." })}
        </Alert>
      ) : (
        <CareerPathView path={path.data} onPickRole={choose} />
      )}
    </div>
  );
}

function CareerPathView({ path, onPickRole }: { path: TCareerPath; onPickRole: (slug: string) => void }) {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xl">
            {path.currentLevel} <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <span className="sr-only">to</span> {path.targetRole}
          </CardTitle>
          <CardDescription>
            O*NET occupation {path.occupationCode}.{" "}
            {path.personalised
              ? "Personalised from your latest analysis."
              : "Run an analysis to personalise this path."}
          </CardDescription>
        </CardHeader>
        {path.nextRoles.length > 0 ? (
          <CardContent>
            <p className="text-sm font-medium">Related roles</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {path.nextRoles.map((r) => (
                <li key={r.slug}>
                  <button
                    type="button"
                    onClick={() => onPickRole(r.slug)}
                    className="rounded-full border border-border px-3 py-1 text-xs font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {r.title}
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        ) : null}
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Development timeline</CardTitle>
          {path.timeline.some((p) => /^(Education|Licensure):/.test(p.phase)) ? (
            <CardDescription>
              Education and licence routes are typical U.S. routes curated by ResumeLens; durations are
              estimates and state requirements vary.
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col gap-6">
            {path.timeline.map((phase, i) => (
              <li key={phase.phase} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-soft-foreground"
                >
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{phase.phase}</h3>
                    <Badge variant="outline">
                      <Clock aria-hidden="true" className="size-3" />
                      {phase.duration}
                    </Badge>
                  </div>
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
                    {phase.objectives.map((o) => (
                      <li key={o}>{o}</li>
                    ))}
                  </ul>
                  {phase.skills.length > 0 ? (
                    <ul aria-label={`${phase.phase} skills`} className="mt-3 flex flex-wrap gap-1.5">
                      {phase.skills.map((s) => (
                        <li key={s}>
                          <Badge variant="secondary">{s}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Skill gaps</CardTitle>
          <CardDescription>
            {path.personalised
              ? "What the role asks for that your resume does not show yet (0–100)."
              : "Levels of a typical newcomer against the role's requirements (0–100)."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {path.skillGaps.length === 0 ? (
            <p className="text-sm text-muted-foreground">No gaps found for this role.</p>
          ) : (
            <ul className="grid gap-5 sm:grid-cols-2">
              {path.skillGaps.map((gap) => (
                <SkillGap key={gap.skill} gap={gap} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Recommended certifications</CardTitle>
          <CardDescription>Curated by ResumeLens; study times are rough estimates.</CardDescription>
        </CardHeader>
        <CardContent>
          {path.certifications.length === 0 ? (
            <p className="text-sm text-muted-foreground">No certifications curated for this role yet.</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {path.certifications.map((cert) => (
                <li key={cert.name} className="flex gap-3 rounded-lg border border-border p-4">
                  <Award aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium leading-snug">{cert.name}</p>
                    <p className="text-sm text-muted-foreground">{cert.provider}</p>
                    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
                      <Relevance value={cert.relevance} />
                      <span className="text-muted-foreground">
                        Estimated time: {cert.estimatedTime.replace(/\s*\(estimate\)$/, "")} (estimate)
                      </span>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Expected salary progression</CardTitle>
          <CardDescription>{path.salarySource}</CardDescription>
        </CardHeader>
        <CardContent>
          <SalaryChart rows={path.salaryProgression} source={path.salarySource} />
        </CardContent>
      </Card>

      <p className="text-xs text-muted-foreground">
        Occupations, skills, technologies and preparation levels: O*NET 29.3 Database by USDOL/ETA, used under
        CC BY 4.0 and modified by ResumeLens. Wages: U.S. Bureau of Labor Statistics, OEWS, May 2025, national
        estimates.
      </p>
    </div>
  );
}

function SkillGap({ gap }: { gap: Gap }) {
  const badge = PRIORITY_BADGE[gap.priority];
  return (
    <li className="min-w-0">
      <div className="flex items-start justify-between gap-2">
        {/* The whole name, wrapped: "Medical software (MEDITECH, Epic, …)" must be read, not guessed. */}
        <span className="min-w-0 break-words font-medium text-sm">{gap.skill}</span>
        <Badge variant={badge.variant} className="shrink-0 whitespace-nowrap">
          {badge.label}
        </Badge>
      </div>
      <div className="relative mt-2">
        <Progress
          value={gap.currentLevel}
          max={100}
          aria-label={`${gap.skill}: current level ${gap.currentLevel} of 100, required ${gap.requiredLevel}`}
        />
        <span
          aria-hidden="true"
          title={`Required: ${gap.requiredLevel}`}
          className="absolute -top-1 h-4.5 w-0.5 rounded bg-foreground"
          style={{ left: `calc(${gap.requiredLevel}% - 1px)` }}
        />
      </div>
      <p className="mt-1.5 flex justify-between text-xs text-muted-foreground tabular-nums">
        <span>Current {gap.currentLevel}</span>
        <span>Required {gap.requiredLevel}</span>
      </p>
    </li>
  );
}

function Relevance({ value }: { value: number }) {
  return (
    <span role="img" aria-label={`Relevance ${value} out of 5`} className="inline-flex items-center gap-1">
      <span className="inline-flex" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            className={cn("size-3.5", n <= value ? "fill-amber-400 text-amber-500" : "text-slate-300")}
          />
        ))}
      </span>
      <span aria-hidden="true" className="font-medium">
        {value}/5
      </span>
    </span>
  );
}
