import { describe, expect, it } from "vitest";
import {
  cleanUserFields,
  isSafeImageUrl,
  USER_IMAGE_INVALID,
  USER_NAME_INVALID,
  userFieldsProblem,
} from "./user-fields.ts";

describe("Better Auth's user name and picture keep the app's rules", () => {
  it("refuses control, override and separator characters, over-long names and script pictures", () => {
    for (const name of ["Ma\u0007llory", "Eve\u202Egnp.exe", "Line\u2028Break", "x".repeat(81), 42]) {
      expect(userFieldsProblem({ name })).toBe(USER_NAME_INVALID);
    }
    for (const image of [
      "javascript:alert(1)",
      "data:image/svg+xml,<svg/>",
      "not a url",
      `https://a.example/${"x".repeat(2100)}`,
    ]) {
      expect(userFieldsProblem({ name: "Ada", image })).toBe(USER_IMAGE_INVALID);
    }
    expect(userFieldsProblem({ name: "", image: "" })).toBeNull();
    expect(userFieldsProblem({ name: "Ada Lovelace", image: "https://example.com/ada.png" })).toBeNull();
    // Joiners are part of real names.
    expect(userFieldsProblem({ name: "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645" })).toBeNull();
  });

  it("cleans what a provider sends instead of refusing it", () => {
    expect(
      cleanUserFields({ name: "Mal\u0007lory \u202EO'Neil\u2028", image: "javascript:alert(1)" }),
    ).toEqual({
      name: "Mallory O'Neil",
      image: null,
    });
    expect(cleanUserFields({ name: "y".repeat(250_000) }).name).toHaveLength(80);
    expect(cleanUserFields({ image: "https://avatars.example/u/1" })).toEqual({
      image: "https://avatars.example/u/1",
    });
    expect(cleanUserFields({ emailVerified: true } as { name?: unknown })).toEqual({});
    expect(isSafeImageUrl("http://example.com/a.png")).toBe(true);
  });
});
