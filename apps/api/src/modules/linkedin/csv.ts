/**
 * A small RFC 4180 CSV reader for LinkedIn's data export: comma-separated, fields optionally
 * quoted with `"`, `""` inside quotes is one quote, quoted fields may hold commas and line breaks,
 * records end with CRLF or LF. A leading UTF-8 BOM is dropped. Lenient where exports are sloppy:
 * a stray quote inside an unquoted field is kept as text, and an unterminated quoted field ends at
 * the end of the input instead of throwing.
 */
export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < input.length) {
    const ch = input[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === "") {
      quoted = true;
      i += 1;
    } else if (ch === ",") {
      endField();
      i += 1;
    } else if (ch === "\r" && input[i + 1] === "\n") {
      endRow();
      i += 2;
    } else if (ch === "\n" || ch === "\r") {
      endRow();
      i += 1;
    } else {
      field += ch;
      i += 1;
    }
  }
  // The last record may or may not end with a line break.
  if (field !== "" || row.length > 0 || quoted) endRow();
  return rows.filter((r) => !(r.length === 1 && r[0] === ""));
}

/**
 * The records under the first row that names `headerKey` among its columns, as objects keyed by
 * the (trimmed) header; missing trailing fields read as "", blank records are dropped. Rows above
 * the header are skipped: LinkedIn prefixes some exports with a "Notes:" paragraph.
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
