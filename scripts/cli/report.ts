/**
 * The CLI's human-readable report: a pure function from an analysis result to terminal text.
 * Colours are optional (the caller decides from TTY and NO_COLOR); the words never depend on them.
 */
import { scoreBand, type TAnalysisResult } from "@resumelens/contract";

export type ReportOptions = {
  /** ANSI colours and bold; off for pipes, files and NO_COLOR. */
  color?: boolean;
  /** Wrap prose at this many columns. */
  width?: number;
};

const EVIDENCE_MAX = 100;

/** Formats an analysis result as a plain-text report for a terminal. */
export function formatReport(result: TAnalysisResult, options: ReportOptions = {}): string {
  const width = Math.max(40, options.width ?? 100);
  const paint = (code: string) => (text: string) => (options.color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const bold = paint("1");
  const dim = paint("2");
  const green = paint("32");
  const yellow = paint("33");
  const red = paint("31");
  const bandColour = (score: number) => ({ good: green, warn: yellow, bad: red })[scoreBand(score).tone];
  const out: string[] = [];
  const heading = (text: string) => out.push("", bold(text));
  const para = (text: string, indent: string, firstIndent = indent) =>
    out.push(...wrap(text, width, indent, firstIndent));

  const score = result.overallScore;
  out.push(bold(`ResumeLens analysis`) + dim(` (engine ${result.engineVersion})`));
  out.push("");
  out.push(
    `Overall score: ${bold(bandColour(score)(`${score}/100`))}  ${bandColour(score)(scoreBand(score).label)}`,
  );

  heading("Score breakdown");
  const rows = result.scoreBreakdown.map((c) => [
    c.label,
    c.weight > 0 ? `${formatNumber(c.weight * 100, 1)}%` : "n/a",
    c.weight > 0 ? c.value.toFixed(1) : "-",
    c.points.toFixed(2),
  ]);
  const total = result.scoreBreakdown.reduce((sum, c) => sum + c.points, 0);
  out.push(
    ...table(["Component", "Weight", "Value", "Points"], rows, ["Total", "", "", total.toFixed(2)]).map(
      (line, i) => `  ${i === 0 ? dim(line) : line}`,
    ),
  );

  const { matched, missing } = result.skillsMatch;
  heading(`Matched skills (${matched.length})`);
  if (matched.length === 0) out.push("  None of the posting's skills were found in the resume.");
  for (const m of matched) {
    const how = m.match === "related" ? ", related match" : "";
    out.push(`  ${green("+")} ${m.skill} - ${m.level} (${m.priority}${how})`);
    if (m.evidence)
      out.push(`      ${dim(`"${truncate(m.evidence.text, EVIDENCE_MAX)}" [${m.evidence.section}]`)}`);
  }

  heading(`Missing skills (${missing.length})`);
  if (missing.length === 0) out.push("  None.");
  for (const m of missing) {
    const mark = m.priority === "Required" ? red("-") : yellow("-");
    out.push(`  ${mark} ${m.skill} (${m.priority})`);
  }

  const exp = result.experienceComparison;
  heading("Experience");
  const required = exp.requiredYears > 0 ? `${formatNumber(exp.requiredYears, 1)} years` : "not stated";
  const gap = exp.requiredYears > 0 ? `${exp.gap > 0 ? "+" : ""}${formatNumber(exp.gap, 1)} years` : "-";
  out.push(`  Resume: ${formatNumber(exp.resumeYears, 1)} years   Required: ${required}   Gap: ${gap}`);
  out.push(`  Assessment: ${bold(exp.assessment)}`);
  if (exp.experienceSources.length) out.push("  Roles:");
  for (const source of exp.experienceSources) {
    out.push(`    ${source.role} - ${source.relevance} relevance, ${source.duration}`);
    if (source.transferableSkills.length) {
      para(`Transferable: ${source.transferableSkills.join(", ")}`, "        ", "      ");
    }
  }

  const ats = result.atsAnalysis;
  heading(`ATS review: ${bandColour(ats.score)(`${ats.score}/100`)}`);
  if (ats.issues.length === 0) out.push("  No issues found.");
  for (const issue of ats.issues) {
    const tag = `[${issue.severity}]`;
    const coloured = issue.severity === "Critical" || issue.severity === "High" ? red(tag) : yellow(tag);
    para(`${coloured} ${issue.issue}`, "      ", "  ");
    para(`Fix: ${issue.solution}`, "        ", "      ");
  }

  const market = result.competitiveAnalysis;
  heading("Market analysis");
  out.push(
    `  Market alignment: ${market.marketAlignment}%   Industry match: ${market.industryMatch}%   Experience level: ${market.experienceLevel}`,
  );
  for (const suggestion of market.suggestions) para(`- ${suggestion}`, "    ", "  ");

  heading("Recommendations");
  if (result.recommendations.length === 0) out.push("  None.");
  result.recommendations.forEach((rec, i) => {
    const number = `${i + 1}. `;
    out.push(`  ${number}${bold(rec.title)} ${dim(`(${rec.impact} impact)`)}`);
    para(rec.description, " ".repeat(2 + number.length));
  });
  out.push("", `Potential score after these changes: ${result.preview.potentialScore}/100`);

  if (result.warnings.length) {
    heading("Warnings");
    for (const warning of result.warnings) para(`${yellow("!")} ${warning}`, "    ", "  ");
  }
  return `${out.join("\n")}\n`;
}

function formatNumber(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  // 12.50 → 12.5, 30.0 → 30: fewer digits to scan, same value.
  return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
}

function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Left-aligned first column, right-aligned numbers. */
function table(header: string[], rows: string[][], footer: string[]): string[] {
  const all = [header, ...rows, footer];
  const widths = header.map((_, col) => Math.max(...all.map((row) => visibleLength(row[col] ?? ""))));
  const line = (row: string[]) =>
    row
      .map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0)))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(header), ...rows.map(line), rule, line(footer)];
}

function visibleLength(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences are what we strip.
  return text.replace(/\x1b\[[0-9;]*m/g, "").length;
}

/** Word-wraps one paragraph; words longer than the line are left whole. */
function wrap(text: string, width: number, indent: string, firstIndent = indent): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = firstIndent;
  let empty = true;
  for (const word of words) {
    if (!empty && visibleLength(current) + 1 + visibleLength(word) > width) {
      lines.push(current);
      current = indent;
      empty = true;
    }
    current += empty ? word : ` ${word}`;
    empty = false;
  }
  if (!empty) lines.push(current);
  return lines;
}
