/**
 * PDF text extraction with our own reading order (unpdf / pdf.js positioned text items).
 *
 * Reading order, per page:
 * 0. Text damage mended first (see "Text damage" below): soft-hyphen glyphs pdf.js leaves out of
 *    the text are read as the hyphens they draw (the file's ToUnicode maps rewritten in place, or
 *    else the glyphs put back from the operator list), and the text of icon fonts (Font Awesome's
 *    "HOUSE-CHIMNEY", a phone glyph) is dropped. A scan of the file's font objects (fontHints)
 *    says whether any of this is needed; the operator list, a second pass, is read only then.
 * 1. Text items (whitespace-only items dropped, rotated text skipped) are grouped into rows by
 *    baseline: an item joins the current row when its y is within 0.5 × the smaller font size.
 * 2. Within a row items are sorted by x and split into segments where the horizontal gap is wide
 *    (> 1.2 × font size). Inside a segment items touching each other are joined without a space
 *    (ligature fragments, letter-spaced glyph runs "E X P E R I E N C E" keep their word gaps
 *    only), otherwise with one space; segments of one row are joined with two spaces, the form
 *    the resume parser reads as "separate fields" (title ⟷ right-aligned dates).
 * 3. Column gutter: for every x between 12% and 88% of the text's horizontal extent we count the
 *    rows whose segments cross x. The widest low-crossing band with enough text on both sides is
 *    the candidate gutter. Rows are then walked top-down: a row crossing the gutter is
 *    "spanning", the others are "split". A run of ≥ 6 consecutive split rows covering ≥ 25% of
 *    the text height, with real text on both sides, is read as columns: left column top to
 *    bottom, then right. Spanning rows (the name/contact header above, a footer below) stay in
 *    place, so a full-width header comes first. Shorter runs are read row by row. When the left
 *    column of a page's last run goes on to the next page (it reaches lower, the next page starts
 *    at its x), the right column is read first, so the left one runs straight on. On page 1 the
 *    largest type at the top (the name, joined when set over two lines) is read first.
 * 4. Page headers/footers: rows in the top/bottom 10% of a page whose text (page numbers masked)
 *    and y repeat on ≥ 2 pages are dropped, kept once only when they hold an email/phone or are
 *    the first page's own header; an email/phone in such a band sets
 *    contactInHeaderOrFooter, and a running footer holding the contact is read first.
 * 5. Contact in a one-page running header/footer: one or two small-font rows at the very top or
 *    bottom of a page, well apart from the body, holding an email or phone (Chromium's
 *    headerTemplate / footerTemplate) also set contactInHeaderOrFooter.
 * 6. Ruled tables: on pages whose text could sit in cells (three rows with text starting at one x
 *    beside other text, dates and places at a tab stop not counting), the operator list gives the drawn rules (stroked straight segments, thin
 *    filled rectangles). Three or more horizontal rules each crossed by three or more vertical
 *    ones, with text in two or more of the grid's columns, set `tables`; the grid's text is then
 *    read row by row, cell by cell (a cell's lines together). Unruled tables are not detected: a
 *    label | content table without borders looks exactly like a label-rail resume.
 * 7. Reflow: a line broken only because its column is narrow is joined to the next (same x or a
 *    bullet's hanging indent, same font and size, the block's leading, no bullet, and the next
 *    line's first word would not have fitted); a flush-right date stays a field of its own. The
 *    line directly under a typed bullet, at its hanging indent, is that bullet's even where its
 *    first word would have fitted or the bullet's line ends a sentence (a break inside the item).
 * 8. Normalisation: a blank line where the vertical gap is well above the usual line spacing,
 *    words hyphenated at line ends joined, Word's private-use bullet glyphs mapped to "•", NFKC.
 */
import { deflateSync, inflateSync, constants as zlibConstants } from "node:zlib";
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { DocumentRefused, type ExtractedDocument } from "../types.ts";

// pdf.js 5 hands each font it loads for the operator list over with
// ArrayBuffer.prototype.transferToFixedLength (ES2024: Node 21+). On Node 20 that throws, and pdf.js
// quietly ends the page's operator list at the first font, losing every rule drawn after text.
// A copying stand-in is all its use needs (it never touches the old buffer again).
type Resizable = ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
if (typeof (ArrayBuffer.prototype as Resizable).transferToFixedLength !== "function") {
  Object.defineProperty(ArrayBuffer.prototype, "transferToFixedLength", {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length = this.byteLength): ArrayBuffer {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

export const MAX_PDF_PAGES = 30;
export const MAX_PDF_TEXT = 200_000;
const MIN_TEXT_CHARS = 40;

type Item = {
  str: string;
  x: number;
  y: number;
  w: number;
  size: number;
  font: string;
  spaceBefore?: boolean;
  /** Where a dropped icon before it began: gaps to the item before are measured from there. */
  bridgeFrom?: number;
};
/** A run of items on one row; `head` and `tail` are its first and last item (font, size). */
type Segment = { text: string; x0: number; x1: number; head: Item; tail: Item };
type Row = { y: number; size: number; items: Item[]; segments: Segment[]; x0: number; x1: number };
/**
 * A line in reading order. `block` numbers the text block it was read in (a column of a columns
 * run, the page's row-by-row text, or a table's cell; -1, a running footer read first, never
 * reflows): lines only reflow within one block.
 */
type PageLine = { text: string; y: number; size: number; segments: Segment[]; block: number };
type OutLine = PageLine & { page: number; gapBefore: boolean };

type RawTextItem = {
  str?: string;
  fontName?: string;
  transform?: number[];
  width?: number;
  height?: number;
  /** Where an icon dropped before this item began (see withoutFonts). */
  bridgeFrom?: number;
};

/** Extracts a PDF's text in reading order, or refuses it (encrypted, scanned, corrupt). */
export async function extractPdf(bytes: Uint8Array): Promise<ExtractedDocument> {
  if (!looksLikePdf(bytes)) throw new DocumentRefused("corrupt", "not a complete PDF file");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  // Soft hyphens and icon fonts, looked for in the file's font objects (see "Text damage").
  const hints = fontHints(bytes);
  try {
    // pdf.js transfers (detaches) the buffer it is given: hand it a copy (the mended one is).
    pdf = await getDocumentProxy(hints.mended ?? new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    throw refusalFor(error);
  }
  try {
    const pageCount = pdf.numPages;
    const pages: { rows: Row[]; height: number; width: number; grid: Grid | null }[] = [];
    const { OPS, normalizeUnicode } = await getResolvedPDFJS();
    const pdfjs = { OPS, normalize: (text: string) => String(normalizeUnicode(text)) };
    let tables = false;
    let contactInBand = false;
    for (let p = 1; p <= Math.min(pageCount, MAX_PDF_PAGES); p++) {
      const page = await pdf.getPage(p);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items = content.items as RawTextItem[];
      // The operator list (a second pass over the page) only where there is damage it can mend:
      // soft hyphens the file could not be mended for (or its maps not read: encrypted), icons a
      // named icon font may have drawn.
      const needed =
        ((hints.softHyphen || hints.encrypted) && !hints.mended) || (hints.iconFont && mayDrawIcons(items));
      const list = needed ? await operatorListOf(page) : null;
      const rows = buildRows(mendItems(items, list, page.commonObjs, pdfjs));
      const [, bottom = 0, , top = viewport.height] = page.view;
      contactInBand ||= contactInMarginBand(rows, bottom, top);
      // The drawn rules cost a second pass over the page's content (pdf.js builds and copies the
      // whole operator list), so they are read only where the text could sit in cells.
      const grid = mayHoldCells(rows) ? await gridOf(page, rows, OPS, list) : null;
      tables ||= grid !== null;
      pages.push({ rows, height: viewport.height, width: viewport.width, grid });
      page.cleanup();
    }
    const repeated = dropRepeatedBands(pages);
    const { lines } = repeated;
    const contactInHeaderOrFooter = repeated.contactInHeaderOrFooter || contactInBand;
    let columns = false;
    const ordered: OutLine[] = [];
    // A running footer with the contact (often the only place the name is) is read first, as a
    // Word document's footer is: where a reader looks for whose resume it is.
    const footer =
      contactInHeaderOrFooter && lines[0] && pages[0] ? contactFooter(lines[0], pages[0].height) : [];
    if (footer.length > 0) {
      lines[0] = (lines[0] as Row[]).filter((row) => !footer.includes(row));
      for (const row of footer) {
        ordered.push({
          text: rowText(row),
          ...placeOf(row),
          segments: row.segments,
          block: -1,
          page: 1,
          gapBefore: false,
        });
      }
    }
    lines.forEach((kept, index) => {
      // Where the next page's text starts: the column that runs on there is read last.
      const nextX0 = repeated.lines[index + 1]?.[0]?.x0 ?? null;
      const result = orderPage(kept, pages[index]?.grid ?? null, nextX0);
      columns ||= result.columns;
      const lines = index === 0 ? nameFirst(result.lines) : result.lines;
      for (const [i, line] of markGaps(lines).entries()) {
        ordered.push({
          ...line,
          page: index + 1,
          gapBefore: line.gapBefore || (i === 0 && ordered.length > 0),
        });
      }
    });
    const text = finish(reflow(ordered)).slice(0, MAX_PDF_TEXT);
    if (text.replace(/\s/g, "").length < MIN_TEXT_CHARS) {
      throw new DocumentRefused("no-text-layer", "the PDF has no text layer (a scan?)");
    }
    return {
      text,
      pages: pageCount,
      layout: {
        columns,
        // Only when seen: a stored layout without the key reads as "no tables" as well.
        ...(tables ? { tables } : {}),
        contactInHeaderOrFooter,
        pages: pageCount,
      },
    };
  } catch (error) {
    if (error instanceof DocumentRefused) throw error;
    throw refusalFor(error);
  } finally {
    await pdf.destroy();
  }
}

/**
 * Whether a page's text could sit in a ruled table's cells, read from the text alone: three or more
 * rows with a cell starting at one x position beside text on its left, the text on the left keeping
 * step with those cells (see cellsInLockstep). Reading the drawing costs pdf.js a second pass over
 * the page as dear as the text's (every glyph's outline is built), so it is done only where this
 * holds: table-shaped pages, not single columns or sidebars. An unruled table still passes and
 * costs the pass.
 */
function mayHoldCells(rows: Row[]): boolean {
  const starts = new Map<number, number>();
  for (const row of rows) {
    for (let i = 1; i < row.segments.length; i++) {
      // Dates and places set at a tab stop beside a role are not a table's column, nor is the text
      // after a bullet glyph drawn apart from it.
      const text = row.segments[i]?.text.trim() ?? "";
      if (text.length < 40 && (DATEISH_RE.test(text) || PLACE_RE.test(text))) continue;
      if (LONE_BULLET_RE.test(row.segments[i - 1]?.text.trim() ?? "")) continue;
      // Counted in 2 pt bins, each start in its own and both neighbours.
      const at = Math.round((row.segments[i]?.x0 ?? 0) / 2);
      for (const key of [at - 1, at, at + 1]) starts.set(key, (starts.get(key) ?? 0) + 1);
    }
  }
  for (const [at, n] of starts) {
    if (n >= 3 && cellsInLockstep(rows, at * 2)) return true;
  }
  return false;
}

/**
 * Whether, where cells start at x, the text on the left keeps step with them: between the first and
 * the last row holding such a cell, few rows have text on the left alone, and each block of text on
 * the left (after a gap or at the top) starts on the row where a block on the right starts, as the
 * cells of one table row share their top. A sidebar's lines and paragraphs run on their own, and a
 * rail of dates on the left is a date-left resume.
 */
function cellsInLockstep(rows: Row[], x: number): boolean {
  const inColumn = rows.filter((row) => row.segments.some((s) => Math.abs(s.x0 - x) <= 3));
  const top = Math.max(...inColumn.map((row) => row.y));
  const bottom = Math.min(...inColumn.map((row) => row.y));
  const band = rows.filter((row) => row.y <= top && row.y >= bottom);
  let shared = 0;
  let alone = 0;
  for (const row of band) {
    if (row.x1 < x - 3) alone++;
    else if (row.x0 < x - 3 && row.segments.some((s) => s.x0 >= x - 3)) shared++;
  }
  if (alone > shared / 2) return false;
  // A rail of dates (or places) on the left is a date-left resume, not a table's first column.
  const onLeft = band.flatMap((row) => row.segments.filter((s) => s.x1 < x - 3).map((s) => s.text.trim()));
  const dated = onLeft.filter((t) => t.length < 40 && (DATEISH_RE.test(t) || PLACE_RE.test(t))).length;
  if (dated > 0.6 * onLeft.length) return false;
  const blockTops = (side: Row[]) =>
    side.filter((row, i) => i === 0 || (side[i - 1] as Row).y - row.y > 1.6 * row.size).map((row) => row.y);
  const left = blockTops(band.filter((row) => row.segments.some((s) => s.x1 < x - 3)));
  const right = blockTops(band.filter((row) => row.segments.some((s) => s.x0 >= x - 3)));
  const aligned = left.filter((y) => right.some((r) => Math.abs(r - y) <= 2)).length;
  return aligned >= 0.8 * left.length;
}

/** A bullet glyph drawn apart from its line's text. */
const LONE_BULLET_RE = /^[•●▪■◦‣∙·*\-–—\uF000-\uF0FF]$/;

type OperatorListSource = { getOperatorList: (options: { annotationMode: number }) => Promise<OperatorList> };

/** The page's ruled table, if any; drawings pdf.js cannot read only cost the hint, never the text. */
async function gridOf(
  page: OperatorListSource,
  rows: Row[],
  OPS: OpCodes,
  read: OperatorList | null = null,
): Promise<Grid | null> {
  try {
    const list = read ?? (await operatorListOf(page));
    return list ? ruledGrid(rulesOf(list, OPS), rows) : null;
  } catch {
    return null;
  }
}

/** The page's operator list, or null where pdf.js cannot read its drawing. */
async function operatorListOf(page: OperatorListSource): Promise<OperatorList | null> {
  try {
    // annotationMode 0 (DISABLE): form fields and link borders are not the page's drawing.
    return await page.getOperatorList({ annotationMode: 0 });
  } catch {
    return null;
  }
}

function looksLikePdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (!head.includes("%PDF-")) return false;
  // A truncated upload loses its trailer; pdf.js would otherwise "recover" half a document.
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - 4096)));
  return tail.includes("%%EOF") || tail.includes("startxref");
}

function refusalFor(error: unknown): DocumentRefused {
  const name = (error as { name?: string } | null)?.name ?? "";
  if (name === "PasswordException" || /password/i.test(String((error as Error)?.message ?? ""))) {
    return new DocumentRefused("encrypted", "the PDF is password-protected");
  }
  return new DocumentRefused("corrupt", `the PDF could not be read (${name || "parse error"})`);
}

// ---------------------------------------------------------------------------------------------
// Text damage: soft hyphens pdf.js leaves out, icon fonts read as words

/**
 * What a PDF's own objects say about its fonts, read from the bytes before pdf.js: whether a
 * ToUnicode map sends some glyph to U+00AD (the soft hyphen: XeTeX and LuaTeX map an OpenType
 * font's hyphen glyph so when the font's cmap lists both characters for it), and whether an icon
 * font is named. Only stream dictionaries without /Subtype (no images, font programs or forms)
 * are inflated, each with a cap, within an overall budget.
 *
 * `mended` is a copy of the file whose soft-hyphen maps say U+002D (a hyphen) instead, each map
 * rewritten in the room its stream took, so that no offset moves: pdf.js then reads every such
 * glyph as the hyphen it draws, and advances past it. Null when there is none, or one could not be
 * rewritten in place (its deflated bytes came out longer, a range covers U+00AD): the operator
 * list then tells where the glyphs pdf.js left out were (restoreSoftHyphens). `encrypted`: the
 * streams could not be read here (pdf.js opens a file encrypted without a user password).
 */
export function fontHints(bytes: Uint8Array): {
  softHyphen: boolean;
  iconFont: boolean;
  mended: Uint8Array | null;
  encrypted: boolean;
} {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = file.toString("latin1");
  let softHyphen = false;
  let iconFont = namesIconFont(text);
  let rewritable = true;
  const rewrites: { at: number; room: number; data: Uint8Array }[] = [];
  let budget = HINT_INFLATE_BUDGET;
  let from = 0;
  for (let streams = 0; budget > 0 && streams < HINT_MAX_STREAMS; streams++) {
    const at = text.indexOf("stream", from);
    if (at < 0) break;
    from = at + 6;
    if (text.startsWith("end", at - 3)) continue;
    const start = text.startsWith("\r\n", from) ? from + 2 : text[from] === "\n" ? from + 1 : -1;
    if (start < 0) continue;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    from = end + 9;
    // The stream's dictionary: from its object's "obj" (looked for in a bounded window).
    const window = text.slice(Math.max(0, at - 1024), at);
    const dict = window.slice(window.lastIndexOf("obj") + 1);
    if (/\/(?:Subtype|Length[123]|DecodeParms)\b|\/Type\s*\/(?:XRef|Metadata)\b/.test(dict)) continue;
    const flate = /\/Filter\s*(?:\/FlateDecode|\[\s*\/FlateDecode\s*\])/.test(dict);
    if (!flate && /\/Filter\b/.test(dict)) continue;
    // The stream's data: its /Length where given, else up to the end-of-line before "endstream".
    const declared = /\/Length\s+(\d+)(?![\d\s]*R)/.exec(dict);
    const room = Math.min(
      declared ? Number(declared[1]) : Number.POSITIVE_INFINITY,
      end - start - (/\r?\n$|\r$/.exec(text.slice(Math.max(start, end - 2), end))?.[0].length ?? 0),
    );
    let body: string;
    if (flate) {
      try {
        const inflated = inflateSync(file.subarray(start, start + room), {
          maxOutputLength: HINT_STREAM_MAX,
          finishFlush: zlibConstants.Z_SYNC_FLUSH,
        });
        budget -= Math.max(inflated.length, room);
        body = inflated.toString("latin1");
      } catch (error) {
        // Past the cap (a bomb, or a stream far larger than a font's map): the work was done.
        budget -= error instanceof RangeError ? HINT_STREAM_MAX : room;
        continue;
      }
    } else body = text.slice(start, start + room);
    if (/\/Type\s*\/ObjStm\b/.test(dict)) {
      iconFont ||= namesIconFont(body);
      continue;
    }
    const cmap = body.includes("begincmap") ? hyphenatedCMap(body) : null;
    if (!cmap) continue;
    softHyphen = true;
    const data = cmap.whole ? restream(cmap.text, flate, room) : null;
    if (data) rewrites.push({ at: start, room, data });
    else rewritable = false;
  }
  let mended: Uint8Array | null = null;
  if (softHyphen && rewritable) {
    mended = new Uint8Array(bytes);
    for (const { at, room, data } of rewrites) {
      mended.set(data, at);
      mended.fill(0x0a, at + data.length, at + room);
    }
  }
  return { softHyphen, iconFont, mended, encrypted: /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/.test(text) };
}

/** The bytes the font scan inflates in all at most, and the most one stream may inflate to. */
const HINT_INFLATE_BUDGET = 8 << 20;
const HINT_STREAM_MAX = 2 << 20;
/** The "stream" keywords looked at, at most (a resume has tens to hundreds). */
const HINT_MAX_STREAMS = 5000;

/**
 * Icon fonts by name (PostScript names keep the family: "PJXGGZ+FontAwesome6Free-Solid",
 * "MaterialIcons-Regular", "academicons"). Symbol, Wingdings and Zapf Dingbats are left out on
 * purpose: Word draws its list bullets in them.
 */
const ICON_FONT_RE =
  /icons|font[\s_-]?awesome|fork[\s_-]?awesome|line[\s_-]?awesome|fa-(?:solid|regular|brands|light|thin)|remixicon|icomoon|fontello|entypo|marvosym|material[\s_-]?symbols/i;

function namesIconFont(text: string): boolean {
  for (const match of text.matchAll(/\/(?:BaseFont|FontName)\s*\/([^\s/<>[\]()%{}]{1,127})/g)) {
    const name = (match[1] ?? "").replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (ICON_FONT_RE.test(name)) return true;
  }
  return false;
}

/**
 * A ToUnicode CMap with its soft-hyphen destinations made hyphens (same length, byte for byte);
 * null when it sends no code to U+00AD. `whole` is false where a range covering U+00AD maps other
 * codes too, which cannot be rewritten alone.
 */
function hyphenatedCMap(cmap: string): { text: string; whole: boolean } | null {
  let found = false;
  let whole = true;
  const hyphen = (token: string, dst: string) => {
    found = true;
    if (/^00AD$/i.test(dst)) return "<002D>";
    whole = false;
    return token;
  };
  // Split at each section's end (kept): a section is the piece up to it, from its "beginbf…".
  const pieces = cmap.split(/(\bendbf(?:char|range)\b)/).map((piece) => {
    const kind = /\bbeginbf(char|range)\b/.exec(piece);
    if (!kind) return piece;
    const head = piece.slice(0, kind.index + kind[0].length);
    const body = piece.slice(head.length);
    if (kind[1] === "char")
      return `${head}${body.replace(
        /(<[0-9A-Fa-f\s]*>\s*)(<([0-9A-Fa-f\s]*)>)/g,
        (all, source: string, token: string, dst: string) =>
          hexValue(dst) === 0xad ? `${source}${hyphen(token, dst)}` : all,
      )}`;
    return `${head}${body.replace(
      /(<([0-9A-Fa-f\s]*)>\s*<([0-9A-Fa-f\s]*)>\s*)(?:(<([0-9A-Fa-f\s]*)>)|\[([^\]]*)\])/g,
      (all, lead: string, lo: string, hi: string, token?: string, dst?: string, list?: string) => {
        if (token !== undefined) {
          const low = hexValue(lo);
          const high = hexValue(hi);
          const first = hexValue(dst);
          if (low === null || high === null || first === null || first > 0xad || 0xad > first + high - low)
            return all;
          if (low === high) return `${lead}${hyphen(token, dst ?? "")}`;
          found = true;
          whole = false;
          return all;
        }
        const items = (list ?? "").replace(/<([0-9A-Fa-f\s]*)>/g, (item, d: string) =>
          hexValue(d) === 0xad ? hyphen(item, d) : item,
        );
        return `${lead}[${items}]`;
      },
    )}`;
  });
  return found ? { text: pieces.join(""), whole } : null;
}

/**
 * A rewritten stream's bytes, for the room its original took: as is when it was not compressed,
 * else deflated again; null when that does not fit (pdf.js reads /Length bytes and stops at the
 * end of the deflate data, so shorter is padded after it). The same text seldom deflates to the
 * same length twice, so the CMap's comment lines (a PostScript resource header that no reader
 * looks at) are left out of a deflated one to make room.
 */
function restream(text: string, flate: boolean, room: number): Uint8Array | null {
  if (!flate) {
    const plain = Buffer.from(text, "latin1");
    return plain.length <= room ? plain : null;
  }
  const packed = deflateSync(Buffer.from(text.replace(/^%[^\r\n]*(?:\r\n|\r|\n)?/gm, ""), "latin1"), {
    level: 9,
  });
  return packed.length <= room ? packed : null;
}

/** A one-character hex string's code unit ("00AD" → 0xAD); null for longer or empty strings. */
function hexValue(hex: string | undefined): number | null {
  const digits = (hex ?? "").replace(/\s/g, "");
  return digits.length > 0 && digits.length <= 4 ? Number.parseInt(digits, 16) : null;
}

/** How pdf.js sorts a glyph's Unicode for its text (getCharUnicodeCategory): [1] space, [3] left out. */
const PDFJS_CATEGORY_RE = /^(\s)|(\p{Mn})|(\p{Cf})$/u;

/**
 * A soft hyphen drawn: where it goes in the page's text (whitespace aside), whether it stands apart,
 * and how far pdf.js fell behind by leaving it out (its advance and a TJ move after it), in em.
 */
type SoftHyphen = { at: number; spaceBefore: boolean; spaceAfter: boolean; lag: number };
type Glyph = { unicode?: unknown; width?: unknown };

/**
 * Soft hyphens back into a page's text items. pdf.js leaves every glyph whose Unicode is a format
 * character (\p{Cf}) out of the text, U+00AD among them, even with disableNormalization; but a PDF
 * does not reflow: a soft-hyphen glyph drawn is a hyphen the reader sees ("high-impact",
 * "Sep. 2023 - Mar. 2024", a word broken at a line's end, joined later as any other). The
 * operator list has every glyph drawn, in the order the text items were built from: its glyphs
 * are walked alongside the items' text (whitespace aside), and where the two part ways nothing is
 * changed. A glyph pdf.js kept out of the text for other reasons (drawn off the page) is stepped
 * over. Gaps around the hyphen (TJ spacing, space glyphs) say whether it stands between spaces.
 * pdf.js does not advance past the glyph either (nor the TJ move after it): the rest of its text
 * object sits that far left, and where the next item is placed anew pdf.js sees a gap there and
 * puts a space item in it ("Specialty ,"); such a space, no wider than that lag, is dropped.
 */
function restoreSoftHyphens(
  items: RawTextItem[],
  list: OperatorList,
  OPS: OpCodes,
  normalize: (text: string) => string,
): RawTextItem[] {
  const texts = items.map((item) => (typeof item.str === "string" ? item.str.replace(/\s+/g, "") : ""));
  const all = texts.join("");
  const found: SoftHyphen[] = [];
  // Where text is placed anew after a hyphen left out (pdf.js's gap there is the lag too).
  const placedAnew: number[] = [];
  const placing = new Set(
    ["beginText", "setTextMatrix", "moveText", "setLeadingMoveText", "nextLine"].map((name) => OPS[name]),
  );
  let behind = false;
  let placed = false;
  let at = 0;
  for (let i = 0; i < list.fnArray.length; i++) {
    if (placing.has(list.fnArray[i])) placed = behind;
    if (list.fnArray[i] !== OPS.showText) continue;
    const run = (list.argsArray[i] as unknown[] | null)?.[0];
    if (!Array.isArray(run)) continue;
    for (let k = 0; k < run.length; k++) {
      const glyph = run[k] as Glyph | number | null;
      if (!glyph || typeof glyph !== "object" || typeof glyph.unicode !== "string") continue;
      const kind = PDFJS_CATEGORY_RE.exec(glyph.unicode);
      if (kind?.[3]) {
        const width = typeof glyph.width === "number" ? glyph.width : 0;
        // A zero-width soft hyphen draws nothing: left out, as pdf.js does.
        if (glyph.unicode === "\u00AD" && width > 0) {
          const move = typeof run[k + 1] === "number" ? -(run[k + 1] as number) : 0;
          const lag = Math.min(1, Math.max(0.2, (width + move) / 1000));
          found.push({ at, spaceBefore: spacing(run[k - 1]), spaceAfter: spacing(run[k + 1]), lag });
          behind = true;
          placed = false;
        }
        continue;
      }
      const chars = normalize(glyph.unicode).replace(/\s+/g, "");
      if (chars && all.startsWith(chars, at)) {
        if (placed) placedAnew.push(at);
        behind &&= !placed;
        placed = false;
        at += chars.length;
      }
    }
  }
  if (found.length === 0 || at !== all.length) return items;
  const starts: number[] = [];
  texts.reduce((sum, t) => {
    starts.push(sum);
    return sum + t.length;
  }, 0);
  const byItem = new Map<number, SoftHyphen[]>();
  for (const hyphen of found) {
    // The item holding the character before the hyphen (or, at the very start, the one after).
    let index = texts.findIndex(
      (t, i) => t.length > 0 && hyphen.at > (starts[i] ?? 0) && hyphen.at <= (starts[i] ?? 0) + t.length,
    );
    if (index < 0) index = texts.findIndex((t) => t.length > 0);
    if (index < 0) continue;
    const hyphens = byItem.get(index) ?? [];
    hyphens.push(hyphen);
    byItem.set(index, hyphens);
  }
  const lagged = new Map<number, number>();
  const mended = items.map((item, i) => {
    const hyphens = byItem.get(i) ?? [];
    const from = starts[i] ?? 0;
    const to = from + (texts[i]?.length ?? 0);
    const anew = placedAnew.filter((a) => a > from && a < to);
    if ((hyphens.length === 0 && anew.length === 0) || typeof item.str !== "string") return item;
    let str = item.str;
    let added = 0;
    const size =
      Math.abs(item.transform?.[0] ?? 0) || Math.abs(item.transform?.[3] ?? 0) || item.height || 10;
    // A space pdf.js put inside the item where it was placed anew, before punctuation, is that gap
    // ("Specialty ,"): no text sets a space before a comma. From the last, as the hyphens below.
    for (const a of anew.reverse()) {
      const cut = cutAfter(str, a - from);
      const rest = str.slice(cut).trimStart();
      if (/^[,.;:!?)\]]/.test(rest)) str = `${str.slice(0, cut).trimEnd()}${rest}`;
    }
    // From the last, so that the earlier offsets still count the same characters.
    for (const hyphen of [...hyphens].sort((a, b) => b.at - a.at)) {
      const cut = cutAfter(str, hyphen.at - from);
      const left = str.slice(0, cut);
      const right = str.slice(cut);
      const rest = right.trimStart();
      // Positioned apart with no spacing seen on either side (each drawn at its own place): spaced.
      const apart = right.length > rest.length && !hyphen.spaceBefore && !hyphen.spaceAfter;
      const before = (hyphen.spaceBefore || apart) && left.length > 0 ? " " : "";
      const after = (hyphen.spaceAfter || apart) && rest.length > 0 ? " " : "";
      str = `${left.trimEnd()}${before}-${after}${rest}`;
      added += hyphen.lag * size;
    }
    if (added > 0) lagged.set(i + 1, added);
    return { ...item, str, width: (item.width ?? 0) + added };
  });
  return mended.filter((item, i) => {
    const lag = lagged.get(i);
    if (lag === undefined || typeof item.str !== "string" || item.str.trim()) return true;
    const before = mended[i - 1];
    const size = Math.abs(item.transform?.[3] ?? 0) || item.height || 10;
    const sameLine = Math.abs((item.transform?.[5] ?? 0) - (before?.transform?.[5] ?? Number.NaN)) < 1;
    return !(sameLine && (item.width ?? 0) < lag + 0.1 * size);
  });
}

/** Where to cut a string after its first `count` non-space characters. */
function cutAfter(text: string, count: number): number {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (seen === count) return i;
    if (!/\s/.test(text[i] ?? "")) seen++;
  }
  return text.length;
}

/** Whether a TJ element beside a glyph spaces it apart: a space glyph, or a move of 0.1 em or more. */
function spacing(element: unknown): boolean {
  if (typeof element === "number") return -element >= 100;
  const glyph = element as Glyph | null;
  return !!glyph && typeof glyph.unicode === "string" && /^\s/.test(glyph.unicode);
}

/** The fonts of a page whose real names (pdf.js's font objects, after the operator list) are icon fonts'. */
function iconFontsOf(
  list: OperatorList,
  OPS: OpCodes,
  fonts: { has: (id: string) => boolean; get: (id: string) => unknown },
): Set<string> {
  const icons = new Set<string>();
  for (let i = 0; i < list.fnArray.length; i++) {
    if (list.fnArray[i] !== OPS.setFont) continue;
    const id = (list.argsArray[i] as unknown[] | null)?.[0];
    if (typeof id !== "string" || icons.has(id) || !fonts.has(id)) continue;
    const name = (fonts.get(id) as { name?: unknown } | null)?.name;
    if (typeof name === "string" && ICON_FONT_RE.test(name)) icons.add(id);
  }
  return icons;
}

/**
 * Icon glyphs whose ToUnicode gives the icon's name ("HOUSE-CHIMNEY www.example.com"), when the
 * font's name did not tell: a font whose every item on the page is one glyph standing for an
 * upper-case name (four characters or more in less than 0.22 em each, far narrower than letters),
 * with at least one such item on a contact row (an email, a phone, a web address beside it).
 */
function iconNameFonts(items: RawTextItem[]): Set<string> {
  const byFont = new Map<string, RawTextItem[]>();
  for (const item of items) {
    if (typeof item.str !== "string" || !item.str.trim() || !item.fontName) continue;
    const drawn = byFont.get(item.fontName) ?? [];
    drawn.push(item);
    byFont.set(item.fontName, drawn);
  }
  const rowText = (y: number) =>
    items
      .filter((other) => Math.abs((other.transform?.[5] ?? 0) - y) <= 2)
      .map((other) => other.str ?? "")
      .join(" ");
  const icons = new Set<string>();
  const isName = (item: RawTextItem) => {
    const name = (item.str ?? "").trim();
    const size = Math.abs(item.transform?.[3] ?? 0) || item.height || 10;
    return GLYPH_NAME_RE.test(name) && name.length >= 4 && narrow(item, size, name.length);
  };
  for (const [font, drawn] of byFont) {
    // Icons with a real code point (a phone, an envelope) may share the font with the named ones.
    const iconOnly = drawn.every((item) => isName(item) || SYMBOL_RE.test((item.str ?? "").trim()));
    const named = drawn.filter(isName);
    if (iconOnly && named.some((item) => CONTACT_ROW_RE.test(rowText(item.transform?.[5] ?? 0))))
      icons.add(font);
  }
  return icons;
}

/**
 * Whether a page has text an icon font may have drawn: a pictograph or private-use character, or
 * an item far narrower than its characters (one glyph standing for a name).
 */
function mayDrawIcons(items: RawTextItem[]): boolean {
  return items.some((item) => {
    const text = (item.str ?? "").trim();
    if (ICON_CHAR_RE.test(text)) return true;
    const size = Math.abs(item.transform?.[3] ?? 0) || item.height || 10;
    return text.length >= 4 && narrow(item, size, text.length);
  });
}

/**
 * Drawn in less than 0.22 em a character, far narrower than letters: one glyph standing for a
 * name. An item pdf.js gives no width (a font whose widths it could not read) tells nothing.
 */
const narrow = (item: RawTextItem, size: number, chars: number) =>
  (item.width ?? 0) > 0 && (item.width ?? 0) < 0.22 * size * chars;

const ICON_CHAR_RE = /[\p{So}\p{Co}]/u;
const GLYPH_NAME_RE = /^[A-Z0-9]+(?:[-_.][A-Z0-9]+)*$/;
/** One pictograph or private-use glyph (no letter, digit or punctuation). */
const SYMBOL_RE = /^[\p{So}\p{Co}]\uFE0F?$/u;
const CONTACT_ROW_RE = /@|\d{3}[\s.-]?\d{4}|\bwww\.|https?:|\.(?:com|org|net|io|dev)\b/i;

/**
 * A page's text items with the damage above mended: soft hyphens restored and icon fonts' text
 * dropped (by the font's name where the operator list was read, else by the glyph-name test).
 */
function mendItems(
  items: RawTextItem[],
  list: OperatorList | null,
  fonts: { has: (id: string) => boolean; get: (id: string) => unknown },
  pdfjs: { OPS: OpCodes; normalize: (text: string) => string },
): RawTextItem[] {
  let out = items;
  if (list) {
    out = restoreSoftHyphens(out, list, pdfjs.OPS, pdfjs.normalize);
    const icons = iconFontsOf(list, pdfjs.OPS, fonts);
    if (icons.size > 0) out = withoutFonts(out, icons);
  }
  const named = iconNameFonts(out);
  return named.size > 0 ? withoutFonts(out, named) : out;
}

/**
 * Items without those drawn in the given fonts. The text an icon introduced ("[icon] jane@…")
 * starts, for the row's segments, where the icon did: the room the icon took is no column gap.
 */
function withoutFonts(items: RawTextItem[], fonts: Set<string>): RawTextItem[] {
  const out: RawTextItem[] = [];
  let icon: { x: number; y: number } | null = null;
  for (const item of items) {
    const [, , , , x = 0, y = 0] = item.transform ?? [];
    if (fonts.has(item.fontName ?? "")) {
      if (!icon || Math.abs(icon.y - y) > 1) icon = { x, y };
      continue;
    }
    if (icon && typeof item.str === "string" && item.str.trim()) {
      out.push(Math.abs(icon.y - y) <= 1 && x >= icon.x ? { ...item, bridgeFrom: icon.x } : item);
      icon = null;
    } else out.push(item);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rows and segments

function buildRows(raw: RawTextItem[]): Row[] {
  const items: Item[] = [];
  let pendingSpace = false;
  for (const it of raw) {
    if (typeof it.str !== "string" || !it.transform) continue;
    // Whitespace items carry no glyphs but do separate words ("Jane" " " "Smith").
    if (!it.str.trim()) {
      pendingSpace ||= it.str.length > 0;
      continue;
    }
    const spaceBefore = pendingSpace;
    pendingSpace = false;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = it.transform;
    // Rotated text (vertical sidebar captions) has no place in a line-based reading order.
    if (Math.abs(b) > Math.abs(a) * 0.1 || Math.abs(c) > Math.abs(d) * 0.1) continue;
    const size = Math.abs(d) || it.height || 10;
    const bridged = it.bridgeFrom === undefined ? {} : { bridgeFrom: it.bridgeFrom, spaceBefore: true };
    items.push({
      str: it.str,
      x: e,
      y: f,
      w: it.width ?? 0,
      size,
      font: it.fontName ?? "",
      spaceBefore,
      ...bridged,
    });
  }
  items.sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: Row[] = [];
  for (const item of items) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row.y - item.y) <= 0.5 * Math.min(row.size, item.size)) {
      row.items.push(item);
      row.size = Math.max(row.size, item.size);
    } else {
      rows.push({ y: item.y, size: item.size, items: [item], segments: [], x0: 0, x1: 0 });
    }
  }
  for (const row of rows) {
    row.items.sort((p, q) => p.x - q.x);
    row.segments = segmentsOf(row.items);
    row.x0 = row.segments[0]?.x0 ?? 0;
    row.x1 = Math.max(...row.segments.map((s) => s.x1));
  }
  return rows;
}

function segmentsOf(items: Item[]): Segment[] {
  const segments: Segment[] = [];
  let group: Item[] = [];
  const flush = () => {
    const first = group[0];
    const last = group[group.length - 1];
    if (first && last)
      segments.push({ text: joinItems(group), x0: first.x, x1: last.x + last.w, head: first, tail: last });
    group = [];
  };
  for (const item of items) {
    const prev = group[group.length - 1];
    if (prev) {
      const gap = Math.min(item.x, item.bridgeFrom ?? item.x) - (prev.x + prev.w);
      if (gap > 1.2 * Math.min(prev.size, item.size)) flush();
    }
    group.push(item);
  }
  flush();
  return segments;
}

function joinItems(items: Item[]): string {
  // Letter-spaced glyph runs: single-character items with regular gaps; a word break is a gap
  // clearly wider than the run's usual letter gap.
  const gaps = items.slice(1).map((item, i) => {
    const prev = items[i] as Item;
    return item.x - (prev.x + prev.w);
  });
  const singles = items.filter((i) => i.str.trim().length === 1).length;
  const letterSpaced = items.length >= 4 && singles / items.length > 0.7;
  const typicalGap = letterSpaced ? median(gaps.filter((g) => g > 0)) : 0;
  let text = items[0]?.str ?? "";
  items.slice(1).forEach((item, i) => {
    const gap = gaps[i] ?? 0;
    const size = Math.min(item.size, (items[i] as Item).size);
    const needsSpace = letterSpaced
      ? gap > Math.max(typicalGap * 1.8, 0.25 * size) || (item.spaceBefore === true && gap > typicalGap * 1.3)
      : gap > 0.25 * size || item.spaceBefore === true;
    // Letter-spaced words drawn as one item each ("M A T E O" "K A Y"): a word gap (two spaces,
    // kept through the clean-up as U+E000) so that their glyphs are later joined word by word.
    const wordGap =
      needsSpace && SPACED_WORD_RE.test((items[i] as Item).str) && SPACED_WORD_RE.test(item.str);
    if (wordGap) text = `${text.trimEnd()}\uE000`;
    else if (needsSpace && !/\s$/.test(text) && !/^\s/.test(item.str)) text += " ";
    text += item.str;
  });
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/ ?\uE000 ?/g, "  ");
}

/** One word drawn letter-spaced as a single item: "M A T E O". */
const SPACED_WORD_RE = /^\s*(?:\S ){2,}\S\s*$/;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Repeated page headers and footers

const CONTACT_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}|\+?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}/;

function rowText(row: Row): string {
  return row.segments.map((s) => s.text).join("  ");
}

function dropRepeatedBands(pages: { rows: Row[]; height: number }[]): {
  lines: Row[][];
  contactInHeaderOrFooter: boolean;
} {
  const keyOf = (row: Row, height: number): string | null => {
    const band = height * 0.1;
    if (row.y < height - band && row.y > band) return null;
    // Page numbers are masked; years are not (roles' dates at the top of two pages differ).
    return `${Math.round(row.y / 3)}|${rowText(row)
      .replace(/(?<!\d)\d{1,3}(?!\d)/g, "#")
      .toLowerCase()}`;
  };
  const seen = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(page.rows.map((r) => keyOf(r, page.height)).filter((k): k is string => !!k));
    for (const key of keys) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  let contact = false;
  const used = new Set<string>();
  const lines = pages.map((page, p) =>
    page.rows.filter((row) => {
      const key = keyOf(row, page.height);
      if (!key || (seen.get(key) ?? 0) < 2) return true;
      const holdsContact = CONTACT_RE.test(rowText(row));
      if (holdsContact) contact = true;
      if (used.has(key)) return false;
      used.add(key);
      // Kept once where it can carry the person: a row with the contact, or the first page's own
      // header. A running footer ("June 3, 2026  Jane Smith · Résumé  1") would otherwise sit
      // between two roles of page 1.
      return holdsContact || (p === 0 && row.y > page.height / 2);
    }),
  );
  return { lines, contactInHeaderOrFooter: contact };
}

// ---------------------------------------------------------------------------------------------
// Columns

const RAIL_HEADINGS = new Set(
  `summary|profile|experience|work experience|professional experience|employment|work history|education|skills|technical skills|core skills|key skills|projects|certifications|certificates|awards|honors|languages|interests|publications|volunteer|volunteering|activities|leadership|coursework|core competencies|competencies|tools|technologies|strengths|achievements|training|references|objective|academic background|education & training|education and training|employment history|technical proficiencies|summary of skills|professional summary|career summary`.split(
    "|",
  ),
);

/**
 * Label rails: section names set in a narrow left column beside their content ("Experience  Staff
 * Engineer…", "Technical" / "Skills" over two rows). The label becomes a line of its own, above
 * the content of its first row.
 */
function splitLabelRail(rows: Row[]): Row[] {
  const minX = Math.min(...rows.map((r) => r.x0));
  const railRows = rows.map((r) => {
    const [label, next] = r.segments;
    return (
      !!label && !!next && label.x0 - minX < 2 && label.text.split(" ").length <= 2 && !/\d/.test(label.text)
    );
  });
  const labelAt = new Map<number, string>();
  const dropLabel = new Set<number>();
  for (let i = 0; i < rows.length; i++) {
    if (!railRows[i] || dropLabel.has(i)) continue;
    const first = (rows[i] as Row).segments[0]?.text ?? "";
    if (RAIL_HEADINGS.has(first.toLowerCase())) {
      labelAt.set(i, first);
      continue;
    }
    // A label broken over rows: the next rail fragment within three rows completes it (on a row
    // of its own when the label ran longer than the content beside it).
    for (let j = i + 1; j < Math.min(rows.length, i + 4); j++) {
      const row = rows[j] as Row;
      const lone =
        row.segments.length === 1 &&
        row.x0 - minX < 2 &&
        (row.segments[0]?.text ?? "").split(" ").length <= 2 &&
        !/\d/.test(rowText(row));
      if (!railRows[j] && !lone) continue;
      const second = row.segments[0]?.text ?? "";
      if (RAIL_HEADINGS.has(`${first} ${second}`.toLowerCase())) {
        labelAt.set(i, `${first} ${second}`);
        dropLabel.add(j);
      }
      break;
    }
  }
  if (labelAt.size === 0) return rows;
  const out: Row[] = [];
  rows.forEach((row, i) => {
    const label = labelAt.get(i);
    const first = row.segments[0];
    if ((label || dropLabel.has(i)) && first) {
      const rest = row.segments.slice(1);
      if (label) out.push({ ...row, segments: [{ ...first, text: label }], x1: first.x1 });
      out.push({ ...row, segments: rest, x0: rest[0]?.x0 ?? row.x0 });
    } else out.push(row);
  });
  return out;
}

/**
 * A line's baseline and size from its own segments: a row split between two columns may have
 * gathered items a little above or below it from the other column.
 */
function placeOf(row: Row): { y: number; size: number } {
  const first = row.segments[0];
  if (!first) return { y: row.y, size: row.size };
  return { y: first.head.y, size: Math.max(...row.segments.flatMap((s) => [s.head.size, s.tail.size])) };
}

function orderPage(
  pageRows: Row[],
  grid: Grid | null = null,
  nextX0: number | null = null,
): { lines: PageLine[]; columns: boolean } {
  if (grid) {
    const first = grid.xs[0] ?? 0;
    const last = grid.xs[grid.xs.length - 1] ?? 0;
    const inGrid = (r: Row) => r.y <= grid.top && r.y >= grid.bottom && r.x0 >= first - 1 && r.x1 <= last + 1;
    const table = pageRows.filter(inGrid);
    if (table.length > 0) {
      // The text around the table is ordered as usual; the table's cells go where it starts.
      const around = orderPage(
        pageRows.filter((r) => !inGrid(r)),
        null,
      );
      // Each cell is a block of its own (its lines reflow within it), numbered past the rows'.
      const cells = cellRows(table, grid).flatMap((cell, k) => cellLines(cell, pageRows.length * 2 + 3 + k));
      const at = around.lines.findIndex((l) => l.y < grid.top);
      const lines = [...around.lines];
      lines.splice(at < 0 ? lines.length : at, 0, ...cells);
      return { lines, columns: around.columns };
    }
  }
  const rows = pageRows.length > 0 ? splitLabelRail(pageRows) : pageRows;
  const asLine =
    (block: number) =>
    (row: Row): PageLine => ({ text: rowText(row), ...placeOf(row), segments: row.segments, block });
  const gutter = findGutter(rows);
  if (gutter === null) return { lines: rows.map(asLine(0)), columns: false };
  const crosses = (row: Row) => row.segments.some((s) => s.x0 < gutter && s.x1 > gutter);
  const top = rows[0]?.y ?? 0;
  const bottom = rows[rows.length - 1]?.y ?? 0;
  const textHeight = Math.max(1, top - bottom);
  const out: PageLine[] = [];
  let columns = false;
  let i = 0;
  while (i < rows.length) {
    const row = rows[i] as Row;
    if (crosses(row)) {
      out.push(asLine(0)(row));
      i++;
      continue;
    }
    let j = i;
    while (j < rows.length && !crosses(rows[j] as Row)) j++;
    const run = rows.slice(i, j);
    const left: Row[] = [];
    const right: Row[] = [];
    for (const r of run) {
      const l = r.segments.filter((s) => s.x1 <= gutter);
      const rt = r.segments.filter((s) => s.x0 >= gutter);
      if (l.length) left.push({ ...r, segments: l });
      if (rt.length) right.push({ ...r, segments: rt });
    }
    const height = (run[0]?.y ?? 0) - (run[run.length - 1]?.y ?? 0);
    const chars = (side: Row[]) => side.reduce((n, r) => n + rowText(r).length, 0);
    const isColumns =
      run.length >= 6 &&
      height >= 0.25 * textHeight &&
      left.length >= 3 &&
      right.length >= 3 &&
      chars(left) >= 80 &&
      chars(right) >= 40 &&
      !mostlyDates(left) &&
      !mostlyDates(right);
    if (isColumns) {
      columns = true;
      const first = left.map(asLine(2 * i + 1));
      const second = right.map(asLine(2 * i + 2));
      if (j === rows.length && flowsOn(left, right, nextX0)) {
        // The left column's lines above the right column's top (a header set in it) stay first.
        const rightTop = Math.max(...second.map((l) => l.y + 0.5 * l.size));
        const above = first.filter((l) => l.y > rightTop);
        out.push(...above, ...second, ...first.slice(above.length));
      } else out.push(...first, ...second);
    } else {
      out.push(...run.map(asLine(0)));
    }
    i = j;
  }
  return { lines: out, columns };
}

/**
 * The name first: the largest type near the top of the first page (one line, or two when a name
 * is set over two) is what a reader reads first, even when a sidebar beside it was read before.
 * Only moved when it clearly stands out from the body text and sits at the top.
 */
function nameFirst(lines: PageLine[]): PageLine[] {
  if (lines.length < 4) return lines;
  const largest = Math.max(...lines.map((l) => l.size));
  const body = median(lines.map((l) => l.size));
  if (largest < 1.4 * body) return lines;
  const at = lines.findIndex((l) => l.size >= largest - 0.5);
  if (at < 0) return lines;
  const count = lines[at + 1] && (lines[at + 1] as PageLine).size >= largest - 0.5 ? 2 : 1;
  if (lines.some((l, i) => (i < at || i >= at + count) && l.size >= largest - 0.5)) return lines;
  const top = Math.max(...lines.map((l) => l.y));
  const bottom = Math.min(...lines.map((l) => l.y));
  let name = lines.slice(at, at + count);
  // At the top: within the top fifth of the page's text.
  const nameY = (name[0] as PageLine).y;
  if (nameY < top - 0.2 * (top - bottom)) return lines;
  if (name.some((l) => joinLetterSpaced(l.text).split(/\s+/).length > 6)) return lines;
  const [first, second] = name;
  if (first && second && first.block === second.block && first.y - second.y <= 2 * largest) {
    // A name set over two lines ("LIAM" / "DUBOIS") is one line; letter-spaced parts keep a
    // word gap (two spaces) so that their glyphs are joined word by word.
    const spaced = (t: string) => /^(?:\S ){2,}\S$/.test(t);
    const text = `${first.text}${spaced(first.text) && spaced(second.text) ? "  " : " "}${second.text}`;
    const head = first.segments[0];
    const x1 = Math.max(...name.flatMap((l) => l.segments.map((seg) => seg.x1)));
    const segments = head && first.segments.length === 1 ? [{ ...head, text, x1 }] : first.segments;
    if (segments !== first.segments) name = [{ ...first, text, segments }];
  }
  if (at === 0 && name.length === count) return lines;
  return [...name, ...lines.slice(0, at), ...lines.slice(at + count)];
}

/**
 * Whether the left column of a page's last columns run goes on to the next page: it reaches
 * further down than the right one, and the next page's text starts at its x. It is then read
 * after the right column, so that it runs straight on into the next page (a main column of roles
 * beside a short sidebar would otherwise have the sidebar's sections between its halves).
 */
function flowsOn(left: Row[], right: Row[], nextX0: number | null): boolean {
  if (nextX0 === null || left.length === 0 || right.length === 0) return false;
  const leftX = Math.min(...left.map((r) => r.segments[0]?.x0 ?? Infinity));
  const rightX = Math.min(...right.map((r) => r.segments[0]?.x0 ?? Infinity));
  if (Math.abs(nextX0 - leftX) > 3 || Math.abs(nextX0 - rightX) <= 3) return false;
  const leftBottom = Math.min(...left.map((r) => r.y));
  const rightBottom = Math.min(...right.map((r) => r.y));
  const size = median(left.map((r) => r.size));
  return leftBottom < rightBottom - 3 * size;
}

const DATEISH_RE = /^(?:[A-Z][a-z]{2,8}\.?\s+)?(?:\d{1,2}\/)?(?:19|20)\d{2}|present|current/i;
const PLACE_RE = /^(?:remote|online|hybrid|on-?site|[A-Z][\p{L}.' -]+,\s*[\p{L}.' -]+)$/iu;

/** Flush-right dates and places (or a rail of years) beside single-column text are not a column. */
function mostlyDates(side: Row[]): boolean {
  const dated = side.filter((r) => {
    const text = rowText(r);
    return DATEISH_RE.test(text) || text.length < 4 || (text.length <= 32 && PLACE_RE.test(text));
  }).length;
  return dated / side.length > 0.6;
}

function findGutter(rows: Row[]): number | null {
  if (rows.length < 8) return null;
  const minX = Math.min(...rows.map((r) => r.x0));
  const maxX = Math.max(...rows.map((r) => r.x1));
  const width = maxX - minX;
  if (width < 100) return null;
  const from = Math.floor(minX + width * 0.12);
  const to = Math.ceil(minX + width * 0.88);
  const crossing: number[] = [];
  for (let x = from; x <= to; x++) {
    let n = 0;
    for (const row of rows) if (row.segments.some((s) => s.x0 - 2 < x && s.x1 + 2 > x)) n++;
    crossing.push(n);
  }
  const limit = Math.max(2, Math.floor(rows.length * 0.1));
  let best: { center: number; score: number } | null = null;
  let start = -1;
  for (let k = 0; k <= crossing.length; k++) {
    const low = k < crossing.length && (crossing[k] ?? 0) <= limit;
    if (low && start < 0) start = k;
    if (!low && start >= 0) {
      const bandWidth = k - start;
      if (bandWidth >= 6) {
        const slice = crossing.slice(start, k);
        const minCross = Math.min(...slice);
        // The gutter's centre: the middle of the longest stretch with the fewest crossings.
        let runStart = 0;
        let runLength = 0;
        for (let a = 0; a < slice.length; a++) {
          if (slice[a] !== minCross) continue;
          let b = a;
          while (b < slice.length && slice[b] === minCross) b++;
          if (b - a > runLength) {
            runStart = a;
            runLength = b - a;
          }
          a = b;
        }
        const x = from + start + runStart + runLength / 2;
        const leftRows = rows.filter((r) => r.x0 < x - bandWidth / 2).length;
        const rightRows = rows.filter((r) => r.x1 > x + bandWidth / 2).length;
        // A side of three rows only beside a clear gutter (a short sidebar block: heading, degree, school).
        if (Math.min(leftRows, rightRows) >= (minCross === 0 ? 3 : 4) && Math.max(leftRows, rightRows) >= 4) {
          const score = bandWidth - minCross * 10;
          if (!best || score > best.score) best = { center: Math.round(x), score };
        }
      }
      start = -1;
    }
  }
  return best?.center ?? null;
}

// ---------------------------------------------------------------------------------------------
// Tables: ruled grids

/** A ruled table: its vertical extent, column rules (left to right) and row rules (top down). */
type Grid = { top: number; bottom: number; xs: number[]; ys: number[] };

/** A horizontal or vertical rule drawn on the page: `at` is its y (or x), `from`–`to` its extent. */
type Rule = { horizontal: boolean; at: number; from: number; to: number };
type OperatorList = { fnArray: number[]; argsArray: unknown[] };
type OpCodes = Record<string, number>;

const RULE_THICKNESS = 3;
const RULE_MIN_LENGTH = 8;
/** More distinct rules than this on a page is a drawing (a chart, a pattern), not a table. */
const MAX_GRID_LINES = 150;

/**
 * The axis-aligned rules a page draws, in page coordinates: stroked straight segments and thin
 * filled rectangles (Chromium draws a table's cell borders as 0.75 pt fills). One pass over the
 * operator list, keeping the transformation matrix through save/restore and form XObjects.
 */
function rulesOf(list: OperatorList, OPS: OpCodes): Rule[] {
  const paint = new Set(
    [
      "stroke",
      "closeStroke",
      "fill",
      "eoFill",
      "fillStroke",
      "eoFillStroke",
      "closeFillStroke",
      "closeEOFillStroke",
    ]
      .map((name) => OPS[name])
      .filter((code): code is number => code !== undefined),
  );
  const strokes = new Set(
    ["stroke", "closeStroke", "fillStroke", "eoFillStroke", "closeFillStroke", "closeEOFillStroke"]
      .map((name) => OPS[name])
      .filter((code): code is number => code !== undefined),
  );
  const rules: Rule[] = [];
  let m = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  const multiply = (a: number[], b: number[]) => [
    (a[0] ?? 0) * (b[0] ?? 0) + (a[2] ?? 0) * (b[1] ?? 0),
    (a[1] ?? 0) * (b[0] ?? 0) + (a[3] ?? 0) * (b[1] ?? 0),
    (a[0] ?? 0) * (b[2] ?? 0) + (a[2] ?? 0) * (b[3] ?? 0),
    (a[1] ?? 0) * (b[2] ?? 0) + (a[3] ?? 0) * (b[3] ?? 0),
    (a[0] ?? 0) * (b[4] ?? 0) + (a[2] ?? 0) * (b[5] ?? 0) + (a[4] ?? 0),
    (a[1] ?? 0) * (b[4] ?? 0) + (a[3] ?? 0) * (b[5] ?? 0) + (a[5] ?? 0),
  ];
  const addLine = (x0: number, y0: number, x1: number, y1: number) => {
    if (Math.abs(y1 - y0) < 1 && Math.abs(x1 - x0) >= RULE_MIN_LENGTH) {
      rules.push({ horizontal: true, at: (y0 + y1) / 2, from: Math.min(x0, x1), to: Math.max(x0, x1) });
    } else if (Math.abs(x1 - x0) < 1 && Math.abs(y1 - y0) >= RULE_MIN_LENGTH) {
      rules.push({ horizontal: false, at: (x0 + x1) / 2, from: Math.min(y0, y1), to: Math.max(y0, y1) });
    }
  };
  const addBox = (x0: number, y0: number, x1: number, y1: number) => {
    const w = x1 - x0;
    const h = y1 - y0;
    if (h <= RULE_THICKNESS && w >= RULE_MIN_LENGTH)
      rules.push({ horizontal: true, at: (y0 + y1) / 2, from: x0, to: x1 });
    else if (w <= RULE_THICKNESS && h >= RULE_MIN_LENGTH)
      rules.push({ horizontal: false, at: (x0 + x1) / 2, from: y0, to: y1 });
  };
  const { fnArray, argsArray } = list;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i];
    if (fn === OPS.save) stack.push(m);
    else if (fn === OPS.restore) m = stack.pop() ?? m;
    else if (fn === OPS.transform && Array.isArray(args) && args.length === 6)
      m = multiply(m, args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(m);
      const matrix = Array.isArray(args) ? args[0] : null;
      if (Array.isArray(matrix) || ArrayBuffer.isView(matrix))
        m = multiply(m, Array.from(matrix as ArrayLike<number>));
    } else if (fn === OPS.paintFormXObjectEnd) m = stack.pop() ?? m;
    else if (fn === OPS.constructPath && Array.isArray(args)) {
      // pdf.js 5: [painting operator, [path data], bounding box]; the data is a flat list of
      // drawing codes (0 moveTo x y, 1 lineTo x y, 2 curveTo 6 numbers, 3 quadratic 4, 4 close).
      const [op, paths] = args as [number, unknown];
      const data = Array.isArray(paths) ? paths[0] : null;
      if (!paint.has(op) || !data || !ArrayBuffer.isView(data)) continue;
      const d = data as unknown as ArrayLike<number>;
      const stroke = strokes.has(op);
      const tx = (x: number, y: number) => (m[0] ?? 1) * x + (m[2] ?? 0) * y + (m[4] ?? 0);
      const ty = (x: number, y: number) => (m[1] ?? 0) * x + (m[3] ?? 1) * y + (m[5] ?? 0);
      let cx = 0;
      let cy = 0;
      let sx = 0;
      let sy = 0;
      let box = [Infinity, Infinity, -Infinity, -Infinity];
      const flushBox = () => {
        if (!stroke && box[0] !== Infinity) addBox(box[0] ?? 0, box[1] ?? 0, box[2] ?? 0, box[3] ?? 0);
        box = [Infinity, Infinity, -Infinity, -Infinity];
      };
      const visit = (x: number, y: number) => {
        box = [
          Math.min(box[0] ?? x, x),
          Math.min(box[1] ?? y, y),
          Math.max(box[2] ?? x, x),
          Math.max(box[3] ?? y, y),
        ];
      };
      for (let k = 0; k < d.length; ) {
        const code = d[k];
        if (code === 0) {
          flushBox();
          cx = sx = tx(d[k + 1] ?? 0, d[k + 2] ?? 0);
          cy = sy = ty(d[k + 1] ?? 0, d[k + 2] ?? 0);
          visit(cx, cy);
          k += 3;
        } else if (code === 1) {
          const x = tx(d[k + 1] ?? 0, d[k + 2] ?? 0);
          const y = ty(d[k + 1] ?? 0, d[k + 2] ?? 0);
          if (stroke) addLine(cx, cy, x, y);
          cx = x;
          cy = y;
          visit(x, y);
          k += 3;
        } else if (code === 2 || code === 3) {
          const n = code === 2 ? 6 : 4;
          cx = tx(d[k + n - 1] ?? 0, d[k + n] ?? 0);
          cy = ty(d[k + n - 1] ?? 0, d[k + n] ?? 0);
          // A curve makes the shape no rule (a rounded box is a frame, a disc a bullet).
          box = [-Infinity, -Infinity, Infinity, Infinity];
          k += n + 1;
        } else if (code === 4) {
          if (stroke) addLine(cx, cy, sx, sy);
          cx = sx;
          cy = sy;
          k += 1;
        } else break;
      }
      flushBox();
    }
  }
  return rules;
}

/** Rules at one y (or x) joined: overlapping or touching extents become one line. */
function mergeRules(rules: Rule[]): Rule[] {
  const sorted = [...rules].sort((a, b) => a.at - b.at || a.from - b.from);
  const lines: Rule[] = [];
  let band: Rule[] = [];
  const flush = () => {
    band.sort((a, b) => a.from - b.from);
    let current: Rule | null = null;
    for (const rule of band) {
      if (current && rule.from <= current.to + RULE_THICKNESS) current.to = Math.max(current.to, rule.to);
      else {
        current = { ...rule };
        lines.push(current);
      }
    }
    band = [];
  };
  for (const rule of sorted) {
    const first = band[0];
    if (first && rule.at - first.at > 2) flush();
    band.push(rule);
  }
  flush();
  return lines;
}

/**
 * A ruled table: at least three horizontal lines each crossed by three or more vertical lines,
 * and three vertical lines each crossing three or more horizontal ones (two rows of cells, two
 * columns), with text in at least two of the grid's columns. Section underlines, a sidebar's
 * divider or a frame around the page are not a grid.
 */
function ruledGrid(rules: Rule[], rows: Row[]): Grid | null {
  const horizontal = mergeRules(rules.filter((r) => r.horizontal));
  const vertical = mergeRules(rules.filter((r) => !r.horizontal));
  if (horizontal.length < 3 || vertical.length < 3) return null;
  if (horizontal.length > MAX_GRID_LINES || vertical.length > MAX_GRID_LINES) return null;
  const tolerance = 2;
  const hCount = horizontal.map(() => 0);
  const vCount = vertical.map(() => 0);
  horizontal.forEach((h, i) => {
    vertical.forEach((v, j) => {
      if (
        v.at >= h.from - tolerance &&
        v.at <= h.to + tolerance &&
        h.at >= v.from - tolerance &&
        h.at <= v.to + tolerance
      ) {
        hCount[i] = (hCount[i] ?? 0) + 1;
        vCount[j] = (vCount[j] ?? 0) + 1;
      }
    });
  });
  const rowLines = horizontal.filter((_, i) => (hCount[i] ?? 0) >= 3);
  const columnLines = vertical.filter((_, j) => (vCount[j] ?? 0) >= 3);
  if (rowLines.length < 3 || columnLines.length < 3) return null;
  const bottom = Math.min(...rowLines.map((l) => l.at));
  const top = Math.max(...rowLines.map((l) => l.at));
  const xs = columnLines.map((l) => l.at).sort((a, b) => a - b);
  const filled = new Set<number>();
  for (const row of rows) {
    if (row.y < bottom || row.y > top) continue;
    for (const item of row.items) {
      const x = item.x + Math.min(item.w, 2);
      if (x < (xs[0] ?? 0) || x > (xs[xs.length - 1] ?? 0)) continue;
      let column = 0;
      while (column < xs.length - 1 && x > (xs[column + 1] ?? 0)) column++;
      filled.add(column);
    }
  }
  if (filled.size < 2) return null;
  return { top, bottom, xs, ys: rowLines.map((l) => l.at).sort((a, b) => b - a) };
}

/**
 * A cell's lines: a heading set over two or three lines in a narrow label cell ("PROFESSIONAL" /
 * "EXPERIENCE") becomes one line, as does a date range wrapped after its dash.
 */
function cellLines(cell: Row[], block: number): PageLine[] {
  const lines = cell.map((row) => ({
    text: rowText(row),
    y: row.y,
    size: row.size,
    segments: row.segments,
    block,
  }));
  const first = lines[0];
  if (!first) return lines;
  const joined = lines.map((l) => l.text).join(" ");
  const heading =
    lines.length > 1 &&
    lines.length <= 3 &&
    joined.length <= 40 &&
    !/[a-z\d@]/.test(joined) &&
    lines.every((l) => l.text.split(" ").length <= 3);
  if (heading) return [{ ...first, text: joined }];
  const out: typeof lines = [];
  for (const line of lines) {
    const prev = out[out.length - 1];
    if (prev && /\s[-–—]$|\sto$/.test(prev.text)) prev.text = `${prev.text} ${line.text}`;
    else out.push({ ...line });
  }
  return out;
}

/**
 * A ruled table's rows in reading order: row by row (between the grid's horizontal rules), and
 * in each row cell by cell from the left, a cell's lines together. Linear in the rows' items.
 */
function cellRows(rows: Row[], grid: Grid): Row[][] {
  const out: Row[][] = [];
  let band: Row[][] = grid.xs.map(() => []);
  let line = 0;
  const flush = () => {
    for (const cell of band) if (cell.length > 0) out.push(cell);
    band = grid.xs.map(() => []);
  };
  for (const row of rows) {
    let next = line;
    while (next < grid.ys.length - 1 && row.y < (grid.ys[next + 1] ?? 0)) next++;
    if (next !== line) flush();
    line = next;
    let column = 0;
    let items: Item[] = [];
    const close = () => {
      const segments = segmentsOf(items);
      if (segments.length > 0) {
        const x1 = Math.max(...segments.map((seg) => seg.x1));
        band[column]?.push({ y: row.y, size: row.size, items, segments, x0: segments[0]?.x0 ?? 0, x1 });
      }
      items = [];
    };
    for (const item of row.items) {
      let at = column;
      while (at < grid.xs.length - 2 && item.x >= (grid.xs[at + 1] ?? 0) - 1) at++;
      if (at !== column) {
        close();
        column = at;
      }
      items.push(item);
    }
    close();
  }
  flush();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Contact in a page's margin band (one page, or a running header not repeated)

/**
 * A Chromium / Word running header or footer: one or two rows at the very top (or bottom) of the
 * page, in a smaller font than the body, set well apart from it, holding an email or a phone.
 * A resume whose name and contact line simply open the page has its contact right under the name,
 * in the body's rhythm, and is not flagged: a false alarm costs more than a miss.
 */
/**
 * The last one or two rows of a page when they are a running footer (in the bottom band, smaller
 * than the body) holding an email or a phone.
 */
function contactFooter(rows: Row[], height: number): Row[] {
  const body = median(rows.map((r) => r.size));
  const foot = rows.slice(-2).filter((row) => row.y < 0.08 * height && row.size <= 0.85 * body);
  return foot.some((row) => CONTACT_RE.test(rowText(row))) ? foot : [];
}

function contactInMarginBand(rows: Row[], pageBottom: number, pageTop: number): boolean {
  if (rows.length < 6) return false;
  const height = pageTop - pageBottom;
  const bodySize = median(rows.map((r) => r.size));
  const steps: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const step = (rows[i - 1] as Row).y - (rows[i] as Row).y;
    if (step > 0) steps.push(step);
  }
  const gapNeeded = Math.max(24, 2.5 * (median(steps) || bodySize * 1.3));
  const bandOk = (band: Row[], gap: number) =>
    band.length > 0 && band.length <= 2 && gap >= gapNeeded && CONTACT_RE.test(band.map(rowText).join(" "));
  const head: Row[] = [];
  const small = (row: Row | undefined) => !!row && row.size <= 0.85 * bodySize;
  while (
    head.length < 3 &&
    small(rows[head.length]) &&
    (rows[head.length]?.y ?? 0) > pageTop - 0.08 * height
  ) {
    head.push(rows[head.length] as Row);
  }
  const belowHead = rows[head.length];
  // Gaps are measured to the glyph tops (about three quarters of the font size above the baseline).
  if (belowHead && bandOk(head, (head[head.length - 1]?.y ?? 0) - (belowHead.y + 0.75 * belowHead.size)))
    return true;
  const foot: Row[] = [];
  while (
    foot.length < 3 &&
    small(rows[rows.length - 1 - foot.length]) &&
    (rows[rows.length - 1 - foot.length]?.y ?? 0) < pageBottom + 0.08 * height
  ) {
    foot.push(rows[rows.length - 1 - foot.length] as Row);
  }
  const aboveFoot = rows[rows.length - 1 - foot.length];
  const footTop = (foot[foot.length - 1]?.y ?? 0) + 0.75 * (foot[foot.length - 1]?.size ?? 0);
  return !!aboveFoot && bandOk(foot, aboveFoot.y - footTop);
}

// ---------------------------------------------------------------------------------------------
// Text

function markGaps(lines: PageLine[]): Omit<OutLine, "page">[] {
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const step = (lines[i - 1]?.y ?? 0) - (lines[i]?.y ?? 0);
    if (step > 0) steps.push(step);
  }
  const usual = median(steps) || 12;
  return lines.map((line, i) => {
    const prev = lines[i - 1];
    const step = prev ? prev.y - line.y : 0;
    // A jump upwards starts a new column; a wide gap downwards starts a new block.
    const gapBefore = !!prev && (step < 0 || step > Math.max(usual * 1.6, line.size * 1.9));
    return { ...line, gapBefore };
  });
}

// ---------------------------------------------------------------------------------------------
// Reflow: lines broken only by the width of their column

const BULLET_START_RE = /^[•●▪■◦‣∙·*\-–—\uF000-\uF0FF]/;

/** The chain of lines being joined into one: where they attach, how wide their box is. */
type Paragraph = {
  line: OutLine;
  /** The segment the continuations attach to (the text before a flush-right date). */
  target: number;
  /** Where the continuation lines start; for a bulleted first line, the bullet's x. */
  anchor: number;
  /** The last physical line opens with a bullet glyph (its continuation hangs further in). */
  bulleted: boolean;
  /** The block's usual baseline step, in font sizes. */
  leading: number;
  /** Set in from the block's left edge without a bullet glyph: maybe an item of a drawn list. */
  indented: boolean;
  /** Right edge of the box the text was set in. */
  limit: number;
  /** The last physical line: its right end, baseline, size and font. */
  x1: number;
  y: number;
  size: number;
  font: string;
  text: string;
};

/**
 * Lines broken only because their column is narrow become one line again (the typesetting test):
 * line i+1 continues line i when it starts at the same x (or a bulleted line's hanging indent),
 * in the same font and size, at normal leading, does not open with a bullet, and its first word
 * would not have fitted at the end of line i. A flush-right date on the first line stays a field
 * of its own (two spaces); the continuation joins the text before it.
 */
function reflow(lines: OutLine[]): OutLine[] {
  const edges = new Map<string, Edges>();
  lines.forEach((line, i) => {
    const key = `${line.page}|${line.block}`;
    const edge = edges.get(key) ?? {
      left: Infinity,
      right: 0,
      widest: null,
      second: 0,
      steps: [],
      wraps: false,
    };
    const prev = lines[i - 1];
    const step = prev && prev.page === line.page && prev.block === line.block ? prev.y - line.y : 0;
    if (step > 0 && step <= 2 * line.size) {
      edge.steps.push(step / line.size);
      // A line opening in lower case just under another, at its x or hanging indent: a wrap.
      const x0 = line.segments[0]?.x0 ?? 0;
      const prevX0 = prev?.segments[prev.segments.length - 1]?.x0 ?? 0;
      if (/^[\p{Ll}@]/u.test(line.text) && x0 >= prevX0 - 1.5 && x0 <= prevX0 + 2.5 * line.size)
        edge.wraps = true;
    }
    const x1 = line.segments[line.segments.length - 1]?.x1 ?? 0;
    edge.left = Math.min(edge.left, line.segments[0]?.x0 ?? Infinity);
    if (x1 > edge.right) {
      edge.second = edge.right;
      edge.right = x1;
      edge.widest = line;
    } else edge.second = Math.max(edge.second, x1);
    edges.set(key, edge);
  });
  // The whole text (for the hyphen rule) only when a joined line ends in a hyphen.
  let whole: string | null = null;
  const wholeText = () => {
    whole ??= lines
      .map((l) => cleanLine(l.text))
      .join(" ")
      .toLowerCase();
    return whole;
  };
  const out: OutLine[] = [];
  let open: Paragraph | null = null;
  for (let line of lines) {
    const edge = edges.get(`${line.page}|${line.block}`);
    if (open && open.line.page === line.page && open.line.block === line.block && continues(open, line)) {
      const segment = open.line.segments[open.target] as Segment;
      const next = line.segments[0] as Segment;
      const joined = segment.text.endsWith("-") ? joinBroken(segment.text, line.text, wholeText()) : null;
      // An address broken at its "@" or after a "/" has no space to restore.
      const glued = /[@/]$/.test(segment.text) || line.text.startsWith("@");
      const text = joined
        ? `${joined.prev}${joined.rest ? ` ${joined.rest}` : ""}`
        : `${segment.text}${glued ? "" : " "}${line.text}`;
      const segments = open.line.segments.map((s, k) => (k === open?.target ? { ...s, text } : s));
      open.line = { ...open.line, segments, text: segments.map((s) => s.text).join("  ") };
      out[out.length - 1] = open.line;
      if (open.bulleted) open.anchor = next.x0;
      open.bulleted = false;
      Object.assign(open, {
        x1: next.x1,
        y: line.y,
        size: next.tail.size,
        font: next.tail.font,
        text: line.text,
      });
      continue;
    }
    const before = out[out.length - 1];
    const rest = before && edge?.wraps ? railRest(before, line) : null;
    if (before && rest) {
      out[out.length - 1] = rest.cell;
      line = rest.line;
      if (line.segments.length === 0) {
        open = null;
        continue;
      }
    }
    out.push(line);
    open = edge && line.block >= 0 ? paragraphOf(line, edge) : null;
    if (open && edge) open.leading = median(edge.steps);
  }
  return out;
}

/**
 * A row of two cells whose cells wrapped ("April 2022 – February  Snack Bar Cashier" / "2025
 * Meadowbrook Logistics LLC"; "… Community Heritage  May 2023 - June" / "Museum  2024"). A cell's
 * second line joins its first when the first is plainly unfinished (a date range cut after its
 * dash or month, or followed by a lower-case word) and, for the left cell, its first word would
 * not have fitted before the next cell; what is left of the row stays a line of its own. A rail
 * of years ("2021  2nd Place" / "2020  Finalist") is two rows.
 */
function railRest(prev: OutLine, line: OutLine): { cell: OutLine; line: OutLine } | null {
  const [a, b] = prev.segments;
  const [c, d] = line.segments;
  if (!a || !b || !c || !d || prev.page !== line.page || prev.block !== line.block || line.gapBefore)
    return null;
  if (prev.segments.length !== 2 || line.segments.length > 2) return null;
  // The second row's cells under the first's (the right one may hang: a bullet under a title).
  if (Math.abs(c.x0 - a.x0) > 1.5 || d.x0 < b.x0 - 1.5) return null;
  const underB = Math.abs(d.x0 - b.x0) <= 1.5 || Math.abs(d.x1 - b.x1) <= 1.5;
  const size = a.tail.size;
  const step = (prev.y - line.y) / size;
  if (step < 0.9 || step > 1.8 || Math.abs(c.head.size - size) > 0.5 || c.head.font !== a.tail.font)
    return null;
  if (BULLET_START_RE.test(c.text)) return null;
  const unfinished = (cell: Segment, next: Segment) =>
    UNFINISHED_RE.test(cell.text) || /^\p{Ll}/u.test(next.text);
  const joinB = underB && unfinished(b, d) && d.text.length <= 16 && DATEISH_RE.test(d.text);
  const limit = b.x0 - REFLOW_FLUSH_GAP * size;
  const word = /^\S+/.exec(c.text)?.[0] ?? "";
  const wordWidth = ((c.x1 - c.x0) * word.length) / Math.max(1, c.text.length);
  const fits = a.x1 + 0.25 * size + wordWidth <= limit - REFLOW_SLACK * size;
  const joinA = !fits && a.x1 - a.x0 >= 0.5 * (limit - a.x0) && (unfinished(a, c) || joinB);
  if (!joinA && !joinB) return null;
  const segments = [
    joinA ? { ...a, text: `${a.text} ${c.text}` } : a,
    joinB ? { ...b, text: `${b.text} ${d.text}` } : b,
  ];
  const restSegments = [...(joinA ? [] : [c]), ...(joinB ? [] : [d])];
  return {
    cell: { ...prev, segments, text: segments.map((seg) => seg.text).join("  ") },
    line: { ...line, segments: restSegments, text: restSegments.map((seg) => seg.text).join("  ") },
  };
}

/** A date range cut after its dash, its "to" or a month name. */
const UNFINISHED_RE = /(?:[-–—]|\bto|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?)$/i;

/**
 * A block's text edges. The right edge a line is measured against is set by the other lines: a
 * line standing out past all the others ("B.S. Computer Science" over "State University") says
 * nothing about how wide its box was.
 */
type Edges = {
  left: number;
  right: number;
  widest: OutLine | null;
  second: number;
  /** Baseline steps between the block's consecutive lines, in font sizes. */
  steps: number[];
  /** Whether some line of the block plainly goes on on the next one (which opens in lower case). */
  wraps: boolean;
};

function paragraphOf(line: OutLine, edge: Edges): Paragraph | null {
  const blockRight = edge.widest === line ? edge.second : edge.right;
  const { segments } = line;
  const last = segments[segments.length - 1];
  if (!last) return null;
  // A short last segment flush with the block's right edge is a date or place beside the text.
  const flushRight =
    segments.length >= 2 &&
    // (dates a little short of the edge the column's longest line sets are as flush)
    (last.x1 >= blockRight - 2 ||
      (last.x1 >= blockRight - 1.5 * last.tail.size && DATEISH_RE.test(last.text))) &&
    last.text.length <= 40 &&
    !BULLET_START_RE.test(last.text);
  const target = flushRight ? segments.length - 2 : segments.length - 1;
  const segment = segments[target] as Segment;
  const bulleted = BULLET_START_RE.test(segment.text);
  if (!flushRight && last.x1 > blockRight + 0.5 * last.tail.size) return null;
  // Lines of similar length in a block that never plainly wraps (a list, a degree over its
  // school) say nothing about the width of their box.
  if (!flushRight && !edge.wraps) return null;
  const limit = flushRight ? last.x0 - REFLOW_FLUSH_GAP * last.head.size : blockRight;
  return {
    line,
    target,
    anchor: segment.x0,
    bulleted,
    leading: 1.8,
    indented: !bulleted && segment.x0 > edge.left + 0.5 * segment.head.size,
    limit,
    x1: segment.x1,
    y: line.y,
    size: segment.tail.size,
    font: segment.tail.font,
    text: segment.text,
  };
}

/** The least gap (in font sizes) a flush-right date keeps from the text box beside it. */
const REFLOW_FLUSH_GAP = 1.3;
/** How far (in font sizes) a word-width estimate may run over and still count as not fitting. */
const REFLOW_SLACK = 0.4;

function continues(open: Paragraph, line: OutLine): boolean {
  const next = line.segments[0];
  if (!next || line.segments.length !== 1 || line.gapBefore) return false;
  const size = open.size;
  // The paragraph's own leading: a heading or a new paragraph usually stands further apart.
  const step = (open.y - line.y) / size;
  if (step < 0.9 || step > 1.8 || step > open.leading * 1.12 + 0.05) return false;
  if (Math.abs(next.head.size - size) > 0.5 || next.head.font !== open.font) return false;
  const aligned = open.bulleted
    ? next.x0 > open.anchor + 1 && next.x0 <= open.anchor + 2.5 * size
    : Math.abs(next.x0 - open.anchor) <= 1.5;
  if (!aligned || BULLET_START_RE.test(next.text)) return false;
  // An email or a phone is a field of its own (a sidebar's contact lines), never wrapped prose.
  if (isContact(open.text) || isContact(next.text)) return false;
  // A sentence that ends where the next line opens with a capital may as well end a paragraph
  // (a list whose bullets are drawn, not typed, has no glyph to tell). Directly under a typed
  // bullet the hanging indent tells: a line set there, with no bullet of its own, is still that
  // bullet's (its author broke the line: "… 300+ pods." / "Managed all manifests …"). Further
  // down it may as well be the next item of a drawn list set at the same x.
  if (!open.bulleted && /[.!?;]$/.test(open.text) && /^\p{Lu}/u.test(next.text)) return false;
  // Chromium draws a list's disc marker as a shape: an indented line with no bullet glyph may be
  // one item and the next line, opening with a capital at the same x, the next item.
  if (open.indented && !/^\p{Ll}/u.test(next.text)) return false;
  const word = /^\S+/.exec(next.text)?.[0] ?? "";
  const wordWidth = ((next.x1 - next.x0) * word.length) / Math.max(1, next.text.length);
  // A line filling less than half its box was not broken for want of room (an email or a link
  // after a short line is as likely a line of its own).
  if (open.x1 - open.anchor < 0.5 * (open.limit - open.anchor)) return false;
  if (open.bulleted) return true;
  // Word widths are estimated from the line's average glyph width: allow for a narrow word.
  return open.x1 + 0.25 * size + wordWidth > open.limit - REFLOW_SLACK * size;
}

/**
 * An email or a phone on a line. Only short lines are looked at: the email pattern backtracks over
 * a long run of word characters, and a contact line is short.
 */
const isContact = (text: string) => text.length <= 200 && CONTACT_RE.test(text);

const COMPOUND_PREFIXES =
  /^(cross|self|multi|non|co|full|high|long|short|real|end|well|data|cloud|user|team|client|customer|industry|cost|fast|detail|results|data|one|two|three|top|best|world|first|large|small|mid|front|back|high|low|state|cutting|hands|fine|open|time|award|mission|client|fact|goal|sub|post|pre)$/i;

/**
 * "manage-" / "ment": a word broken at the end of `prev` is completed there from the start of
 * `text`; null when `prev` does not end in a broken word. The hyphen stays when the document
 * spells the compound with one (or the first part is a usual compound prefix) and never without.
 */
function joinBroken(prev: string, text: string, whole: string): { prev: string; rest: string } | null {
  const broken = /(?:^|\s)([A-Za-z]+)-$/.exec(prev);
  const next = /^([a-z]+)([,.;:]?)(?:\s+|$)/.exec(text);
  if (!broken?.[1] || !next?.[1]) return null;
  const joined = `${broken[1]}${next[1]}`.toLowerCase();
  const keepHyphen =
    !new RegExp(`\\b${joined}\\b`).test(whole) &&
    (COMPOUND_PREFIXES.test(broken[1]) || whole.includes(`${broken[1]}-${next[1]}`.toLowerCase()));
  return {
    prev: `${prev.slice(0, -1)}${keepHyphen ? "-" : ""}${next[1]}${next[2] ?? ""}`,
    rest: text.slice(next[0].length).trim(),
  };
}

function finish(lines: OutLine[]): string {
  const texts = lines.map((l) => cleanLine(l.text));
  const whole = texts.join(" ").toLowerCase();
  const out: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    let text = texts[i] ?? "";
    const line = lines[i] as OutLine;
    if (!text) continue;
    if (out.length > 0 && (line.gapBefore || lines[i - 1]?.page !== line.page)) {
      if (out[out.length - 1] !== "") out.push("");
    }
    const prevIndex = out.length - 1;
    const prev = out[prevIndex];
    const joined = prev && !line.gapBefore ? joinBroken(prev, text, whole) : null;
    if (joined) {
      out[prevIndex] = joined.prev;
      text = joined.rest;
      if (!text) continue;
    }
    out.push(text);
  }
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** "J O R D A N  R E Y E S" -> "JORDAN REYES" (glyphs spaced apart, words two spaces apart). */
function joinLetterSpaced(line: string): string {
  // Four glyphs or more in the first word; or several words, each of three glyphs or more ("W E I").
  const spaced =
    /^(?:\S ){3,}\S(?: {2,}(?:\S ?)+)*$/.test(line) || /^(?:\S ){2,}\S(?: {2,}(?:\S ){2,}\S)+$/.test(line);
  if (!spaced) return line;
  return line
    .split(/ {2,}/)
    .map((word) => word.replace(/ /g, ""))
    .join(" ");
}

function cleanLine(text: string): string {
  return joinLetterSpaced(
    text
      .normalize("NFKC")
      // Word's Symbol-font bullets land in the private-use area.
      .replace(/[\uF000-\uF0FF]/g, "•")
      .replace(/^([•●▪■◦])(?=\S)/, "$1 ")
      .replace(/[ \t]+$/g, "")
      .trim(),
  );
}
