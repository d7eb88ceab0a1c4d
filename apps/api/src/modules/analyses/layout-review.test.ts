import { type TStoredAnalysis, ZLayoutHints } from "@resumelens/contract";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB } from "../../../test/fixtures/job-posting.ts";
import { buildResumeDocx } from "../../../test/fixtures/resume-docx.ts";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import { layoutResumePdf } from "../../../test/pdf-fixtures.ts";

/*
 * The layout the extractor sees in an uploaded file (columns, tables, contact in the page header or
 * footer, images, pages) is stored with the resume and reaches the ATS review of every analysis.
 */

const MULTI_COLUMN = "The file uses a multi-column layout.";
const TABLES = "Content sits in tables.";

const PASTED = `Jordan Rivera
jordan.rivera@example.com | +1 503 555 0142 | Portland, OR

EXPERIENCE
Senior Software Engineer, Acme Payments
January 2020 - Present
• Led the migration of billing services to TypeScript, cutting incidents by 40%.
• Built REST APIs in Node.js and PostgreSQL serving 2 million requests per day.

EDUCATION
B.S. Computer Science, University of Oregon, 2016

SKILLS
TypeScript, Node.js, Go, PostgreSQL, Kubernetes, AWS, Kafka, Docker`;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

async function upload(client: TestClient, bytes: Uint8Array, filename: string): Promise<number> {
  const form = new FormData();
  form.append("resume", new File([bytes as Uint8Array<ArrayBuffer>], filename));
  const response = await client.request("/api/upload-resume", { method: "POST", body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

async function analyze(client: TestClient, resumeId: number): Promise<TStoredAnalysis> {
  const response = await client.post("/api/analyze", { resumeId, jobDescription: JOB });
  expect(response.status).toBe(200);
  return (await response.json()) as TStoredAnalysis;
}

const issuesOf = (analysis: TStoredAnalysis) => analysis.atsAnalysis.issues.map((i) => i.issue);

async function storedLayoutJson(id: number): Promise<string | null> {
  const row = await h.deps.db.kysely
    .selectFrom("resume")
    .select("layout_json")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.layout_json;
}

describe("an uploaded file's layout in the ATS review", () => {
  it("a two-column PDF: stored columns, the multi-column issue in the analysis, its repeat, its reload and the data export", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await upload(client, await layoutResumePdf("two-column"), "two-column.pdf");
    const stored = await storedLayoutJson(resumeId);
    expect(ZLayoutHints.parse(JSON.parse(stored ?? "null"))).toEqual({
      columns: true,
      contactInHeaderOrFooter: false,
      pages: 1,
    });

    const analysis = await analyze(client, resumeId);
    expect(issuesOf(analysis)).toContain(MULTI_COLUMN);
    expect(issuesOf(analysis)).not.toContain(TABLES);
    const issue = analysis.atsAnalysis.issues.find((i) => i.issue === MULTI_COLUMN);
    expect(issue?.severity).toBe("High");

    // A double click answers the same stored analysis; reading it back keeps the issue.
    const repeat = await analyze(client, resumeId);
    expect(repeat.id).toBe(analysis.id);
    expect(issuesOf(repeat)).toContain(MULTI_COLUMN);
    const reread = await client.get(`/api/analysis/${analysis.id}`);
    expect(issuesOf((await reread.json()) as TStoredAnalysis)).toContain(MULTI_COLUMN);

    const exported = await client.post("/api/user/export");
    expect(exported.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const resumes = JSON.parse(strFromU8(entries["resumes.json"] as Uint8Array)) as unknown;
    expect(resumes).toMatchObject([{ id: resumeId, layout: { columns: true, pages: 1 } }]);
  }, 120_000); // the file's first analysis starts the pool's workers, which load the engine's data

  it("a DOCX with a table: stored tables, the table issue in the analysis", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await upload(client, await buildResumeDocx(), "table.docx");
    expect(JSON.parse((await storedLayoutJson(resumeId)) ?? "null")).toMatchObject({ tables: true });
    expect(issuesOf(await analyze(client, resumeId))).toContain(TABLES);
  });

  // A ruled table in a PDF: the extractor reads its drawn grid (pdf/extract-pdf.ts).
  it("a table-based PDF: the table issue in the analysis", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await upload(client, await layoutResumePdf("table"), "table.pdf");
    expect(issuesOf(await analyze(client, resumeId))).toContain(TABLES);
  });

  it("a single-column PDF: a layout with neither columns nor tables, and neither issue", async () => {
    const { client } = await signUpVerified(h);
    const resumeId = await upload(client, await layoutResumePdf("single-column"), "classic.pdf");
    expect(JSON.parse((await storedLayoutJson(resumeId)) ?? "null")).toEqual({
      columns: false,
      contactInHeaderOrFooter: false,
      pages: 1,
    });
    const issues = issuesOf(await analyze(client, resumeId));
    expect(issues).not.toContain(MULTI_COLUMN);
    expect(issues).not.toContain(TABLES);
  });

  it("pasted text and a TXT file: no layout stored, neither issue", async () => {
    const { client } = await signUpVerified(h);
    const pasted = await client.post("/api/create-text-resume", { content: PASTED });
    expect(pasted.status).toBe(200);
    const pastedId = ((await pasted.json()) as { id: number }).id;
    const txtId = await upload(client, new TextEncoder().encode(`${PASTED}\n`), "resume.txt");
    for (const resumeId of [pastedId, txtId]) {
      expect(await storedLayoutJson(resumeId)).toBeNull();
      const issues = issuesOf(await analyze(client, resumeId));
      expect(issues).not.toContain(MULTI_COLUMN);
      expect(issues).not.toContain(TABLES);
    }
  });

  it("a stored layout that is not ZLayoutHints is ignored, and the database refuses an oversized one", async () => {
    const { client, userId } = await signUpVerified(h);
    const resumeId = await upload(client, await layoutResumePdf("two-column"), "odd.pdf");
    await h.deps.db.kysely
      .updateTable("resume")
      .set({ layout_json: JSON.stringify({ columns: "yes", pages: 2 }) })
      .where("id", "=", resumeId)
      .where("user_id", "=", userId)
      .execute();
    const analysis = await analyze(client, resumeId);
    expect(issuesOf(analysis)).not.toContain(MULTI_COLUMN);

    await expect(
      h.deps.db.kysely
        .updateTable("resume")
        .set({ layout_json: JSON.stringify({ columns: true, note: "x".repeat(300) }) })
        .where("id", "=", resumeId)
        .where("user_id", "=", userId)
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});
