import {
  evidenceLineSpan,
  type TAnalysisResult,
  type TCoachingFlag,
  type TDocumentLine,
  type TSpan,
} from "./analysis.ts";

/*
 * The side-by-side view (docs/product.md#side-by-side) as data, one model for the web's 'Side by
 * Side' tab and the reports' side-by-side section: every requirement the analysis holds, the
 * posting line that asks for it, the resume line that proves it, and each line's status. Pure,
 * and it only reads what the analysis holds: nothing here decides a match, and a requirement is
 * tied to a line by the index the engine stored, never by searching the text.
 *
 * A requirement's status is the engine's. A job requirement carries its own (matched, partial or
 * missing). A skill in `skillsMatch.matched` is matched, whether the resume names it or something
 * the engine counted as the same ("related"), as the Skills tab and the score count it; a skill in
 * `skillsMatch.missing` is missing. A skill with the same words as a job requirement is listed
 * once, as the requirement.
 *
 * The line rule, one for both sides: a line's status follows from the statuses of the
 * requirements on it (the chips a posting line shows, the requirements a resume line proves):
 * - matched when every requirement on it is matched;
 * - partial when at least one is matched or partial but not all are matched;
 * - missing when none is matched or partial;
 * - no status when it holds no requirement.
 * A resume line holds only matched or partial requirements, so it is matched or partial. A job
 * requirement worded as its whole posting line stands for the line ("This line") only when its
 * status is the line's status; otherwise it is one chip among the others.
 */

export type MatchStatus = "matched" | "partial" | "missing";

/** The statuses in the order they are listed and counted. */
export const MATCH_STATUSES = ["matched", "partial", "missing"] as const satisfies readonly MatchStatus[];

/** The words shown for a status: a status is never told by colour alone. */
export const STATUS_LABEL: Record<MatchStatus, string> = {
  matched: "Matched",
  partial: "Partial",
  missing: "Missing",
};

/** One requirement of the posting as the analysis judged it. */
export type SideRequirement = {
  /** Unique within one analysis, usable as an anchor: "req-3" (a job requirement), "skill-2" / "gap-1" (a matched / missing skill). */
  id: string;
  /** The skill's name, or the requirement as the analysis words it. */
  label: string;
  kind: "requirement" | "skill";
  priority: "Required" | "Preferred";
  status: MatchStatus;
  /** Index in `document.posting` of the line that asks for it, when the analysis names one. */
  postingLine: number | null;
  /** Index in `document.resume` of the line that proves it (matched and partial only). */
  resumeLine: number | null;
  /** The words of the resume line that match, [start, end) in the line (the evidence's span moved by its offset). */
  span: TSpan | null;
  /** The evidence as the engine quoted it (shown when it has no line to point at). */
  evidenceText: string | null;
  evidenceSection: string | null;
  /** What the analysis says about it: the requirement's matching experience, or how a skill was matched. */
  note: string;
  /** True when it is worded as its whole posting line and its status is the line's (see the line rule). */
  wholeLine: boolean;
};

export type SideBySideModel = {
  posting: TDocumentLine[];
  resume: TDocumentLine[];
  /** Job requirements first, then the skills that are not one of them, in the analysis's order. */
  requirements: SideRequirement[];
  byId: Map<string, SideRequirement>;
  /** Requirements asked for on each posting line, in the order of `requirements`. */
  byPostingLine: Map<number, SideRequirement[]>;
  /** Each posting line's status by the line rule (lines without requirements are absent). */
  postingStatus: Map<number, MatchStatus>;
  /** Requirements without a posting line (listed after the posting). */
  unplaced: SideRequirement[];
  /** Matched or partial requirements each resume line proves. */
  byResumeLine: Map<number, SideRequirement[]>;
  /** Each proving resume line's status by the line rule. */
  resumeStatus: Map<number, Exclude<MatchStatus, "missing">>;
  /** Spans of evidence on each resume line. */
  evidenceSpans: Map<number, TSpan[]>;
  /** Coaching flags on each resume line; a flag whose words fall outside the line loses its span. */
  coaching: Map<number, TCoachingFlag[]>;
  counts: SideBySideCounts;
};

/** What the view counts: every requirement by its status, and the posting lines by theirs. */
export type SideBySideCounts = {
  requirements: Record<MatchStatus, number>;
  postingLines: Record<MatchStatus, number>;
  /** Requirements the analysis ties to no posting line (not in `postingLines`). */
  unplaced: number;
};

/** One figure of the summary: posting lines of one status, requirements on no line, coached bullets. */
export type SummaryItem = { key: MatchStatus | "unplaced" | "coached"; count: number; text: string };

/** The heading of the requirements tied to no posting line. */
export const UNPLACED_HEADING = "Also asked for";

/**
 * A line's status in words ("Line partly matched."): the status label for matched and missing,
 * "partly matched" for partial.
 */
export const lineStatusWord = (status: MatchStatus) =>
  status === "partial" ? "partly matched" : STATUS_LABEL[status].toLowerCase();

/**
 * The view's summary, for the web tab and the reports alike: every status's posting lines ("6
 * posting lines matched", "1 posting line partly matched", "0 posting lines missing"), then, when
 * there are any, the requirements tied to no line and the bullets with coaching notes.
 */
export function sideBySideSummary(counts: SideBySideCounts, coachedLines: number): SummaryItem[] {
  const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
  const items: SummaryItem[] = MATCH_STATUSES.map((status) => {
    const count = counts.postingLines[status];
    return {
      key: status,
      count,
      text: `${count} posting ${plural(count, "line", "lines")} ${lineStatusWord(status)}`,
    };
  });
  if (counts.unplaced > 0)
    items.push({
      key: "unplaced",
      count: counts.unplaced,
      text: `${counts.unplaced} ${plural(counts.unplaced, "requirement", "requirements")} not tied to one line (under ${UNPLACED_HEADING})`,
    });
  if (coachedLines > 0)
    items.push({
      key: "coached",
      count: coachedLines,
      text: `${coachedLines} ${plural(coachedLines, "bullet", "bullets")} with coaching notes`,
    });
  return items;
}

/** A line's status from the statuses of the requirements on it, by the line rule; null for none. */
export function lineStatus(statuses: Iterable<MatchStatus>): MatchStatus | null {
  let any = false;
  let allMatched = true;
  let someShown = false;
  for (const status of statuses) {
    any = true;
    if (status !== "matched") allMatched = false;
    if (status !== "missing") someShown = true;
  }
  if (!any) return null;
  return allMatched ? "matched" : someShown ? "partial" : "missing";
}

const zero = (): Record<MatchStatus, number> => ({ matched: 0, partial: 0, missing: 0 });

const normalise = (text: string) => text.trim().toLowerCase();

/** The words of a text, for comparing a requirement with its line whatever the bullet or punctuation. */
const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}+#]+/gu) ?? []).join(" ");

const inRange = (index: number | undefined, length: number): number | null =>
  index !== undefined && Number.isInteger(index) && index >= 0 && index < length ? index : null;

/** The span when it is a non-empty range inside the text, else null. */
function validSpan(span: TSpan | undefined, text: string | undefined): TSpan | null {
  if (!span || text === undefined) return null;
  return span[0] < span[1] && span[1] <= text.length ? span : null;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

type Evidence = TAnalysisResult["skillsMatch"]["matched"][number]["evidence"];

/**
 * The side-by-side model of an analysis, or null for one stored before the engine kept its
 * document lines (engine 2.8).
 */
export function buildSideBySide(result: TAnalysisResult): SideBySideModel | null {
  const document = result.document;
  if (!document) return null;
  const { resume, posting } = document;
  const requirements: SideRequirement[] = [];
  const seen = new Set<string>();

  const place = (
    r: Pick<SideRequirement, "id" | "label" | "kind" | "status" | "priority" | "note">,
    postingLine: number | undefined,
    evidence: Evidence,
  ) => {
    // Evidence counts only for a requirement the analysis holds as met, on a line it names.
    const shown = r.status !== "missing";
    const resumeLine = shown ? inRange(evidence?.line, resume.length) : null;
    requirements.push({
      ...r,
      postingLine: inRange(postingLine, posting.length),
      resumeLine,
      // A quote cut to a window of a long line says where it starts in the line (`offset`).
      span:
        resumeLine === null || !evidence
          ? null
          : validSpan(evidenceLineSpan(evidence) ?? undefined, resume[resumeLine]?.text),
      evidenceText: shown ? (evidence?.text ?? null) : null,
      evidenceSection: shown ? (evidence?.section ?? null) : null,
      wholeLine: false,
    });
    seen.add(normalise(r.label));
  };

  result.experienceComparison.jobRequirements.forEach((r, i) => {
    place(
      {
        id: `req-${i}`,
        label: r.requirement,
        kind: "requirement",
        status: r.status,
        priority: r.priority,
        note: r.matchingExperience,
      },
      r.postingLine,
      r.evidence,
    );
  });
  result.skillsMatch.matched.forEach((s, i) => {
    if (seen.has(normalise(s.skill))) return;
    const note =
      s.match === "exact"
        ? `Your resume shows ${s.skill} (${s.level.toLowerCase()}).`
        : `Your resume shows something close to ${s.skill}, which the analysis counts as ${s.skill}.`;
    place(
      { id: `skill-${i}`, label: s.skill, kind: "skill", status: "matched", priority: s.priority, note },
      s.postingLine,
      s.evidence,
    );
  });
  result.skillsMatch.missing.forEach((s, i) => {
    if (seen.has(normalise(s.skill))) return;
    place(
      { id: `gap-${i}`, label: s.skill, kind: "skill", status: "missing", priority: s.priority, note: "" },
      s.postingLine,
      null,
    );
  });

  const byId = new Map<string, SideRequirement>();
  const byPostingLine = new Map<number, SideRequirement[]>();
  const byResumeLine = new Map<number, SideRequirement[]>();
  const evidenceSpans = new Map<number, TSpan[]>();
  const unplaced: SideRequirement[] = [];
  const counts: SideBySideCounts = { requirements: zero(), postingLines: zero(), unplaced: 0 };
  for (const r of requirements) {
    byId.set(r.id, r);
    counts.requirements[r.status] += 1;
    if (r.postingLine === null) unplaced.push(r);
    else push(byPostingLine, r.postingLine, r);
    if (r.resumeLine !== null) {
      push(byResumeLine, r.resumeLine, r);
      if (r.span) push(evidenceSpans, r.resumeLine, r.span);
    }
  }
  counts.unplaced = unplaced.length;

  const postingStatus = new Map<number, MatchStatus>();
  for (const [index, onLine] of byPostingLine) {
    const status = lineStatus(onLine.map((r) => r.status));
    if (status === null) continue;
    postingStatus.set(index, status);
    counts.postingLines[status] += 1;
    const lineWords = words(posting[index]?.text ?? "");
    const whole = onLine.find(
      (r) => r.kind === "requirement" && r.status === status && words(r.label) === lineWords,
    );
    if (whole) whole.wholeLine = true;
  }

  const resumeStatus = new Map<number, Exclude<MatchStatus, "missing">>();
  for (const [index, proves] of byResumeLine) {
    const status = lineStatus(proves.map((r) => r.status));
    if (status === "matched" || status === "partial") resumeStatus.set(index, status);
  }

  const coaching = new Map<number, TCoachingFlag[]>();
  for (const entry of result.coaching ?? []) {
    if (inRange(entry.line, resume.length) === null) continue;
    const text = resume[entry.line]?.text ?? "";
    // A flag whose words fall outside the line is kept as a flag about the whole line.
    const flags = entry.flags.map((f) =>
      f.span && !validSpan(f.span, text) ? { kind: f.kind, message: f.message } : f,
    );
    coaching.set(entry.line, [...(coaching.get(entry.line) ?? []), ...flags]);
  }

  return {
    posting,
    resume,
    requirements,
    byId,
    byPostingLine,
    postingStatus,
    unplaced,
    byResumeLine,
    resumeStatus,
    evidenceSpans,
    coaching,
    counts,
  };
}

/** A run of a line's text: `evidence` when a requirement's evidence, `flagged` when a coaching flag is about it. */
export type LineSegment = { start: number; text: string; evidence: boolean; flagged: boolean };

/**
 * A line's text cut where an evidence span or a coaching span starts or ends, so each run knows
 * whether it is evidence (marked), flagged (underlined), both or neither; neighbours with the same
 * marks read as one run and spans outside the text are ignored. One sort of the cut points and
 * one sweep over them.
 */
export function segmentLine(
  text: string,
  evidence: readonly TSpan[],
  flagged: readonly TSpan[],
): LineSegment[] {
  type Edge = { at: number; kind: "evidence" | "flagged"; delta: 1 | -1 };
  const edges: Edge[] = [];
  for (const [spans, kind] of [
    [evidence, "evidence"],
    [flagged, "flagged"],
  ] as const) {
    for (const span of spans) {
      const valid = validSpan(span, text);
      if (valid) edges.push({ at: valid[0], kind, delta: 1 }, { at: valid[1], kind, delta: -1 });
    }
  }
  if (edges.length === 0) return [{ start: 0, text, evidence: false, flagged: false }];
  edges.sort((a, b) => a.at - b.at);
  const out: LineSegment[] = [];
  const depth = { evidence: 0, flagged: 0 };
  let at = 0;
  const emit = (end: number) => {
    const last = out.at(-1);
    const seg = { evidence: depth.evidence > 0, flagged: depth.flagged > 0 };
    if (last && last.evidence === seg.evidence && last.flagged === seg.flagged)
      last.text += text.slice(at, end);
    else out.push({ start: at, text: text.slice(at, end), ...seg });
  };
  for (const edge of edges) {
    if (edge.at > at) emit(edge.at);
    at = Math.max(at, edge.at);
    depth[edge.kind] += edge.delta;
  }
  if (at < text.length) emit(text.length);
  return out;
}
