/**
 * Text decoding for uploaded .txt files and the CLI: the one implementation. A BOM decides
 * (UTF-8, UTF-16 LE/BE); UTF-16 without a BOM is sniffed from its zero bytes; otherwise strict
 * UTF-8, and bytes that are not valid UTF-8 are read as Windows-1252, the usual encoding of older
 * Windows text files.
 */

/** The encoding `decodeText` chose, for tests and diagnostics. */
export type TextEncodingName = "utf-8" | "utf-8-bom" | "utf-16le" | "utf-16be" | "windows-1252";

/** Decodes text bytes, or answers null when they are not text (NUL bytes outside UTF-16). */
export function decodeTextBytes(bytes: Uint8Array): { text: string; encoding: TextEncodingName } | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return { text: new TextDecoder("utf-8").decode(bytes), encoding: "utf-8-bom" };
  }
  if (startsWith(bytes, [0xff, 0xfe])) {
    return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  }
  if (startsWith(bytes, [0xfe, 0xff])) {
    return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be" };
  }
  const utf16 = sniffUtf16(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  if (bytes.includes(0)) return null;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}

/** Decodes text bytes like `decodeTextBytes`; throws NotTextError when they are not text. */
export function decodeText(bytes: Uint8Array): string {
  const decoded = decodeTextBytes(bytes);
  if (!decoded) throw new NotTextError();
  return decoded.text;
}

/** The bytes hold NULs outside UTF-16: a binary file, not text. */
export class NotTextError extends Error {
  constructor() {
    super("not a text file");
    this.name = "NotTextError";
  }
}

// Windows-1252's 0x80–0x9F (0 where the code page leaves a byte undefined and it stays a C1 control).
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

/**
 * Windows-1252 by hand: Node 20's TextDecoder("windows-1252") decodes as ISO-8859-1 (a latin1 fast
 * path since 20.18.3, nodejs/node#60888; measured on 20.20.2 with full ICU: all 32 bytes 0x80–0x9F
 * wrong), turning curly quotes and dashes (0x91–0x97) into invisible control characters. Switch
 * to TextDecoder once a runtime passes decode-text.test.ts's 256-byte check
 * (docs/decisions/2026-11-27-maintained-parts.md).
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] || b : b,
    );
    out += String.fromCharCode(...codes);
  }
  return out;
}

/** UTF-16 without a BOM: ASCII text leaves every other byte zero. */
function sniffUtf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  const sample = Math.min(bytes.length, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.6 && evenZeros === 0) return "utf-16le";
  if (evenZeros > pairs * 0.6 && oddZeros === 0) return "utf-16be";
  return null;
}

/**
 * Share of characters a person could have typed: letters, digits, punctuation, spaces and line
 * breaks. Control characters and U+FFFD (undecodable) count against it.
 */
export function printableRatio(text: string): number {
  if (text.length === 0) return 1;
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xfffd) bad++;
  }
  return 1 - bad / text.length;
}

/** Whether `bytes` begin with `prefix`. */
export function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}
