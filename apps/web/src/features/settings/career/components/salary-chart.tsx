import type { TCareerPath } from "@resumelens/contract";

type Row = TCareerPath["salaryProgression"][number];

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** "$82,460". */
export function formatSalary(value: number): string {
  return usd.format(value);
}

/** "$80k" for axis ticks. */
function shortSalary(value: number): string {
  return `$${Math.round(value / 1000)}k`;
}

/** A round step that gives 3–6 ticks over the range. */
function tickStep(span: number): number {
  for (const step of [5_000, 10_000, 20_000, 25_000, 50_000, 100_000, 200_000]) {
    if (span / step <= 5) return step;
  }
  return 500_000;
}

/**
 * Range bars (min–max per role and timeframe) on one shared dollar scale. Bars are SVG that
 * stretch to the width; labels are HTML so they stay readable on a phone. Screen readers get the
 * summary in the label and the figures in a table.
 */
export function SalaryChart({ rows, source }: { rows: Row[]; source: string }) {
  if (rows.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        BLS OEWS publishes no national wages for this occupation.
      </p>
    );
  }
  const lowest = Math.min(...rows.map((r) => r.minSalary));
  const highest = Math.max(...rows.map((r) => r.maxSalary));
  const step = tickStep(highest - lowest);
  const from = Math.floor(lowest / step) * step;
  const to = Math.max(from + step, Math.ceil(highest / step) * step);
  const pct = (value: number) => ((value - from) / (to - from)) * 100;
  const ticks: number[] = [];
  for (let t = from; t <= to; t += step) ticks.push(t);
  const summary = rows
    .map((r) => `${r.timeframe}, ${r.role}: ${formatSalary(r.minSalary)} to ${formatSalary(r.maxSalary)}`)
    .join("; ");

  return (
    <figure className="flex flex-col gap-3">
      <div role="img" aria-label={`Salary progression chart. ${summary}.`} className="flex flex-col gap-4">
        {rows.map((row, i) => {
          const next = row.timeframe.startsWith("Next role");
          return (
            <div key={`${row.role}-${row.timeframe}`} aria-hidden="true">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium">{row.timeframe}</span>
                <span className="tabular-nums text-muted-foreground">
                  {formatSalary(row.minSalary)} – {formatSalary(row.maxSalary)}
                </span>
              </div>
              <p className="text-xs text-muted-foreground">{row.role}</p>
              <svg
                aria-hidden="true"
                viewBox="0 0 100 10"
                preserveAspectRatio="none"
                className="mt-1.5 h-3 w-full overflow-visible"
                focusable="false"
              >
                <rect x="0" y="0" width="100" height="10" rx="2" className="fill-muted" />
                <rect
                  x={pct(row.minSalary)}
                  y="0"
                  width={Math.max(0.8, pct(row.maxSalary) - pct(row.minSalary))}
                  height="10"
                  rx="2"
                  className={next ? "fill-accent" : i === 0 ? "fill-primary/60" : "fill-primary"}
                />
              </svg>
            </div>
          );
        })}
        <div aria-hidden="true" className="relative h-4 text-[11px] text-muted-foreground tabular-nums">
          {ticks.map((t, i) => (
            <span
              key={t}
              className="absolute top-0"
              style={{
                left: `${pct(t)}%`,
                transform:
                  i === 0 ? "none" : i === ticks.length - 1 ? "translateX(-100%)" : "translateX(-50%)",
              }}
            >
              {shortSalary(t)}
            </span>
          ))}
        </div>
      </div>
      {/* Wrapped: a table ignores the 1px width of sr-only and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Expected salary progression ({source})</caption>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Timeframe</th>
              <th scope="col">Minimum salary</th>
              <th scope="col">Maximum salary</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.role}-${row.timeframe}`}>
                <td>{row.role}</td>
                <td>{row.timeframe}</td>
                <td>{formatSalary(row.minSalary)}</td>
                <td>{formatSalary(row.maxSalary)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="text-xs text-muted-foreground">
        {source}: annual wages; percentile bands stand in for career stages (OEWS has no seniority levels).
      </figcaption>
    </figure>
  );
}
