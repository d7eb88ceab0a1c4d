import { z } from "zod";

/** Error codes the API may answer with; one place maps them to HTTP status (the API), one to texts (the web). */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "UNPROCESSABLE",
  "REQUEST_TIMEOUT",
  "RATE_LIMITED",
  "PAYMENT_REQUIRED",
  "LIMIT_REACHED",
  "UNAVAILABLE",
  "INTERNAL",
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape every API error uses. */
export const ZApiError = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
});
export type TApiError = z.infer<typeof ZApiError>;
