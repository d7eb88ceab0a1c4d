import { describe, expect, it } from "vitest";
import { ZAnalyzeRequest } from "./analyses.ts";
import { textResumeProblem } from "./documents.ts";
import {
  containsNulCharacter,
  MAX_RECORD_ID,
  NUL_CHARACTER_MESSAGE,
  parseRecordId,
  recordIdParamSchema,
} from "./input.ts";
import { linkedInSlug, ZLinkedInSync } from "./linkedin.ts";

describe("request input rules", () => {
  it("reads path ids: malformed, beyond PostgreSQL's integer, or an id", () => {
    for (const raw of ["", "0", "-1", "1.5", "1e3", "abc", "01", " 1", "1\u0000"]) {
      expect(parseRecordId(raw), raw).toBe("malformed");
    }
    for (const raw of ["2147483648", "99999999999", "9".repeat(400)])
      expect(parseRecordId(raw), raw).toBe("out-of-range");
    expect(parseRecordId("1")).toBe(1);
    expect(parseRecordId(String(MAX_RECORD_ID))).toBe(MAX_RECORD_ID);
  });

  it("checks path ids as a schema: the id, or the answer's code and text", () => {
    const schema = recordIdParamSchema("Analysis");
    expect(schema.parse("42")).toBe(42);
    const issueOf = (raw: string, options?: { malformed: "not-found" }) => {
      const issue = recordIdParamSchema("Analysis", options).safeParse(raw).error?.issues[0];
      return {
        code: (issue as { params?: { code?: string } } | undefined)?.params?.code,
        message: issue?.message,
      };
    };
    expect(issueOf("abc")).toEqual({
      code: "BAD_REQUEST",
      message: "The analysis id must be a positive whole number.",
    });
    expect(issueOf("9".repeat(10_000))).toEqual({ code: "NOT_FOUND", message: "Analysis not found" });
    expect(issueOf("abc", { malformed: "not-found" })).toEqual({
      code: "NOT_FOUND",
      message: "Analysis not found",
    });
  });

  it("refuses body ids no record can have", () => {
    const job = "x".repeat(60);
    expect(ZAnalyzeRequest.safeParse({ resumeId: MAX_RECORD_ID, jobDescription: job }).success).toBe(true);
    for (const resumeId of [MAX_RECORD_ID + 1, 1e20, 0, 1.5]) {
      expect(ZAnalyzeRequest.safeParse({ resumeId, jobDescription: job }).success, String(resumeId)).toBe(
        false,
      );
    }
  });

  it("finds NUL characters anywhere in a body, and the text rules name them", () => {
    expect(containsNulCharacter({ a: [{ b: "ok" }, "fine"] })).toBe(false);
    expect(containsNulCharacter({ a: [{ b: "n\u0000o" }] })).toBe(true);
    expect(containsNulCharacter({ "k\u0000": 1 })).toBe(true);
    expect(textResumeProblem(`${"Experienced engineer. ".repeat(10)}\u0000`)).toBe(NUL_CHARACTER_MESSAGE);
    const parsed = ZAnalyzeRequest.safeParse({ resumeId: 1, jobDescription: `${"x".repeat(60)}\u0000` });
    expect(parsed.error?.issues[0]?.message).toBe(NUL_CHARACTER_MESSAGE);
  });

  it("treats a LinkedIn URL with a malformed % escape as no profile URL, without throwing", () => {
    expect(linkedInSlug("https://www.linkedin.com/in/jane%20doe")).toBe("jane doe");
    for (const url of [
      "https://www.linkedin.com/in/jane%zz",
      "linkedin.com/in/abc%E2%82",
      "linkedin.com/in/%%%",
    ]) {
      expect(linkedInSlug(url), url).toBeNull();
      expect(ZLinkedInSync.safeParse({ profileUrl: url }).success, url).toBe(false);
    }
  });
});
