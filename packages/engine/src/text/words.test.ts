import { describe, expect, it } from "vitest";
import { wordCount } from "./words.ts";

describe("wordCount", () => {
  it.each([
    "",
    "   ",
    "one",
    "  two words  ",
    "tabs\tand\nnew\r\nlines",
    "non\u00a0breaking\u2003em\u3000ideographic\ufeffbom",
    "• bullet – dash",
  ])("counts %j as split(/\\s+/) does", (text) => {
    expect(wordCount(text)).toBe(text.split(/\s+/).filter(Boolean).length);
  });

  it("agrees with split on every character JavaScript treats as space", () => {
    for (let code = 0; code < 0x10000; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      expect(wordCount(text), code.toString(16)).toBe(text.split(/\s+/).filter(Boolean).length);
    }
  });
});
