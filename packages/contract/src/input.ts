import { z } from "zod";

/**
 * Rules every request input obeys, whatever the route: ids that a stored record can have, and
 * text that a database can store. Both databases must answer the same: PostgreSQL refuses a NUL
 * character in text and an `integer` above 2^31 - 1 with an error, SQLite would store or look
 * them up, so the rules are checked before any query, with a 4xx and a clear message.
 */

/** Largest id a stored record can have: PostgreSQL's `serial` ends here, so a larger id cannot exist. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record id in a JSON body (e.g. `resumeId`): a whole number a stored record can have. */
export const ZRecordId = z
  .number("The id must be a number.")
  .int("The id must be a whole number.")
  .min(1, "The id must be a positive number.")
  .max(MAX_RECORD_ID, "No record has this id.");

/**
 * A record id from a path (`/api/analysis/:id`): the id, or why it is none. 'malformed' is not a
 * positive whole number in decimal digits (400); 'out-of-range' is one no record can have (404).
 */
export function parseRecordId(raw: string): number | "malformed" | "out-of-range" {
  if (!/^[1-9]\d*$/.test(raw)) return "malformed";
  // More digits than 2^31 has cannot be an id; comparing the text first keeps Number() exact.
  if (raw.length > 10) return "out-of-range";
  const id = Number(raw);
  return id <= MAX_RECORD_ID ? id : "out-of-range";
}

/** Payment ids as the providers make them (Stripe `pi_…`, the test mode `tpi_…`). */
export const PAYMENT_ID_PATTERN = /^[A-Za-z0-9_]{1,255}$/;

/** Said when text holds a NUL character, which no text column can store. */
export const NUL_CHARACTER_MESSAGE =
  "The text contains a NUL character (\\u0000), which cannot be stored. Remove it and try again.";

/** Whether a string has a NUL character. */
export function hasNulCharacter(value: string): boolean {
  return value.includes("\u0000");
}

/**
 * Whether any string in a parsed JSON value (keys included) has a NUL character. Depth-limited:
 * a request body nests a few levels at most; deeper nesting counts as suspect.
 */
export function containsNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasNulCharacter(value);
  if (value === null || typeof value !== "object") return false;
  if (depth > 32) return true;
  if (Array.isArray(value)) return value.some((item) => containsNulCharacter(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => hasNulCharacter(key) || containsNulCharacter(item, depth + 1),
  );
}

/**
 * A record id path parameter (`/api/analysis/{id}`) as a schema, for the API's route definitions:
 * the id as a number, or a failed check whose issue carries the answer's code in `params.code`,
 * 400 when the text is not a positive whole number, 404 when no record can have it (or for both,
 * with `malformed: "not-found"`, on routes that always answered 404). Either way, no query runs.
 */
export function recordIdParamSchema(what: string, options: { malformed?: "bad-request" | "not-found" } = {}) {
  return z
    .string()
    .transform((raw, ctx) => {
      const id = parseRecordId(raw);
      if (typeof id === "number") return id;
      const notFound = id === "out-of-range" || options.malformed === "not-found";
      ctx.addIssue({
        code: "custom",
        message: notFound
          ? `${what} not found`
          : `The ${what.toLowerCase()} id must be a positive whole number.`,
        params: { code: notFound ? "NOT_FOUND" : "BAD_REQUEST" },
      });
      return z.NEVER;
    })
    .meta({ type: "string", pattern: "^[1-9][0-9]{0,9}$", description: `The ${what.toLowerCase()}'s id.` });
}
