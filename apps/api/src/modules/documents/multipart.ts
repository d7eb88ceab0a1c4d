/*
 * The upload routes' multipart reader. Request.formData() (undici) buffers the body, then copies it
 * into a Blob per part and again on arrayBuffer(): three or four copies of 5 MB per upload on the
 * request thread, and the garbage that goes with them. Here the body is read as it arrives into one
 * buffer (its Content-Length when declared), the parts are found with Buffer.indexOf (native), and
 * the file is a view into that buffer: one copy in all. Handing it to a document worker (a child
 * process, pool.ts) writes it once to the worker's IPC channel (a memory copy, ~1 ms for 5 MB).
 */

/** What the reader found: the last file part of the field, or why there is none. */
export type MultipartFile =
  | { ok: true; name: string; bytes: Uint8Array }
  | { ok: false; why: "not-multipart" | "missing" | "too-large" | "too-slow" };

/**
 * How long a body may take: `graceMs` plus its length (declared, or the most it may be) at
 * `minBytesPerSecond`. A client that trickles bytes in slower than that is cut off ("too-slow").
 */
export type BodyPace = { graceMs: number; minBytesPerSecond: number };

/**
 * Reads `request`'s multipart/form-data body (at most `maxBodyBytes`, counted as it arrives) and
 * answers the file sent in field `field`. As Request.formData() did: a body that is not
 * multipart/form-data has no file ("missing"); a multipart body without its boundary, with
 * unterminated parts or that cannot be read is "not-multipart"; a field without a filename is not
 * a file. The last file of the field wins.
 */
export async function readMultipartFile(
  request: Request,
  field: string,
  maxBodyBytes: number,
  pace: BodyPace,
): Promise<MultipartFile> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) return { ok: false, why: "missing" };
  const boundary = /;\s*boundary=(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(type);
  const delimiter = boundary?.[1] ?? boundary?.[2];
  if (!delimiter || !request.body) return { ok: false, why: "not-multipart" };
  const body = await readBody(request.body, maxBodyBytes, request.headers.get("content-length"), pace);
  if (body === "too-large" || body === "too-slow") return { ok: false, why: body };
  if (body === "unreadable") return { ok: false, why: "not-multipart" };
  return findFile(body, Buffer.from(`--${delimiter}`, "latin1"), field);
}

/**
 * The whole body in one buffer, read chunk by chunk; stops reading past `max` bytes, or when the
 * body has not arrived by its deadline (`pace`).
 */
async function readBody(
  stream: ReadableStream<Uint8Array>,
  max: number,
  declaredLength: string | null,
  pace: BodyPace,
): Promise<Buffer | "too-large" | "too-slow" | "unreadable"> {
  const declared = declaredLength && /^\d{1,12}$/.test(declaredLength) ? Number(declaredLength) : -1;
  if (declared > max) return "too-large";
  const expected = declared >= 0 ? declared : max;
  const deadline = pace.graceMs + (expected / pace.minBytesPerSecond) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"too-slow">((resolve) => {
    timer = setTimeout(() => resolve("too-slow"), deadline);
  });
  let buffer = ownBuffer(declared >= 0 ? declared : 256 * 1024);
  let size = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === "too-slow") return chunk;
      const { done, value } = chunk;
      if (done) break;
      if (size + value.byteLength > max) return "too-large";
      if (size + value.byteLength > buffer.length) {
        const grown = ownBuffer(Math.min(max, Math.max(size + value.byteLength, buffer.length * 2)));
        buffer.copy(grown, 0, 0, size);
        buffer = grown;
      }
      buffer.set(value, size);
      size += value.byteLength;
    }
  } catch {
    return "unreadable";
  } finally {
    clearTimeout(timer);
    void reader.cancel().catch(() => undefined);
  }
  return buffer.subarray(0, size);
}

/** A Buffer of its own (not from Node's shared slab), so its bytes can be sent to a worker as they are. */
function ownBuffer(size: number): Buffer {
  return Buffer.allocUnsafeSlow(size);
}

const CRLF = Buffer.from("\r\n");

function findFile(body: Buffer, delimiter: Buffer, field: string): MultipartFile {
  const between = Buffer.concat([CRLF, delimiter]);
  let found: MultipartFile = { ok: false, why: "missing" };
  let at = body.indexOf(delimiter);
  if (at < 0) return { ok: false, why: "not-multipart" };
  for (;;) {
    at += delimiter.length;
    // "--" after a delimiter closes the body; anything after it is an epilogue.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return found;
    const lineEnd = body.indexOf(CRLF, at);
    if (lineEnd < 0) return { ok: false, why: "not-multipart" };
    const headersStart = lineEnd + 2;
    const headersEnd =
      body[headersStart] === 0x0d && body[headersStart + 1] === 0x0a
        ? headersStart
        : body.indexOf("\r\n\r\n", headersStart);
    if (headersEnd < 0) return { ok: false, why: "not-multipart" };
    const contentStart = headersEnd === headersStart ? headersStart + 2 : headersEnd + 4;
    const contentEnd = body.indexOf(between, contentStart);
    if (contentEnd < 0) return { ok: false, why: "not-multipart" };
    const disposition = dispositionOf(body.toString("utf8", headersStart, headersEnd));
    if (disposition?.name === field && disposition.filename !== undefined) {
      found = { ok: true, name: disposition.filename, bytes: body.subarray(contentStart, contentEnd) };
    }
    at = contentEnd + 2;
  }
}

/**
 * The name and filename of a part's Content-Disposition header (quoted, plain or RFC 5987 filename*).
 * Clients percent-encode quotes and line breaks in names (the HTML spec); backslashes are kept as sent.
 */
function dispositionOf(headers: string): { name?: string; filename?: string } | undefined {
  const line = headers.split("\r\n").find((header) => /^content-disposition\s*:/i.test(header));
  if (!line) return undefined;
  const params: Record<string, string> = {};
  for (const match of line.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g)) {
    const key = (match[1] ?? "").toLowerCase();
    params[key] = match[2] ?? (match[3] ?? "").trim();
  }
  let filename = params.filename;
  const extended = params["filename*"] && /^utf-8'[^']*'(.*)$/i.exec(params["filename*"]);
  if (extended) {
    try {
      filename = decodeURIComponent(extended[1] ?? "");
    } catch {
      // a malformed escape: keep the plain filename
    }
  }
  return { name: params.name, filename };
}
