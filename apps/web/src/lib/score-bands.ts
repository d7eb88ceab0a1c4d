import { scoreBand as bandOf } from "@resumelens/contract";

/*
 * The one place the web turns a score into a label and a colour (docs/product.md#display-values). Where the
 * bands start
 * (80 / 60) is the contract's `scoreBand`, shared with the API's e-mails; here each band gets the
 * two sets of words and colours the spec gives: the analysis screens' and the history list's.
 */

type Tone = ReturnType<typeof bandOf>["tone"];

/** A band on the analysis screens: 'Excellent Match' (green), 'Good Match' (orange), 'Needs Improvement' (red). */
export type AnalysisBand = {
  label: "Excellent Match" | "Good Match" | "Needs Improvement";
  tone: "green" | "orange" | "red";
  /** Text colour for the score and its label. */
  textClass: string;
  /** Stroke colour for the score ring. */
  strokeClass: string;
  /** Fill colour for a Progress indicator; `!` because it replaces the indicator's own colour. */
  barClass: string;
};

const ANALYSIS_STYLES: Record<Tone, Omit<AnalysisBand, "label">> = {
  good: {
    tone: "green",
    textClass: "text-green-700",
    strokeClass: "stroke-green-600",
    barClass: "bg-green-600!",
  },
  warn: {
    tone: "orange",
    textClass: "text-orange-700",
    strokeClass: "stroke-orange-500",
    barClass: "bg-orange-500!",
  },
  bad: { tone: "red", textClass: "text-red-700", strokeClass: "stroke-red-600", barClass: "bg-red-600!" },
};

/** The analysis screens' band of a score. */
export function analysisBand(score: number): AnalysisBand {
  const { label, tone } = bandOf(score);
  return { label, ...ANALYSIS_STYLES[tone] };
}

/** A band in the history list: 'Excellent' (green), 'Good' (yellow), 'Needs Work' (red). */
export type HistoryBand = { label: "Excellent" | "Good" | "Needs Work"; className: string };

const HISTORY_BANDS: Record<Tone, HistoryBand> = {
  good: { label: "Excellent", className: "bg-success-soft text-success border-success/30" },
  warn: { label: "Good", className: "bg-warning-soft text-warning-soft-foreground border-amber-300" },
  bad: {
    label: "Needs Work",
    className: "bg-destructive-soft text-destructive-soft-foreground border-destructive/30",
  },
};

/** The history list's band of a score. */
export function historyBand(score: number): HistoryBand {
  return HISTORY_BANDS[bandOf(score).tone];
}
