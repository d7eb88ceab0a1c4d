import type { THistoryItem } from "@resumelens/contract";
import { formatDate, oldestFirst } from "../api/history.ts";

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 12, right: 16, bottom: 12, left: 36 };
const GRID = [0, 60, 80, 100];

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
  const direction = change > 0 ? `up ${change} points` : change < 0 ? `down ${-change} points` : "unchanged";
  return `${ordered.length} analyses from ${formatDate(first.createdAt)} to ${formatDate(last.createdAt)}: from ${first.overallScore} to ${last.overallScore} (${direction}), best ${best}.`;
}

/** Score over time: an inline SVG line chart, oldest on the left. */
export function ScoreTrendChart({ items }: { items: readonly THistoryItem[] }) {
  const summary = trendSummary(items);
  const ordered = oldestFirst(items);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) =>
    PAD.left + (ordered.length === 1 ? innerW / 2 : (i / (ordered.length - 1)) * innerW);
  const y = (score: number) => PAD.top + innerH - (Math.min(Math.max(score, 0), 100) / 100) * innerH;
  const points = ordered.map((item, i) => `${x(i)},${y(item.overallScore)}`).join(" ");

  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        className="h-48 w-full text-primary"
        preserveAspectRatio="none"
      >
        <title>{summary}</title>
        {GRID.map((score) => (
          <g key={score}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(score)}
              y2={y(score)}
              className="stroke-border"
              strokeDasharray={score === 0 ? undefined : "4 4"}
            />
            <text
              x={PAD.left - 8}
              y={y(score) + 4}
              textAnchor="end"
              className="fill-muted-foreground text-[11px]"
            >
              {score}
            </text>
          </g>
        ))}
        {ordered.length > 1 ? (
          <polyline
            points={points}
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinejoin="round"
          />
        ) : null}
        {ordered.map((item, i) => (
          <circle key={item.id} cx={x(i)} cy={y(item.overallScore)} r={4} fill="currentColor" />
        ))}
      </svg>
      <figcaption aria-hidden="true" className="text-sm text-muted-foreground">
        {summary}
      </figcaption>
    </figure>
  );
}
