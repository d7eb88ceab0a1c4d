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

  it("answers nothing when the header is missing", () => {
    expect(parseCsvRecords("a,b\n1,2\n", "Name")).toEqual([]);
  });
});
