import { describe, expect, it } from "vitest";
import { contentStems } from "../analysis/phrases.ts";
import { stem } from "./stem.ts";

describe("stem", () => {
  it("meets the forms of one word", () => {
    expect(new Set(["detail", "details", "detailed", "detailing"].map(stem))).toEqual(new Set(["detail"]));
    expect(stem("managing")).toBe(stem("managed"));
    expect(stem("technology")).toBe(stem("technologies"));
  });

  it("keeps words apart that only share a beginning", () => {
    // Our own copy of Porter stripped "-ion" after "-al" and folded these together.
    expect(stem("exceptionally")).not.toBe(stem("except"));
    expect(stem("compassionate")).not.toBe(stem("compass"));
    expect(stem("religion")).not.toBe(stem("relig"));
  });

  it("keeps Porter's false families apart", () => {
    expect(stem("communication")).not.toBe(stem("community"));
    expect(stem("organization")).not.toBe(stem("organ"));
    expect(stem("university")).not.toBe(stem("universal"));
    expect(stem("police")).not.toBe(stem("policy"));
  });

  it("leaves short words and names with symbols as they are", () => {
    expect(stem("go")).toBe("go");
    expect(stem("c++")).toBe("c++");
    expect(stem("3d")).toBe("3d");
  });
});

describe("content stems", () => {
  it("drop 'professional' as saying nothing of the skill asked for", () => {
    expect(contentStems("professional writing")).toEqual(contentStems("writing"));
    expect(contentStems("profession")).toEqual([]);
  });
});
