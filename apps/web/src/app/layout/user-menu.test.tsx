import { describe, expect, it } from "vitest";
import { splitName } from "../../lib/auth/sync-user.ts";
import { emailLocalPart } from "./user-menu.tsx";

describe("emailLocalPart", () => {
  it("is the part of the email before the at-sign, or 'User'", () => {
    expect(emailLocalPart("jane.doe@example.com")).toBe("jane.doe");
    expect(emailLocalPart("@example.com")).toBe("User");
    expect(emailLocalPart("")).toBe("User");
    expect(emailLocalPart(null)).toBe("User");
    expect(emailLocalPart(undefined)).toBe("User");
  });
});

describe("splitName", () => {
  it("gives first and last name, each null when missing", () => {
    expect(splitName("Jane Doe")).toEqual({ firstName: "Jane", lastName: "Doe" });
    expect(splitName("  Mary  Ann   Smith ")).toEqual({ firstName: "Mary", lastName: "Ann Smith" });
    expect(splitName("Cher")).toEqual({ firstName: "Cher", lastName: null });
    expect(splitName("")).toEqual({ firstName: null, lastName: null });
    expect(splitName(null)).toEqual({ firstName: null, lastName: null });
  });
});
