/**
 * One analysis stays small whatever the input (issue 29): a resume of 100,000 characters that is
 * one line of a thousand skill names must not quote that line a thousand times, and a posting of
 * two thousand one-skill lines must not list two thousand skills. Quotes are windows of their line
 * around the match; every list is capped, with the number left out in `omitted`; every free text
 * is cut. The caps are far above what real resumes and postings produce (the 45 corpus PDFs, the
 * 500 RJDB rows, the real set and the fixtures never reach one), so an ordinary analysis is only
 * touched where a quoted line is longer than a quote.
 */
import {
  EVIDENCE_QUOTE_MAX,
  type TAnalysisResult,
  type TEvidence,
  type TExperienceSource,
  type TOmitted,
  type TSpan,
} from "@resumelens/contract";

/** The most items each list keeps; `omitted` counts the rest. */
export const LIST_CAPS = {
  matched: 100,
  missing: 100,
  keywords: 100,
  experienceSources: 30,
  transferableSkills: 30,
  coachedLines: 60,
  flagsPerLine: 8,
  resumeLines: 1_500,
  postingLines: 500,
} as const;

/** The longest each free text may be, in characters, "…" included. */
const TEXT_CAPS = {
  name: 160,
  requirement: 800,
  matchingExperience: 600,
  role: 200,
  recommendationTitle: 200,
  recommendationDescription: 1_200,
  previewItem: 400,
  suggestion: 400,
  atsText: 600,
  explanation: 800,
  coachingMessage: 300,
} as const;

const ELLIPSIS = "…";
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * `text` cut to at most `max` characters at a word boundary, with "…" where it was cut; the text
 * itself when it fits.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // Back to the last space, unless that loses more than a third of the room (one long word).
  let space = end;
  while (space > 0 && !isSpace(text[space])) space--;
  if (space > (max * 2) / 3) end = space;
  while (end > 0 && isSpace(text[end - 1])) end--;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}

/**
 * A quote of `line` at most EVIDENCE_QUOTE_MAX characters long: the whole line when it fits, else a
 * window around `span` (the matched words, kept whole) cut at word boundaries, "…" where the line
 * goes on. Returns the quote, the span within it, and the offset to add to a position in the quote
 * for the same position in the line (0 when the quote starts at the line's start).
 */
export function quoteWindow(
  line: string,
  span?: TSpan,
  max: number = EVIDENCE_QUOTE_MAX,
  focus?: TSpan,
): { text: string; span?: TSpan; offset: number } {
  if (line.length <= max) return { text: line, ...(span ? { span } : {}), offset: 0 };
  // Centred on the match, or on the words that say it (`focus`, not marked); else the line's start.
  const anchor = span ?? focus;
  if (!anchor) return { text: cutText(line, max), offset: 0 };
  // Room for the words around the match, two ellipses aside.
  const room = max - 2;
  const [s0, s1] = [anchor[0], Math.min(anchor[1], anchor[0] + room)];
  const extra = room - (s1 - s0);
  let from = Math.max(0, s0 - Math.floor(extra / 2));
  let to = Math.min(line.length, from + room);
  from = Math.max(0, to - room);
  // Word boundaries: start after a space and end before one, never inside the match.
  if (from > 0 && !isSpace(line[from - 1])) {
    let at = from;
    while (at < s0 && !isSpace(line[at])) at++;
    if (at < s0) from = at;
  }
  while (from < s0 && isSpace(line[from])) from++;
  if (to < line.length && !isSpace(line[to])) {
    let at = to;
    while (at > s1 && !isSpace(line[at - 1])) at--;
    if (at > s1) to = at;
  }
  while (to > s1 && isSpace(line[to - 1])) to--;
  const lead = from > 0 ? ELLIPSIS : "";
  const text = `${lead}${line.slice(from, to)}${to < line.length ? ELLIPSIS : ""}`;
  const offset = from - lead.length;
  return { text, ...(span ? { span: [s0 - offset, s1 - offset] as TSpan } : {}), offset };
}

/** Evidence quoting `line` (its whole text as shown), cut to a window around `span` when long. */
export function quotedEvidence(
  line: string,
  fields: { section: string; line: number; span?: TSpan | null; focus?: TSpan | null },
): TEvidence {
  const quote = quoteWindow(line, fields.span ?? undefined, EVIDENCE_QUOTE_MAX, fields.focus ?? undefined);
  return {
    text: quote.text,
    section: fields.section,
    line: fields.line,
    ...(quote.span ? { span: quote.span } : {}),
    ...(quote.offset > 0 ? { offset: quote.offset } : {}),
  };
}

/** C0 and C1 controls and lone surrogates: never shown, and six characters each in JSON. */
const UNSHOWABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with what cannot be shown as U+FFFD, one for one (offsets into it stay right). */
export function showable(text: string): string {
  UNSHOWABLE.lastIndex = 0;
  return UNSHOWABLE.test(text) ? text.replace(UNSHOWABLE, "\uFFFD") : text;
}

/** The first `cap` items and the number left out. */
function capped<T>(list: readonly T[], cap: number): { kept: T[]; left: number } {
  return { kept: list.slice(0, cap), left: Math.max(0, list.length - cap) };
}

/**
 * The result as stored and shown: lists capped (with `omitted`), free texts cut, evidence and
 * coaching pointing only at lines `document` keeps, and nothing unshowable in any text.
 */
export function boundResult(result: TAnalysisResult): TAnalysisResult {
  const omitted: TOmitted = {};
  const count = (key: keyof TOmitted, n: number) => {
    if (n > 0) omitted[key] = (omitted[key] ?? 0) + n;
  };
  const byPriority = (list: readonly { priority: string }[]) => ({
    required: list.filter((x) => x.priority === "Required").length,
    preferred: list.filter((x) => x.priority !== "Required").length,
  });

  const resumeLines = capped(result.document?.resume ?? [], LIST_CAPS.resumeLines);
  const postingLines = capped(result.document?.posting ?? [], LIST_CAPS.postingLines);
  count("resumeLines", resumeLines.left);
  count("postingLines", postingLines.left);
  const keptResume = (line: number | undefined) => line !== undefined && line < LIST_CAPS.resumeLines;
  const postingLine = <T extends { postingLine?: number }>(item: T): T => {
    if (item.postingLine === undefined || item.postingLine < LIST_CAPS.postingLines) return item;
    const { postingLine: _, ...rest } = item;
    return rest as T;
  };
  const evidence = (e: TEvidence | null): TEvidence | null => {
    if (!e) return null;
    const text = cutText(e.text, EVIDENCE_QUOTE_MAX);
    const out: TEvidence = { ...e, text };
    if (text !== e.text) {
      // Only reached for a quote made elsewhere than quotedEvidence: cut from its start.
      delete out.span;
      delete out.offset;
    }
    if (!keptResume(e.line)) delete out.line;
    return out;
  };
  const name = (text: string) => cutText(text, TEXT_CAPS.name);

  const matched = capped(result.skillsMatch.matched, LIST_CAPS.matched);
  const missing = capped(result.skillsMatch.missing, LIST_CAPS.missing);
  const matchedLeft = byPriority(result.skillsMatch.matched.slice(LIST_CAPS.matched));
  const missingLeft = byPriority(result.skillsMatch.missing.slice(LIST_CAPS.missing));
  count("matchedRequired", matchedLeft.required);
  count("matchedPreferred", matchedLeft.preferred);
  count("missingRequired", missingLeft.required);
  count("missingPreferred", missingLeft.preferred);

  const found = capped(result.atsAnalysis.keywords.found, LIST_CAPS.keywords);
  const notFound = capped(result.atsAnalysis.keywords.missing, LIST_CAPS.keywords);
  count("keywordsFound", found.left);
  count("keywordsMissing", notFound.left);

  const sources = capped(result.experienceComparison.experienceSources, LIST_CAPS.experienceSources);
  count("experienceSources", sources.left);
  const source = (s: TExperienceSource): TExperienceSource => {
    const skills = capped(s.transferableSkills, LIST_CAPS.transferableSkills);
    return {
      ...s,
      role: cutText(s.role, TEXT_CAPS.role),
      transferableSkills: skills.kept.map(name),
      ...(skills.left > 0 ? { transferableSkillsOmitted: skills.left } : {}),
    };
  };

  let coaching = result.coaching;
  if (coaching) {
    const onShownLines = coaching.filter((c) => keptResume(c.line));
    const lines = capped(onShownLines, LIST_CAPS.coachedLines);
    count("coaching", coaching.length - lines.kept.length);
    coaching = lines.kept.map((c) => ({
      ...c,
      flags: c.flags
        .slice(0, LIST_CAPS.flagsPerLine)
        .map((f) => ({ ...f, message: cutText(f.message, TEXT_CAPS.coachingMessage) })),
    }));
  }

  const bounded: TAnalysisResult = {
    ...result,
    scoreBreakdown: result.scoreBreakdown.map((c) => ({
      ...c,
      explanation: cutText(c.explanation, TEXT_CAPS.explanation),
    })),
    skillsMatch: {
      matched: matched.kept.map((m) =>
        postingLine({ ...m, skill: name(m.skill), evidence: evidence(m.evidence) }),
      ),
      missing: missing.kept.map((m) => postingLine({ ...m, skill: name(m.skill) })),
    },
    atsAnalysis: {
      ...result.atsAnalysis,
      issues: result.atsAnalysis.issues.map((i) => ({
        ...i,
        issue: cutText(i.issue, TEXT_CAPS.atsText),
        solution: cutText(i.solution, TEXT_CAPS.atsText),
      })),
      keywords: { found: found.kept.map(name), missing: notFound.kept.map(name) },
    },
    competitiveAnalysis: {
      ...result.competitiveAnalysis,
      suggestions: result.competitiveAnalysis.suggestions.map((s) => cutText(s, TEXT_CAPS.suggestion)),
    },
    experienceComparison: {
      ...result.experienceComparison,
      experienceSources: sources.kept.map(source),
      jobRequirements: result.experienceComparison.jobRequirements.map((r) =>
        postingLine({
          ...r,
          requirement: cutText(r.requirement, TEXT_CAPS.requirement),
          matchingExperience: cutText(r.matchingExperience, TEXT_CAPS.matchingExperience),
          evidence: evidence(r.evidence),
        }),
      ),
    },
    recommendations: result.recommendations.map((r) => ({
      ...r,
      title: cutText(r.title, TEXT_CAPS.recommendationTitle),
      description: cutText(r.description, TEXT_CAPS.recommendationDescription),
    })),
    preview: {
      ...result.preview,
      before: result.preview.before.map((t) => cutText(t, TEXT_CAPS.previewItem)),
      after: result.preview.after.map((t) => cutText(t, TEXT_CAPS.previewItem)),
    },
    ...(coaching ? { coaching } : {}),
    ...(result.document ? { document: { resume: resumeLines.kept, posting: postingLines.kept } } : {}),
    ...(Object.keys(omitted).length > 0 ? { omitted } : {}),
  };
  return withShowableText(bounded);
}

/** Every string of the result with unshowable characters replaced, one for one. */
function withShowableText<T>(value: T): T {
  if (typeof value === "string") return showable(value) as T;
  if (Array.isArray(value)) return value.map(withShowableText) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = withShowableText(item);
    return out as T;
  }
  return value;
}
