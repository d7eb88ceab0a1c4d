import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeText, NotTextError } from "../../apps/api/src/modules/documents/decode-text.ts";
import { readDocumentText } from "./read-document.ts";

const TEXT = "café – naïve résumé\nLine two";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "resumelens-read-"));
  // readDocument loads the extractors (pdf.js among them) on first use: seconds on a busy machine,
  // paid here rather than inside the first test's time limit.
  await import("../../apps/api/src/modules/documents/extract.ts");
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileWith(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, "utf16le");
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1] as number, le[i] as number];
  return le;
}

describe("readDocumentText", () => {
  it.each<[string, Uint8Array]>([
    ["UTF-8", Buffer.from(TEXT, "utf8")],
    ["UTF-8 with BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, "utf8")])],
    ["UTF-16 LE with BOM", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, "utf16le")])],
    ["UTF-16 BE with BOM", Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXT)])],
    ["UTF-16 LE without BOM", Buffer.from(TEXT, "utf16le")],
  ])("decodes %s", async (name, bytes) => {
    const path = await fileWith(`${name.replace(/\W+/g, "-")}.txt`, bytes);
    expect(await readDocumentText(path, { minChars: 1 })).toBe(TEXT);
  });

  it("falls back to Windows-1252 when the bytes are not UTF-8", async () => {
    // "café – naïve" as cp1252: é = E9, en dash = 96, ï = EF.
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x6e, 0x61, 0xef, 0x76, 0x65]);
    const path = await fileWith("cp1252.txt", bytes);
    expect(await readDocumentText(path, { minChars: 1 })).toBe("café – naïve");
  });

  it("maps Windows-1252's quotes, dashes and euro sign, which Latin-1 would turn into controls", () => {
    const bytes = Uint8Array.from([
      0x91, 0x71, 0x92, 0x20, 0x93, 0x64, 0x94, 0x20, 0x97, 0x20, 0x80, 0x35, 0x85, 0x95,
    ]);
    expect(decodeText(bytes)).toBe("‘q’ “d” — €5…•");
  });

  it("reads a Word 97 .doc through the document pipeline", async () => {
    const doc = new URL("../../apps/api/test/fixtures/resume.doc", import.meta.url);
    const text = await readDocumentText(doc.pathname);
    expect(text).toContain("Senior Software Engineer, Acme Corp");
    expect(text).toContain("• Mentored four engineers");
  });

  it("decides by content, not by name: text named .pdf is read as text", async () => {
    const path = await fileWith("really-text.pdf", Buffer.from(`${TEXT}\n`.repeat(10)));
    expect(await readDocumentText(path)).toContain("naïve résumé");
  });

  it("refuses a damaged PDF and a binary file with the upload's messages", async () => {
    const pdf = await fileWith("truncated.txt", Buffer.from("%PDF-1.4\n%âãÏÓ\n"));
    await expect(readDocumentText(pdf)).rejects.toMatchObject({
      code: "unreadable",
      message: `${pdf}: This file looks damaged or incomplete. Export it again and re-upload.`,
    });
    const binary = await fileWith(
      "image.txt",
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
    );
    await expect(readDocumentText(binary)).rejects.toMatchObject({
      code: "unsupported",
      message: `${binary}: Please upload a PDF, DOC, DOCX, or TXT file.`,
    });
  });

  it("says clearly when a file cannot be read", async () => {
    const missing = join(dir, "nope.txt");
    await expect(readDocumentText(missing)).rejects.toMatchObject({
      code: "unreadable",
      message: `${missing}: cannot read the file (no such file)`,
    });
    await expect(readDocumentText(dir)).rejects.toMatchObject({ code: "unreadable" });
  });
});

describe("decodeText", () => {
  it("refuses binary data", () => {
    expect(() => decodeText(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a]))).toThrow(
      NotTextError,
    );
  });
});
