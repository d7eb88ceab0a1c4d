import { describe, expect, it } from "vitest";
import { authUrlWithReturn, returnPathOf, safeReturnPath } from "./return-to.ts";

describe("safeReturnPath", () => {
  it.each([
    ["/history", "/history"],
    ["/analysis/42?tab=ats#top", "/analysis/42?tab=ats#top"],
    ["/settings?tab=linkedin", "/settings?tab=linkedin"],
    ["/a/../billing", "/billing"],
  ])("keeps the same-origin path %s", (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    "//evil.com",
    "//evil.com/history",
    "https://evil.com",
    "http://evil.com/history",
    "/\\evil.com",
    "\\\\evil.com",
    "/\\/evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    " /history",
    "/.//evil.com",
    "/..//evil.com",
    "javascript:alert(1)",
    "history",
    "",
    "/auth",
    "/auth/reset-password?token=x",
    "/api/user",
    `/${"a".repeat(3000)}`,
    42,
    null,
    undefined,
  ])("refuses %j", (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

describe("returnPathOf", () => {
  it("prefers the page RequireAuth remembered, then ?next=, then /", () => {
    expect(returnPathOf({ state: { from: "/billing" }, search: "?next=%2Fhistory" })).toBe("/billing");
    expect(returnPathOf({ state: null, search: "?next=%2Fhistory" })).toBe("/history");
    expect(returnPathOf({ state: { from: "//evil.com" }, search: "?next=https%3A%2F%2Fevil.com" })).toBe("/");
    expect(returnPathOf({ state: undefined, search: "" })).toBe("/");
  });

  it("builds /auth URLs that keep the return path through a provider's error callback", () => {
    expect(authUrlWithReturn("/auth", "/")).toBe("/auth");
    expect(authUrlWithReturn("/auth", "/history?x=1")).toBe("/auth?next=%2Fhistory%3Fx%3D1");
  });
});
