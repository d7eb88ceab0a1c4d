import type { TAnalysisResult, TCoachingFlag, TDocumentLine, TSpan } from "@resumelens/contract";

/*
 * The side-by-side view's data (docs/product.md#side-by-side), built once per analysis: every
 * requirement the analysis holds, where it sits in the posting and which resume line proves it,
 * and the two lookups the view needs (line -> requirements, requirement -> line). Nothing here
 * decides a match: a status and an evidence line come from the engine's result or not at all.
 */

export type MarkStatus = "matched" | "partial" | "missing";

/** One requirement of the posting as the analysis judged it. */
export type Requirement = {
  /** Stable within one analysis: "req-3" (a job requirement), "skill-2" / "gap-1" (matched / missing skill). */
  id: string;
  label: string;
  status: MarkStatus;
  priority: "Required" | "Preferred";
  /** Index in `document.posting`, when the engine said where the posting asks for it. */
  postingLine: number | null;
  /** Index in `document.resume` of the line that proves it (matched and partial only). */
  resumeLine: number | null;
  /** The words of the resume line that match, [start, end). */
  span: TSpan | null;
  /** The evidence as the engine quoted it (shown when it has no line to point at). */
  evidenceText: string | null;
  evidenceSection: string | null;
  /** What the analysis says about it: the requirement's matching experience, or how a skill was matched. */
  note: string;
};

export type SideBySideModel = {
  posting: TDocumentLine[];
  resume: TDocumentLine[];
  requirements: Requirement[];
  byId: Map<string, Requirement>;
  /** Requirements asked for on each posting line, in the order the analysis lists them. */
  byPostingLine: Map<number, Requirement[]>;
  /** Requirements without a posting line (listed after the posting). */
  unplaced: Requirement[];
  /** Matched or partial requirements each resume line proves. */
  byResumeLine: Map<number, Requirement[]>;
  /** Spans of evidence on each resume line. */
  evidenceSpans: Map<number, TSpan[]>;
  coaching: Map<number, TCoachingFlag[]>;
  counts: Record<MarkStatus, number>;
};

const normalise = (text: string) => text.trim().toLowerCase();

function validSpan(span: TSpan | undefined, text: string | undefined): TSpan | null {
  if (!span || text === undefined) return null;
  const [start, end] = span;
  return start < end && end <= text.length ? span : null;
}

function inRange(index: number | undefined, length: number): number | null {
  return index !== undefined && Number.isInteger(index) && index >= 0 && index < length ? index : null;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The view's model, or null for an analysis stored before the engine kept its document lines.
 * A skill that is also one of the job requirements (same words) is listed once, as the requirement.
 */
export function buildSideBySide(result: TAnalysisResult): SideBySideModel | null {
  const document = result.document;
  if (!document) return null;
  const { resume, posting } = document;
  const requirements: Requirement[] = [];
  const seen = new Set<string>();

  const place = (
    id: string,
    label: string,
    status: MarkStatus,
    priority: Requirement["priority"],
    postingLine: number | undefined,
    evidence: TAnalysisResult["skillsMatch"]["matched"][number]["evidence"],
    note: string,
  ) => {
    const resumeLine = status === "missing" ? null : inRange(evidence?.line, resume.length);
    requirements.push({
      id,
      label,
      status,
      priority,
      postingLine: inRange(postingLine, posting.length),
      resumeLine,
      span: resumeLine === null ? null : validSpan(evidence?.span, resume[resumeLine]?.text),
      evidenceText: status === "missing" ? null : (evidence?.text ?? null),
      evidenceSection: status === "missing" ? null : (evidence?.section ?? null),
      note,
    });
    seen.add(normalise(label));
  };

  result.experienceComparison.jobRequirements.forEach((r, i) => {
    place(`req-${i}`, r.requirement, r.status, r.priority, r.postingLine, r.evidence, r.matchingExperience);
  });
  result.skillsMatch.matched.forEach((s, i) => {
    if (seen.has(normalise(s.skill))) return;
    const status = s.match === "exact" ? "matched" : "partial";
    const note =
      status === "matched"
        ? `Your resume shows ${s.skill} (${s.level.toLowerCase()}).`
        : `Your resume shows something close to ${s.skill}, not ${s.skill} itself.`;
    place(`skill-${i}`, s.skill, status, s.priority, s.postingLine, s.evidence, note);
  });
  result.skillsMatch.missing.forEach((s, i) => {
    if (seen.has(normalise(s.skill))) return;
    place(`gap-${i}`, s.skill, "missing", s.priority, s.postingLine, null, "");
  });

  const byId = new Map<string, Requirement>();
  const byPostingLine = new Map<number, Requirement[]>();
  const byResumeLine = new Map<number, Requirement[]>();
  const evidenceSpans = new Map<number, TSpan[]>();
  const unplaced: Requirement[] = [];
  const counts: Record<MarkStatus, number> = { matched: 0, partial: 0, missing: 0 };
  for (const r of requirements) {
    byId.set(r.id, r);
    counts[r.status] += 1;
    if (r.postingLine === null) unplaced.push(r);
    else push(byPostingLine, r.postingLine, r);
    if (r.resumeLine !== null) {
      push(byResumeLine, r.resumeLine, r);
      if (r.span) push(evidenceSpans, r.resumeLine, r.span);
    }
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
    unplaced,
    byResumeLine,
    evidenceSpans,
    coaching,
    counts,
  };
}

export type Segment = { start: number; text: string; evidence: boolean; flagged: boolean };

/**
 * A line's text cut where an evidence or a coaching span starts or ends, so each piece knows
 * whether it is evidence (<mark>), flagged (underlined), both or neither. Linear in the text
 * plus the spans (sorted boundaries, one pass).
 */
export function segmentLine(text: string, evidence: readonly TSpan[], flagged: readonly TSpan[]): Segment[] {
  if (evidence.length === 0 && flagged.length === 0)
    return [{ start: 0, text, evidence: false, flagged: false }];
  const cuts = new Set<number>([0, text.length]);
  for (const [s, e] of evidence) cuts.add(Math.min(s, text.length)).add(Math.min(e, text.length));
  for (const [s, e] of flagged) cuts.add(Math.min(s, text.length)).add(Math.min(e, text.length));
  const points = [...cuts].sort((a, b) => a - b);
  const inside = (spans: readonly TSpan[], at: number) => spans.some(([s, e]) => s <= at && at < e);
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const start = points[i] as number;
    const end = points[i + 1] as number;
    if (end <= start) continue;
    segments.push({
      start,
      text: text.slice(start, end),
      evidence: inside(evidence, start),
      flagged: inside(flagged, start),
    });
  }
  return segments;
}

/**
 * The cutter the line components call: an object's method so a test can count the cuts (one per
 * line render) with `vi.spyOn(lineText, "segment")`.
 */
export const lineText = { segment: segmentLine };

/** Word-boundary, case-insensitive "does this text name the skill" (plain index searches, no regex). */
export function names(text: string, skill: string): boolean {
  const haystack = text.toLowerCase();
  const needle = skill.trim().toLowerCase();
  if (!needle) return false;
  const isWordChar = (c: string | undefined) => c !== undefined && /[a-z0-9+#]/.test(c);
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    if (!isWordChar(haystack[at - 1]) && !isWordChar(haystack[at + needle.length])) return true;
    from = at + 1;
  }
}

export type Advice =
  | { source: "recommendation"; title: string; text: string }
  | { source: "analysis"; text: string };

/**
 * What to do about a missing requirement: the recommendation that names it when there is one,
 * else a short how-to from what the analysis knows (its priority and the posting's words). Never
 * says the resume shows it.
 */
export function adviceFor(
  requirement: Requirement,
  result: TAnalysisResult,
  postingText: string | null,
): Advice {
  const recommendation = result.recommendations.find(
    (r) => names(r.title, requirement.label) || names(r.description, requirement.label),
  );
  if (recommendation) {
    return { source: "recommendation", title: recommendation.title, text: recommendation.description };
  }
  const weight =
    requirement.priority === "Required"
      ? "The posting lists it as required, so an applicant tracking system and a recruiter will look for it."
      : "The posting lists it as a plus: not a deal-breaker, but it helps you stand out.";
  const asked = postingText ? ` The posting says: "${postingText}".` : "";
  return {
    source: "analysis",
    text:
      `Your resume does not show "${requirement.label}". ${weight}${asked} If you have it, add it in the ` +
      "posting's words to the role where you used it, in a bullet that says what you did and what came of " +
      "it. If you don't, leave it out and say in your cover letter how you would close the gap.",
  };
}
