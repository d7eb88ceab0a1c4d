import { describe, expect, it } from "vitest";
import { parseCsv, parseCsvRecords } from "./csv.ts";

describe("parseCsv (RFC 4180)", () => {
  it("reads plain fields, CRLF and LF records, with or without a final line break", () => {
    expect(parseCsv("a,b,c\r\n1,2,3\r\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
    expect(parseCsv("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("reads quoted fields holding commas, line breaks and doubled quotes", () => {
    const text = 'Name,Note\r\n"Quinn, Avery","Line one\r\nline ""two"", still"\r\nPlain,"x"\r\n';
    expect(parseCsv(text)).toEqual([
      ["Name", "Note"],
      ["Quinn, Avery", 'Line one\r\nline "two", still'],
      ["Plain", "x"],
    ]);
  });

  it("keeps empty fields, including a trailing one", () => {
    expect(parseCsv("a,,c,\r\n,,,\r\n")).toEqual([
      ["a", "", "c", ""],
      ["", "", "", ""],
    ]);
  });

  it("drops a UTF-8 BOM and keeps non-ASCII text", () => {
    expect(parseCsv("\uFEFFFirst Name,Last Name\nZoë,Nuñez-Ørsted\n")).toEqual([
      ["First Name", "Last Name"],
      ["Zoë", "Nuñez-Ørsted"],
    ]);
  });

  it("is lenient with sloppy input: a quote inside an unquoted field, an unterminated quote", () => {
    expect(parseCsv('a 5" screen,b\n')).toEqual([['a 5" screen', "b"]]);
    expect(parseCsv('a,"never closed\nstill here')).toEqual([["a", "never closed\nstill here"]]);
  });

  it("skips blank lines between records", () => {
    expect(parseCsv("a\n\nb\n")).toEqual([["a"], ["b"]]);
  });

  it("ends records at a lone CR too, and reads a file that mixes line endings", () => {
    expect(parseCsv("a,b\r1,2\n3,4\r\n5,6")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
      ["5", "6"],
    ]);
  });

  it("keeps rows with fewer or more fields than the first one", () => {
    expect(parseCsv("a,b,c\n1\n1,2,3,4\n")).toEqual([["a", "b", "c"], ["1"], ["1", "2", "3", "4"]]);
  });

  it("drops a BOM before a quoted header field", () => {
    expect(parseCsv('\uFEFF"First Name",Last Name\r\nRiley,Example\r\n')).toEqual([
      ["First Name", "Last Name"],
      ["Riley", "Example"],
    ]);
  });

  it("keeps a quote that ends at the end of the input, doubled or not", () => {
    expect(parseCsv('a,"ends with ""quote""')).toEqual([["a", 'ends with "quote"']]);
  });
});

describe("parseCsvRecords", () => {
  it("keys records by the header row, skipping a notes preamble and blank records", () => {
    const text =
      'Notes:\r\n"Some addresses may be missing, as members choose."\r\n\r\nFirst Name,Last Name,Company\r\nRiley,Example,"Fabrikam, Inc."\r\n,,\r\nSam\r\n';
    expect(parseCsvRecords(text, "First Name")).toEqual([
      { "First Name": "Riley", "Last Name": "Example", Company: "Fabrikam, Inc." },
      { "First Name": "Sam", "Last Name": "", Company: "" },
    ]);
  });

  it("reads ragged rows against the header: missing fields are empty, extra ones ignored", () => {
    const text = "Name,Level\r\nTypeScript\r\nSQL,Expert,endorsed by 12\r\n";
    expect(parseCsvRecords(text, "Name")).toEqual([
      { Name: "TypeScript", Level: "" },
      { Name: "SQL", Level: "Expert" },
    ]);
  });

  it("skips a multi-line Notes preamble whose quoted text holds commas and line breaks", () => {
    const text =
      '\uFEFFNotes:\r\n"When exporting, some fields may be empty,\r\nfor example ""Company Name""."\r\n\r\nCompany Name,Title,Description\r\n"Fabrikam, Inc.",Engineer,"Built A,\r\nthen B"\r\n';
    expect(parseCsvRecords(text, "Company Name")).toEqual([
      { "Company Name": "Fabrikam, Inc.", Title: "Engineer", Description: "Built A,\r\nthen B" },
    ]);
  });

  it("answers nothing when the header is missing", () => {
    expect(parseCsvRecords("a,b\n1,2\n", "Name")).toEqual([]);
  });
});
