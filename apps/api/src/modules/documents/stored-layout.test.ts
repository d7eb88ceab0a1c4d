import { LAYOUT_PAGES_MAX } from "@resumelens/contract";
import { describe, expect, it } from "vitest";
import { LAYOUT_JSON_MAX, layoutJsonFor, storedLayout } from "./stored-layout.ts";

describe("resume.layout_json", () => {
  it("keeps the known hints with the page count, and nothing for a plain-text file", () => {
    const json = layoutJsonFor({ kind: "pdf", pages: 2, layout: { columns: true, pages: 2 } });
    expect(storedLayout(json)).toEqual({ columns: true, pages: 2 });
    // A DOCX without a page count in its properties: the pipeline's count, as the CLI passes it.
    expect(storedLayout(layoutJsonFor({ kind: "docx", pages: 1, layout: { tables: true } }))).toEqual({
      tables: true,
      pages: 1,
    });
    expect(layoutJsonFor({ kind: "txt", pages: 1, layout: {} })).toBeNull();
  });

  it("caps a huge page count, drops a strange one and any unknown key, and stays small", () => {
    const all = { columns: true, tables: true, contactInHeaderOrFooter: true, images: true };
    const huge = layoutJsonFor({ kind: "pdf", pages: 1e9, layout: { ...all, pages: 1e9 } });
    expect(storedLayout(huge)).toEqual({ ...all, pages: LAYOUT_PAGES_MAX });
    expect(huge?.length).toBeLessThan(120);
    expect(huge?.length).toBeLessThan(LAYOUT_JSON_MAX);
    const odd = { kind: "pdf", pages: Number.NaN, layout: { columns: false, extra: "x" } } as const;
    expect(storedLayout(layoutJsonFor(odd))).toEqual({ columns: false });
  });

  it("reads nothing from an empty, oversized or foreign value", () => {
    expect(storedLayout(null)).toBeUndefined();
    expect(storedLayout("not json")).toBeUndefined();
    expect(storedLayout(JSON.stringify({ columns: "yes" }))).toBeUndefined();
    expect(storedLayout(JSON.stringify({ columns: true, note: "x" }))).toBeUndefined();
    expect(storedLayout(JSON.stringify({ columns: true, pad: "x".repeat(LAYOUT_JSON_MAX) }))).toBeUndefined();
  });
});
