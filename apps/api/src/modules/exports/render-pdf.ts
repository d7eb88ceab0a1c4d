import { UNPLACED_HEADING } from "@resumelens/contract";
import PDFDocument from "pdfkit";
import { type Block, type ListItem, type ReportModel, TONE_COLORS, type Tone } from "./report-model.ts";
import {
  type MatchStatus,
  type SideBySide,
  type SidePostingLine,
  type SideResumeLine,
  STATUS_LABEL,
} from "./side-by-side.ts";

/**
 * Draws the report model as a PDF with pdfkit's built-in Helvetica (no font files to ship).
 * Text flows through pdfkit, which adds pages as needed; page numbers are written last, on
 * buffered pages. The document date is the analysis date, so one analysis always gives one PDF.
 */

type Doc = PDFKit.PDFDocument;

const MARGIN = { top: 56, bottom: 64, left: 56, right: 56 };
const INK = "#0f172a";
const MUTED = "#64748b";
const RULE = "#e2e8f0";
const HEAD_FILL = "#f1f5f9";
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const ITALIC = "Helvetica-Oblique";

/** Characters beyond printable ASCII and Latin-1 that the standard fonts' WinAnsi encoding has. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const REPLACEMENTS: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "≥": ">=",
  "≤": "<=",
  "✓": "Yes",
  "✔": "Yes",
  "✗": "No",
  "✘": "No",
  "×": "x",
  "‐": "-",
  "‑": "-",
  "−": "-",
  "\u00ad": "",
  "\u200b": "",
  "\ufeff": "",
};

/** Makes any string drawable with the standard 14 fonts: unknown characters would print as nothing. */
export function pdfSafe(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, "    ")) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else if (WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch in REPLACEMENTS) out += REPLACEMENTS[ch];
    else {
      const base = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += [...base].every((c) => (c.codePointAt(0) ?? 0) < 0x7f) && base ? base : "?";
    }
  }
  return out;
}

export type PdfOptions = { size?: "A4" | "LETTER" };

export async function renderPdf(model: ReportModel, options: PdfOptions = {}): Promise<Uint8Array> {
  const date = new Date(model.createdAt);
  const doc = new PDFDocument({
    size: options.size ?? "A4",
    margins: MARGIN,
    bufferPages: true,
    compress: true,
    info: {
      Title: pdfSafe(`${model.title} #${model.id}`),
      Author: "ResumeLens",
      Subject: pdfSafe(model.jobTitle ?? "Resume analysis"),
      Creator: "ResumeLens",
      Producer: "ResumeLens",
      CreationDate: date,
      ModDate: date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  drawCover(doc, model);
  for (const section of model.sections) {
    heading(doc, section.heading);
    for (const block of section.blocks) drawBlock(doc, block);
  }
  drawFooters(doc, model);

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

const left = (doc: Doc) => doc.page.margins.left;
const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function drawCover(doc: Doc, model: ReportModel): void {
  const x = left(doc);
  const width = contentWidth(doc);
  const top = doc.page.margins.top;
  const ringRadius = 46;
  const ringCx = x + width - ringRadius - 8;
  const ringCy = top + ringRadius + 6;
  const textWidth = width - ringRadius * 2 - 40;

  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(MUTED)
    .text("RESUMELENS", x, top, { width: textWidth, characterSpacing: 1.5 });
  doc.moveDown(0.4);
  doc.font(BOLD).fontSize(22).fillColor(INK).text(pdfSafe(model.title), x, doc.y, { width: textWidth });
  doc.moveDown(0.3);
  if (model.jobTitle) {
    doc.font(FONT).fontSize(13).fillColor(INK).text(pdfSafe(model.jobTitle), x, doc.y, { width: textWidth });
    doc.moveDown(0.2);
  }
  const meta = [`Analysed on ${model.dateLabel}`, `Report #${model.id}`];
  if (model.resumeFilename) meta.push(`Resume: ${model.resumeFilename}`);
  doc
    .font(FONT)
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(pdfSafe(meta.join("   ·   ")), x, doc.y, { width: textWidth });

  // The score ring: a grey track and an arc in the band's colour, clockwise from 12 o'clock.
  const color = model.score.color;
  doc.save();
  doc.lineWidth(9).strokeColor(RULE).circle(ringCx, ringCy, ringRadius).stroke();
  const fraction = Math.max(0, Math.min(1, model.score.value / 100));
  if (fraction >= 0.999) doc.lineWidth(9).strokeColor(color).circle(ringCx, ringCy, ringRadius).stroke();
  else if (fraction > 0) {
    const angle = -Math.PI / 2 + fraction * 2 * Math.PI;
    const ex = ringCx + ringRadius * Math.cos(angle);
    const ey = ringCy + ringRadius * Math.sin(angle);
    const large = fraction > 0.5 ? 1 : 0;
    doc
      .lineWidth(9)
      .lineCap("round")
      .strokeColor(color)
      .path(`M ${ringCx} ${ringCy - ringRadius} A ${ringRadius} ${ringRadius} 0 ${large} 1 ${ex} ${ey}`)
      .stroke();
  }
  doc.restore();
  doc
    .font(BOLD)
    .fontSize(26)
    .fillColor(color)
    .text(String(model.score.value), ringCx - ringRadius, ringCy - 17, {
      width: ringRadius * 2,
      align: "center",
      lineBreak: false,
    });
  doc
    .font(FONT)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text("out of 100", ringCx - ringRadius, ringCy + 10, {
      width: ringRadius * 2,
      align: "center",
      lineBreak: false,
    });
  doc
    .font(BOLD)
    .fontSize(10.5)
    .fillColor(color)
    .text(model.score.band, ringCx - ringRadius - 30, ringCy + ringRadius + 10, {
      width: ringRadius * 2 + 60,
      align: "center",
      lineBreak: false,
    });

  // Summary cards, as on the results screen.
  let y = Math.max(doc.y + 18, ringCy + ringRadius + 36);
  const gap = 10;
  const cardWidth = (width - gap * (model.summary.length - 1)) / model.summary.length;
  const cardHeight = 48;
  model.summary.forEach((card, i) => {
    const cx = x + i * (cardWidth + gap);
    doc.roundedRect(cx, y, cardWidth, cardHeight, 6).fillAndStroke(HEAD_FILL, RULE);
    doc
      .font(FONT)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(pdfSafe(card.label.toUpperCase()), cx + 10, y + 9, { width: cardWidth - 20, lineBreak: false });
    doc
      .font(BOLD)
      .fontSize(13)
      .fillColor(INK)
      .text(pdfSafe(card.value), cx + 10, y + 24, { width: cardWidth - 20, lineBreak: false });
  });
  y += cardHeight + 14;
  const gain = model.potentialScore - model.score.value;
  doc
    .font(FONT)
    .fontSize(10)
    .fillColor(INK)
    .text(
      gain > 0
        ? `Potential score: ${model.potentialScore} (+${gain}) once the recommendations below are in place.`
        : `Potential score: ${model.potentialScore}.`,
      x,
      y,
      { width },
    );
  doc.moveDown(0.8);
}

/** A bold heading inside a section (the side-by-side view's "Legend", "The posting"…), 2 pt above what follows. */
function subheading(doc: Doc, text: string, size: number): void {
  doc
    .font(BOLD)
    .fontSize(size)
    .fillColor(INK)
    .text(text, left(doc), doc.y, { width: contentWidth(doc) });
  doc.y += 2;
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 90);
  doc.moveDown(0.6);
  const x = left(doc);
  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor(INK)
    .text(pdfSafe(text), x, doc.y, { width: contentWidth(doc) });
  const y = doc.y + 3;
  doc
    .moveTo(x, y)
    .lineTo(x + contentWidth(doc), y)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 8;
}

function drawBlock(doc: Doc, block: Block): void {
  const x = left(doc);
  const width = contentWidth(doc);
  switch (block.kind) {
    case "paragraph":
      doc
        .font(FONT)
        .fontSize(block.muted ? 9 : 10)
        .fillColor(block.muted ? MUTED : INK)
        .text(pdfSafe(block.text), x, doc.y, { width });
      doc.moveDown(0.5);
      return;
    case "subheading":
      ensureSpace(doc, 50);
      doc.moveDown(0.3);
      doc.font(BOLD).fontSize(11.5).fillColor(INK).text(pdfSafe(block.text), x, doc.y, { width });
      doc.moveDown(0.3);
      return;
    case "facts":
      drawFacts(doc, block.rows);
      return;
    case "table":
      drawTable(doc, block);
      return;
    case "list":
      if (block.items.length === 0) {
        doc.font(ITALIC).fontSize(10).fillColor(MUTED).text(pdfSafe(block.empty), x, doc.y, { width });
        doc.moveDown(0.5);
        return;
      }
      block.items.forEach((item, i) => {
        drawListItem(doc, item, block.ordered ? `${i + 1}.` : "•");
      });
      doc.moveDown(0.3);
      return;
    case "preformatted":
      doc
        .font(FONT)
        .fontSize(9.5)
        .fillColor(INK)
        .text(pdfSafe(block.text), x, doc.y, { width, lineGap: 1.5 });
      doc.moveDown(0.5);
      return;
    case "sideBySide":
      drawSideBySide(doc, block.view);
      return;
  }
}

function drawFacts(doc: Doc, rows: { label: string; value: string; tone?: Tone }[]): void {
  const x = left(doc);
  const labelWidth = 130;
  const valueWidth = contentWidth(doc) - labelWidth;
  for (const row of rows) {
    const value = pdfSafe(row.value);
    doc.font(row.tone ? BOLD : FONT).fontSize(10);
    const height = Math.max(doc.heightOfString(value, { width: valueWidth }), 12);
    ensureSpace(doc, height + 4);
    const y = doc.y;
    doc
      .font(FONT)
      .fontSize(10)
      .fillColor(MUTED)
      .text(pdfSafe(row.label), x, y, { width: labelWidth - 10 });
    doc
      .font(row.tone ? BOLD : FONT)
      .fontSize(10)
      .fillColor(row.tone ? TONE_COLORS[row.tone] : INK)
      .text(value, x + labelWidth, y, { width: valueWidth });
    doc.y = y + height + 4;
  }
  doc.moveDown(0.3);
}

function drawTable(doc: Doc, table: Extract<Block, { kind: "table" }>): void {
  const x = left(doc);
  const width = contentWidth(doc);
  const pad = 5;
  const widths = table.columns.map((c) => c.width * width);
  const offsets = widths.map((_, i) => x + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const size = 9;

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(size);
    return (
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(pdfSafe(cell) || " ", { width: widths[i]! - pad * 2 })),
      ) +
      pad * 2
    );
  };
  const drawRow = (
    cells: string[],
    font: string,
    opts: { fill?: string; tone?: Tone; line?: "top" | "bottom" },
  ) => {
    const height = rowHeight(cells, font);
    const y = doc.y;
    if (opts.fill) doc.rect(x, y, width, height).fill(opts.fill);
    cells.forEach((cell, i) => {
      const toned = opts.tone && i === table.toneColumn;
      doc
        .font(toned ? BOLD : font)
        .fontSize(size)
        .fillColor(toned && opts.tone ? TONE_COLORS[opts.tone] : INK)
        .text(pdfSafe(cell), offsets[i]! + pad, y + pad, {
          width: widths[i]! - pad * 2,
          align: table.columns[i]!.align,
        });
    });
    const lineY = opts.line === "top" ? y : y + height;
    doc
      .moveTo(x, lineY)
      .lineTo(x + width, lineY)
      .lineWidth(opts.line === "top" ? 1 : 0.5)
      .strokeColor(opts.line === "top" ? MUTED : RULE)
      .stroke();
    doc.y = y + height;
  };
  const header = table.columns.map((c) => c.header);
  const drawHeader = () => drawRow(header, BOLD, { fill: HEAD_FILL, line: "bottom" });

  ensureSpace(doc, rowHeight(header, BOLD) + (table.rows[0] ? rowHeight(table.rows[0].cells, FONT) : 0));
  drawHeader();
  for (const row of table.rows) {
    const height = rowHeight(row.cells, FONT);
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      drawHeader();
    }
    drawRow(row.cells, FONT, { tone: row.tone, line: "bottom" });
  }
  if (table.footer) {
    ensureSpace(doc, rowHeight(table.footer, BOLD));
    drawRow(table.footer, BOLD, { line: "top" });
  }
  doc.x = x;
  doc.moveDown(0.6);
}

function drawListItem(doc: Doc, item: ListItem, marker: string): void {
  const x = left(doc);
  const indent = 18;
  const width = contentWidth(doc) - indent;
  ensureSpace(doc, 34);
  const y = doc.y;
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor(MUTED)
    .text(marker, x, y, { width: indent - 4, lineBreak: false });
  doc.y = y;

  if (item.title) {
    const tags = item.tags ?? [];
    doc
      .font(BOLD)
      .fontSize(10.5)
      .fillColor(INK)
      .text(pdfSafe(item.title), x + indent, y, { width, continued: tags.length > 0 });
    tags.forEach((tag, i) => {
      doc
        .font(BOLD)
        .fontSize(10.5)
        .fillColor(TONE_COLORS[tag.tone])
        .text(`   ${pdfSafe(tag.text)}`, { continued: i < tags.length - 1 });
    });
  }
  if (item.text) {
    const tags = item.title ? [] : (item.tags ?? []);
    doc
      .font(FONT)
      .fontSize(10)
      .fillColor(INK)
      .text(pdfSafe(item.text), x + indent, doc.y + (item.title ? 1 : 0), {
        width,
        continued: tags.length > 0,
      });
    tags.forEach((tag, i) => {
      doc
        .font(BOLD)
        .fontSize(10)
        .fillColor(TONE_COLORS[tag.tone])
        .text(`   ${pdfSafe(tag.text)}`, { continued: i < tags.length - 1 });
    });
  }
  if (item.quote) {
    doc
      .font(ITALIC)
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(`“${pdfSafe(item.quote)}”`, x + indent, doc.y + 1, { width });
  }
  for (const detail of item.details ?? []) {
    doc
      .font(FONT)
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(pdfSafe(detail), x + indent, doc.y + 1, { width });
  }
  doc.x = x;
  doc.y += 5;
}

function drawFooters(doc: Doc, model: ReportModel): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const x = left(doc);
    const width = contentWidth(doc);
    const y = doc.page.height - savedBottom + 24;
    doc
      .moveTo(x, y - 8)
      .lineTo(x + width, y - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(FONT)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(pdfSafe(`ResumeLens · Analysis report #${model.id} · ${model.dateLabel}`), x, y, {
        width: width / 2,
        lineBreak: false,
      });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, x + width / 2, y, {
      width: width / 2,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = savedBottom;
  }
}

/*
 * The side-by-side view (docs/product.md#side-by-side): the posting, then the resume, one block per
 * line. pdfkit cannot paint behind part of a line of text, so these blocks are laid out here, word
 * by word: every row's position is known before anything is drawn, a block that fits on a page is
 * never split, a longer one breaks between rows, and a highlight is painted behind exactly the rows
 * and words it covers.
 */

/** A piece of styled text; `fill` paints behind it, `underline` draws a dashed line under it. */
type Run = {
  text: string;
  font: string;
  size: number;
  color: string;
  fill?: string;
  underline?: string;
  /** A named destination in this PDF that the text links to. */
  goTo?: string;
};
type Piece = { text: string; x: number; width: number; run: Run };
type Row = { pieces: Piece[]; height: number; indent: number };

const STATUS_INK: Record<MatchStatus, string> = {
  matched: "#15803d",
  partial: "#c2410c",
  missing: "#b91c1c",
};
const STATUS_FILL: Record<MatchStatus, string> = {
  matched: "#f0fdf4",
  partial: "#fff7ed",
  missing: "#fef2f2",
};
const MARK_FILL = "#fde68a";
/** Requirement names that jump to their line on the other side. */
const LINK = "#1d4ed8";
const FLAG_INK = "#92400e";
const FLAG_LINE = "#d97706";
const LINE_SIZE = 9.5;
const NOTE_SIZE = 8.5;
/** Room on the left of each line for its status label and bullet. */
const GUTTER = 60;

/**
 * Word widths by font and size, per document: a resume repeats its words, and measuring (pdfkit
 * looks up a kerning pair per letter) is most of the layout's time.
 */
const widthCache = new WeakMap<Doc, Map<string, Map<string, number>>>();

function measurer(doc: Doc, run: Run): (text: string) => number {
  let fonts = widthCache.get(doc);
  if (!fonts) {
    fonts = new Map();
    widthCache.set(doc, fonts);
  }
  const fontKey = `${run.font} ${run.size}`;
  let widths = fonts.get(fontKey);
  if (!widths) {
    widths = new Map();
    fonts.set(fontKey, widths);
  }
  const cache = widths;
  return (text) => {
    let w = cache.get(text);
    if (w === undefined) {
      w = doc.font(run.font).fontSize(run.size).widthOfString(text);
      cache.set(text, w);
    }
    return w;
  };
}

/** Lays runs out in rows no wider than `width`; a word longer than a row is cut where it must be. */
function layoutRuns(doc: Doc, runs: Run[], width: number, indent = 0): Row[] {
  const rows: Row[] = [];
  let row: Piece[] = [];
  let x = 0;
  let height = 0;
  const flush = () => {
    while (row.length && !row.at(-1)?.text.trim()) row.pop();
    if (row.length) rows.push({ pieces: row, height, indent });
    row = [];
    x = 0;
    height = 0;
  };
  const place = (text: string, run: Run, w: number) => {
    row.push({ text, x, width: w, run });
    x += w;
    height = Math.max(height, run.size * 1.32);
  };
  for (const run of runs) {
    const measure = measurer(doc, run);
    for (const token of pdfSafe(run.text).split(/(\s+)/)) {
      if (!token) continue;
      if (!token.trim()) {
        if (row.length) place(" ", run, measure(" "));
        continue;
      }
      const w = measure(token);
      if (x + w > width && row.length) flush();
      if (w <= width) {
        place(token, run, w);
        continue;
      }
      // One word wider than the row (a long link): cut it into pieces that fit.
      let piece = "";
      let pieceWidth = 0;
      for (const ch of token) {
        const cw = measure(ch);
        if (piece && x + pieceWidth + cw > width) {
          place(piece, run, pieceWidth);
          flush();
          piece = "";
          pieceWidth = 0;
        }
        piece += ch;
        pieceWidth += cw;
      }
      if (piece) place(piece, run, pieceWidth);
    }
  }
  flush();
  return rows;
}

function drawRow(doc: Doc, row: Row, x: number, y: number): void {
  const base = x + row.indent;
  for (const p of row.pieces) {
    if (p.run.fill) doc.rect(base + p.x - 0.5, y - 0.5, p.width + 1, row.height - 1).fill(p.run.fill);
  }
  // Neighbouring pieces of one run are drawn as one string.
  let i = 0;
  while (i < row.pieces.length) {
    const first = row.pieces[i]!;
    let text = first.text;
    let width = first.width;
    let j = i + 1;
    while (j < row.pieces.length && row.pieces[j]!.run === first.run) {
      text += row.pieces[j]!.text;
      width += row.pieces[j]!.width;
      j++;
    }
    const { run } = first;
    const dy = (row.height - run.size * 1.32) * 0.75;
    // The width is known: pdfkit's fragment drawing takes it (an option its types leave out) instead
    // of measuring the string again; if it ever ignores it, it measures, and nothing else changes.
    const known = { textWidth: width, wordCount: Math.ceil((j - i) / 2) } as PDFKit.Mixins.TextOptions;
    doc
      .font(run.font)
      .fontSize(run.size)
      .fillColor(run.color)
      .text(text, base + first.x, y + dy + 1, {
        lineBreak: false,
        ...known,
        ...(run.goTo ? { goTo: run.goTo } : {}),
      });
    if (run.underline) {
      // Just under the baseline (about 0.72 of the size below the top for Helvetica), clear of the next row.
      const lineY = y + dy + 1 + run.size * 0.9;
      doc
        .save()
        .moveTo(base + first.x, lineY)
        .lineTo(base + first.x + width, lineY)
        .lineWidth(0.8)
        .dash(1.6, { space: 1.2 })
        .strokeColor(run.underline)
        .stroke()
        .undash()
        .restore();
    }
    i = j;
  }
}

/** A line of the view: its rows, a label in the gutter, and how it is marked. */
type LineBlock = {
  rows: Row[];
  label?: { text: string; color: string };
  bullet?: boolean;
  /** Painted behind the whole block, with a bar of `bar` on its left edge. */
  fill?: string;
  bar?: string;
  /** The named destination the block's top becomes (links from the other side point here). */
  destination?: string;
};

const PAD = 2.5;

/**
 * Draws a block at doc.y: on this page when it fits, else from the top of the next; a block
 * taller than a whole page breaks between rows, its fill and bar drawn on each part.
 */
function drawLineBlock(doc: Doc, block: LineBlock): void {
  const x = left(doc);
  const width = contentWidth(doc);
  const total = block.rows.reduce((sum, r) => sum + r.height, 0) + PAD * 2;
  const pageRoom = bottom(doc) - doc.page.margins.top;
  if (doc.y + total > bottom(doc) && total <= pageRoom) doc.addPage();
  let rows = block.rows;
  let first = true;
  while (rows.length) {
    if (doc.y + PAD * 2 + (rows[0]?.height ?? 0) > bottom(doc)) doc.addPage();
    const y = doc.y;
    let fit = 0;
    let h = PAD * 2;
    while (fit < rows.length && y + h + rows[fit]!.height <= bottom(doc)) h += rows[fit++]!.height;
    if (block.fill) doc.rect(x, y, width, h).fill(block.fill);
    if (block.bar) doc.rect(x, y, 3, h).fill(block.bar);
    if (first && block.destination) doc.addNamedDestination(block.destination, "XYZ", x, y, null);
    if (first && block.label) {
      doc
        .font(BOLD)
        .fontSize(7)
        .fillColor(block.label.color)
        .text(block.label.text.toUpperCase(), x + 7, y + PAD + 3.2, {
          lineBreak: false,
          characterSpacing: 0.3,
        });
    }
    if (first && block.bullet) {
      doc
        .font(BOLD)
        .fontSize(LINE_SIZE)
        .fillColor(MUTED)
        .text("•", x + GUTTER - 9, y + PAD + 1, { lineBreak: false });
    }
    let rowY = y + PAD;
    for (const row of rows.slice(0, fit)) {
      drawRow(doc, row, x + GUTTER, rowY);
      rowY += row.height;
    }
    rows = rows.slice(fit);
    first = false;
    doc.y = y + h;
  }
  doc.x = x;
}

/** A small uppercase heading for a group of lines, kept with the line below it. */
function groupHeading(doc: Doc, text: string): void {
  ensureSpace(doc, 44);
  const x = left(doc);
  doc.y += 6;
  doc
    .font(BOLD)
    .fontSize(8.5)
    .fillColor("#475569")
    .text(pdfSafe(text.toUpperCase()), x + GUTTER, doc.y, {
      width: contentWidth(doc) - GUTTER,
      characterSpacing: 0.6,
    });
  doc.y += 2;
}

function statusRuns(status: MatchStatus): Run {
  return { text: `${STATUS_LABEL[status].toUpperCase()} `, font: BOLD, size: 7.5, color: STATUS_INK[status] };
}

type View = Extract<SideBySide, { available: true }>;

/** Each heading line opens a group, as in the HTML. */
function eachGrouped<L extends { kind: string; section: string; text: string }>(
  doc: Doc,
  lines: L[],
  draw: (line: L) => void,
): void {
  for (const line of lines) {
    if (line.kind === "heading") groupHeading(doc, line.text);
    else draw(line);
  }
}

function drawSideBySide(doc: Doc, view: View): void {
  const width = contentWidth(doc) - GUTTER - 6;
  const reqs = view.requirements;

  // The legend, in a tinted box.
  const legendRuns = (status: MatchStatus, text: string): Run[] => [
    statusRuns(status),
    { text, font: FONT, size: NOTE_SIZE, color: INK },
  ];
  const legend: Row[] = [
    ...view.legend.flatMap((l) => layoutRuns(doc, legendRuns(l.status, l.description), width)),
    ...layoutRuns(
      doc,
      [
        { text: "marked words", font: BOLD, size: NOTE_SIZE, color: INK, fill: MARK_FILL },
        { text: " the words that match the posting", font: FONT, size: NOTE_SIZE, color: INK },
      ],
      width,
    ),
    ...layoutRuns(
      doc,
      [
        { text: "underlined", font: FONT, size: NOTE_SIZE, color: INK, underline: FLAG_LINE },
        { text: " and ", font: FONT, size: NOTE_SIZE, color: INK },
        { text: "!", font: BOLD, size: NOTE_SIZE, color: FLAG_INK },
        { text: " what a recruiter would flag on a bullet", font: FONT, size: NOTE_SIZE, color: INK },
      ],
      width,
    ),
  ];
  ensureSpace(doc, 120);
  subheading(doc, "Legend", 11.5);
  doc.y += 1;
  drawLineBlock(doc, { rows: legend, fill: HEAD_FILL });
  // The web tab's summary: posting lines by their status, in its words.
  doc.y += 6;
  doc
    .font(FONT)
    .fontSize(10)
    .fillColor(INK)
    .text(pdfSafe(view.summary.map((c) => c.text).join(" · ")), left(doc), doc.y, {
      width: contentWidth(doc),
    });

  // The posting.
  ensureSpace(doc, 70);
  doc.moveDown(0.6);
  subheading(doc, "The posting", 12.5);
  const chip = (i: number): Run[] => {
    const r = reqs[i];
    if (!r) return [];
    return [
      statusRuns(r.status),
      {
        text: `${r.label} `,
        font: FONT,
        size: NOTE_SIZE,
        color: r.evidenceLine === null ? INK : LINK,
        goTo: r.evidenceLine === null ? undefined : `resume-line-${r.evidenceLine}`,
      },
      { text: `(${r.priority})      `, font: FONT, size: 7.5, color: MUTED },
    ];
  };
  // The requirements on a line share a row when they fit; else each has its own, so a status
  // never ends one row with its name on the next.
  const chipRows = (list: number[]): Row[] => {
    const together = layoutRuns(doc, list.flatMap(chip), width);
    return together.length <= 1 ? together : list.flatMap((i) => layoutRuns(doc, chip(i), width));
  };
  eachGrouped(doc, view.posting, (line: SidePostingLine) => {
    // Every line that asks for something is labelled with its status by the line rule; a
    // requirement worded as the whole line has that status too, so it is not listed again.
    const whole = line.requirements.find((i) => reqs[i]?.wholeLine);
    const rest = line.requirements.filter((i) => i !== whole);
    const rows = layoutRuns(doc, [{ text: line.text, font: FONT, size: LINE_SIZE, color: INK }], width);
    if (rest.length) rows.push(...chipRows(rest));
    drawLineBlock(doc, {
      rows,
      label: line.status ? { text: STATUS_LABEL[line.status], color: STATUS_INK[line.status] } : undefined,
      bar: line.status ? STATUS_INK[line.status] : undefined,
      bullet: line.kind === "bullet",
      destination: `posting-line-${line.index}`,
    });
  });
  if (view.unplaced.length) {
    groupHeading(doc, UNPLACED_HEADING);
    drawLineBlock(doc, { rows: chipRows(view.unplaced) });
  }

  // The resume.
  doc.addPage();
  subheading(doc, "Your resume, as the analysis read it", 12.5);
  let previous: SideResumeLine["kind"] | null = null;
  eachGrouped(doc, view.resume, (line: SideResumeLine) => {
    const role = line.kind === "role";
    // A little air above each role, so the entries read apart.
    if (role && previous !== null && previous !== "role") doc.y += 5;
    previous = line.kind;
    const runs: Run[] = line.segments.map((s) => ({
      text: s.text,
      font: role || s.mark ? BOLD : FONT,
      size: LINE_SIZE,
      color: INK,
      fill: s.mark ? MARK_FILL : undefined,
      underline: s.flagged ? FLAG_LINE : undefined,
    }));
    const rows = layoutRuns(doc, runs, width);
    if (line.proves.length) {
      const proves: Run[] = [{ text: "Proves: ", font: FONT, size: NOTE_SIZE, color: MUTED }];
      line.proves.forEach((i, k) => {
        const r = reqs[i];
        if (!r) return;
        proves.push(
          {
            text: r.label,
            font: FONT,
            size: NOTE_SIZE,
            color: r.postingLine === null ? INK : LINK,
            goTo: r.postingLine === null ? undefined : `posting-line-${r.postingLine}`,
          },
          {
            text: ` (${STATUS_LABEL[r.status].toLowerCase()})${k < line.proves.length - 1 ? ", " : ""}`,
            font: FONT,
            size: NOTE_SIZE,
            color: MUTED,
          },
        );
      });
      rows.push(...layoutRuns(doc, proves, width));
    }
    for (const flag of line.flags) {
      rows.push(
        ...layoutRuns(
          doc,
          [
            { text: "! ", font: BOLD, size: NOTE_SIZE, color: FLAG_INK },
            { text: flag.label, font: BOLD, size: NOTE_SIZE, color: FLAG_INK },
            ...(flag.quote
              ? [{ text: ` “${flag.quote}”`, font: ITALIC, size: NOTE_SIZE, color: FLAG_INK }]
              : []),
            { text: `: ${flag.message}`, font: FONT, size: NOTE_SIZE, color: "#475569" },
          ],
          width,
        ),
      );
    }
    drawLineBlock(doc, {
      rows,
      label: line.highlight
        ? { text: STATUS_LABEL[line.highlight], color: STATUS_INK[line.highlight] }
        : undefined,
      fill: line.highlight ? STATUS_FILL[line.highlight] : undefined,
      bar: line.highlight ? STATUS_INK[line.highlight] : undefined,
      bullet: line.kind === "bullet",
      destination: `resume-line-${line.index}`,
    });
  });
  doc.moveDown(0.5);
}
