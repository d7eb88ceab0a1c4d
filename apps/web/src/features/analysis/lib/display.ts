/*
 * The display values (docs/product.md#display-values) in one place, so every part of the results screen says
 * and colours things the same way. Colour is never the only signal: each style has a text label.
 */

/** Badge colour sets: complete (background, text, border), so nothing needs overriding. */
const TONE = {
  destructive: "border-transparent bg-destructive text-destructive-foreground",
  outline: "border-border bg-background text-foreground",
  success: "border-transparent bg-green-700 text-white",
  info: "border-transparent bg-primary-soft text-primary-soft-foreground",
  warning: "border-transparent bg-orange-100 text-orange-900",
  caution: "border-transparent bg-amber-100 text-amber-900",
  muted: "border-transparent bg-muted text-muted-foreground",
  accent: "border-transparent bg-accent-soft text-accent-soft-foreground",
} as const;

export const FALLBACK = {
  noKeywords: "No keywords data available",
  noMissingKeywords: "No missing keywords data available",
  notAvailable: "N/A",
  noGap: "No gap data available",
} as const;

/** Potential score: current plus 15, capped at 100 (docs/product.md#display-values). */
export function potentialScore(current: number): number {
  return Math.min(100, Math.max(0, current) + 15);
}

/** Years as people say them: "1 year", "4.5 years". */
export function formatYears(years: number): string {
  const rounded = Math.round(years * 10) / 10;
  return `${rounded} ${rounded === 1 ? "year" : "years"}`;
}

/**
 * The gap card's wording (docs/product.md#display-values): above 0 means years above the requirement, below 0
 * below it, 0
 * exactly meets it. A job that states no requirement (or a gap that is not a number) has no gap.
 */
export function gapText(gap: number, requiredYears: number): string {
  if (!Number.isFinite(gap) || !Number.isFinite(requiredYears) || requiredYears <= 0) return FALLBACK.noGap;
  if (gap > 0) return `${formatYears(gap)} above requirement`;
  if (gap < 0) return `${formatYears(-gap)} below requirement`;
  return "Exactly meets requirement";
}

export type StatusStyle = { label: string; className: string };

/** Experience status: the three known values, anything else 'Cannot determine' in outline style. */
export function assessmentStyle(assessment: string): StatusStyle {
  switch (assessment) {
    case "Over-qualified":
      return { label: "Over-qualified", className: TONE.info };
    case "Well-matched":
      return { label: "Well-matched", className: TONE.success };
    case "Under-qualified":
      return { label: "Under-qualified", className: TONE.destructive };
    default:
      return { label: "Cannot determine", className: TONE.outline };
  }
}

/** ATS issue severity: Critical, High, Medium, anything else. */
export function severityStyle(severity: string): StatusStyle & { borderClass: string } {
  switch (severity) {
    case "Critical":
      return { label: "Critical", className: TONE.destructive, borderClass: "border-l-red-600" };
    case "High":
      return { label: "High", className: TONE.warning, borderClass: "border-l-orange-500" };
    case "Medium":
      return { label: "Medium", className: TONE.caution, borderClass: "border-l-amber-400" };
    default:
      return { label: severity || "Low", className: TONE.muted, borderClass: "border-l-slate-300" };
  }
}

/** Skill and requirement priority: 'Required' is destructive. */
export function priorityStyle(priority: string): StatusStyle {
  if (priority === "Required") return { label: "Required", className: TONE.destructive };
  return { label: priority || "Preferred", className: TONE.info };
}

/** Experience-source relevance: High, Medium, anything else. */
export function relevanceStyle(relevance: string): StatusStyle {
  switch (relevance) {
    case "High":
      return { label: "High relevance", className: TONE.success };
    case "Medium":
      return { label: "Medium relevance", className: TONE.caution };
    default:
      return { label: `${relevance || "Low"} relevance`, className: TONE.muted };
  }
}

export function requirementStatusStyle(status: string): StatusStyle {
  switch (status) {
    case "matched":
      return { label: "Fulfilled", className: TONE.success };
    case "partial":
      return { label: "Partial", className: TONE.caution };
    default:
      return { label: "Missing", className: TONE.destructive };
  }
}

export function impactStyle(impact: string): StatusStyle {
  switch (impact) {
    case "high":
      return { label: "High impact", className: TONE.destructive };
    case "medium":
      return { label: "Medium impact", className: TONE.accent };
    default:
      return { label: "Low impact", className: TONE.muted };
  }
}

/** A 0..1 weight as a whole percent. */
export function formatWeight(weight: number): string {
  return `${Math.round(weight * 100)}%`;
}

/** Points with at most one decimal. */
export function formatPoints(points: number): string {
  return String(Math.round(points * 10) / 10);
}
