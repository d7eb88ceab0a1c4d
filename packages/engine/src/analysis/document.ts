/**
 * The resume and the posting as the engine read them, line by line, for the side-by-side view
 * (docs/product.md#side-by-side): `document.resume[i]` is the parsed resume's line i, shown as the
 * evidence quotes it, and `document.posting[j]` the parsed posting's line j. Evidence (`line`) and
 * requirements (`postingLine`) point into these lists. One pass over each document's lines.
 */
import type { TDocumentLine } from "@resumelens/contract";
import type { JobSectionKind, ParsedJob } from "../job/parse-job.ts";
import { headingLines, roleHeaderLines } from "../resume/parse-resume.ts";
import { isBullet, stripBullet } from "../text/normalize.ts";
import { contentStems } from "./phrases.ts";
import type { Requirement } from "./requirement.ts";
import { type ResumeIndex, sectionLabel } from "./resume-index.ts";

/** The resume's lines: each as the evidence shows it, with its section and what kind of line it is. */
export function resumeDocument(index: ResumeIndex): TDocumentLine[] {
  const { resume } = index;
  const headings = headingLines(resume);
  const roles = new Set<number>();
  for (const entry of resume.experience) {
    const count = roleHeaderLines(entry);
    for (let i = entry.lineIndex; i < entry.lineIndex + count && i < resume.lines.length; i++) roles.add(i);
  }
  return resume.lines.map((line, i) => ({
    text: index.display[i] ?? "",
    section: sectionLabel(resume.sectionOf[i] ?? "other"),
    kind: headings.has(i) ? "heading" : roles.has(i) ? "role" : isBullet(line) ? "bullet" : "text",
  }));
}

/**
 * What each part of a posting is called beside it. A heading nobody recognises keeps its own
 * words, and so does one for the terms of the job (benefits, but also "Location", "Schedule",
 * "Job type": nothing there is asked of the candidate, and "Benefits" beside a location misleads).
 */
const POSTING_SECTION: Record<Exclude<JobSectionKind, "other">, string> = {
  intro: "Overview",
  about: "About the company",
  role: "About the role",
  responsibilities: "Responsibilities",
  requirements: "Requirements",
  preferred: "Preferred",
  benefits: "Benefits",
  eeo: "Equal opportunity",
  apply: "How to apply",
  physical: "Physical demands",
};

/** Sections that are company text as a whole: their lines are labelled by the section. */
const BOILERPLATE_SECTIONS: ReadonlySet<JobSectionKind> = new Set([
  "about",
  "benefits",
  "eeo",
  "apply",
  "physical",
]);

/** A heading's own words as a label: "## Tech stack:" → "Tech stack"; null when there are none to show. */
function headingText(words: string): string | null {
  const text = stripBullet(words)
    .replace(/^#{1,6}\s*/, "")
    .replace(/[*_]+/g, "")
    .replace(/:\s*$/, "")
    .trim();
  return text.length > 0 && text.length <= 60 ? text : null;
}

/** Requirement headings that name their topic: shown in their own words. */
const TOPIC_HEADING =
  /^(?:(?:required|preferred|minimum|technical|core|key)\s+)?(?:education|degrees?|skills?|certifications?|licen[cs]es?|licensure|languages?|tools?)\b/i;

/** Sections labelled by their heading's own words. */
const OWN_WORDS: ReadonlySet<JobSectionKind> = new Set(["other", "benefits"]);

/**
 * The posting's lines, each labelled with its section ("Requirements", "Benefits"…). A line set
 * aside as company text inside another section (an equal-opportunity sentence under the
 * requirements, a pay line in the overview) is labelled "Boilerplate": nothing there is asked of
 * the candidate.
 */
export function postingDocument(job: ParsedJob): TDocumentLine[] {
  let own: string | null = null;
  const title = titleLine(job);
  return job.lines.map((line, j) => {
    const section = job.sectionOf[j] ?? "intro";
    const heading = job.headings.has(j);
    const words = job.headingWords.get(j);
    if (words !== undefined) own = headingText(words);
    const text = stripBullet(line).trim();
    let label =
      section === "other"
        ? (own ?? "Other")
        : OWN_WORDS.has(section)
          ? (own ?? POSTING_SECTION.benefits)
          : // "Education", "Skills", "Certifications": a requirements heading that names its topic keeps it.
            own && (section === "requirements" || section === "preferred") && TOPIC_HEADING.test(own)
            ? own
            : POSTING_SECTION[section];
    if (!heading && text && job.boilerplate.has(j) && !BOILERPLATE_SECTIONS.has(section) && j !== title)
      label = "Boilerplate";
    return { text, section: label, kind: heading ? "heading" : isBullet(line) ? "bullet" : "text" };
  });
}

/** The line the posting's title was read from, if it stands on a line of its own. */
function titleLine(job: ParsedJob): number {
  const title = job.title?.trim();
  if (!title) return -1;
  return job.lines.findIndex((l) => stripBullet(l).trim() === title);
}

/**
 * Whether `text` names `name`: as whole words without case ("C" in "C/C++", not in "CI"), or
 * with every content word of it in another form ("Troubleshoot motors" for Troubleshooting).
 */
function names(text: string, name: string): boolean {
  const haystack = text.toLowerCase();
  const needle = name.toLowerCase().trim();
  if (!needle) return false;
  const word = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1))
    if (!word(haystack[at - 1]) && !word(haystack[at + needle.length])) return true;
  const want = contentStems(name);
  if (want.length === 0) return false;
  const have = contentStems(text);
  return want.every((s) => have.includes(s));
}

/**
 * The posting line that asks for a requirement: the first of the lines it was read from that
 * names it in so many words (as the line is shown), else the first of them; undefined when it
 * came from no line.
 */
export function postingLineOf(requirement: Requirement, job: ParsedJob): number | undefined {
  let first: number | undefined;
  let named: number | undefined;
  for (const { lineIndex } of requirement.lines) {
    if (first === undefined || lineIndex < first) first = lineIndex;
    if ((named === undefined || lineIndex < named) && names(job.lines[lineIndex] ?? "", requirement.name))
      named = lineIndex;
  }
  return named ?? first;
}
