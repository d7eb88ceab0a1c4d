import { describe, expect, it } from "vitest";
import { decodeTextBytes, decodeWindows1252, printableRatio } from "./decode-text.ts";

/**
 * The WHATWG Encoding Standard's index-windows-1252 for 0x80–0x9F, written out here on its own so
 * the test does not check our table against itself. Every other byte is its own code point. The
 * five bytes Windows leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay the C1 control of the
 * same number, as in browsers; they are never U+FFFD.
 */
const WHATWG_0X80_0X9F = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0x008d, 0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122,
  0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

const expectedCodePoint = (byte: number) =>
  byte >= 0x80 && byte <= 0x9f ? (WHATWG_0X80_0X9F[byte - 0x80] as number) : byte;

describe("decodeWindows1252", () => {
  it("decodes every one of the 256 bytes as the WHATWG index does", () => {
    const all = Uint8Array.from({ length: 256 }, (_, byte) => byte);
    const decoded = decodeWindows1252(all);
    expect(decoded).toHaveLength(256);
    for (let byte = 0; byte < 256; byte++) {
      expect({ byte, code: decoded.charCodeAt(byte) }).toEqual({ byte, code: expectedCodePoint(byte) });
    }
  });

  it("keeps the five undefined bytes as C1 controls, which count as unprintable", () => {
    const decoded = decodeWindows1252(Uint8Array.of(0x81, 0x8d, 0x8f, 0x90, 0x9d));
    expect(decoded).toBe("\u0081\u008d\u008f\u0090\u009d");
    expect(printableRatio(decoded)).toBe(0);
  });

  it("decodes input longer than one 8 KB chunk without losing or reordering bytes", () => {
    const bytes = Uint8Array.from({ length: 20_000 }, (_, i) => [0x93, 0x41, 0x94, 0x96][i % 4] as number);
    const decoded = decodeWindows1252(bytes);
    expect(decoded).toBe("\u201cA\u201d\u2013".repeat(5_000));
  });
});

describe("decodeTextBytes", () => {
  it("reads bytes that are not valid UTF-8 as Windows-1252: curly quotes, dashes and the euro sign", () => {
    const bytes = Uint8Array.of(0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35);
    expect(decodeTextBytes(bytes)).toEqual({ text: "\u201cCafé\u201d – €5", encoding: "windows-1252" });
  });

  it("prefers UTF-8 when the bytes are valid UTF-8", () => {
    expect(decodeTextBytes(new TextEncoder().encode("Café “quoted”"))).toEqual({
      text: "Café “quoted”",
      encoding: "utf-8",
    });
  });
});
