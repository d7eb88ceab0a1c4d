import { describe, expect, it } from "vitest";
import { allMatches } from "./matches.ts";

describe("allMatches", () => {
  it("finds what matchAll finds, with indexes, and leaves the expression reset", () => {
    const re = /\b(\d{4})\b/g;
    const text = "2019 to 2021, then 2023";
    const found = allMatches(re, text);
    expect(found.map((m) => [m[1], m.index])).toEqual([...text.matchAll(re)].map((m) => [m[1], m.index]));
    expect(re.lastIndex).toBe(0);
  });

  it("steps over empty matches, one code point at a time in unicode mode", () => {
    expect(allMatches(/x*/g, "axb").map((m) => m.index)).toEqual(
      [..."axb".matchAll(/x*/g)].map((m) => m.index),
    );
    expect(allMatches(/x*/gu, "😀x").map((m) => m.index)).toEqual(
      [..."😀x".matchAll(/x*/gu)].map((m) => m.index),
    );
  });

  it("refuses an expression without the global flag", () => {
    expect(() => allMatches(/a/, "a")).toThrow(TypeError);
  });
});
