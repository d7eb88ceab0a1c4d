import { MESSAGES, type TErrorCode } from "@resumelens/contract";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one error class of the API: a code from the contract and a message safe to show users. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    /** Sent as Retry-After (seconds) with the answer: when a limit lets the caller in again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** The one place that maps error codes to HTTP status. */
export const STATUS_BY_CODE: Record<TErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export const unauthorized = () => new AppError("UNAUTHORIZED", MESSAGES.signInToContinue);
export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
