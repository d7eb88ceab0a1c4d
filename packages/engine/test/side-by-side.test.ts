/**
 * The side-by-side fields (engine 2.8, docs/product.md#side-by-side) on real documents: the
 * resume and posting as read line by line, each evidence pointing at the line it quotes, each span
 * at words that name the skill, each requirement at the posting line that asks for it. Checked on
 * the 14 fixtures, the 42 evaluation pairs (full and weakened), the real set's pairs and, when
 * `../shared` is there, the held-aside RJDB rows.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  EVIDENCE_QUOTE_MAX,
  type TAnalysisResult,
  type TEvidence,
  ZAnalysisResult,
} from "@resumelens/contract";
import { describe, expect, it } from "vitest";
import { engineData, runPipeline } from "../src/analysis/analyze.ts";
import { contentStems } from "../src/analysis/phrases.ts";
import { analyzeResume } from "../src/index.ts";
import { formKey, scanLine } from "../src/skills/taxonomy.ts";
import { isBullet } from "../src/text/normalize.ts";
import { loadPairs } from "./eval/metrics.ts";
import { loadRealSet, REAL_DIR } from "./eval/real.ts";
import { loadTriples } from "./eval/rjdb.ts";
import { loadFixtures, NOW } from "./support.ts";

type Input = { name: string; resumeText: string; jobDescription: string };

const fixtures = loadFixtures();
const pairs = loadPairs();
const real = loadRealSet();
const triples = loadTriples();
if (!triples)
  console.log("side-by-side.test.ts: ../shared/data/eval/rjdb-dev.jsonl not found; RJDB rows skipped");

const own: Input[] = [
  ...fixtures.map((f) => ({ name: `fixture/${f.slug}`, resumeText: f.resume, jobDescription: f.job })),
  ...pairs.map((p) => ({ name: `pair/${p.id}`, resumeText: p.resume, jobDescription: p.job })),
];
// Each published resume once, against the first posting it is paired with: every resume and
// most postings, at a third of the analyses of every pair.
const published: Input[] = real
  ? [...real.resumes].flatMap(([id, resume]) => {
      const pair = real.pairs.find((p) =>
        "resume" in p ? p.resume === id : p.junior === id || p.senior === id,
      );
      const posting = pair ? real.postings.get(pair.posting) : undefined;
      return posting && pair
        ? [{ name: `real/${pair.posting}/${id}`, resumeText: resume.text, jobDescription: posting.text }]
        : [];
    })
  : [];
// One held-aside row in two: 50-odd postings and resumes nobody here wrote.
const rjdb: Input[] = (triples ?? [])
  .filter((t) => t.part === "heldout")
  .filter((_, i) => i % 2 === 0)
  .map((t) => ({ name: `rjdb/${t.row}`, resumeText: t.matched, jobDescription: t.job }));

/** The skills the taxonomy reads in `words` when they are one name from end to end ("variance analyses"). */
function skillsNamedBy(words: string): string[] {
  return scanLine(engineData().taxonomy, words)
    .filter((hit) => hit.start === 0 && hit.end === words.length)
    .map((hit) => hit.skillId);
}

/** The words of a span name a skill (the taxonomy reads them as one), or are words of the requirement's own name. */
function spanNames(words: string, requirement: string): boolean {
  return skillsNamedBy(words).length > 0 || formKey(requirement).includes(formKey(words));
}

/** A posting line names a requirement: its words as written, or every content word of it. */
function lineNames(line: string, requirement: string): boolean {
  const text = line.toLowerCase().replace(/\s+/g, " ");
  const name = requirement.toLowerCase().replace(/\s+/g, " ").trim();
  if (text.includes(name)) return true;
  // A row for the rest of a line ("Some Java (our legacy … engine)"): each piece is on the line.
  const pieces = name
    .split("…")
    .map((p) => p.replace(/^[\s,;/&()-]+|[\s,;/&()-]+$/g, "").replace(/^(?:and|or)\s+|\s+(?:and|or)$/g, ""))
    .filter(Boolean);
  if (pieces.length > 1 && pieces.every((p) => text.includes(p))) return true;
  const have = contentStems(line);
  const want = contentStems(requirement);
  return want.length > 0 && want.every((s) => have.includes(s));
}

/** A posting line names a skill: its name as whole words (case aside), or every content word of it. */
function namesSkill(line: string, name: string): boolean {
  const escaped = name.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (escaped && new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(line)) return true;
  const want = contentStems(name);
  const have = contentStems(line);
  return want.length > 0 && want.every((s) => have.includes(s));
}

type Problem = string;

/**
 * The evidence quotes its line: the whole line, or (engine 2.9.1) a window of a long one at most
 * EVIDENCE_QUOTE_MAX characters, with "…" exactly where the line goes on and `offset` saying where
 * in the line it starts.
 */
function quotes(line: string, e: TEvidence): boolean {
  if (e.text === line) return e.offset === undefined;
  const lead = e.text.startsWith("…") ? 1 : 0;
  const tail = e.text.endsWith("…") ? 1 : 0;
  const core = e.text.slice(lead, e.text.length - tail);
  const at = (e.offset ?? 0) + lead;
  return (
    e.text.length <= EVIDENCE_QUOTE_MAX &&
    line.slice(at, at + core.length) === core &&
    (lead === 1) === at > 0 &&
    (tail === 1) === at + core.length < line.length
  );
}

/** Every evidence the result holds, with what it proves. */
function evidences(result: TAnalysisResult): { what: string; evidence: TEvidence }[] {
  return [
    ...result.skillsMatch.matched.flatMap((m) =>
      m.evidence ? [{ what: m.skill, evidence: m.evidence }] : [],
    ),
    ...result.experienceComparison.jobRequirements.flatMap((r) =>
      r.evidence ? [{ what: r.requirement, evidence: r.evidence }] : [],
    ),
  ];
}

/** The side-by-side invariants on one analysis; each broken one is described. */
function check(input: Input): { problems: Problem[]; spans: number; lines: number } {
  const result = analyzeResume(input, { now: NOW });
  // The stages behind it: which posting lines each requirement was read from.
  const p = runPipeline(input, { now: NOW });
  const linesOf = new Map<string, Set<number>>();
  for (const r of p.requirements)
    for (const named of [r, ...(r.members ?? [])]) {
      const set = linesOf.get(named.name) ?? new Set<number>();
      for (const line of r.lines) set.add(line.lineIndex);
      linesOf.set(named.name, set);
    }
  const problems: Problem[] = [];
  const say = (what: string) => problems.push(`${input.name}: ${what}`);
  const parsed = ZAnalysisResult.safeParse(result);
  if (!parsed.success) say(`result does not meet the contract: ${parsed.error.message.slice(0, 200)}`);
  const doc = result.document;
  if (!doc) {
    say("no document");
    return { problems, spans: 0, lines: 0 };
  }
  const { resume, job } = p;
  if (doc.resume.length !== resume.lines.length)
    say(`document.resume has ${doc.resume.length} lines, the parse ${resume.lines.length}`);
  if (doc.posting.length !== job.lines.length)
    say(`document.posting has ${doc.posting.length} lines, the parse ${job.lines.length}`);
  doc.resume.forEach((line, i) => {
    if (line.kind === "bullet" && !isBullet(resume.lines[i] ?? "")) say(`resume line ${i} is no bullet`);
  });
  for (const entry of resume.experience)
    if (doc.resume[entry.lineIndex]?.kind !== "role") say(`role line ${entry.lineIndex} is not kind "role"`);

  let spans = 0;
  let lines = 0;
  for (const { what, evidence } of evidences(result)) {
    if (evidence.line === undefined) {
      // Only a statement about the resume as a whole stands on no line.
      if (evidence.section !== "resume") say(`evidence for ${what} has no line: "${evidence.text}"`);
      if (evidence.span) say(`evidence for ${what} has a span but no line`);
      continue;
    }
    lines++;
    const shown = doc.resume[evidence.line];
    if (!quotes(shown?.text ?? "", evidence))
      say(`evidence for ${what} points at line ${evidence.line} ("${shown?.text}"), not "${evidence.text}"`);
    if (shown?.section !== evidence.section)
      say(`evidence for ${what} is in ${evidence.section}, its line in ${shown?.section}`);
    if (evidence.span) {
      spans++;
      const [start, end] = evidence.span;
      const words = evidence.text.slice(start, end);
      const offset = evidence.offset ?? 0;
      if (!(start < end && end <= evidence.text.length) || words.trim() !== words || !words)
        say(`span ${start}-${end} of "${evidence.text}" for ${what} is not a range of words`);
      else if (shown?.text.slice(start + offset, end + offset) !== words)
        say(`span ${start}-${end} + offset ${offset} of line ${evidence.line} is not "${words}"`);
      else if (!spanNames(words, what)) say(`span "${words}" does not name ${what}`);
    }
  }

  const rows = result.experienceComparison.jobRequirements;
  for (const row of rows) {
    if (row.postingLine === undefined) {
      say(`requirement row "${row.requirement}" has no postingLine`);
      continue;
    }
    const line = doc.posting[row.postingLine]?.text ?? "";
    // The line says it in so many words, or the requirement the row names was read from it
    // ("working in a fast-paced environment" from "empathy under pressure").
    if (!lineNames(line, row.requirement) && !linesOf.get(row.requirement)?.has(row.postingLine))
      say(`requirement row "${row.requirement}" → posting line ${row.postingLine} "${line}"`);
  }
  for (const skill of [...result.skillsMatch.matched, ...result.skillsMatch.missing]) {
    const from = linesOf.get(skill.skill);
    if (skill.postingLine === undefined) {
      if (from?.size) say(`${skill.skill} was read from posting lines ${[...from]} but has no postingLine`);
      continue;
    }
    const line = doc.posting[skill.postingLine]?.text;
    if (line === undefined) say(`${skill.skill}: postingLine ${skill.postingLine} out of range`);
    else if (!from?.has(skill.postingLine))
      say(`${skill.skill} → posting line ${skill.postingLine} "${line}", not a line it was read from`);
    // The first line that names it, when one does.
    const naming = [...(from ?? [])].filter((j) => namesSkill(doc.posting[j]?.text ?? "", skill.skill));
    if (naming.length && skill.postingLine !== Math.min(...naming))
      say(`${skill.skill} → posting line ${skill.postingLine}, but line ${Math.min(...naming)} names it`);
  }
  return { problems, spans, lines };
}

function checkAll(inputs: Input[]) {
  const all = inputs.map(check);
  return {
    problems: all.flatMap((c) => c.problems),
    spans: all.reduce((n, c) => n + c.spans, 0),
    lines: all.reduce((n, c) => n + c.lines, 0),
  };
}

describe("side by side: the documents as read, and what points into them", () => {
  it("holds on the fixtures and the evaluation pairs", { timeout: 120_000 }, () => {
    const { problems, spans, lines } = checkAll(own);
    expect(problems).toEqual([]);
    // Most evidence is a line, and most named skills are found as words on it.
    expect(lines).toBeGreaterThan(own.length * 5);
    expect(spans).toBeGreaterThan(lines * 0.4);
  });

  it.skipIf(!real)("holds on the real set's published postings and resumes", { timeout: 120_000 }, () => {
    const { problems, lines } = checkAll(published);
    expect(problems).toEqual([]);
    expect(lines).toBeGreaterThan(0);
  });

  it.skipIf(!triples)("holds on the held-aside RJDB rows", { timeout: 180_000 }, () => {
    const { problems, lines } = checkAll(rjdb);
    expect(problems).toEqual([]);
    expect(lines).toBeGreaterThan(0);
  });

  it("gives exact matches a span that is a name of the skill itself", () => {
    // At the stage that made the match: the requirement's own skill (or a member of it), read
    // from the taxonomy, never a guess.
    let checked = 0;
    for (const input of own.slice(0, 40)) {
      const p = runPipeline(input, { now: NOW });
      for (const m of p.matches) {
        if (m.match !== "exact" || m.requirement.kind !== "skill" || !m.evidence?.span) continue;
        const words = m.evidence.text.slice(...m.evidence.span);
        checked++;
        expect(skillsNamedBy(words), `${input.name}: "${words}" for ${m.requirement.name}`).toContain(
          m.requirement.skillId,
        );
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe("side by side: what each line is", () => {
  const posting = [
    "Senior Data Analyst",
    "",
    "About us",
    "We are a leading logistics company.",
    "",
    "Requirements",
    "- 3+ years of SQL and Python",
    "- Tableau or Power BI",
    "",
    "Nice to have",
    "- dbt",
    "",
    "Tech stack:",
    "- Snowflake",
    "",
    "Benefits",
    "- 401(k) match",
    "We are an equal opportunity employer.",
    "Location: Denver, CO",
  ].join("\n");
  const resumeText = [
    "Jordan Lee",
    "jordan.lee@example.com | (555) 010-2020",
    "",
    "EXPERIENCE",
    "Data Analyst | Harbor Freight Co | Jan 2020 - Present",
    "- Built Tableau dashboards on SQL for 40 depots, cutting report time 30%",
    "- Automated weekly forecasts in Python",
    "",
    "SKILLS",
    "SQL, Python, Tableau, Excel",
  ].join("\n");
  const result = analyzeResume({ resumeText, jobDescription: posting }, { now: NOW });
  const doc = result.document;

  it("labels the resume's lines with the evidence's sections and kinds, contact shown as written", () => {
    expect(doc?.resume.map((l) => [l.kind, l.section, l.text])).toEqual([
      ["text", "contact", "Jordan Lee"],
      ["text", "contact", "jordan.lee@example.com | (555) 010-2020"],
      ["text", "contact", ""],
      ["heading", "experience", "EXPERIENCE"],
      ["role", "experience", "Data Analyst | Harbor Freight Co | Jan 2020 - Present"],
      ["bullet", "experience", "Built Tableau dashboards on SQL for 40 depots, cutting report time 30%"],
      ["bullet", "experience", "Automated weekly forecasts in Python"],
      ["text", "experience", ""],
      ["heading", "skills", "SKILLS"],
      ["text", "skills", "SQL, Python, Tableau, Excel"],
    ]);
  });

  it("labels the posting's lines with their sections; a heading nobody knows, or for the job's terms, keeps its words", () => {
    expect(doc?.posting.map((l) => [l.kind, l.section, l.text])).toEqual([
      ["text", "Overview", "Senior Data Analyst"],
      ["text", "Overview", ""],
      ["heading", "About the company", "About us"],
      ["text", "About the company", "We are a leading logistics company."],
      ["text", "About the company", ""],
      ["heading", "Requirements", "Requirements"],
      ["bullet", "Requirements", "3+ years of SQL and Python"],
      ["bullet", "Requirements", "Tableau or Power BI"],
      ["text", "Requirements", ""],
      ["heading", "Preferred", "Nice to have"],
      ["bullet", "Preferred", "dbt"],
      ["text", "Preferred", ""],
      ["heading", "Tech stack", "Tech stack:"],
      ["bullet", "Tech stack", "Snowflake"],
      ["text", "Tech stack", ""],
      ["heading", "Benefits", "Benefits"],
      ["bullet", "Benefits", "401(k) match"],
      ["text", "Benefits", "We are an equal opportunity employer."],
      // The terms of the job keep their own words: "Benefits" beside a location would mislead.
      ["text", "Location", "Location: Denver, CO"],
    ]);
  });

  it("keeps the words of a requirements heading that names its topic ('Education'), and gives the degree line its row", () => {
    const withEducation = analyzeResume(
      {
        resumeText: `${resumeText}\n\nEDUCATION\nB.S. Statistics, State University, 2019`,
        jobDescription: `${posting}\n\nEducation\nBachelor's degree in Statistics or a related field`,
      },
      { now: NOW },
    );
    const lines = withEducation.document?.posting ?? [];
    const at = lines.findIndex((l) => l.text === "Education");
    expect(lines[at]).toEqual({ text: "Education", section: "Education", kind: "heading" });
    expect(lines[at + 1]?.section).toBe("Education");
    const row = withEducation.experienceComparison.jobRequirements.find((r) => r.postingLine === at + 1);
    expect(row?.status).toBe("matched");
  });

  it("points each evidence at its line and the skill's words in it, and each row at its posting line", () => {
    const sql = result.skillsMatch.matched.find((m) => m.skill === "SQL");
    expect(sql?.evidence?.line).toBe(5);
    const span = sql?.evidence?.span;
    expect(span && sql?.evidence?.text.slice(...span)).toBe("SQL");
    expect(sql?.postingLine).toBe(6);
    const tableau = result.experienceComparison.jobRequirements.find((r) => /Tableau/.test(r.requirement));
    expect(tableau?.postingLine).toBe(7);
    expect(tableau?.evidence?.line).toBe(5);
    const dbt = result.skillsMatch.missing.find((m) => m.skill === "dbt");
    expect(dbt?.postingLine).toBe(10);
  });

  it("labels company text inside another section as boilerplate", () => {
    const lines = analyzeResume(
      {
        resumeText,
        jobDescription:
          "Data Analyst\n\nRequirements\n- SQL and Python\n- We are an equal opportunity employer and value diversity.",
      },
      { now: NOW },
    ).document?.posting;
    expect(lines?.map((l) => l.section)).toEqual([
      "Overview",
      "Overview",
      "Requirements",
      "Requirements",
      "Boilerplate",
    ]);
  });
});

describe("side by side: a five-page resume", () => {
  // Four published resumes' work histories under one header: 2,800 words, about five pages.
  const resume = (id: string) => readFileSync(join(REAL_DIR, "resumes", `${id}.txt`), "utf8");
  const body = (text: string) => text.split("\n").slice(6).join("\n");
  const fivePages = [
    resume("software-engineer-6"),
    body(resume("software-engineer-2")),
    body(resume("software-engineer-4")),
    body(resume("software-engineer-5")),
  ].join("\n\n");
  const posting = readFileSync(join(REAL_DIR, "postings", "software-engineer-1.txt"), "utf8");

  it("reads every line and keeps the invariants", { timeout: 60_000 }, () => {
    expect(fivePages.split(/\s+/).length).toBeGreaterThan(2500);
    const { problems, lines } = check({ name: "five-pages", resumeText: fivePages, jobDescription: posting });
    expect(problems).toEqual([]);
    expect(lines).toBeGreaterThan(5);
  });
});
