import type { TAtsIssue } from "@resumelens/contract";
import type { Lexicon } from "../data/types.ts";
import type { ParsedJob } from "../job/parse-job.ts";
import { findDateRanges, PLACEHOLDER_DATES_RE, PRESENT_WORDS_RE } from "../resume/dates.ts";
import { wordCount } from "../text/words.ts";
import {
  type Coaching,
  type CoachingKind,
  coachBullets,
  LONG_BULLET_WORDS,
  templateText,
} from "./coaching.ts";
import type { ResumeIndex } from "./resume-index.ts";

/** What the document pipeline saw in the file itself (columns, tables…); absent for pasted text. */
export type LayoutHints = {
  columns?: boolean;
  tables?: boolean;
  contactInHeaderOrFooter?: boolean;
  images?: boolean;
  pages?: number;
};

export type AtsReview = {
  score: number;
  issues: TAtsIssue[];
  quantifiedShare: number;
  actionShare: number;
  bulletCount: number;
  /** Every experience bullet's flags, the source of the bullet findings above. */
  coaching: Coaching;
};

const PENALTY: Record<TAtsIssue["severity"], number> = { Critical: 25, High: 12, Medium: 6, Low: 3 };

/**
 * An applicant-tracking-system health check of the resume itself: can it be parsed, does it have
 * what screeners look for, and is it written in results rather than duties. Each finding comes
 * with what to do about it.
 */
/** What earlier stages found that the review reports: copied posting text, the resume's language. */
export type AtsFindings = { copiedLines: number; english: boolean };

export function reviewAts(
  index: ResumeIndex,
  job: ParsedJob,
  lexicon: Lexicon,
  layout: LayoutHints,
  now: Date,
  findings: AtsFindings = { copiedLines: 0, english: true },
): AtsReview {
  const { resume } = index;
  const issues: TAtsIssue[] = [];
  const add = (severity: TAtsIssue["severity"], issue: string, solution: string) =>
    issues.push({ issue, solution, severity });
  const text = resume.lines.join("\n");
  const words = wordCount(text);

  if (layout.columns) {
    add(
      "High",
      "The file uses a multi-column layout.",
      "Many applicant tracking systems read columns across the page and mix lines up. Use a single-column layout for the version you upload.",
    );
  }
  if (layout.tables)
    add(
      "Medium",
      "Content sits in tables.",
      "Move text out of tables; some systems skip table cells or read them out of order.",
    );
  if (layout.contactInHeaderOrFooter) {
    add(
      "High",
      "Contact details are in the page header or footer.",
      "Put your name, email and phone in the body of the first page; many parsers ignore headers and footers.",
    );
  }
  if (layout.images)
    add(
      "Low",
      "The file contains images or icons.",
      "Icons and photos are invisible to parsers; make sure every fact they show is also written as text.",
    );

  if (findings.copiedLines > 0) {
    add(
      "High",
      `${findings.copiedLines} line${findings.copiedLines > 1 ? "s repeat" : " repeats"} the job posting word for word.`,
      "Recruiters and screening systems treat pasted posting text as keyword stuffing, and it earns no credit here. Describe your own work in your own words, naming each skill where you used it.",
    );
  }

  const { contact } = resume;
  if (!contact.email)
    add(
      "High",
      "No email address was found.",
      "Add a professional email address near your name so recruiters can reach you.",
    );
  if (!contact.phone)
    add("Medium", "No phone number was found.", "Add a phone number with area code under your name.");
  if (!contact.name)
    add(
      "Medium",
      "Your name could not be found at the top.",
      "Start the resume with your full name on its own line.",
    );
  if (!contact.location)
    add(
      "Low",
      "No location was found.",
      "Add your city and state or region; many searches filter by location.",
    );

  const work = resume.experience.filter((e) => e.section === "experience");
  const hasExperienceHeading = resume.sectionOf.includes("experience");
  // The roles the analysis lists (volunteer work and projects too): the check reads the same parse.
  const otherDated = resume.experience.filter((e) => e.section !== "experience" && e.startMonth !== null);
  if (!hasExperienceHeading && work.length === 0 && otherDated.length > 0) {
    const where = [...new Set(otherDated.map((e) => (e.section === "volunteer" ? "volunteer" : "projects")))];
    add(
      "Medium",
      `Your dated roles are listed only under ${where.length > 1 ? "volunteer and projects headings" : `a ${where[0]} heading`}; there is no work experience section.`,
      "If any of them was work (paid, part-time or an internship), list it under an 'Experience' heading: screeners count years of experience from that section.",
    );
  } else if (!hasExperienceHeading && work.length === 0) {
    add(
      "Critical",
      "No work experience section with dated roles was found.",
      "Add an 'Experience' section listing each role with its title, employer and start and end dates.",
    );
  } else if (!hasExperienceHeading) {
    add(
      "Medium",
      "Your roles are not under a standard 'Experience' heading.",
      "Title the section 'Experience' or 'Work Experience' so parsers file your roles correctly.",
    );
  }
  if (!resume.sectionOf.includes("education")) {
    add(
      job.education?.priority === "Required" ? "High" : "Low",
      "No education section was found.",
      "Add an 'Education' section with your degree or training, the school and the year.",
    );
  }
  if (!resume.sectionOf.includes("skills")) {
    add(
      "Medium",
      "No skills section was found.",
      "Add a 'Skills' section listing the tools and skills you use, worded as the job posting words them.",
    );
  }
  if (!resume.summary)
    add(
      "Low",
      "There is no summary at the top.",
      "Add a two- or three-line summary that names your target role and your strongest, most relevant skills.",
    );

  // Text a template leaves for the writer to replace ("March 20XX – Current", "[Company Name]").
  const placeholder = templatePlaceholder(resume.lines);
  if (placeholder)
    add(
      "High",
      `Template placeholder text was left in: '${placeholder}'.`,
      "Replace every placeholder from the template (dates such as '20XX', bracketed or sample text) with your own details.",
    );

  // Dates
  const undated = resume.experience.filter((e) => e.section === "experience" && !e.dates).length;
  if (undated > 0)
    add(
      "High",
      `${undated} role${undated > 1 ? "s have" : " has"} no dates.`,
      "Give every role a start and end month and year (for example 'Mar 2021 – Present').",
    );
  const styles = new Set(
    work
      .map((e) => e.dates ?? "")
      .filter(Boolean)
      .map((d) => {
        // "09.2021 – heute" and "03.2019 – 08.2021" are one style: the word for now does not count.
        const written = d.replace(PRESENT_WORDS_RE, "");
        if (/\p{L}{3}/u.test(written)) return "month-name";
        return /\d{1,2}\s*[/.-]\s*\d{4}|\d{4}\s*[/.-]\s*\d{1,2}\b/.test(written) ? "numeric" : "year";
      }),
  );
  if (styles.size > 1)
    add(
      "Low",
      "Dates are written in different formats.",
      "Use one date format throughout, for example 'Jan 2022 – Mar 2024'.",
    );
  const thisYear = now.getUTCFullYear();
  const future = text
    .split("\n")
    .filter((line) => (line.match(/\b(?:19|20)\d{2}\b/g) ?? []).some((year) => Number(year) >= thisYear))
    .some((line) =>
      findDateRanges(line, new Date(Date.UTC(2200, 0, 1))).some(
        (r) => r.start > now.getUTCFullYear() * 12 + now.getUTCMonth(),
      ),
    );
  if (future)
    add(
      "Medium",
      "A date lies in the future.",
      "Check your dates; a start date in the future reads as a typo.",
    );
  const sorted = [...work]
    .filter((e) => e.startMonth !== null)
    .sort((a, b) => (a.startMonth ?? 0) - (b.startMonth ?? 0));
  // Dated study (an education line's range) accounts for the months it covers: no gap to explain.
  const study = resume.lines
    .flatMap((line, i) => (resume.sectionOf[i] === "education" ? findDateRanges(line, now) : []))
    .map((r): [number, number] => [r.start, r.end])
    .sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < sorted.length; i++) {
    const from = Math.max(...sorted.slice(0, i).map((e) => e.endMonth ?? 0));
    const gap = (sorted[i]?.startMonth ?? 0) - from;
    if (gap >= 9 && longestUncovered(from, from + gap, study) >= 9) {
      add(
        "Low",
        `There is a gap of ${Math.round(gap)} months before ${sorted[i]?.title ?? "a role"}.`,
        "If the gap was study, caregiving, freelance or a career break, say so in one line so screeners do not guess.",
      );
      break;
    }
  }

  // Bullets: each one's flags are computed once (coaching.ts); the review counts them, one finding
  // per kind of flag, and points to the marked lines (docs/product.md#line-coaching).
  const coaching = coachBullets(index, lexicon, findings.english);
  // Template instructions, sentences about the employer and skills lines under a role are not
  // bullets about the work: they count neither way.
  const own = coaching.bullets.filter((b) => !b.notWork);
  const bullets = own.map((b) => b.text);
  const bulletCount = bullets.length;
  // Label lists and fragments ("Environment: Java, Spring") are not statements of work: neither
  // counts for or against the writing.
  const sentences = coaching.bullets.filter((b) => b.sentence);
  const flagged = (kind: CoachingKind) => sentences.filter((b) => b.flags.some((f) => f.kind === kind));
  const quantified = sentences.length - flagged("no-outcome").length;
  const startsWithVerb = sentences.length - flagged("weak-opening").length;
  const quantifiedShare = sentences.length ? quantified / sentences.length : 0;
  const actionShare = sentences.length ? startsWithVerb / sentences.length : 0;
  const see = "The Side by Side tab marks each of them.";
  const quoted = (kind: CoachingKind) => {
    const words = [
      ...new Set(
        sentences.flatMap((b) =>
          b.flags
            .filter((f) => f.kind === kind && f.span)
            .map((f) => (index.display[f.line] ?? "").slice(f.span?.[0], f.span?.[1]).toLowerCase()),
        ),
      ),
    ];
    return words
      .slice(0, 3)
      .map((w) => `'${w}'`)
      .join(", ");
  };
  const counted = (n: number) => `${n} bullet${n > 1 ? "s" : ""}`;
  if (work.length > 0 && bulletCount === 0) {
    const template = coaching.bullets.some((b) => b.notWork === "template");
    add(
      "Medium",
      template
        ? "Your roles have no bullet points of your own, only the template's sample text."
        : "Your roles have no bullet points.",
      "Under each role, list 3–5 bullets that each start with a verb and show a result.",
    );
  } else if (sentences.length > 0) {
    if (quantifiedShare < 0.3) {
      add(
        "Medium",
        `Only ${quantified} of ${sentences.length} bullets include a number or a stated result.`,
        `Add numbers that show scale or results: how many, how much, how fast, how often (for example 'cut waste by 18%'). ${see}`,
      );
    }
    const weakOpenings = flagged("weak-opening").length;
    if (actionShare < 0.5) {
      add(
        "Medium",
        `Only ${startsWithVerb} of ${sentences.length} bullets start with an action verb.`,
        `Start each bullet with a strong verb in the past tense (led, built, reduced, trained) instead of a noun or 'responsible for'. ${see}`,
      );
    } else if (weakOpenings > 0) {
      add(
        "Low",
        `${weakOpenings} of ${sentences.length} bullets open with a duty, a pronoun or a noun instead of an action verb.`,
        `Start each bullet with a verb that says what you did (led, built, reduced, trained). ${see}`,
      );
    }
    const passive = flagged("passive").length;
    if (passive > 0)
      add(
        "Low",
        `${counted(passive)} ${passive > 1 ? "are" : "is"} written in the passive voice.`,
        `Say what you did as the one who did it: 'Reviewed by the board' becomes 'Presented to the board'. ${see}`,
      );
    const long = flagged("too-long").length;
    if (long > 0)
      add(
        "Low",
        `${counted(long)} ${long > 1 ? "are" : "is"} longer than ${LONG_BULLET_WORDS} words.`,
        `Keep bullets to one or two lines; split long ones into separate results. ${see}`,
      );
    const filler = flagged("filler").length;
    const hedge = flagged("hedge").length;
    if (filler > 0)
      add(
        filler >= 3 ? "Medium" : "Low",
        `${counted(filler)} use${filler > 1 ? "" : "s"} filler or vague words such as ${quoted("filler")}.`,
        `Cut them or replace them with the specific fact: which tools, how many, what changed. ${see}`,
      );
    if (hedge > 0)
      add(
        "Low",
        `${counted(hedge)} hedge${hedge > 1 ? "" : "s"} with words such as ${quoted("hedge")}.`,
        `Say plainly what you did and what it achieved. ${see}`,
      );
    const duplicates = flagged("duplicate").length;
    if (duplicates > 0)
      add(
        "Low",
        `${counted(duplicates)} repeat${duplicates > 1 ? "" : "s"} another bullet of the resume.`,
        `Keep each result once, where it is strongest, and use the space for something new. ${see}`,
      );
  }

  const pronouns = new Set(lexicon.pronouns.map((p) => p.toLowerCase()));
  const bodyWords =
    bullets
      .join(" ")
      .toLowerCase()
      .match(/[a-z']+/g) ?? [];
  const pronounCount = findings.english ? bodyWords.filter((w) => pronouns.has(w)).length : 0;
  if (pronounCount >= 2)
    add(
      "Low",
      `First-person pronouns appear ${pronounCount} times in your bullets.`,
      "Drop 'I', 'my' and 'we' from bullets: 'Led a team of five', not 'I led my team of five'.",
    );
  const cliches = flagged("cliche").length;
  if (cliches > 0) {
    add(
      "Low",
      `${counted(cliches)} use${cliches > 1 ? "" : "s"} clichés such as ${quoted("cliche")}, which take space without proof.`,
      `Replace them with a concrete example that shows the quality. ${see}`,
    );
  }

  if (words < 150)
    add(
      "High",
      `The resume is very short (${words} words).`,
      "Describe each role with a few bullets about what you did and achieved; most effective resumes run 350–800 words.",
    );
  else if (words < 280)
    add(
      "Medium",
      `The resume is short (${words} words).`,
      "Add detail to your most relevant roles: tools used, scale, and results.",
    );
  else if (words > 1300)
    add(
      "Low",
      `The resume is long (${words} words).`,
      "Trim older or less relevant roles so the strongest material fits on one or two pages.",
    );
  if ((layout.pages ?? 0) > 3)
    add(
      "Low",
      `The file has ${layout.pages} pages.`,
      "Keep the resume to two pages unless your field expects a full CV.",
    );

  const order: TAtsIssue["severity"][] = ["Critical", "High", "Medium", "Low"];
  issues.sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
  const penalty = issues.reduce((sum, issue) => sum + PENALTY[issue.severity], 0);
  return {
    score: Math.max(0, Math.min(100, 100 - penalty)),
    issues,
    quantifiedShare,
    actionShare,
    bulletCount,
    coaching,
  };
}

const PLACEHOLDER_TEXT_RE =
  /\[(?:your|company|job|insert|employer|city|name)\b[^\]\n]{0,30}\]|\blorem ipsum\b|\b(?:company name|your name|job title here)\b/i;

/** The first placeholder a resume template leaves in the text (dates, a bracketed field, an instruction), or null. */
function templatePlaceholder(lines: string[]): string | null {
  for (const line of lines) {
    if (line.length > 400) continue;
    const found = PLACEHOLDER_DATES_RE.exec(line) ?? PLACEHOLDER_TEXT_RE.exec(line);
    if (found) return found[0].trim();
    const instruction = templateText(line);
    if (instruction) return instruction;
  }
  return null;
}

/** The longest stretch of months in [from, to) that no range covers; `ranges` sorted by start. */
function longestUncovered(from: number, to: number, ranges: [number, number][]): number {
  let longest = 0;
  let at = from;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    if (start >= to) break;
    longest = Math.max(longest, start - at);
    at = Math.max(at, end);
    if (at >= to) return longest;
  }
  return Math.max(longest, to - at);
}
