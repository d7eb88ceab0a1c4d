/**
 * Hostile ZIPs for the bomb tests: entries written by hand, so an entry can declare one size in its
 * headers and inflate to another. A deflated run of zeros compresses ~1000:1, so 200 MB of real
 * output fits in a ~200 KB entry.
 */
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import { unzipSync } from "fflate";

/** One entry: `data` deflated honestly, or a ready deflate stream with the size it should declare. */
export type ZipPart =
  | { name: string; data: Uint8Array }
  | { name: string; deflated: Uint8Array; declaredSize: number; crc?: number };

/** A deflate (raw) stream of `bytes` zeros, made in 1 MiB steps (never holds the output in memory). */
export async function deflatedZeros(bytes: number): Promise<Uint8Array> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on("end", resolve);
    deflate.on("error", reject);
  });
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < bytes; written += block.length) {
    const part = block.subarray(0, Math.min(block.length, bytes - written));
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** A ZIP (deflate entries, central directory, end record) of `parts`, sizes as each part says. */
export function buildZip(parts: ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const deflated = "data" in part ? deflateRawSync(part.data) : Buffer.from(part.deflated);
    const size = "data" in part ? part.data.length : part.declaredSize;
    const crc = "data" in part ? crc32(part.data) : (part.crc ?? 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** `zip`'s entries with `name` replaced by a deflated run of `realBytes` zeros that declares `declaredSize`. */
export async function withLyingEntry(
  zip: Uint8Array,
  name: string,
  realBytes: number,
  declaredSize = 100,
): Promise<Uint8Array> {
  const files = unzipSync(zip);
  const bomb = await deflatedZeros(realBytes);
  return buildZip(
    Object.entries(files).map(([entry, data]) =>
      entry === name ? { name: entry, deflated: bomb, declaredSize } : { name: entry, data },
    ),
  );
}
