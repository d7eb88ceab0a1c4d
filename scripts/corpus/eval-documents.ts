/**
 * `npm run eval:documents -- [--dir DIR] [--examples N]`: every generated resume through the upload
 * pipeline (extractDocument → parseResume → analyzeResume), scored against its truth. Generates the
 * default corpus first when its directory is missing. Prints accuracy per layout × format, per
 * field and overall; the misses grouped by class with examples; whether the extractor's layout
 * hints agree with the layout; and the ATS issues that are false alarms.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { analyzeResume, type LayoutHints, parseResume } from "@resumelens/engine";
import { extractDocument } from "../../apps/api/src/modules/documents/extract.ts";
import { DocumentRefused } from "../../apps/api/src/modules/documents/types.ts";
import { CORPUS_NOW } from "./content.ts";
import { DEFAULT_CORPUS, generateCorpus } from "./generate-corpus.ts";
import { classifyMiss } from "./misses.ts";
import { checkFields, FIELDS, type Field, type FieldCheck, workRoles } from "./score.ts";
import { LAYOUTS, type Truth, type TruthStyle } from "./truth.ts";

const NOW = new Date(Date.UTC(CORPUS_NOW.year, CORPUS_NOW.month, 1));
const JOB = `Operations Specialist
We are hiring an operations specialist to join a growing team.
Requirements:
- 3+ years of experience in a similar role
- Experience with Microsoft Excel and reporting
- Strong written and verbal communication skills
- Bachelor's degree or equivalent experience`;

type Outcome = {
  truth: Truth;
  checks: FieldCheck[];
  refused: string | null;
  layout: LayoutHints | null;
  atsIssues: string[];
  /** How many work roles the parser found. */
  parsedRoles: number;
};

/** The ATS findings that contradict the truth, and when the truth says they are false. */
const FALSE_ALARMS: { issue: RegExp; label: string; applies: (t: Truth) => boolean }[] = [
  { issue: /^No phone number/, label: "'No phone number' (truth has a phone)", applies: () => true },
  { issue: /^No email address/, label: "'No email address' (truth has one)", applies: () => true },
  { issue: /name could not be found/, label: "'Name not found' (truth has a name)", applies: () => true },
  {
    issue: /^No skills section/,
    label: "'No skills section' (truth has one)",
    applies: (t) => t.hasSkillsSection,
  },
  { issue: /^There is no summary/, label: "'No summary' (truth has one)", applies: (t) => t.hasSummary },
  {
    issue: /^No work experience section/,
    label: "'No experience section' (truth has dated roles)",
    applies: () => true,
  },
  {
    issue: /not under a standard 'Experience' heading/,
    label: "'Roles not under an Experience heading'",
    applies: () => true,
  },
  { issue: /^No education section/, label: "'No education section' (truth has one)", applies: () => true },
  {
    issue: /roles? (?:have|has) no dates/,
    label: "'Roles have no dates' (every role is dated)",
    applies: () => true,
  },
];

async function evaluate(dir: string): Promise<Outcome[]> {
  const truthFiles = (await readdir(dir)).filter((f) => f.endsWith(".json")).sort();
  const outcomes: Outcome[] = [];
  for (const file of truthFiles) {
    const truth = JSON.parse(await readFile(path.join(dir, file), "utf8")) as Truth;
    const bytes = new Uint8Array(await readFile(path.join(dir, file.replace(/\.json$/, ""))));
    try {
      const doc = await extractDocument(bytes);
      const parsed = parseResume(doc.text, { now: NOW });
      const analysis = analyzeResume(
        { resumeText: doc.text, jobDescription: JOB, layout: doc.layout },
        { now: NOW },
      );
      outcomes.push({
        truth,
        checks: checkFields(truth, parsed),
        refused: null,
        layout: doc.layout,
        atsIssues: analysis.atsAnalysis.issues.map((i) => i.issue),
        parsedRoles: workRoles(parsed).length,
      });
    } catch (error) {
      if (!(error instanceof DocumentRefused)) throw error;
      const empty = parseResume("", { now: NOW });
      outcomes.push({
        truth,
        checks: checkFields(truth, empty),
        refused: error.reason,
        layout: null,
        atsIssues: [],
        parsedRoles: 0,
      });
    }
  }
  return outcomes;
}

// ---------------------------------------------------------------------------------------------
// Report

const pct = (ok: number, all: number) => (all === 0 ? "—" : `${((100 * ok) / all).toFixed(1)}%`);
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const padL = (s: string | number, n: number) => String(s).padStart(n);
const tally = (checks: FieldCheck[]) => [checks.filter((c) => c.ok).length, checks.length] as const;
const where = (t: Truth) => `${t.layout}/${t.format}`;

function countBy<T>(items: T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const quote = (s: string | null) =>
  s === null ? "null" : JSON.stringify(s.length > 70 ? `${s.slice(0, 67)}…` : s);

function accuracyTable(outcomes: Outcome[]): string[] {
  const head = `${pad("layout", 22)} ${pad("format", 6)} ${padL("docs", 4)} ${padL("all", 7)}${FIELDS.map((f) => padL(f, 8)).join("")}`;
  const lines = [head, "-".repeat(head.length)];
  const row = (label: string, format: string, group: Outcome[]) => {
    if (group.length === 0) return;
    const all = group.flatMap((o) => o.checks);
    const cells = FIELDS.map((f) => {
      const [ok, n] = tally(all.filter((c) => c.field === f));
      return padL(pct(ok, n), 8);
    });
    lines.push(
      `${pad(label, 22)} ${pad(format, 6)} ${padL(group.length, 4)} ${padL(pct(...tally(all)), 7)}${cells.join("")}`,
    );
  };
  for (const layout of LAYOUTS) {
    for (const format of ["pdf", "docx"] as const) {
      row(
        layout,
        format,
        outcomes.filter((o) => o.truth.layout === layout && o.truth.format === format),
      );
    }
  }
  lines.push("-".repeat(head.length));
  for (const format of ["pdf", "docx"] as const)
    row(
      "all layouts",
      format,
      outcomes.filter((o) => o.truth.format === format),
    );
  row("all layouts", "both", outcomes);
  return lines;
}

function perField(outcomes: Outcome[]): string[] {
  const all = outcomes.flatMap((o) => o.checks);
  return FIELDS.map((f: Field) => {
    const [ok, n] = tally(all.filter((c) => c.field === f));
    return `  ${pad(f, 8)} ${padL(pct(ok, n), 6)}  (${ok}/${n})`;
  });
}

function missClasses(outcomes: Outcome[], examples: number): string[] {
  type Miss = { cls: string; by: (keyof TruthStyle)[]; check: FieldCheck; truth: Truth; parsedRoles: number };
  const misses: Miss[] = [];
  for (const o of outcomes) {
    for (const check of o.checks.filter((c) => !c.ok)) {
      const cls = o.refused
        ? { name: `document refused by the extractor (${o.refused})`, by: [] }
        : classifyMiss(check, o.truth);
      misses.push({ cls: cls.name, by: cls.by, check, truth: o.truth, parsedRoles: o.parsedRoles });
    }
  }
  const lines: string[] = [`${misses.length} misses in ${countBy(misses, (m) => m.cls).length} classes`];
  for (const [cls, n] of countBy(misses, (m) => m.cls)) {
    const group = misses.filter((m) => m.cls === cls);
    lines.push("", `[${n}] ${cls}`);
    const top = (pairs: [string, number][]) =>
      pairs
        .slice(0, 5)
        .map(([k, c]) => `${k} ${c}`)
        .join(", ");
    lines.push(`    where: ${top(countBy(group, (m) => where(m.truth)))}`);
    for (const key of group[0]?.by ?? []) {
      lines.push(`    by ${key}: ${top(countBy(group, (m) => String(m.truth.style[key])))}`);
    }
    // Examples from different documents, spread over the layouts.
    const seen = new Set<string>();
    const picked = group.filter((m) => {
      const key = m.truth.layout;
      if (seen.has(key) || seen.size >= examples) return false;
      seen.add(key);
      return true;
    });
    for (const m of picked) {
      const role = m.check.role?.parsed;
      const context = role
        ? `; parsed role lines: ${quote(role.lines.slice(0, 2).join(" ⏎ "))}`
        : m.check.role
          ? `; ${m.parsedRoles} of ${m.truth.roles.length} roles parsed`
          : "";
      lines.push(
        `    e.g. ${m.truth.id}.${m.truth.format} ${m.check.field}: want ${quote(m.check.want)}, got ${quote(m.check.got)}${context}`,
      );
    }
  }
  return lines;
}

function layoutHints(outcomes: Outcome[]): string[] {
  const lines: string[] = [];
  for (const hint of ["columns", "tables", "contactInHeaderOrFooter"] as const) {
    for (const format of ["pdf", "docx"] as const) {
      const group = outcomes.filter((o) => o.truth.format === format && o.layout);
      const yes = group.filter((o) => o.truth.expectedLayout[hint]);
      const no = group.filter((o) => !o.truth.expectedLayout[hint]);
      const found = yes.filter((o) => o.layout?.[hint] === true);
      const falseFlags = no.filter((o) => o.layout?.[hint] === true);
      const agree = found.length + no.length - falseFlags.length;
      lines.push(
        `  ${pad(hint, 24)} ${pad(format, 5)} agree ${padL(pct(agree, group.length), 6)} (${agree}/${group.length}); ` +
          `expected and seen ${found.length}/${yes.length}; flagged though absent ${falseFlags.length}/${no.length}`,
      );
      const missedBy = countBy(
        yes.filter((o) => o.layout?.[hint] !== true),
        (o) => o.truth.layout,
      );
      const flaggedBy = countBy(falseFlags, (o) => o.truth.layout);
      if (missedBy.length)
        lines.push(`      not seen in: ${missedBy.map(([k, c]) => `${k} ${c}`).join(", ")}`);
      if (flaggedBy.length)
        lines.push(`      flagged in: ${flaggedBy.map(([k, c]) => `${k} ${c}`).join(", ")}`);
    }
  }
  return lines;
}

function falseAlarms(outcomes: Outcome[]): string[] {
  const analysed = outcomes.filter((o) => !o.refused);
  const lines: string[] = [];
  for (const alarm of FALSE_ALARMS) {
    const eligible = analysed.filter((o) => alarm.applies(o.truth));
    const hit = eligible.filter((o) => o.atsIssues.some((i) => alarm.issue.test(i)));
    lines.push(
      `  ${pad(alarm.label, 50)} ${padL(hit.length, 4)}/${eligible.length} (${pct(hit.length, eligible.length)})`,
    );
    if (hit.length) {
      const by = countBy(hit, (o) => where(o.truth))
        .slice(0, 6)
        .map(([k, c]) => `${k} ${c}`)
        .join(", ");
      lines.push(
        `      where: ${by}; e.g. ${hit
          .slice(0, 3)
          .map((o) => `${o.truth.id}.${o.truth.format}`)
          .join(", ")}`,
      );
    }
  }
  return lines;
}

const { values } = parseArgs({ options: { dir: { type: "string" }, examples: { type: "string" } } });
const dir = path.resolve(values.dir ?? DEFAULT_CORPUS.out);
const examples = Number(values.examples ?? 3);
if (!existsSync(dir)) {
  if (values.dir) throw new Error(`${dir} does not exist`);
  console.log(
    `${dir} is missing: generating the default corpus (seed ${DEFAULT_CORPUS.seed}, ${DEFAULT_CORPUS.count} resumes)…`,
  );
  const started = performance.now();
  await generateCorpus({
    ...DEFAULT_CORPUS,
    docx: "half",
    chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  });
  console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const started = performance.now();
const outcomes = await evaluate(dir);
const seconds = (performance.now() - started) / 1000;
const pdfs = outcomes.filter((o) => o.truth.format === "pdf").length;
const refused = outcomes.filter((o) => o.refused);
console.log(
  [
    `Generated resume corpus: ${outcomes.length} documents (${pdfs} PDF, ${outcomes.length - pdfs} DOCX) in ${path.relative(process.cwd(), dir) || "."}; extracted, parsed and analysed in ${seconds.toFixed(1)} s`,
    refused.length
      ? `Refused by the extractor: ${refused.length} (${countBy(refused, (o) => o.refused ?? "")
          .map(([k, c]) => `${k} ${c}`)
          .join(", ")})`
      : "Refused by the extractor: none",
    "",
    "Field accuracy by layout × format",
    ...accuracyTable(outcomes),
    "",
    "Per field (all documents)",
    ...perField(outcomes),
    `  overall  ${pct(...tally(outcomes.flatMap((o) => o.checks)))}  (${tally(outcomes.flatMap((o) => o.checks)).join("/")})`,
    "",
    "Misses by class",
    ...missClasses(outcomes, examples),
    "",
    "Layout hints from the extractor vs the layout drawn",
    ...layoutHints(outcomes),
    "",
    `ATS false alarms (analyzeResume with a short job description, ${outcomes.length - refused.length} documents)`,
    ...falseAlarms(outcomes),
  ].join("\n"),
);
