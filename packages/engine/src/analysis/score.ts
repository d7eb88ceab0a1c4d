/**
 * Stage 6 — the overall score: a weighted sum of seven components, each 0..100. The weights and
 * the relevance calibration are fitted by `scripts/fit-score.ts` on evaluation data and read
 * from `data/score-model.json`; nothing here is tuned by hand. A component that does not apply
 * (no preferred items, no degree asked for, no title) gives its weight to the others in
 * proportion and shows weight 0.
 */
import { type TScoreComponent, ZScoreComponent } from "@resumelens/contract";
import modelJson from "../../data/score-model.json" with { type: "json" };

export type ComponentKey = TScoreComponent["key"];

/** The components in the order the breakdown shows them: the contract's list, so there is one. */
export const COMPONENT_KEYS: readonly ComponentKey[] = ZScoreComponent.shape.key.options;

export const COMPONENT_LABELS: Record<ComponentKey, string> = {
  requiredSkills: "Required skills",
  otherRequirements: "Other requirements",
  preferredSkills: "Preferred skills",
  experience: "Experience",
  title: "Job title fit",
  education: "Education",
  ats: "ATS readiness",
  relevance: "Relevance",
  occupation: "Occupation fit",
};

export type ScoreModel = {
  version: 1;
  note?: string;
  weights: Record<ComponentKey, number>;
  /** Raw relevance (0..1) at or below `low` is worth 0, at or above `high` 100, linear between. */
  relevance: { low: number; high: number };
  /** The same for the raw occupation-profile similarity. */
  occupation: { low: number; high: number };
  /** What the weights were fitted on, and how well they did there (written by the fit script). */
  fit: unknown;
};

export const SCORE_MODEL = modelJson as unknown as ScoreModel;

/** The documented weights of the overall score. */
export const WEIGHTS: Readonly<Record<ComponentKey, number>> = SCORE_MODEL.weights;

/** One component before weighting: its value (null when it does not apply) and why. */
export type ComponentValue = { key: ComponentKey; value: number | null; explanation: string };

/** A raw similarity (0..1) on the 0..100 scale, by the fitted calibration of its component. */
export function calibrated(raw: number, scale: { low: number; high: number }): number {
  const { low, high } = scale;
  if (high <= low) return raw > low ? 100 : 0;
  return 100 * Math.max(0, Math.min(1, (raw - low) / (high - low)));
}

/** The overall score of component values under a model, before rounding. */
export function weightedScore(
  values: Partial<Record<ComponentKey, number | null>>,
  model: ScoreModel = SCORE_MODEL,
) {
  let total = 0;
  let weight = 0;
  for (const key of COMPONENT_KEYS) {
    const value = values[key];
    if (value === null || value === undefined) continue;
    total += model.weights[key] * Math.max(0, Math.min(100, value));
    weight += model.weights[key];
  }
  return weight > 0 ? total / weight : 0;
}

/** The breakdown the user sees: each component's weight, value and points (points add up to the score). */
export function combine(values: ComponentValue[], model: ScoreModel = SCORE_MODEL): TScoreComponent[] {
  const applicable = values.filter((c) => c.value !== null);
  const totalWeight = applicable.reduce((sum, c) => sum + model.weights[c.key], 0);
  return values.map((c) => {
    const weight = c.value === null || totalWeight === 0 ? 0 : model.weights[c.key] / totalWeight;
    const value = Math.round(Math.max(0, Math.min(100, c.value ?? 0)) * 10) / 10;
    return {
      key: c.key,
      label: COMPONENT_LABELS[c.key],
      weight: Math.round(weight * 10_000) / 10_000,
      value,
      points: Math.round(weight * value * 100) / 100,
      explanation: c.explanation,
    };
  });
}
