import type { THistoryItem } from "@resumelens/contract";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Label } from "../../../components/ui/label.tsx";
import { formatDate, formatDateTime, formatTime } from "../../../lib/format-date.ts";
import { defaultRole, groupByRole, oldestFirst, type RoleGroup, UNTITLED_ROLE } from "../api/history.ts";

/** Drawn at the container's own width and a fixed height, so nothing is stretched or squashed. */
const HEIGHT = 180;
const PAD = { top: 12, right: 16, bottom: 28, left: 36 };
const GRID = [0, 60, 80, 100];
/** Until the container is measured (and in tests, which have no layout). */
const FALLBACK_WIDTH = 600;

/** A sentence a screen reader (and everyone else) can read instead of the drawing. */
export function trendSummary(items: readonly THistoryItem[]): string {
  const ordered = oldestFirst(items);
  const first = ordered[0];
  const last = ordered.at(-1);
  if (!first || !last) return "No analyses yet.";
  if (ordered.length === 1)
    return `One analysis so far, on ${formatDate(first.createdAt)}, scoring ${first.overallScore}.`;
  const best = Math.max(...ordered.map((item) => item.overallScore));
  const change = last.overallScore - first.overallScore;
  const points = (n: number) => `${n} ${n === 1 ? "point" : "points"}`;
  const direction =
    change > 0 ? `up ${points(change)}` : change < 0 ? `down ${points(-change)}` : "unchanged";
  const [from, to] = spanLabels(first.createdAt, last.createdAt, formatDateTime);
  return `${ordered.length} analyses from ${from} to ${to}: from ${first.overallScore} to ${last.overallScore} (${direction}), best ${best}.`;
}

/** The two ends of a span: dates, or (within one day) `sameDay`'s labels, so they never read the same. */
function spanLabels(first: string, last: string, sameDay: (iso: string) => string): [string, string] {
  return formatDate(first) === formatDate(last)
    ? [sameDay(first), sameDay(last)]
    : [formatDate(first), formatDate(last)];
}

/** "for Registered Nurse", or what an untitled group really is. */
function groupPhrase(group: RoleGroup): string {
  return group.key
    ? `for ${group.label}`
    : "for postings without a recognisable title (possibly different jobs)";
}

/**
 * The score trend, one job title at a time: scores for different jobs measure different things,
 * so only analyses for the same role are compared. A picker switches roles when there are several.
 */
export function ScoreTrend({ items }: { items: readonly THistoryItem[] }) {
  const groups = useMemo(() => groupByRole(items), [items]);
  const [chosen, setChosen] = useState<string | null>(null);
  const group = groups.find((g) => g.key === chosen) ?? defaultRole(groups);
  const selectId = useId();
  if (!group) return null;
  const summary = `${group.key ? group.label : UNTITLED_ROLE}: ${trendSummary(group.items)}`;

  return (
    <div className="flex flex-col gap-4">
      {groups.length > 1 ? (
        <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
          <Label htmlFor={selectId}>Job</Label>
          <select
            id={selectId}
            value={group.key}
            onChange={(event) => setChosen(event.target.value)}
            className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-auto sm:max-w-md"
          >
            {groups.map((g) => (
              <option key={g.key} value={g.key}>
                {g.label} ({g.items.length} {g.items.length === 1 ? "analysis" : "analyses"})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Scores {groupPhrase(group)} only: a score measures a resume against one job, so different jobs are not
        compared.
      </p>
      {group.items.length > 1 ? (
        <ScoreTrendChart items={group.items} summary={summary} />
      ) : (
        // One point is not a trend: say how to get one instead of drawing a lone dot.
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
          One analysis for this job so far. Analyze your resume against this job again to see how your score
          changes.
        </p>
      )}
    </div>
  );
}

/** Score over time for one role: an inline SVG line chart, oldest on the left. */
export function ScoreTrendChart({ items, summary }: { items: readonly THistoryItem[]; summary: string }) {
  const ordered = oldestFirst(items);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const innerW = Math.max(width - PAD.left - PAD.right, 1);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) =>
    PAD.left + (ordered.length === 1 ? innerW / 2 : (i / (ordered.length - 1)) * innerW);
  const y = (score: number) => PAD.top + innerH - (Math.min(Math.max(score, 0), 100) / 100) * innerH;
  const points = ordered.map((item, i) => `${x(i)},${y(item.overallScore)}`).join(" ");
  const first = ordered[0];
  const last = ordered.at(-1);
  // Axis ends: the days, or the times when every analysis is from one day.
  const [fromLabel, toLabel] =
    first && last ? spanLabels(first.createdAt, last.createdAt, formatTime) : ["", ""];

  return (
    <figure className="flex flex-col gap-3">
      <div ref={box} className="w-full">
        <svg
          data-testid="score-trend-chart"
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          className="block max-w-full text-primary"
        >
          <title>{summary}</title>
          {GRID.map((score) => (
            <g key={score}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={y(score)}
                y2={y(score)}
                className="stroke-border"
                strokeDasharray={score === 0 ? undefined : "4 4"}
              />
              <text
                x={PAD.left - 8}
                y={y(score) + 4}
                textAnchor="end"
                className="fill-muted-foreground text-[12px]"
              >
                {score}
              </text>
            </g>
          ))}
          {first && last && ordered.length > 1 ? (
            <>
              <text x={x(0)} y={HEIGHT - 8} textAnchor="start" className="fill-muted-foreground text-[12px]">
                {fromLabel}
              </text>
              <text
                x={x(ordered.length - 1)}
                y={HEIGHT - 8}
                textAnchor="end"
                className="fill-muted-foreground text-[12px]"
              >
                {toLabel}
              </text>
              <polyline
                points={points}
                fill="none"
                stroke="currentColor"
                strokeWidth={2.5}
                strokeLinejoin="round"
              />
            </>
          ) : null}
          {ordered.map((item, i) => (
            <circle key={item.id} cx={x(i)} cy={y(item.overallScore)} r={4} fill="currentColor" />
          ))}
        </svg>
      </div>
      <figcaption aria-hidden="true" className="text-sm text-muted-foreground">
        {summary}
      </figcaption>
    </figure>
  );
}
