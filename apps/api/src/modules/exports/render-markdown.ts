import { UNPLACED_HEADING } from "@resumelens/contract";
import type { Block, ListItem, ReportModel } from "./report-model.ts";
import { type MatchStatus, type Segment, type SideBySide, STATUS_LABEL } from "./side-by-side.ts";

/**
 * Draws the report model as Markdown. User text is escaped so it cannot become markup: many
 * Markdown viewers pass raw HTML through, and the job description may contain `<script>`.
 */

/** Escapes Markdown syntax and HTML in inline text. */
export function mdEscape(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/([\\`*_[\]{}()#+!|~])/g, "\\$1")
    .replace(/^(\d+)\./, "$1\\.")
    .replace(/^-/, "\\-");
}

const tags = (item: ListItem) => (item.tags ?? []).map((t) => ` · _${mdEscape(t.text)}_`).join("");

function item(entry: ListItem, marker: string): string {
  const lines: string[] = [];
  const head = entry.title ? `**${mdEscape(entry.title)}**${tags(entry)}` : "";
  const text = entry.text ? mdEscape(entry.text) + (entry.title ? "" : tags(entry)) : "";
  lines.push(`${marker} ${[head, text].filter(Boolean).join(" — ")}`);
  if (entry.quote) lines.push(`   > _“${mdEscape(entry.quote)}”_`);
  for (const detail of entry.details ?? []) lines.push(`   ${mdEscape(detail)}`);
  return lines.join("  \n");
}

function block(b: Block): string {
  switch (b.kind) {
    case "paragraph":
      return b.muted ? `_${mdEscape(b.text)}_` : mdEscape(b.text);
    case "subheading":
      return `### ${mdEscape(b.text)}`;
    case "facts":
      return b.rows.map((r) => `- **${mdEscape(r.label)}:** ${mdEscape(r.value)}`).join("\n");
    case "table": {
      const cell = (text: string) => mdEscape(text) || " ";
      const rows = [
        `| ${b.columns.map((c) => cell(c.header)).join(" | ")} |`,
        `| ${b.columns.map((c) => (c.align === "right" ? "---:" : ":---")).join(" | ")} |`,
        ...b.rows.map((r) => `| ${r.cells.map(cell).join(" | ")} |`),
      ];
      if (b.footer) rows.push(`| ${b.footer.map((c) => (c ? `**${mdEscape(c)}**` : " ")).join(" | ")} |`);
      return rows.join("\n");
    }
    case "list":
      if (b.items.length === 0) return `_${mdEscape(b.empty)}_`;
      return b.items.map((entry, i) => item(entry, b.ordered ? `${i + 1}.` : "-")).join("\n");
    case "preformatted": {
      // A fence longer than any backtick run inside, so the text cannot close it.
      const longest = Math.max(2, ...(b.text.match(/`+/g) ?? []).map((run) => run.length));
      const fence = "`".repeat(longest + 1);
      return `${fence}text\n${b.text}\n${fence}`;
    }
    case "sideBySide":
      return sideBySide(b.view);
  }
}

/** Escapes run by run with mdEscape, keeping the spaces between runs; marked runs are bold. */
function segmentsMd(segments: Segment[]): string {
  let out = "";
  for (const seg of segments) {
    const text = seg.text.replace(/\s+/g, " ");
    const escaped = mdEscape(text);
    if (!escaped) {
      out += text ? " " : "";
      continue;
    }
    const lead = text.startsWith(" ") ? " " : "";
    const trail = text.endsWith(" ") ? " " : "";
    const inner = seg.mark ? `**${escaped}**` : escaped;
    // mdEscape's escapes for a line start ("\-", "1\.") read the same anywhere in CommonMark.
    out += `${lead}${inner}${trail}`;
  }
  return out.trim();
}

const statusMd = (s: MatchStatus) => `**[${STATUS_LABEL[s]}]**`;

/** The side-by-side view as headings over lists: the posting, then the resume. */
function sideBySide(view: Extract<SideBySide, { available: true }>): string {
  const reqs = view.requirements;
  const out: string[] = ["### Legend", ""];
  for (const l of view.legend) out.push(`- ${statusMd(l.status)} ${mdEscape(l.description)}`);
  out.push(
    "- **bold** words: the words that match the posting",
    "- ⚠ what a recruiter would flag on a bullet",
  );
  // The web tab's summary: posting lines by their status, in its words.
  out.push("", view.summary.map((c) => mdEscape(c.text)).join(" · "));

  const chip = (i: number) => {
    const r = reqs[i];
    return r ? `  - [${STATUS_LABEL[r.status]}] ${mdEscape(r.label)} (${r.priority})` : "";
  };
  const grouped = <L extends { kind: string; section: string; text: string }>(
    lines: L[],
    draw: (line: L) => string[],
  ) => {
    const body: string[] = [];
    for (const line of lines) {
      if (line.kind === "heading") body.push("", `#### ${mdEscape(line.text)}`, "");
      else body.push(...draw(line));
    }
    return body;
  };

  out.push("", "### The posting", "");
  out.push(
    ...grouped(view.posting, (line) => {
      // Every line that asks for something is labelled with its status by the line rule; a
      // requirement worded as the whole line has that status too, so it is not listed again.
      const whole = line.requirements.find((i) => reqs[i]?.wholeLine);
      return [
        `- ${line.status ? `${statusMd(line.status)} ` : ""}${mdEscape(line.text)}`,
        ...line.requirements.filter((i) => i !== whole).map(chip),
      ];
    }),
  );
  if (view.unplaced.length)
    out.push("", `#### ${mdEscape(UNPLACED_HEADING)}`, "", ...view.unplaced.map((i) => chip(i).trim()));

  out.push("", "### Your resume, as the analysis read it", "");
  out.push(
    ...grouped(view.resume, (line) => {
      const text = segmentsMd(line.segments);
      if (line.kind === "role")
        return ["", `##### ${line.highlight ? `${statusMd(line.highlight)} ` : ""}${text}`, ""];
      const notes: string[] = [];
      if (line.proves.length) {
        const proves = line.proves
          .map((i) => reqs[i])
          .map((r) => (r ? `${mdEscape(r.label)} (${STATUS_LABEL[r.status].toLowerCase()})` : ""))
          .join(", ");
        notes.push(`Proves: ${proves}`);
      }
      for (const f of line.flags)
        notes.push(
          `⚠ ${mdEscape(f.label)}${f.quote ? ` “${mdEscape(f.quote)}”` : ""}: ${mdEscape(f.message)}`,
        );
      const head = `- ${line.highlight ? `${statusMd(line.highlight)} ` : ""}${text}`;
      return [[head, ...notes.map((n) => `  ${n}`)].join("  \n")];
    }),
  );
  return out.join("\n");
}

export function renderMarkdown(model: ReportModel): string {
  const out: string[] = [`# ${mdEscape(model.title)}`, ""];
  if (model.jobTitle) out.push(`**Job:** ${mdEscape(model.jobTitle)}  `);
  out.push(`**Date:** ${mdEscape(model.dateLabel)}  `, `**Report:** #${model.id}  `);
  if (model.resumeFilename) out.push(`**Resume:** ${mdEscape(model.resumeFilename)}  `);
  out.push(
    "",
    `## Overall score: ${model.score.value} / 100 — ${model.score.band}`,
    "",
    ...model.summary.map((s) => `- **${mdEscape(s.label)}:** ${mdEscape(s.value)}`),
    `- **Potential score:** ${model.potentialScore}`,
  );
  for (const section of model.sections) {
    out.push("", `## ${mdEscape(section.heading)}`);
    for (const b of section.blocks) out.push("", block(b));
  }
  out.push("", "---", "", `_Generated by ResumeLens from analysis #${model.id}._`, "");
  return out.join("\n");
}
