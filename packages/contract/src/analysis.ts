import { z } from "zod";

/** Priority of a job requirement, as the results show it (docs/product.md#display-values). */
export const ZPriority = z.enum(["Required", "Preferred"]);
export const ZSeverity = z.enum(["Critical", "High", "Medium", "Low"]);
export const ZRelevance = z.enum(["High", "Medium", "Low"]);
export const ZAssessment = z.enum(["Over-qualified", "Well-matched", "Under-qualified", "Cannot determine"]);
/** How strongly the resume shows a skill: used across roles, used in a role, or only listed. */
export const ZSkillLevel = z.enum(["Advanced", "Intermediate", "Basic"]);
export const ZSkillCategory = z.enum(["hard", "tool", "soft", "language", "certification", "phrase"]);

/** A [start, end) range of characters in a line's text. */
export const ZSpan = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

/** The resume line that proves a match: what the user sees as "why". */
export const ZEvidence = z.object({
  text: z.string(),
  section: z.string(),
  /** Its index in `document.resume` (engine 2.8+): where the side-by-side view highlights it. */
  line: z.number().int().min(0).optional(),
  /** The words of `text` that match, as [start, end) offsets (engine 2.8+); absent when the whole line proves it. */
  span: ZSpan.optional(),
  /**
   * Set when `text` is a window cut from a long line (engine 2.9.1+; quotes are at most
   * EVIDENCE_QUOTE_MAX characters, cut at word boundaries, with "…" where the line goes on): add
   * it to a position in `text` to get the same position in `document.resume[line].text`, so the
   * matched words stand at `[span[0] + offset, span[1] + offset)` there. Absent (0) when the quote
   * starts where the line starts. `evidenceLineSpan` applies it.
   */
  offset: z.number().int().min(0).optional(),
});

/** The longest evidence quote an analysis holds (engine 2.9.1+): a window of its line around the match. */
export const EVIDENCE_QUOTE_MAX = 240;

/**
 * One line of a document as the engine read it (engine 2.8+): the text as shown, the section it
 * belongs to (a label: "Experience", "Requirements"…), and what kind of line it is.
 */
export const ZDocumentLine = z.object({
  text: z.string(),
  section: z.string(),
  kind: z.enum(["heading", "role", "bullet", "text"]),
});

/** What a recruiter would flag on one experience bullet (docs/product.md#line-coaching). */
export const ZCoachingFlag = z.object({
  kind: z.enum([
    "no-outcome",
    "weak-opening",
    "passive",
    "filler",
    "cliche",
    "hedge",
    "too-long",
    "duplicate",
  ]),
  /** One sentence, addressed to the job seeker, about this line only. */
  message: z.string(),
  /** The words the flag is about, [start, end) in the line's text; absent for a flag about the whole line. */
  span: ZSpan.optional(),
});

/** How a coaching flag's kind reads as a short label, in the results and in the reports. */
export const COACHING_FLAG_LABEL: Record<z.infer<typeof ZCoachingFlag>["kind"], string> = {
  "no-outcome": "No outcome",
  "weak-opening": "Weak opening",
  passive: "Passive voice",
  filler: "Filler",
  cliche: "Cliché",
  hedge: "Hedge",
  "too-long": "Too long",
  duplicate: "Duplicate",
};

/** The flags on one bullet of the resume (its index in `document.resume`); only lines with flags are listed. */
export const ZLineCoaching = z.object({
  line: z.number().int().min(0),
  flags: z.array(ZCoachingFlag).min(1),
});

export const ZMatchedSkill = z.object({
  skill: z.string(),
  level: ZSkillLevel,
  priority: ZPriority,
  category: ZSkillCategory,
  evidence: ZEvidence.nullable(),
  /** The posting line that asks for it, its index in `document.posting` (engine 2.8+). */
  postingLine: z.number().int().min(0).optional(),
  /** "exact" (the skill or an alias), "related" (a close skill or synonym), as a partial credit. */
  match: z.enum(["exact", "related"]),
  /** What kind of line proves it: a role, a project, a credential, the summary, or only a list (engine 2+). */
  proof: z.enum(["role", "project", "credential", "summary", "list", "other"]).optional(),
});

export const ZMissingSkill = z.object({
  skill: z.string(),
  priority: ZPriority,
  category: ZSkillCategory,
  /** The posting line that asks for it, its index in `document.posting` (engine 2.8+). */
  postingLine: z.number().int().min(0).optional(),
});

export const ZAtsIssue = z.object({
  issue: z.string(),
  solution: z.string(),
  severity: ZSeverity,
});

export const ZExperienceSource = z.object({
  role: z.string(),
  relevance: ZRelevance,
  duration: z.string(),
  transferableSkills: z.array(z.string()),
  /** Transferable skills left out of the capped list (engine 2.9.1+); absent when none were. */
  transferableSkillsOmitted: z.number().int().min(0).optional(),
});

export const ZJobRequirement = z.object({
  requirement: z.string(),
  fulfilled: z.boolean(),
  matchingExperience: z.string(),
  priority: ZPriority,
  status: z.enum(["matched", "partial", "missing"]),
  evidence: ZEvidence.nullable(),
  /** The posting line it comes from, its index in `document.posting` (engine 2.8+). */
  postingLine: z.number().int().min(0).optional(),
});

export const ZScoreComponent = z.object({
  key: z.enum([
    "requiredSkills",
    "otherRequirements",
    "preferredSkills",
    "experience",
    "title",
    "education",
    "ats",
    "relevance",
    "occupation",
  ]),
  label: z.string(),
  /** Share of the overall score, 0..1; the weights of one breakdown sum to 1. */
  weight: z.number().min(0).max(1),
  /** The component's own score, 0..100. */
  value: z.number().min(0).max(100),
  /** weight × value: what the component adds to the overall score. */
  points: z.number().min(0).max(100),
  explanation: z.string(),
});

/**
 * How many items the engine left out of its capped lists (engine 2.9.1+). Every list of an analysis
 * is capped so that one result stays small whatever the input (issue 29); the caps are far above
 * what a real resume and posting produce. Each count is absent when nothing was left out, and the
 * whole object when no list was cut. Views say "and N more" where a count is set.
 */
export const ZOmitted = z
  .object({
    /** `skillsMatch.matched` beyond its cap, by priority (so the skill counts stay whole). */
    matchedRequired: z.number().int().min(0),
    matchedPreferred: z.number().int().min(0),
    /** `skillsMatch.missing` beyond its cap, by priority. */
    missingRequired: z.number().int().min(0),
    missingPreferred: z.number().int().min(0),
    /** `atsAnalysis.keywords.found` / `.missing` beyond their caps. */
    keywordsFound: z.number().int().min(0),
    keywordsMissing: z.number().int().min(0),
    /** `experienceComparison.experienceSources` beyond its cap (the oldest roles). */
    experienceSources: z.number().int().min(0),
    /** Coached lines (`coaching`) beyond the cap, or on resume lines past `document.resume`. */
    coaching: z.number().int().min(0),
    /** Lines of the resume / posting after the last one `document` keeps. */
    resumeLines: z.number().int().min(0),
    postingLines: z.number().int().min(0),
  })
  .partial();

/**
 * The analysis result (docs/product.md#entities) plus our additions (engineVersion, scoreBreakdown, preview,
 * warnings).
 */
export const ZAnalysisResult = z.object({
  engineVersion: z.string(),
  overallScore: z.number().int().min(0).max(100),
  scoreBreakdown: z.array(ZScoreComponent),
  skillsMatch: z.object({
    matched: z.array(ZMatchedSkill),
    missing: z.array(ZMissingSkill),
  }),
  atsAnalysis: z.object({
    score: z.number().int().min(0).max(100),
    issues: z.array(ZAtsIssue),
    keywords: z.object({ found: z.array(z.string()), missing: z.array(z.string()) }),
  }),
  competitiveAnalysis: z.object({
    marketAlignment: z.number().int().min(0).max(100),
    industryMatch: z.number().int().min(0).max(100),
    experienceLevel: z.string(),
    suggestions: z.array(z.string()),
  }),
  experienceComparison: z.object({
    resumeYears: z.number().min(0),
    requiredYears: z.number().min(0),
    /** relevantYears − requiredYears (0 when the job states no requirement; engine 1 used resumeYears). */
    gap: z.number(),
    assessment: ZAssessment,
    /** Relevant years (roles like this one, recent years counting most): the gap and the assessment use them (engine 2+). */
    relevantYears: z.number().min(0).optional(),
    experienceSources: z.array(ZExperienceSource),
    jobRequirements: z.array(ZJobRequirement),
  }),
  recommendations: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      impact: z.enum(["high", "medium", "low"]),
      /**
       * True when the optional language model reworded this description (the engine's facts,
       * skills and numbers checked unchanged); absent for the engine's own text and for analyses
       * stored before the rewrite existed.
       */
      rewritten: z.literal(true).optional(),
    }),
  ),
  /** The Resume Enhancement Preview (docs/product.md#analysis-results): concrete items from the findings. */
  preview: z.object({
    before: z.array(z.string()),
    after: z.array(z.string()),
    currentScore: z.number().int().min(0).max(100),
    potentialScore: z.number().int().min(0).max(100),
  }),
  /** Plain-language problems with the input itself (too short, not a resume…). */
  warnings: z.array(z.string()),
  /** The language the resume is written in (ISO 639-1), when the engine could tell; absent before engine 2. */
  language: z.string().optional(),
  /**
   * The resume and the posting as the engine read them, line by line (engine 2.8+): the
   * side-by-side view and the reports show them with the evidence and requirements in place.
   * Absent in analyses stored by older engines.
   */
  document: z
    .object({
      resume: z.array(ZDocumentLine),
      posting: z.array(ZDocumentLine),
    })
    .optional(),
  /** Line-level coaching of the experience bullets (engine 2.8+); absent in older analyses. */
  coaching: z.array(ZLineCoaching).optional(),
  /** What the capped lists left out (engine 2.9.1+); absent when nothing was. */
  omitted: ZOmitted.optional(),
});

export type TAnalysisResult = z.infer<typeof ZAnalysisResult>;
export type TMatchedSkill = z.infer<typeof ZMatchedSkill>;
export type TMissingSkill = z.infer<typeof ZMissingSkill>;
export type TAtsIssue = z.infer<typeof ZAtsIssue>;
export type TJobRequirement = z.infer<typeof ZJobRequirement>;
export type TScoreComponent = z.infer<typeof ZScoreComponent>;
export type TEvidence = z.infer<typeof ZEvidence>;
export type TOmitted = z.infer<typeof ZOmitted>;
export type TExperienceSource = z.infer<typeof ZExperienceSource>;

/**
 * Where an evidence's matched words stand in its line (`document.resume[evidence.line].text`):
 * its `span` moved by its `offset` (a quote cut to a window starts inside the line); null without
 * a span.
 */
export function evidenceLineSpan(evidence: Pick<TEvidence, "span" | "offset">): TSpan | null {
  if (!evidence.span) return null;
  const offset = evidence.offset ?? 0;
  return [evidence.span[0] + offset, evidence.span[1] + offset];
}
export type TSpan = z.infer<typeof ZSpan>;
export type TDocumentLine = z.infer<typeof ZDocumentLine>;
export type TCoachingFlag = z.infer<typeof ZCoachingFlag>;
export type TLineCoaching = z.infer<typeof ZLineCoaching>;
export type TSkillCategory = z.infer<typeof ZSkillCategory>;
