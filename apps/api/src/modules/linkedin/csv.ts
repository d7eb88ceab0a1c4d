import { CsvError, type Options, parse } from "csv-parse/sync";

/**
 * csv-parse set up for LinkedIn's data export (see docs/decisions/2026-11-27-maintained-parts.md):
 * RFC 4180 quoting (`""` is one quote, quoted fields hold commas and line breaks), a UTF-8 BOM
 * dropped, records ending in CRLF, LF or a lone CR even when one file mixes them, blank lines
 * skipped. Lenient where exports are sloppy: a stray quote inside an unquoted field is kept as
 * text, and rows may have fewer or more fields than the header.
 */
const OPTIONS = {
  bom: true,
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
  record_delimiter: ["\r\n", "\n", "\r"],
} satisfies Options;

/**
 * The rows of a CSV text, each an array of its fields as written (not trimmed). Runs in the
 * document worker pool (linkedin/export-zip.ts), on at most MAX_CSV_BYTES of text per file.
 */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, OPTIONS) as string[][];
  } catch (error) {
    // csv-parse throws on a quoted field still open at the end of the input; we read it as ending
    // there, so a truncated export still gives the records before the cut. Closing the quote is
    // exactly that, and cannot fail the same way twice.
    if (error instanceof CsvError && error.code === "CSV_QUOTE_NOT_CLOSED") {
      return parse(`${text}"`, OPTIONS) as string[][];
    }
    throw error;
  }
}

/**
 * The records under the first row that names `headerKey` among its columns, as objects keyed by
 * the (trimmed) header; missing trailing fields read as "", fields past the header are ignored,
 * blank records are dropped. Rows above the header are skipped: LinkedIn prefixes some exports
 * with a "Notes:" paragraph.
 */
export function parseCsvRecords(text: string, headerKey: string): Record<string, string>[] {
  const rows = parseCsv(text);
  const headerIndex = rows.findIndex((row) => row.some((cell) => cell.trim() === headerKey));
  if (headerIndex < 0) return [];
  const header = (rows[headerIndex] ?? []).map((cell) => cell.trim());
  return rows
    .slice(headerIndex + 1)
    .map((row) => Object.fromEntries(header.map((key, index) => [key, row[index] ?? ""])))
    .filter((record) => Object.values(record).some((value) => value.trim() !== ""));
}
