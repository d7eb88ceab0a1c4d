import { describe, expect, it } from "vitest";
import { parseAuthUrl } from "./auth-url.ts";

describe("parseAuthUrl", () => {
  it("treats a code parameter as a callback and removes the auth parameters only", () => {
    const state = parseAuthUrl("?code=abc&state=xyz&tab=signup", "");
    expect(state.isCallback).toBe(true);
    expect(state.cleanedSearch).toBe("?tab=signup");
    expect(state.errorMessage).toBeNull();
  });

  it("leaves a URL without auth parameters alone", () => {
    const state = parseAuthUrl("?tab=signup", "#top");
    expect(state).toMatchObject({
      isCallback: false,
      cleanedSearch: null,
      cleanedHash: null,
      errorMessage: null,
    });
  });

  it("reads error_description from the query or the hash", () => {
    expect(parseAuthUrl("?error_description=Link%20expired", "").errorMessage).toBe("Link expired");
    const fromHash = parseAuthUrl("", "#error=server_error&error_description=Something+broke");
    expect(fromHash.errorMessage).toBe("Something broke");
    expect(fromHash.cleanedHash).toBe("");
  });

  it("recognises an account conflict instead of showing an error", () => {
    for (const [search, hash] of [
      ["?error_description=Multiple%20accounts%20with%20the%20same%20email", ""],
      ["", "#error_description=Multiple+accounts"],
      ["?error=account_not_linked", ""],
      ["?error_description=linking_domain", ""],
    ] as const) {
      const state = parseAuthUrl(search, hash);
      expect(state.isAccountConflict).toBe(true);
      expect(state.errorMessage).toBeNull();
    }
  });

  it("describes a bare error code", () => {
    expect(parseAuthUrl("?error=access_denied", "").errorMessage).toBe(
      "Sign-in was cancelled before it finished.",
    );
    expect(parseAuthUrl("?error=weird_thing", "").errorMessage).toBe(
      "Sign-in failed (weird thing). Please try again.",
    );
  });
});
