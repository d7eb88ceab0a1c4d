/*
 * The one place the web writes dates for people. Each screen keeps the form the spec and its tests
 * know (a history row's day and time, a receipt's long en-US date, …); they are named here so a
 * screen picks a form instead of writing its own toLocale… call. An unreadable timestamp never
 * shows "Invalid Date".
 */

const UNKNOWN = "Unknown date";

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day, in the user's locale and time zone ("Jun 3, 2025"). */
export function formatDate(iso: string): string {
  return parse(iso)?.toLocaleDateString(undefined, { dateStyle: "medium" }) ?? UNKNOWN;
}

/** Day and time, in the user's locale and time zone: two analyses on one day stay apart. */
export function formatDateTime(iso: string): string {
  return parse(iso)?.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) ?? UNKNOWN;
}

/** The time of day, in the user's locale and time zone; "" when unreadable. */
export function formatTime(iso: string): string {
  return parse(iso)?.toLocaleTimeString(undefined, { timeStyle: "short" }) ?? "";
}

/** A billing date as on an invoice: "June 3, 2025" (en-US, like the invoice file). */
export function formatLongDate(iso: string | null): string {
  return (
    parse(iso)?.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }) ?? UNKNOWN
  );
}

/** A short day in the user's locale ("Jun 3, 2025"), for lists that say "3 days ago" when recent. */
export function formatShortDate(iso: string): string {
  return (
    parse(iso)?.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }) ?? UNKNOWN
  );
}

/** The day in the user's locale's default form ("6/3/2025"); "" when unreadable. */
export function formatLocaleDay(iso: string): string {
  return parse(iso)?.toLocaleDateString() ?? "";
}

/** A month and day of a UTC calendar date in en-US ("December 1"): when monthly counts reset. */
export function formatUtcMonthDay(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" }).format(date);
}
