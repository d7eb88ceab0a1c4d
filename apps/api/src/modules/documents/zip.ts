import { inflateRawSync } from "node:zlib";
import { DocumentRefused } from "./types.ts";

/**
 * ZIP reading for uploads (DOCX, the LinkedIn data export) that never trusts the sizes an archive
 * declares. The central directory says where each entry is; inflating stops as soon as the *real*
 * output passes the caller's limit (zlib's maxOutputLength is checked after every 16 KiB of output,
 * so a 1 GiB bomb costs milliseconds, not the seconds and memory a full inflate would).
 */

/** One entry of the central directory, with what it declares and where its data starts. */
export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflate; anything else is refused when inflated. */
  method: number;
  /** Declared sizes: used for cheap early refusals only, never as a bound. */
  compressedSize: number;
  declaredSize: number;
  /** Offset of the entry's data (after its local header) in the archive. */
  dataStart: number;
};

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/**
 * The archive's entries, from its central directory. Throws DocumentRefused: "corrupt" for anything
 * unreadable (no directory, entries pointing outside the file, encrypted entries, ZIP64, which no
 * upload under 5 MB needs), "archive-bomb" past `maxEntries`.
 */
export function readZipDirectory(bytes: Uint8Array, options: { maxEntries: number }): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfDirectory(view);
  if (eocd < 0) throw new DocumentRefused("corrupt", "no zip end-of-directory record");
  const count = view.getUint16(eocd + 10, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff)
    throw new DocumentRefused("corrupt", "zip64 archive");
  if (count > options.maxEntries) {
    throw new DocumentRefused("archive-bomb", `more than ${options.maxEntries} entries`);
  }
  const decoder = new TextDecoder("utf-8");
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new DocumentRefused("corrupt", "damaged zip central directory");
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const declaredSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > bytes.length) throw new DocumentRefused("corrupt", "damaged zip entry name");
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 1) throw new DocumentRefused("corrupt", `encrypted zip entry ${name}`);
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff) {
      throw new DocumentRefused("corrupt", "zip64 entry");
    }
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) {
      throw new DocumentRefused("corrupt", `damaged local header of ${name}`);
    }
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataStart + compressedSize > bytes.length) {
      throw new DocumentRefused("corrupt", `${name} runs past the end of the archive`);
    }
    entries.push({ name, method, compressedSize, declaredSize, dataStart });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * An entry's contents, inflated with a limit on the real output: past `maxBytes` it stops and
 * throws DocumentRefused("archive-bomb"), whatever the entry declared. Other failures are "corrupt".
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length > maxBytes)
      throw new DocumentRefused("archive-bomb", `${entry.name} is over ${maxBytes} bytes`);
    return data;
  }
  if (entry.method !== 8)
    throw new DocumentRefused("corrupt", `${entry.name}: compression method ${entry.method}`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw new DocumentRefused("archive-bomb", `${entry.name} inflates past ${maxBytes} bytes`);
    }
    throw new DocumentRefused("corrupt", `${entry.name}: ${(error as Error).message}`);
  }
}

/** The end-of-central-directory record: the last 22+ bytes, after an optional comment of ≤ 64 KiB. */
function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return -1;
}
