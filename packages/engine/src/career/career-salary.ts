// Salaries along the path (BLS OEWS wage percentiles) and the occupation shown as the next step.
import type { TCareerPath } from "@resumelens/contract";
import type { Occupation } from "../data/types.ts";
import { occupationMaps } from "./career-roles.ts";

/** The label every salary figure carries. */
export const SALARY_SOURCE = "U.S. national wage percentiles, BLS OEWS May 2025";

/** The related occupation to show as the next step: O*NET's most related one that needs about as
 *  much preparation (a zone lower at most: O*NET rates some senior roles a zone lower) and pays at
 *  least 80% of the target's median, else the most related one. */
export function nextOccupation(occupation: Occupation): Occupation | null {
  const { byCode: codes } = occupationMaps();
  const related = occupation.related.map((c) => codes.get(c)).filter((o): o is Occupation => !!o);
  const median = occupation.wages?.median ?? 0;
  const zone = occupation.jobZone ?? 0;
  return (
    related
      .slice(0, 6)
      .find((o) => o.wages && o.wages.median >= median * 0.8 && (o.jobZone ?? 0) >= zone - 1) ??
    related[0] ??
    null
  );
}

/** The target's salary bands (entry, mid-career and senior wage percentiles), then the next step's. */
export function salaryRows(
  occupation: Occupation,
  next: Occupation | null,
): TCareerPath["salaryProgression"] {
  const rows: TCareerPath["salaryProgression"] = [];
  const name = (o: Occupation) => (o.wagesSoc ? `${o.title} (OEWS group ${o.wagesSoc})` : o.title);
  const w = occupation.wages;
  if (w) {
    rows.push(
      {
        role: name(occupation),
        timeframe: "Entry (10th–25th percentile)",
        minSalary: w.p10,
        maxSalary: w.p25,
      },
      {
        role: name(occupation),
        timeframe: "Mid-career (25th–75th percentile)",
        minSalary: w.p25,
        maxSalary: w.p75,
      },
      {
        role: name(occupation),
        timeframe: "Senior (75th–90th percentile)",
        minSalary: w.p75,
        maxSalary: w.p90,
      },
    );
  }
  // A next role paid from the same OEWS group (Clinical Nurse Specialists are counted with
  // Registered Nurses) would only repeat the mid-career band.
  const wageGroup = (o: Occupation) => o.wagesSoc ?? o.code.slice(0, 7);
  if (next?.wages && wageGroup(next) !== wageGroup(occupation)) {
    rows.push({
      role: name(next),
      timeframe: "Next role, mid-career (25th–75th percentile)",
      minSalary: next.wages.p25,
      maxSalary: next.wages.p75,
    });
  }
  return rows;
}
