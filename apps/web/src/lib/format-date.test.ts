import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatLocaleDay,
  formatLongDate,
  formatShortDate,
  formatTime,
  formatUtcMonthDay,
} from "./format-date.ts";

describe("date formats", () => {
  const iso = "2025-06-03T10:00:00.000Z";

  it("writes an invoice date in long en-US form", () => {
    expect(formatLongDate("2025-06-03T12:00:00.000Z")).toMatch(/^June [23], 2025$/);
  });

  it("writes the monthly reset day in UTC", () => {
    expect(formatUtcMonthDay(new Date(Date.UTC(2026, 11, 1)))).toBe("December 1");
  });

  it("keeps day-and-time apart from the day alone", () => {
    expect(formatDateTime(iso)).not.toBe(formatDate(iso));
    expect(formatDateTime(iso)).toContain(formatTime(iso));
  });

  it("never shows 'Invalid Date' for an unreadable timestamp", () => {
    for (const format of [formatDate, formatDateTime, formatShortDate])
      expect(format("not a date")).toBe("Unknown date");
    expect(formatLongDate(null)).toBe("Unknown date");
    expect(formatTime("nope")).toBe("");
    expect(formatLocaleDay("nope")).toBe("");
  });
});
