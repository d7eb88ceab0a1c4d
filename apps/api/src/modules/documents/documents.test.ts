import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildResumeDocx } from "../../../test/fixtures/resume-docx.ts";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import { encryptedPdf, imageOnlyPdf } from "../../../test/pdf-fixtures.ts";
import { sanitizeFilename } from "./documents.service.ts";

const FIXTURES = fileURLToPath(new URL("../../../test/fixtures/", import.meta.url));
const CORPUS = fileURLToPath(new URL("../../../../../../shared/corpus/pdfs/", import.meta.url));
const corpusPdfs = existsSync(CORPUS) ? readdirSync(CORPUS).filter((name) => name.endsWith(".pdf")) : [];
if (corpusPdfs.length === 0) console.warn(`documents.test: ${CORPUS} is missing; PDF cases are skipped`);
const withCorpus = corpusPdfs.length > 0 ? it : it.skip;

const RESUME_TEXT = `Jordan Doe
jordan.doe@example.com | +1 555 123 4567 | Portland, OR

EXPERIENCE
Senior Software Engineer, Acme Corp - Portland, OR
January 2020 - Present
• Led the migration of billing services to TypeScript, cutting incidents by 40%.

EDUCATION
B.S. Computer Science, University of Oregon, 2016

SKILLS
TypeScript, Node.js, PostgreSQL`;

const MESSAGES_4XX = {
  invalidType: "Please upload a PDF, DOC, DOCX, or TXT file.",
  tooLarge: "Please upload a file smaller than 5MB.",
  empty: "This file is empty.",
  corrupt: "This file looks damaged or incomplete. Export it again and re-upload.",
  bomb: "This document's contents are too large to process.",
  tooShort:
    "We found too little text in this file to be a resume (at least 100 characters). Check the file or paste the text instead.",
  encrypted:
    "This PDF is password-protected. Remove the password (or print it to a new PDF) and upload it again.",
  scanned:
    "We couldn't find any text in this PDF — it looks like a scanned image. Upload a PDF exported from your editor, or paste your resume's text instead.",
};

let h: Harness;
let owner: { client: TestClient; userId: string };
beforeAll(async () => {
  h = await createHarness();
  owner = await signUpVerified(h);
});
afterAll(async () => {
  await h.close();
});

function upload(client: TestClient, bytes: Uint8Array, filename: string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("resume", new File([bytes as Uint8Array<ArrayBuffer>], filename, { type }));
  return client.request("/api/upload-resume", { method: "POST", body: form });
}

async function countResumes(): Promise<number> {
  const row = await h.deps.db.kysely
    .selectFrom("resume")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function storedRow(id: number) {
  return h.deps.db.kysely.selectFrom("resume").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Uploads, expects a refusal with status and message, nothing stored, and the server still serving. */
async function expectRefused(bytes: Uint8Array, filename: string, status: number, message: string) {
  const before = await countResumes();
  const response = await upload(owner.client, bytes, filename);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect({ status: response.status, message: body.error.message }).toEqual({ status, message });
  // Every refusal carries the contract's code for its status (422: a file we cannot use).
  const codes: Record<number, string> = {
    413: "PAYLOAD_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    422: "UNPROCESSABLE",
  };
  if (codes[status]) expect(body.error.code).toBe(codes[status]);
  expect(await countResumes()).toBe(before);
  const next = await owner.client.post("/api/create-text-resume", { content: RESUME_TEXT });
  expect(next.status).toBe(200);
}

function cp1252(text: string): Uint8Array {
  const map: Record<string, number> = { "–": 0x96, "’": 0x92, é: 0xe9 };
  return Uint8Array.from([...text].map((ch) => map[ch] ?? ch.charCodeAt(0)));
}

/** Deterministic noise (an LCG), so a run never depends on luck. */
function noise(length: number, seed = 42): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

describe("POST /api/upload-resume: accepted formats", () => {
  it("stores a DOCX (headings, Word bullets, a table): bytes, hash, text and parse in one row", async () => {
    const bytes = await buildResumeDocx();
    const response = await upload(owner.client, bytes, "C:\\Users\\jordan\\Jordan Doe.docx");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; filename: string };
    expect(body.filename).toBe("Jordan Doe.docx");
    const row = await storedRow(body.id);
    expect(row.user_id).toBe(owner.userId);
    expect(row.mime).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(row.size_bytes).toBe(bytes.length);
    expect(row.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(new Uint8Array(row.content as Uint8Array)).toEqual(bytes);
    expect(row.text).toContain("• Led migration of billing services to TypeScript");
    expect(row.text).toContain("• Mentored four engineers"); // the Symbol-font glyph, normalised
    expect(row.text).toContain("PostgreSQL");
    const parsed = JSON.parse(row.parsed_json ?? "null");
    expect(parsed.contact.email).toBe("jordan.doe@example.com");
    expect(parsed.experience[0]).toMatchObject({ title: "Senior Software Engineer", company: "Acme Corp" });
    expect(parsed).not.toHaveProperty("lines");
    expect(parsed).not.toHaveProperty("sectionOf");
  });

  it("stores a Word 97 .doc", async () => {
    const bytes = readFileSync(path.join(FIXTURES, "resume.doc"));
    const response = await upload(owner.client, bytes, "resume.doc", "application/msword");
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: number };
    const row = await storedRow(id);
    expect(row.mime).toBe("application/msword");
    expect(row.text).toContain("Senior Software Engineer, Acme Corp");
    expect(row.text).toContain("• Led migration of billing services");
  });

  it.each<[string, Uint8Array]>([
    ["UTF-8", new TextEncoder().encode(`${RESUME_TEXT}\nCafé – naïve’s résumé`)],
    [
      "UTF-16 LE with BOM",
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(`${RESUME_TEXT}\nCafé – naïve’s résumé`, "utf16le"),
      ]),
    ],
    ["Windows-1252", cp1252(`${RESUME_TEXT}\nCafé – naïve’s résumé`)],
  ])("stores a %s text file, decoded", async (_name, bytes) => {
    const response = await upload(owner.client, bytes, "resume.txt", "text/plain");
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: number };
    const row = await storedRow(id);
    expect(row.mime).toBe("text/plain");
    expect(row.text).toContain("Café – naïve's résumé"); // curly apostrophe normalised
    expect(row.text.startsWith("Jordan Doe")).toBe(true);
  });

  withCorpus("accepts a PDF renamed .docx: the magic bytes decide", async () => {
    const bytes = readFileSync(path.join(CORPUS, corpusPdfs[0] as string));
    const response = await upload(owner.client, bytes, "resume.docx", "application/vnd.openxmlformats");
    expect(response.status).toBe(200);
    const { id, filename } = (await response.json()) as { id: number; filename: string };
    expect(filename).toBe("resume.docx");
    expect((await storedRow(id)).mime).toBe("application/pdf");
  });
});

describe("POST /api/upload-resume: hostile files", () => {
  it("refuses random bytes as the wrong type (415)", async () => {
    await expectRefused(noise(64 * 1024), "resume.pdf", 415, MESSAGES_4XX.invalidType);
  });

  it("refuses an EXE renamed .pdf (415)", async () => {
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
    exe.set(new TextEncoder().encode("PE\0\0"), 0x80);
    exe[0x3c] = 0x80;
    await expectRefused(exe, "resume.pdf", 415, MESSAGES_4XX.invalidType);
  });

  it("refuses a ZIP that is not a DOCX (415)", async () => {
    const zip = zipSync({ "notes.txt": new TextEncoder().encode(RESUME_TEXT) });
    await expectRefused(zip, "resume.docx", 415, MESSAGES_4XX.invalidType);
  });

  withCorpus("refuses a truncated PDF as damaged (422)", async () => {
    const bytes = readFileSync(path.join(CORPUS, corpusPdfs[0] as string));
    await expectRefused(bytes.subarray(0, bytes.length >> 1), "resume.pdf", 422, MESSAGES_4XX.corrupt);
  });

  it("refuses a password-protected PDF (422)", async () => {
    await expectRefused(encryptedPdf(), "resume.pdf", 422, MESSAGES_4XX.encrypted);
  });

  it("refuses an image-only (scanned) PDF and tells the user what to do instead (422)", async () => {
    await expectRefused(imageOnlyPdf(), "resume.pdf", 422, MESSAGES_4XX.scanned);
  });

  it("refuses an empty file and a 0-byte text file (422)", async () => {
    await expectRefused(new Uint8Array(0), "resume.pdf", 422, MESSAGES_4XX.empty);
    await expectRefused(new Uint8Array(0), "resume.txt", 422, MESSAGES_4XX.empty);
    await expectRefused(new TextEncoder().encode(" \n\t\n "), "resume.txt", 422, MESSAGES_4XX.empty);
  });

  it("refuses a text file too short to be a resume (422)", async () => {
    await expectRefused(
      new TextEncoder().encode("Jordan Doe\nEngineer"),
      "resume.txt",
      422,
      MESSAGES_4XX.tooShort,
    );
  });

  it("refuses a DOCX zip bomb (a 100 MB zero-filled entry) before inflating it (422)", async () => {
    const bomb = zipSync(
      {
        "[Content_Types].xml": new TextEncoder().encode("<Types/>"),
        "word/document.xml": new TextEncoder().encode("<w:document/>"),
        "word/media/image1.bin": new Uint8Array(100 * 1024 * 1024),
      },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused(bomb, "resume.docx", 422, MESSAGES_4XX.bomb);
  });

  it("refuses a DOCX with thousands of entries (422)", async () => {
    const files: Record<string, Uint8Array> = {
      "word/document.xml": new TextEncoder().encode("<w:document/>"),
    };
    for (let i = 0; i < 600; i++) files[`word/x${i}.xml`] = new Uint8Array(1);
    await expectRefused(zipSync(files), "resume.docx", 422, MESSAGES_4XX.bomb);
  });

  it("refuses a file of 5 MB + 1 byte (413)", async () => {
    const bytes = new TextEncoder().encode("a ".repeat(2_621_441)).subarray(0, 5 * 1024 * 1024 + 1);
    expect(bytes.length).toBe(5 * 1024 * 1024 + 1);
    await expectRefused(bytes, "resume.txt", 413, MESSAGES_4XX.tooLarge);
  });

  it("stops reading a streamed body past the limit instead of buffering it all", async () => {
    const before = await countResumes();
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const total = 40 * 1024 * 1024;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) {
          controller.enqueue(
            new TextEncoder().encode(
              '--b\r\nContent-Disposition: form-data; name="resume"; filename="r.txt"\r\nContent-Type: text/plain\r\n\r\n',
            ),
          );
        }
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await owner.client.request("/api/upload-resume", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: MESSAGES_4XX.tooLarge },
    });
    expect(pulled).toBeLessThan(6 * 1024 * 1024);
    expect(await countResumes()).toBe(before);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const response = await owner.client.request("/api/upload-resume", {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=b",
        "content-length": String(50 * 1024 * 1024),
      },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("answers 400 without a resume field", async () => {
    const form = new FormData();
    form.append("other", "x");
    const response = await owner.client.request("/api/upload-resume", { method: "POST", body: form });
    expect(response.status).toBe(400);
  });
});

describe("access", () => {
  it("requires a session (401) and a same-origin request (403)", async () => {
    const before = await countResumes();
    const anonymous = await upload(h.client(), new TextEncoder().encode(RESUME_TEXT), "r.txt");
    expect(anonymous.status).toBe(401);
    const text = await h.client().post("/api/create-text-resume", { content: RESUME_TEXT });
    expect(text.status).toBe(401);
    const form = new FormData();
    form.append("resume", new File([RESUME_TEXT], "r.txt"));
    const crossOrigin = await owner.client.request("/api/upload-resume", {
      method: "POST",
      body: form,
      headers: { origin: "https://evil.example" },
    });
    expect(crossOrigin.status).toBe(403);
    expect(await countResumes()).toBe(before);
  });

  it("shows a resume to its owner only: another user gets 404", async () => {
    const created = await owner.client.post("/api/create-text-resume", { content: RESUME_TEXT });
    const { id } = (await created.json()) as { id: number };
    const mine = await owner.client.get(`/api/resumes/${id}`);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({
      id,
      filename: "Text Resume",
      mime: "text/plain",
      textLength: expect.any(Number),
      parsed: { name: "Jordan Doe", email: "jordan.doe@example.com", experienceCount: 1, educationCount: 1 },
    });
    const other = await signUpVerified(h);
    expect((await other.client.get(`/api/resumes/${id}`)).status).toBe(404);
    expect((await other.client.get("/api/resumes/999999")).status).toBe(404);
    expect((await other.client.get("/api/resumes/abc")).status).toBe(404);
    expect((await h.client().get(`/api/resumes/${id}`)).status).toBe(401);
  });
});

describe("POST /api/create-text-resume", () => {
  it("stores trimmed text as 'Text Resume' and answers its id", async () => {
    const response = await owner.client.post("/api/create-text-resume", { content: `  ${RESUME_TEXT}  ` });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: number };
    const row = await storedRow(id);
    expect(row).toMatchObject({ filename: "Text Resume", mime: "text/plain", user_id: owner.userId });
    expect(new TextDecoder().decode(row.content as Uint8Array)).toBe(RESUME_TEXT);
  });

  it("refuses text under 100 characters after trimming, and over 100,000", async () => {
    const short = await owner.client.post("/api/create-text-resume", { content: `${"x".repeat(99)}      ` });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error: { code: "BAD_REQUEST", message: "Your resume text must be at least 100 characters." },
    });
    const long = await owner.client.post("/api/create-text-resume", { content: "x".repeat(100_001) });
    expect(long.status).toBe(400);
  });
});

describe("sanitizeFilename", () => {
  it.each([
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\cv.pdf", "cv.pdf"],
    ["evil\u202Efdp.exe", "evilfdp.exe"],
    ["a\u0000b\r\nc.txt", "abc.txt"],
    ["", "resume"],
    ["...", "resume"],
  ])("%j → %j", (raw, expected) => {
    expect(sanitizeFilename(raw)).toBe(expected);
  });

  it("caps names at 200 characters and keeps the extension", () => {
    const name = sanitizeFilename(`${"é".repeat(300)}.docx`);
    expect([...name].length).toBe(200);
    expect(name.endsWith(".docx")).toBe(true);
  });
});
