import { describe, expect, it } from "vitest";
import { checkResumeFile, RESUME_ACCEPT } from "./resume-file.ts";

const MB = 1024 * 1024;

describe("checkResumeFile", () => {
  it.each([
    ["cv.pdf", "application/pdf"],
    ["CV.PDF", "application/pdf"],
    ["cv.doc", "application/msword"],
    ["cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["cv.txt", "text/plain"],
    ["cv.txt", "text/plain;charset=utf-8"],
    ["cv.docx", ""],
  ])("accepts %s (%s)", (name, type) => {
    expect(checkResumeFile({ name, type, size: 10 })).toBeNull();
  });

  it.each([
    ["cv.png", "image/png"],
    ["cv", "application/pdf"],
    ["cv.pdf", "image/png"],
    ["cv.pdf.exe", "application/pdf"],
    ["cv.rtf", ""],
  ])("refuses %s (%s) as an invalid type", (name, type) => {
    expect(checkResumeFile({ name, type, size: 10 })).toEqual({
      title: "Invalid file type",
      description: "Please upload a PDF, DOC, DOCX, or TXT file.",
    });
  });

  it("allows 5 MB and refuses one byte more", () => {
    expect(checkResumeFile({ name: "a.txt", type: "text/plain", size: 5 * MB })).toBeNull();
    expect(checkResumeFile({ name: "a.txt", type: "text/plain", size: 5 * MB + 1 })).toEqual({
      title: "File too large",
      description: "Please upload a file smaller than 5MB.",
    });
  });

  it("reports the type before the size", () => {
    expect(checkResumeFile({ name: "a.png", type: "image/png", size: 9 * MB })?.title).toBe(
      "Invalid file type",
    );
  });

  it("lists extensions and content types for the picker", () => {
    expect(RESUME_ACCEPT.startsWith(".pdf,.doc,.docx,.txt,application/pdf")).toBe(true);
  });
});
