import { z } from "zod";

/** GET /api/career-path/{role}: the career path (docs/product.md#career-path), plus its sources. */
export const ZCareerPath = z.object({
  role: z.string(),
  occupationCode: z.string(),
  currentLevel: z.string(),
  targetRole: z.string(),
  timeline: z.array(
    z.object({
      phase: z.string(),
      duration: z.string(),
      objectives: z.array(z.string()),
      skills: z.array(z.string()),
    }),
  ),
  skillGaps: z.array(
    z.object({
      skill: z.string(),
      priority: z.enum(["high", "medium", "low"]),
      /** 0–100. */
      currentLevel: z.number().int().min(0).max(100),
      /** 0–100. */
      requiredLevel: z.number().int().min(0).max(100),
    }),
  ),
  certifications: z.array(
    z.object({
      name: z.string(),
      provider: z.string(),
      /** Out of 5. */
      relevance: z.number().int().min(1).max(5),
      /** An estimate, and labelled as one. */
      estimatedTime: z.string(),
    }),
  ),
  salaryProgression: z.array(
    z.object({ role: z.string(), timeframe: z.string(), minSalary: z.number(), maxSalary: z.number() }),
  ),
  /** e.g. "U.S. national wage percentiles, BLS OEWS May 2025". */
  salarySource: z.string(),
  /** True when current level and skill gaps come from the user's latest analysis and resume. */
  personalised: z.boolean(),
  nextRoles: z.array(z.object({ slug: z.string(), title: z.string() })),
});
export type TCareerPath = z.infer<typeof ZCareerPath>;

/** GET /api/career-roles?q=: target roles to pick from (every O*NET occupation has a slug). */
export const ZCareerRole = z.object({ slug: z.string(), title: z.string(), occupationCode: z.string() });
export type TCareerRole = z.infer<typeof ZCareerRole>;
