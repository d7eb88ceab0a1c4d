import { MESSAGES, type TErrorCode } from "@resumelens/contract";

/*
 * Every failed API call becomes one ApiError, and this module is the one place that turns an error
 * into the text a user reads. Callers branch on `code` (the contract's error codes), never on a
 * status number or on words inside a message: a 403 can mean "not yours" as well as "limit reached",
 * and a message can change wording without changing meaning.
 * See docs/decisions/2026-11-27-web-errors.md.
 */

/** The contract's codes, plus NETWORK for a request that never got an answer (offline, DNS, CORS). */
export type ApiErrorCode = TErrorCode | "NETWORK";

/** A non-2xx answer (or no answer at all) from our API. */
export class ApiError extends Error {
  /** The HTTP status; 0 when there was no answer. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The server's own message from the contract's error shape; null when the body was something else. */
  readonly serverMessage: string | null;

  constructor({
    status,
    code,
    serverMessage,
  }: { status: number; code: ApiErrorCode; serverMessage: string | null }) {
    super(serverMessage ?? CODE_TEXT[code]);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

/** The code a status stands for when the body is not ours (a proxy's HTML page, an empty 502). */
export function codeForStatus(status: number): TErrorCode {
  switch (status) {
    case 400:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED";
    case 402:
      return "PAYMENT_REQUIRED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 408:
      return "REQUEST_TIMEOUT";
    case 409:
      return "CONFLICT";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 422:
      return "UNPROCESSABLE";
    case 429:
      return "RATE_LIMITED";
    case 502:
    case 503:
    case 504:
      // A gateway with nothing behind it (a deploy, a restart) or a full server: both pass.
      return "UNAVAILABLE";
    default:
      return status >= 500 ? "INTERNAL" : "BAD_REQUEST";
  }
}

/**
 * The contract's error schema, loaded with the first failed call. It brings zod, which would more
 * than double the landing page's own script (25 → 52 KB gzipped, measured with `vite build`); the
 * landing page never needs it, and a screen that fails has usually loaded zod already.
 */
async function loadErrorSchema() {
  const { ZApiError } = await import("@resumelens/contract");
  return ZApiError;
}

/** Reads a non-2xx response into an ApiError; a body that is not the contract's error shape keeps only its status. */
export async function apiErrorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await res.text());
  } catch {
    body = undefined;
  }
  if (body !== undefined) {
    // Without the schema (its chunk failed to load, e.g. offline after a deploy) the status still says enough.
    const schema = await loadErrorSchema().catch(() => null);
    const parsed = schema?.safeParse(body);
    if (parsed?.success && parsed.data.error.message.trim() !== "") {
      const { code, message } = parsed.data.error;
      return new ApiError({ status: res.status, code, serverMessage: message });
    }
  }
  return new ApiError({ status: res.status, code: codeForStatus(res.status), serverMessage: null });
}

/** The error for a request that got no answer at all (fetch rejected). */
export function networkError(): ApiError {
  return new ApiError({ status: 0, code: "NETWORK", serverMessage: null });
}

/*
 * The one map from code to text, used when the server gave no message of its own. The product has
 * texts only for UNAUTHORIZED and the size limit; the others are ours (docs/product.md#messages).
 */
const CODE_TEXT: Record<ApiErrorCode, string> = {
  NETWORK: "We couldn't reach ResumeLens. Please check your connection and try again.",
  UNAVAILABLE: "ResumeLens is not available right now. Please try again in a moment.",
  INTERNAL: "Something went wrong on our side. Please try again.",
  RATE_LIMITED: "Too many requests. Please wait a minute and try again.",
  REQUEST_TIMEOUT: "The request took too long. Please try again.",
  UNAUTHORIZED: MESSAGES.signInToContinue,
  PAYLOAD_TOO_LARGE: MESSAGES.fileTooLarge,
  UNSUPPORTED_MEDIA_TYPE: MESSAGES.invalidFileType,
  FORBIDDEN: "You don't have access to this.",
  NOT_FOUND: "We couldn't find what you were looking for.",
  LIMIT_REACHED: MESSAGES.monthlyLimitAlert,
  PAYMENT_REQUIRED: "Your payment did not go through. Please try again.",
  CONFLICT: "Something changed in the meantime. Please try again.",
  UNPROCESSABLE: "We couldn't process that. Please check it and try again.",
  BAD_REQUEST: "Something went wrong. Please try again.",
};

/**
 * Codes whose own text tells the user what to do (wait, check the connection) better than a
 * screen's generic "X failed. Please try again." would.
 */
const TRANSIENT: ReadonlySet<ApiErrorCode> = new Set(["NETWORK", "UNAVAILABLE"]);

/** The few screens that give a code its own text (docs/product.md#messages). */
export type ErrorContext = "analyze" | "export";

/**
 * The 'Analysis Failed' descriptions (docs/product.md#messages), by code rather than by the words in a
 * message.
 */
const ANALYZE_TEXT: Partial<Record<ApiErrorCode, string>> = {
  LIMIT_REACHED: MESSAGES.monthlyLimitUpgrade,
  // The spec gave this text to "any 403" (docs/product.md#messages); only a plan refusal (402) means an
  // upgrade would help.
  PAYMENT_REQUIRED: MESSAGES.monthlyLimitUpgradePlan,
  UNAUTHORIZED: MESSAGES.signInToContinue,
};

/** The text for a request the server never answered, or null when it did. */
function contextText(error: ApiError, context: ErrorContext | undefined): string | null {
  if (context === "analyze") return ANALYZE_TEXT[error.code] ?? null;
  // docs/product.md#messages: an export that failed on the server reads 'Failed to export analysis:
  // {status}'.
  if (context === "export" && error.status > 0) return `Failed to export analysis: ${error.status}`;
  return null;
}

/**
 * The text to show for any failure: the product's text for the code in this context, else the
 * server's own message, else (for a passing outage) the code's text, else `fallback`.
 * Anything that is not an ApiError (a malformed answer, a bug) shows `fallback`; in the export
 * context an Error's message is shown, as docs/product.md#messages says ('Invalid response format - expected
 * ZIP file').
 */
export function errorText(
  error: unknown,
  { fallback, context }: { fallback: string; context?: ErrorContext },
): string {
  if (error instanceof ApiError) {
    const text = contextText(error, context) ?? error.serverMessage;
    if (text !== null) return text;
    return TRANSIENT.has(error.code) ? CODE_TEXT[error.code] : fallback;
  }
  if (context === "export" && error instanceof Error && error.message !== "") return error.message;
  return fallback;
}

/** True when `error` is an API answer with this code. */
export function hasErrorCode(error: unknown, code: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}
