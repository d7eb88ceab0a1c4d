import { describe, expect, it } from "vitest";
import { analysisScope, perAnalysis } from "./memo.ts";

describe("perAnalysis", () => {
  const counted = () => {
    let calls = 0;
    const words = perAnalysis((text: string) => {
      calls++;
      return text.split(" ");
    });
    return { words, calls: () => calls };
  };

  it("computes each text once inside a scope and returns the same result", () => {
    const { words, calls } = counted();
    analysisScope(() => {
      const first = words("a b");
      expect(words("a b")).toBe(first);
      expect(words("c d")).toEqual(["c", "d"]);
    });
    expect(calls()).toBe(2);
  });

  it("computes afresh outside a scope and forgets a scope's results when it ends", () => {
    const { words, calls } = counted();
    expect(words("a b")).not.toBe(words("a b"));
    analysisScope(() => words("a b"));
    analysisScope(() => words("a b"));
    expect(calls()).toBe(4);
  });

  it("joins an outer scope when nested, and ends the scope when the run throws", () => {
    const { words, calls } = counted();
    analysisScope(() => {
      words("x");
      analysisScope(() => words("x"));
    });
    expect(calls()).toBe(1);
    expect(() =>
      analysisScope(() => {
        words("y");
        throw new Error("stage failed");
      }),
    ).toThrow("stage failed");
    words("y");
    expect(calls()).toBe(3);
  });

  it("memoises a boolean result as well as a list", () => {
    let calls = 0;
    const long = perAnalysis((text: string) => {
      calls++;
      return text.length > 3;
    });
    analysisScope(() => {
      expect(long("abcd")).toBe(true);
      expect(long("abcd")).toBe(true);
      expect(long("ab")).toBe(false);
      expect(long("ab")).toBe(false);
    });
    expect(calls).toBe(2);
  });
});
