import {
  buildSideBySide as buildModel,
  COACHING_FLAG_LABEL,
  MATCH_STATUSES,
  type MatchStatus,
  type SideBySideCounts,
  type SideRequirement,
  STATUS_LABEL,
  type SummaryItem,
  segmentLine,
  sideBySideSummary,
  type TAnalysisResult,
  type TDocumentLine,
} from "@resumelens/contract";

/**
 * The side-by-side view of the report (docs/product.md#side-by-side) as the renderers draw it:
 * the shared model (`@resumelens/contract`, side-by-side.ts: which requirement sits on which
 * posting line, which resume line proves it, and each line's status by its line rule) laid out as
 * lists of lines with indexes into one list of requirements, the coaching flags labelled and the
 * line text cut into marked runs.
 */

export { type MatchStatus, STATUS_LABEL };

const STATUS_DESCRIPTION: Record<MatchStatus, string> = {
  matched: "the resume shows it; the line that proves it is highlighted",
  partial: "the resume shows part of it; its line is highlighted",
  missing: "the resume does not show it",
};

type SideRequirementView = Pick<
  SideRequirement,
  "label" | "kind" | "priority" | "status" | "postingLine" | "wholeLine"
> & {
  /** Unique within the report, usable as an anchor: "req-3". */
  key: string;
  /** Index into the resume lines of its evidence: matched and partial requirements only. */
  evidenceLine: number | null;
};

/** A run of a line's text: `mark` when it is a requirement's evidence, `flagged` when a coaching flag is about it. */
export type Segment = { text: string; mark: boolean; flagged: boolean };

export type SideLine = {
  index: number;
  text: string;
  section: string;
  kind: TDocumentLine["kind"];
};

export type SidePostingLine = SideLine & {
  /** Indexes into `requirements`: what the analysis reads on this line. */
  requirements: number[];
  /** The line's status by the line rule; null when it asks for nothing. */
  status: MatchStatus | null;
};

type SideFlag = { label: string; message: string; quote: string | null };

export type SideResumeLine = SideLine & {
  segments: Segment[];
  /** The line's status by the line rule when it proves a requirement; null otherwise. */
  highlight: Exclude<MatchStatus, "missing"> | null;
  /** Indexes into `requirements`: those whose evidence is this line. */
  proves: number[];
  flags: SideFlag[];
};

export type SideBySide =
  | { available: false; note: string }
  | {
      available: true;
      requirements: SideRequirementView[];
      posting: SidePostingLine[];
      /** Requirements the analysis ties to no posting line, listed after the posting. */
      unplaced: number[];
      resume: SideResumeLine[];
      /** The model's counts, and the resume lines with coaching notes. */
      counts: SideBySideCounts & { coachedLines: number };
      /** The figures the web tab's summary shows, in its words and order. */
      summary: SummaryItem[];
      legend: { status: MatchStatus; label: string; description: string }[];
    };

export const SIDE_BY_SIDE_UNAVAILABLE =
  "This analysis was made before the side-by-side view existed (engine 2.8); run it again to see your resume and the posting side by side.";

/** Builds the side-by-side view from the analysis; analyses without `document` get a note. */
export function buildSideBySide(analysis: TAnalysisResult): SideBySide {
  const model = buildModel(analysis);
  if (!model) return { available: false, note: SIDE_BY_SIDE_UNAVAILABLE };
  const position = new Map(model.requirements.map((r, i) => [r.id, i]));
  const counts = {
    requirements: { ...model.counts.requirements },
    postingLines: { ...model.counts.postingLines },
    unplaced: model.counts.unplaced,
    // The web tab counts the resume lines the model holds coaching for.
    coachedLines: model.coaching.size,
  };
  const indexes = (list: readonly SideRequirement[] | undefined) =>
    (list ?? []).map((r) => position.get(r.id) ?? -1);

  return {
    available: true,
    requirements: model.requirements.map((r) => ({
      key: r.id,
      label: r.label,
      kind: r.kind,
      priority: r.priority,
      status: r.status,
      postingLine: r.postingLine,
      evidenceLine: r.resumeLine,
      wholeLine: r.wholeLine,
    })),
    // A blank line that asks for nothing is left out, as on the resume side (it drew an empty bullet).
    posting: model.posting.flatMap((l, index) => {
      const requirements = indexes(model.byPostingLine.get(index));
      if (!l.text.trim() && !requirements.length) return [];
      return { ...lineOf(l, index), requirements, status: model.postingStatus.get(index) ?? null };
    }),
    unplaced: indexes(model.unplaced),
    resume: model.resume.flatMap((l, index) => {
      const proves = indexes(model.byResumeLine.get(index));
      const flags = model.coaching.get(index) ?? [];
      if (!l.text.trim() && !proves.length && !flags.length) return [];
      const flagged = flags.flatMap((f) => (f.span ? [f.span] : []));
      return {
        ...lineOf(l, index),
        segments: segmentLine(l.text, model.evidenceSpans.get(index) ?? [], flagged).map((s) => ({
          text: s.text,
          mark: s.evidence,
          flagged: s.flagged,
        })),
        highlight: model.resumeStatus.get(index) ?? null,
        proves,
        // The model keeps a flag's span only when it lies inside the line.
        flags: flags.map((f) => ({
          label: COACHING_FLAG_LABEL[f.kind],
          message: f.message,
          quote: f.span ? l.text.slice(f.span[0], f.span[1]) : null,
        })),
      };
    }),
    counts,
    summary: sideBySideSummary(counts, counts.coachedLines),
    legend: MATCH_STATUSES.map((status) => ({
      status,
      label: STATUS_LABEL[status],
      description: STATUS_DESCRIPTION[status],
    })),
  };
}

const lineOf = (l: TDocumentLine, index: number): SideLine => ({
  index,
  text: l.text,
  section: l.section,
  kind: l.kind,
});
