import {
  COACHING_FLAG_LABEL,
  type TAnalysisResult,
  type TDocumentLine,
  type TSpan,
} from "@resumelens/contract";

/**
 * The side-by-side view of the report (docs/product.md#side-by-side) as data: the posting's lines
 * with each requirement the analysis holds and its status, and the resume as the engine read it
 * with each matched or partial requirement's evidence line highlighted. Pure, and it only reads
 * what the analysis holds: a requirement is tied to a line by the index the engine stored, never
 * by searching the text, so nothing is highlighted that the analysis does not say.
 */

export type MatchStatus = "matched" | "partial" | "missing";

/** The words shown for a status: the reports never say it with colour alone. */
export const STATUS_LABEL: Record<MatchStatus, string> = {
  matched: "Matched",
  partial: "Partial",
  missing: "Missing",
};

const STATUS_DESCRIPTION: Record<MatchStatus, string> = {
  matched: "the resume shows it; the line that proves it is highlighted",
  partial: "the resume shows part of it, or something close; its line is highlighted",
  missing: "the resume does not show it",
};

type SideRequirement = {
  /** Unique within the report, usable as an anchor: "req-3". */
  key: string;
  /** The skill's name, or the requirement as the analysis words it. */
  label: string;
  kind: "skill" | "requirement";
  priority: "Required" | "Preferred";
  status: MatchStatus;
  /** Index into the posting lines, when the analysis ties it to one. */
  postingLine: number | null;
  /** Index into the resume lines of its evidence: matched and partial requirements only. */
  evidenceLine: number | null;
  /** True when it is the whole of its posting line, so the status can stand on the line itself. */
  wholeLine: boolean;
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
};

type SideFlag = { label: string; message: string; quote: string | null };

export type SideResumeLine = SideLine & {
  segments: Segment[];
  /** "matched" when it proves a matched requirement, "partial" when only partial ones; null otherwise. */
  highlight: Exclude<MatchStatus, "missing"> | null;
  /** Indexes into `requirements`: those whose evidence is this line. */
  proves: number[];
  flags: SideFlag[];
};

export type SideBySide =
  | { available: false; note: string }
  | {
      available: true;
      requirements: SideRequirement[];
      posting: SidePostingLine[];
      /** Requirements the analysis ties to no posting line, listed after the posting. */
      unplaced: number[];
      resume: SideResumeLine[];
      counts: Record<MatchStatus, number>;
      legend: { status: MatchStatus; label: string; description: string }[];
    };

export const SIDE_BY_SIDE_UNAVAILABLE =
  "This analysis was made before the side-by-side view existed (engine 2.8); run it again to see your resume and the posting side by side.";

/** The words of a text, for comparing a requirement with its line whatever the bullet or punctuation. */
const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}+#]+/gu) ?? []).join(" ");

const validIndex = (i: number | undefined, length: number): number | null =>
  i !== undefined && Number.isInteger(i) && i >= 0 && i < length ? i : null;

const validSpan = (span: TSpan | undefined, text: string): TSpan | null =>
  span && span[0] < span[1] && span[1] <= text.length ? span : null;

/**
 * A line's text cut where an evidence span or a coaching span starts or ends: each run knows
 * whether it is evidence (marked), flagged (underlined), both or neither. One sort of the cut
 * points and one sweep over them.
 */
export function segmentsOf(text: string, evidence: readonly TSpan[], flagged: readonly TSpan[]): Segment[] {
  type Edge = { at: number; kind: "mark" | "flag"; delta: 1 | -1 };
  const edges: Edge[] = [];
  for (const [spans, kind] of [
    [evidence, "mark"],
    [flagged, "flag"],
  ] as const) {
    for (const span of spans) {
      const valid = validSpan(span, text);
      if (!valid) continue;
      edges.push({ at: valid[0], kind, delta: 1 }, { at: valid[1], kind, delta: -1 });
    }
  }
  if (edges.length === 0) return [{ text, mark: false, flagged: false }];
  edges.sort((a, b) => a.at - b.at);
  const out: Segment[] = [];
  const depth = { mark: 0, flag: 0 };
  let at = 0;
  for (const edge of edges) {
    if (edge.at > at)
      out.push({ text: text.slice(at, edge.at), mark: depth.mark > 0, flagged: depth.flag > 0 });
    at = Math.max(at, edge.at);
    depth[edge.kind] += edge.delta;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false, flagged: false });
  // Neighbours with the same marks read as one run.
  return out.reduce<Segment[]>((runs, seg) => {
    const last = runs.at(-1);
    if (last && last.mark === seg.mark && last.flagged === seg.flagged) last.text += seg.text;
    else runs.push({ ...seg });
    return runs;
  }, []);
}

type Evidence = { line?: number; span?: TSpan; text: string } | null;

/** Builds the side-by-side view from the analysis; analyses without `document` get a note. */
export function buildSideBySide(analysis: TAnalysisResult): SideBySide {
  const doc = analysis.document;
  if (!doc) return { available: false, note: SIDE_BY_SIDE_UNAVAILABLE };
  const resumeLines = doc.resume;
  const postingLines = doc.posting;

  const requirements: SideRequirement[] = [];
  const spansOf = new Map<number, TSpan[]>();
  const seen = new Set<string>();
  const fresh = (label: string) => !seen.has(label.trim().toLowerCase());
  const add = (
    label: string,
    kind: SideRequirement["kind"],
    priority: SideRequirement["priority"],
    status: MatchStatus,
    postingLine: number | undefined,
    evidence: Evidence,
  ) => {
    // Evidence counts only for a requirement the analysis holds as met, on a line it names.
    const line = status === "missing" ? null : validIndex(evidence?.line, resumeLines.length);
    if (line !== null && evidence?.span) spansOf.set(line, [...(spansOf.get(line) ?? []), evidence.span]);
    seen.add(label.trim().toLowerCase());
    const onLine = validIndex(postingLine, postingLines.length);
    requirements.push({
      key: `req-${requirements.length + 1}`,
      label,
      kind,
      priority,
      status,
      postingLine: onLine,
      evidenceLine: line,
      wholeLine:
        kind === "requirement" && onLine !== null && words(label) === words(postingLines[onLine]?.text ?? ""),
    });
  };

  // The job's requirements, then the skills that are not one of them in the same words (the web
  // view lists each once, as the requirement, and so does the report). A related match is partial.
  for (const r of analysis.experienceComparison.jobRequirements)
    add(r.requirement, "requirement", r.priority, r.status, r.postingLine, r.evidence);
  for (const s of analysis.skillsMatch.matched)
    if (fresh(s.skill))
      add(
        s.skill,
        "skill",
        s.priority,
        s.match === "exact" ? "matched" : "partial",
        s.postingLine,
        s.evidence,
      );
  for (const s of analysis.skillsMatch.missing)
    if (fresh(s.skill)) add(s.skill, "skill", s.priority, "missing", s.postingLine, null);

  const onPosting = new Map<number, number[]>();
  const proving = new Map<number, number[]>();
  const unplaced: number[] = [];
  requirements.forEach((r, i) => {
    if (r.postingLine === null) unplaced.push(i);
    else onPosting.set(r.postingLine, [...(onPosting.get(r.postingLine) ?? []), i]);
    if (r.evidenceLine !== null) proving.set(r.evidenceLine, [...(proving.get(r.evidenceLine) ?? []), i]);
  });

  const flagsOf = new Map<number, SideFlag[]>();
  const flaggedSpans = new Map<number, TSpan[]>();
  for (const c of analysis.coaching ?? []) {
    const line = validIndex(c.line, resumeLines.length);
    if (line === null) continue;
    const text = resumeLines[line]?.text ?? "";
    const flags = c.flags.map((f) => {
      // A flag whose words fall outside the line is kept as a flag about the whole line.
      const span = validSpan(f.span, text);
      if (span) flaggedSpans.set(line, [...(flaggedSpans.get(line) ?? []), span]);
      return {
        label: COACHING_FLAG_LABEL[f.kind],
        message: f.message,
        quote: span ? text.slice(span[0], span[1]) : null,
      };
    });
    flagsOf.set(line, [...(flagsOf.get(line) ?? []), ...flags]);
  }

  const counts: Record<MatchStatus, number> = { matched: 0, partial: 0, missing: 0 };
  for (const r of requirements) counts[r.status]++;

  return {
    available: true,
    requirements,
    posting: postingLines.map((l, index) => ({
      ...lineOf(l, index),
      requirements: onPosting.get(index) ?? [],
    })),
    unplaced,
    resume: resumeLines.flatMap((l, index) => {
      const proves = proving.get(index) ?? [];
      if (!l.text.trim() && !proves.length && !flagsOf.has(index)) return [];
      return {
        ...lineOf(l, index),
        segments: segmentsOf(l.text, spansOf.get(index) ?? [], flaggedSpans.get(index) ?? []),
        highlight:
          proves.length === 0
            ? null
            : proves.some((i) => requirements[i]?.status === "matched")
              ? "matched"
              : "partial",
        proves,
        flags: flagsOf.get(index) ?? [],
      };
    }),
    counts,
    legend: (["matched", "partial", "missing"] as const).map((status) => ({
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
