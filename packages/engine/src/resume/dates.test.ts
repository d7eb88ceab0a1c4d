import { describe, expect, it } from "vitest";
import { findDateRanges, findSingleDates, formatDuration, formatMonth, unionMonths } from "./dates.ts";

const now = new Date("2026-06-15T00:00:00Z");
const one = (line: string) => {
  const [range] = findDateRanges(line, now);
  if (!range) throw new Error(`no range in ${line}`);
  return {
    start: formatMonth(range.start),
    end: formatMonth(range.end - 1),
    months: range.end - range.start,
    present: range.present,
  };
};

describe("findDateRanges", () => {
  it.each([
    ["Jan 2019 – Present", "2019-01", "2026-06", 90, true],
    ["January 2019 - March 2021", "2019-01", "2021-03", 27, false],
    ["03/2019-now", "2019-03", "2026-06", 88, true],
    ["3/2017 - 12/2018", "2017-03", "2018-12", 22, false],
    ["2019–present", "2019-01", "2026-06", 90, true],
    ["2019 - 2023", "2019-01", "2022-12", 48, false],
    ["June 2020 to Aug 2022", "2020-06", "2022-08", 27, false],
    ["Sept. 2015 — Jun. 2016", "2015-09", "2016-06", 10, false],
    ["2018-05 – 2020-04", "2018-05", "2020-04", 24, false],
    ["Since 2020", "2020-01", "2026-06", 78, true],
    ["Mar '18 – Feb '20", "2018-03", "2020-02", 24, false],
    ["Spring 2020 - Fall 2021", "2020-03", "2021-11", 21, false],
    ["2021 – Current", "2021-01", "2026-06", 66, true],
  ])("%s", (line, start, end, months, present) => {
    expect(one(`Engineer, Acme  ${line}`)).toEqual({ start, end, months, present });
  });

  it("finds nothing in ordinary numbers", () => {
    expect(findDateRanges("Reduced costs by 2000 - 3000 dollars", now)).toHaveLength(0);
    expect(findDateRanges("Managed 15 - 20 people", now)).toHaveLength(0);
    expect(findDateRanges("Phone 555-2019", now)).toHaveLength(0);
  });

  it("caps future dates at now", () => {
    expect(one("2025 - 2030").end).toBe("2026-06");
  });
});

describe("findSingleDates", () => {
  it("reads a season as its months and a year as a year", () => {
    const [summer] = findSingleDates("Intern, Summer 2021", now);
    expect(summer && [formatMonth(summer.start), summer.end - summer.start]).toEqual(["2021-06", 3]);
    const [year] = findSingleDates("B.S. Biology, 2014", now);
    expect(year && [formatMonth(year.start), year.end - year.start]).toEqual(["2014-01", 12]);
  });
  it("skips dates that belong to a range", () => {
    expect(findSingleDates("Jan 2019 - Mar 2020", now)).toHaveLength(0);
  });
});

describe("unionMonths", () => {
  it("counts overlaps once", () => {
    expect(
      unionMonths([
        { start: 0, end: 12 },
        { start: 6, end: 18 },
        { start: 24, end: 30 },
      ]),
    ).toBe(24);
  });
});

describe("formatDuration", () => {
  it.each([
    [38, "3 yrs 2 mos"],
    [8, "8 mos"],
    [12, "1 yr"],
    [0, "0 mos"],
  ])("%i months -> %s", (months, text) => expect(formatDuration(months)).toBe(text));
});
