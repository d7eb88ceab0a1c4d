import { LIMITS, MESSAGES } from "@resumelens/contract";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppContext } from "../../app-context.ts";
import type { AuthedContext } from "../../auth/require-auth.ts";
import { AppError } from "../../lib/errors.ts";
import { REFUSAL_MESSAGES } from "./errors.ts";
import { type BodyPace, readMultipartFile } from "./multipart.ts";
import type { DocumentRefused } from "./types.ts";
import { bodyReadGate, uploadGate } from "./upload-gate.ts";
import { uploadRate } from "./upload-limits.ts";

/*
 * The HTTP side of every file upload (resumes, the LinkedIn import): sign-in before the body is
 * read, a byte-counting body limit, one multipart field, and refusals turned into the same answers.
 * app.ts exempts upload paths from the global JSON body limit; these limits apply instead.
 */

/** Room for the multipart envelope (boundaries, part headers, a long filename) around a 5 MB file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const fileTooLarge = () => new AppError("PAYLOAD_TOO_LARGE", MESSAGES.fileTooLarge);

/**
 * How long an upload's body may take to arrive: 10 s plus its length at 64 KB/s (a 5 MB file: 90 s;
 * a 200 KB one: 13 s). Past that the client is too slow (or holding the turn on purpose): 408.
 */
export const UPLOAD_BODY_PACE: BodyPace = { graceMs: 10_000, minBytesPerSecond: 64 * 1024 };

/** The turns an upload holds: one to receive its body, then one to work on it (upload-gate.ts). */
type UploadTurns = { bodyRead: () => Promise<void> };
const turnsOf = new WeakMap<Request, UploadTurns>();

/**
 * An upload's limits, after sign-in: the user's upload rate (upload-limits.ts), counted before the
 * body is read; a turn to receive the body (12 at once, one per user) and, once it is in, a turn
 * among the uploads being worked on (3 at once), so a body trickling in never holds a working turn
 * and the main-thread work never piles up (upload-gate.ts); then a limit that counts bytes as they
 * arrive and stops reading past 5 MB + envelope (or at once on a large Content-Length).
 */
export function uploadLimits(): [MiddlewareHandler<AuthedContext>, MiddlewareHandler<AuthedContext>] {
  return [
    async (c, next) => {
      const { userId } = c.var.user;
      const deps = c.get("deps");
      await uploadRate.check({ db: deps.db, userId, now: deps.now() });
      const releaseRead = await bodyReadGate.acquire(userId);
      let releaseWork: (() => void) | undefined;
      turnsOf.set(c.req.raw, {
        // The reading turn is held until the working turn is granted: memory stays bounded.
        async bodyRead() {
          releaseWork ??= await uploadGate.acquire(userId);
          releaseRead();
        },
      });
      try {
        await next();
      } finally {
        releaseRead();
        releaseWork?.();
      }
    },
    bodyLimit({
      maxSize: LIMITS.resumeMaxBytes + MULTIPART_OVERHEAD,
      onError: () => {
        throw fileTooLarge();
      },
    }),
  ];
}

/**
 * The uploaded file of multipart field `field`, at most 5 MB, as bytes (a view into the one buffer
 * the body was read into, see multipart.ts), read within UPLOAD_BODY_PACE; then waits for the
 * upload's working turn. Throws AppError (400/408/413).
 */
export async function readUploadedFile<E extends AppContext>(
  c: Context<E>,
  field: string,
  messages: { notMultipart: string; missing: string },
): Promise<{ name: string; bytes: Uint8Array }> {
  const file = await readMultipartFile(
    c.req.raw,
    field,
    LIMITS.resumeMaxBytes + MULTIPART_OVERHEAD,
    UPLOAD_BODY_PACE,
  );
  if (!file.ok) {
    if (file.why === "too-large") throw fileTooLarge();
    if (file.why === "too-slow") throw new AppError("REQUEST_TIMEOUT", MESSAGES.uploadTooSlow);
    throw new AppError("BAD_REQUEST", file.why === "missing" ? messages.missing : messages.notMultipart);
  }
  if (file.bytes.byteLength > LIMITS.resumeMaxBytes) throw fileTooLarge();
  await turnsOf.get(c.req.raw)?.bodyRead();
  return { name: file.name, bytes: file.bytes };
}

/**
 * A refused document: wrong type 415, too large 413, anything else 422 with the reason's text.
 * `messages` overrides the text of some reasons for uploads that are not resumes.
 */
export function refusalResponse<E extends AppContext>(
  c: Context<E>,
  error: DocumentRefused,
  messages: Partial<typeof REFUSAL_MESSAGES> = {},
): Response {
  c.get("deps").logger.info("document refused", {
    requestId: c.get("requestId"),
    reason: error.reason,
    detail: error.message.slice(0, 300),
  });
  const message = messages[error.reason] ?? REFUSAL_MESSAGES[error.reason];
  if (error.reason === "invalid-type") throw new AppError("UNSUPPORTED_MEDIA_TYPE", message);
  if (error.reason === "too-large") throw new AppError("PAYLOAD_TOO_LARGE", message);
  return c.json({ error: { code: "UNPROCESSABLE", message } }, 422);
}
