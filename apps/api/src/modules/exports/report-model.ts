import { EVIDENCE_QUOTE_MAX, scoreBand, skillCounts, type TStoredAnalysis } from "@resumelens/contract";
import { parseJobDescription } from "@resumelens/engine";
import { buildSideBySide, type SideBySide } from "./side-by-side.ts";

/**
 * The report as data: every renderer (PDF, Markdown, HTML) draws this model and decides nothing
 * about content or order itself. Pure: the same analysis always gives the same model.
 */

export type Tone = "good" | "warn" | "bad" | "neutral";

/** One colour per tone, shared by the PDF and the HTML; each reads on white at 4.5:1 or more (WCAG AA text). */
export const TONE_COLORS: Record<Tone, string> = {
  good: "#15803d",
  warn: "#c2410c",
  bad: "#b91c1c",
  neutral: "#475569",
};

export type Tag = { text: string; tone: Tone };

export type TableColumn = {
  header: string;
  align: "left" | "right" /** Share of the width, 0..1. */;
  width: number;
};

export type ListItem = {
  title?: string;
  text?: string;
  /** A quoted line from the resume: drawn italic and truncated. */
  quote?: string;
  /** Extra lines, drawn smaller under the item. */
  details?: string[];
  tags?: Tag[];
};

export type Block =
  | { kind: "paragraph"; text: string; muted?: boolean }
  | { kind: "subheading"; text: string }
  | { kind: "facts"; rows: { label: string; value: string; tone?: Tone }[] }
  | {
      kind: "table";
      columns: TableColumn[];
      rows: { cells: string[]; tone?: Tone }[];
      /** The column whose cell shows the row's tone (a status or band). */
      toneColumn: number;
      footer?: string[];
    }
  | { kind: "list"; ordered: boolean; items: ListItem[]; empty: string }
  | { kind: "preformatted"; text: string }
  /** The posting and the resume with the requirements in place (docs/product.md#side-by-side). */
  | { kind: "sideBySide"; view: Extract<SideBySide, { available: true }> };

export type Section = { id: string; heading: string; blocks: Block[] };

export type ReportModel = {
  id: number;
  title: string;
  /** ISO-8601 timestamp of the analysis: also the document date of every export. */
  createdAt: string;
  /** "April 10, 2026" in UTC, so the output never depends on the server's time zone. */
  dateLabel: string;
  jobTitle: string | null;
  resumeFilename: string | null;
  score: { value: number; band: string; tone: Tone; color: string };
  potentialScore: number;
  /** The results screen's summary cards. */
  summary: { label: string; value: string }[];
  sections: Section[];
};

export type ReportInput = {
  analysis: TStoredAnalysis;
  resume: { filename: string; text: string } | null;
};

/**
 * Quoted evidence is cut to this many characters: the engine's own window (engine 2.9.1 cuts quotes
 * around the match), so a quote is shown whole; longer ones come from analyses stored before it.
 */
export const QUOTE_MAX = EVIDENCE_QUOTE_MAX;

export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const SEVERITY_TONE = { Critical: "bad", High: "bad", Medium: "warn", Low: "neutral" } as const;
const RELEVANCE_TONE = { High: "good", Medium: "warn", Low: "neutral" } as const;
const IMPACT_TONE = { high: "bad", medium: "warn", low: "neutral" } as const;
const ASSESSMENT_TONE = {
  "Over-qualified": "warn",
  "Well-matched": "good",
  "Under-qualified": "bad",
  "Cannot determine": "neutral",
} as const;

/** "…and 12 more matched skills not listed.", after a list the engine capped (the web's MoreItems). */
function moreItems(count: number | undefined, what: string): Block[] {
  return count
    ? [
        {
          kind: "paragraph",
          text: `…and ${count.toLocaleString("en-US")} more ${what} not listed.`,
          muted: true,
        },
      ]
    : [];
}

/** Names joined with commas, and how many more a capped list left out; "None" for none. */
function listed(names: readonly string[], more: number | undefined): string {
  const shown = names.join(", ");
  if (!more) return shown || "None";
  return `${shown}${shown ? ", " : ""}and ${more.toLocaleString("en-US")} more`;
}

const fmt = (n: number, digits = 1) =>
  Number.isInteger(n) ? String(n) : n.toFixed(digits).replace(/\.0+$/, "");
const years = (n: number) => `${fmt(n)} ${n === 1 ? "year" : "years"}`;
const signed = (n: number) => (n > 0 ? `+${fmt(n)}` : fmt(n));
const percentTone = (n: number): Tone => scoreBand(n).tone;

function dateLabel(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

function jobTitle(jobDescription: string): string | null {
  const title = parseJobDescription(jobDescription).title?.trim();
  return title ? truncate(title, 120) : null;
}

export function buildReportModel({ analysis, resume }: ReportInput): ReportModel {
  const { label: band, tone } = scoreBand(analysis.overallScore);
  const { matched, missing } = analysis.skillsMatch;
  const omitted = analysis.omitted ?? {};
  // The counts include what a capped list left out (engine 2.9.1); the lists say how many.
  const counts = skillCounts(analysis.skillsMatch, analysis.omitted);
  const ats = analysis.atsAnalysis;
  const market = analysis.competitiveAnalysis;
  const exp = analysis.experienceComparison;
  const totalPoints = analysis.scoreBreakdown.reduce((sum, c) => sum + c.points, 0);

  const sections: Section[] = [
    {
      id: "breakdown",
      heading: "Score breakdown",
      blocks: [
        {
          kind: "paragraph",
          text: "Each component's value (0-100) times its weight gives the points it adds to the overall score.",
          muted: true,
        },
        {
          kind: "table",
          columns: [
            { header: "Component", align: "left", width: 0.34 },
            { header: "Weight", align: "right", width: 0.14 },
            { header: "Value", align: "right", width: 0.14 },
            { header: "Points", align: "right", width: 0.14 },
            { header: "Band", align: "left", width: 0.24 },
          ],
          rows: analysis.scoreBreakdown.map((c) => ({
            cells: [
              c.label,
              `${Math.round(c.weight * 100)}%`,
              fmt(c.value),
              fmt(c.points),
              c.weight === 0 ? "Not scored" : scoreBand(c.value).label,
            ],
            tone: c.weight === 0 ? "neutral" : percentTone(c.value),
          })),
          toneColumn: 4,
          footer: ["Overall", "100%", "", fmt(totalPoints), `${analysis.overallScore} / 100`],
        },
        {
          kind: "list",
          ordered: false,
          empty: "",
          items: analysis.scoreBreakdown.map((c) => ({ title: c.label, text: c.explanation })),
        },
      ],
    },
    {
      id: "skills",
      heading: "Skills analysis",
      blocks: [
        { kind: "subheading", text: `Matched skills (${counts.all.matched})` },
        {
          kind: "list",
          ordered: false,
          empty: "No skills from the job description were found in the resume.",
          items: matched.map((s) => ({
            title: s.skill,
            tags: [
              { text: s.level, tone: s.level === "Basic" ? "neutral" : "good" },
              { text: s.priority, tone: s.priority === "Required" ? "warn" : "neutral" },
              ...(s.match === "related" ? [{ text: "Related match", tone: "neutral" as const }] : []),
            ],
            quote: s.evidence ? truncate(s.evidence.text, QUOTE_MAX) : undefined,
            details: s.evidence ? undefined : ["Listed, with no line in the resume showing it in use."],
          })),
        },
        ...moreItems((omitted.matchedRequired ?? 0) + (omitted.matchedPreferred ?? 0), "matched skills"),
        { kind: "subheading", text: `Skills gap (${counts.all.missing})` },
        {
          kind: "list",
          ordered: false,
          empty: "No missing skills: the resume covers every skill the job asks for.",
          items: missing.map((s) => ({
            title: s.skill,
            tags: [{ text: s.priority, tone: s.priority === "Required" ? "bad" : "warn" }],
          })),
        },
        ...moreItems((omitted.missingRequired ?? 0) + (omitted.missingPreferred ?? 0), "missing skills"),
      ],
    },
    {
      id: "ats",
      heading: "ATS analysis",
      blocks: [
        {
          kind: "facts",
          rows: [
            { label: "ATS score", value: `${ats.score}%`, tone: percentTone(ats.score) },
            { label: "Keywords found", value: listed(ats.keywords.found, omitted.keywordsFound) },
            { label: "Keywords missing", value: listed(ats.keywords.missing, omitted.keywordsMissing) },
          ],
        },
        { kind: "subheading", text: `Issues (${ats.issues.length})` },
        {
          kind: "list",
          ordered: false,
          empty: "No formatting issues found.",
          items: ats.issues.map((i) => ({
            title: i.issue,
            tags: [{ text: i.severity, tone: SEVERITY_TONE[i.severity] }],
            details: [`Solution: ${i.solution}`],
          })),
        },
      ],
    },
    {
      id: "market",
      heading: "Market analysis",
      blocks: [
        {
          kind: "facts",
          rows: [
            {
              label: "Market alignment",
              value: `${market.marketAlignment}%`,
              tone: percentTone(market.marketAlignment),
            },
            {
              label: "Industry match",
              value: `${market.industryMatch}%`,
              tone: percentTone(market.industryMatch),
            },
            { label: "Experience level", value: market.experienceLevel },
          ],
        },
        { kind: "subheading", text: "Positioning suggestions" },
        {
          kind: "list",
          ordered: false,
          empty: "No suggestions.",
          items: market.suggestions.map((s) => ({ text: s })),
        },
      ],
    },
    {
      id: "experience",
      heading: "Experience",
      blocks: [
        {
          kind: "facts",
          rows: [
            { label: "Your experience", value: years(exp.resumeYears) },
            { label: "Required", value: exp.requiredYears > 0 ? years(exp.requiredYears) : "Not stated" },
            {
              label: "Gap",
              value: exp.requiredYears > 0 ? `${signed(exp.gap)} years` : "n/a",
              tone: exp.requiredYears > 0 ? (exp.gap >= 0 ? "good" : "bad") : undefined,
            },
            { label: "Assessment", value: exp.assessment, tone: ASSESSMENT_TONE[exp.assessment] },
          ],
        },
        { kind: "subheading", text: "Experience sources" },
        {
          kind: "list",
          ordered: false,
          empty: "No roles were found in the resume.",
          items: exp.experienceSources.map((r) => ({
            title: r.role,
            tags: [{ text: `${r.relevance} relevance`, tone: RELEVANCE_TONE[r.relevance] }],
            details: [
              `Duration: ${r.duration}`,
              `Transferable skills: ${r.transferableSkills.length > 0 || r.transferableSkillsOmitted ? listed(r.transferableSkills, r.transferableSkillsOmitted) : "none found"}`,
            ],
          })),
        },
        ...moreItems(omitted.experienceSources, "roles"),
        { kind: "subheading", text: "Job requirements" },
        {
          kind: "table",
          columns: [
            { header: "Requirement", align: "left", width: 0.42 },
            { header: "Priority", align: "left", width: 0.14 },
            { header: "Met", align: "left", width: 0.1 },
            { header: "Matching experience", align: "left", width: 0.34 },
          ],
          rows: exp.jobRequirements.map((r) => ({
            cells: [
              r.requirement,
              r.priority,
              r.fulfilled ? "Yes" : r.status === "partial" ? "Partly" : "No",
              truncate(r.matchingExperience || "None found", QUOTE_MAX),
            ],
            tone: r.fulfilled ? "good" : r.status === "partial" ? "warn" : "bad",
          })),
          toneColumn: 2,
        },
      ],
    },
    {
      id: "recommendations",
      heading: "Recommendations",
      blocks: [
        {
          kind: "list",
          ordered: true,
          empty: "No recommendations: this resume already fits the job well.",
          items: analysis.recommendations.map((r) => ({
            title: r.title,
            text: r.description,
            tags: [{ text: `${r.impact} impact`, tone: IMPACT_TONE[r.impact] }],
          })),
        },
      ],
    },
    {
      id: "preview",
      heading: "Resume enhancement preview",
      blocks: [
        {
          kind: "facts",
          rows: [
            {
              label: "Current score",
              value: `${analysis.preview.currentScore}`,
              tone: percentTone(analysis.preview.currentScore),
            },
            {
              label: "Potential score",
              value: `${analysis.preview.potentialScore}`,
              tone: percentTone(analysis.preview.potentialScore),
            },
          ],
        },
        { kind: "subheading", text: "Before analysis" },
        {
          kind: "list",
          ordered: false,
          empty: "Nothing to list.",
          items: analysis.preview.before.map((t) => ({ text: t })),
        },
        { kind: "subheading", text: "After optimization" },
        {
          kind: "list",
          ordered: false,
          empty: "Nothing to list.",
          items: analysis.preview.after.map((t) => ({ text: t })),
        },
      ],
    },
  ];

  if (analysis.warnings.length > 0) {
    sections.push({
      id: "warnings",
      heading: "Warnings",
      blocks: [
        {
          kind: "list",
          ordered: false,
          empty: "",
          items: analysis.warnings.map((w) => ({ text: w, tags: [{ text: "Warning", tone: "warn" }] })),
        },
      ],
    });
  }

  const sideBySide = buildSideBySide(analysis);
  sections.push({
    id: "side-by-side",
    heading: "Side by side",
    blocks: sideBySide.available
      ? [
          {
            kind: "paragraph",
            text: "The posting with each requirement marked matched, partial or missing, and your resume as the analysis read it, with the line that proves each matched or partial requirement highlighted and the matching words marked. Coaching notes sit under the bullets they are about. A posting line is matched when everything it asks for is matched, partly matched when some of it is, and missing when none of it is.",
            muted: true,
          },
          { kind: "sideBySide", view: sideBySide },
          ...moreItems(omitted.resumeLines, "resume lines"),
          ...moreItems(omitted.postingLines, "posting lines"),
          ...moreItems(omitted.coaching, "coached bullets"),
        ]
      : [{ kind: "paragraph", text: sideBySide.note, muted: true }],
  });

  sections.push({
    id: "job-description",
    heading: "Job description",
    blocks: [{ kind: "preformatted", text: analysis.jobDescription.trim() }],
  });

  return {
    id: analysis.id,
    title: "Resume Analysis Report",
    createdAt: analysis.createdAt,
    dateLabel: dateLabel(analysis.createdAt),
    jobTitle: jobTitle(analysis.jobDescription),
    resumeFilename: resume?.filename ?? null,
    score: { value: analysis.overallScore, band, tone, color: TONE_COLORS[tone] },
    potentialScore: analysis.preview.potentialScore,
    summary: [
      { label: "Overall score", value: `${analysis.overallScore} / 100` },
      { label: "Skills match", value: `${counts.required.matched} / ${counts.required.total} required` },
      { label: "ATS score", value: `${ats.score}%` },
      { label: "Improvements", value: String(analysis.recommendations.length) },
    ],
    sections,
  };
}
