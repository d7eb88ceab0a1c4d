import PDFDocument from "pdfkit";
import { type Block, type ListItem, type ReportModel, TONE_COLORS, type Tone } from "./report-model.ts";

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
