import { MESSAGES, scoreBand, type TStoredAnalysis, ZAnalysisResult } from "@resumelens/contract";
import { analyzeResume } from "@resumelens/engine";
import { strFromU8, unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../../test/harness.ts";
import { documentPool } from "../documents/pool.ts";
import { exportRate } from "./export-limits.ts";
import { buildExportPackage } from "./package.ts";
import { renderHtml } from "./render-html.ts";
import { renderMarkdown } from "./render-markdown.ts";
import { renderPdf } from "./render-pdf.ts";
import { buildReportModel } from "./report-model.ts";
import { SAMPLE_JOB, SAMPLE_RESUME } from "./test-fixtures.ts";

const XSS = "<script>alert(1)</script>";
const JOB = `${SAMPLE_JOB}\nTeam note: ${XSS}\n`;
const RESUME = `${SAMPLE_RESUME}\nHOBBIES\nWriting ${XSS} in blog posts.\n`;
const CREATED_AT = "2026-04-10T12:00:00.000Z";
// Read back as the database gives it (schema key order), so a package rendered from the stored row
// and one rendered here are byte for byte the same.
const result = ZAnalysisResult.parse(
  analyzeResume({ resumeText: RESUME, jobDescription: JOB }, { now: new Date(CREATED_AT) }),
);

const stored = (id: number): TStoredAnalysis => ({
  ...result,
  id,
  createdAt: CREATED_AT,
  resumeId: 1,
  jobDescription: JOB,
});
const resume = { filename: `jordan ${XSS}.txt`, text: RESUME };

async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

describe("report renderers", () => {
  const model = buildReportModel({ analysis: stored(42), resume });

  it("bands scores as docs/product.md#display-values says", () => {
    expect(scoreBand(80)).toEqual({ label: "Excellent Match", tone: "good" });
    expect(scoreBand(79)).toEqual({ label: "Good Match", tone: "warn" });
    expect(scoreBand(60).label).toBe("Good Match");
    expect(scoreBand(59)).toEqual({ label: "Needs Improvement", tone: "bad" });
  });

  it("renders a multi-page PDF with text on every page and the key findings", async () => {
    expect(result.skillsMatch.missing.length).toBeGreaterThan(0);
    expect(result.recommendations.length).toBeGreaterThan(0);
    const pages = await pdfPages(await renderPdf(model));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const [i, page] of pages.entries()) {
      expect(
        page.replace(/Page \d+ of \d+|ResumeLens.*?\d{4}/g, "").trim().length,
        `page ${i + 1}`,
      ).toBeGreaterThan(50);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    }
    const all = pages.join("\n").replace(/\s+/g, " ");
    expect(all).toContain(String(result.overallScore));
    expect(all).toContain(scoreBand(result.overallScore).label);
    for (const skill of result.skillsMatch.missing) expect(all).toContain(skill.skill.replace(/\s+/g, " "));
    expect(all).toContain(result.recommendations[0]!.title);
    expect(all).toContain("Team note:");
  });

  it("gives the same PDF bytes for the same analysis", async () => {
    const a = await renderPdf(model);
    const b = await renderPdf(model);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("keeps going on text the standard fonts cannot draw", async () => {
    const odd = buildReportModel({
      analysis: { ...stored(43), jobDescription: `${JOB}\n✓ 日本語 → emoji 🚀 ${"x".repeat(400)}` },
      resume: null,
    });
    const pages = await pdfPages(await renderPdf(odd, { size: "LETTER" }));
    expect(pages.join(" ")).toContain("Yes ??? -> emoji ?");
  });

  it("escapes user text in the HTML and loads nothing external", () => {
    const html = renderHtml(model);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // In-page links only (the side-by-side view's requirement ↔ line links).
    expect(html).not.toMatch(/src=|href=(?!"#)|@import|url\(/i);
    expect(html).toContain(scoreBand(result.overallScore).label);
  });

  it("writes the breakdown as a Markdown table, with user HTML neutralised", () => {
    const md = renderMarkdown(model);
    expect(md).toContain("| Component | Weight | Value | Points |");
    for (const c of result.scoreBreakdown)
      expect(md).toContain(`| ${c.label} | ${Math.round(c.weight * 100)}% |`);
    expect(md).toContain(`Overall score: ${result.overallScore} / 100`);
    // Outside the fenced job description, no raw tag survives.
    const outsideFence = md.replace(/```+text\n[\s\S]*?\n```+/g, "");
    expect(outsideFence).not.toContain("<script");
    expect(md).toContain(`\`\`\`text\n${JOB.trim()}\n\`\`\``);
  });

  it("packages exactly five files, deterministically", async () => {
    const zip = await buildExportPackage({ analysis: stored(42), resume });
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(
      [
        "analysis-42.json",
        "analysis-report-42.html",
        "analysis-report-42.md",
        "analysis-report-42.pdf",
        "resume.txt",
      ].sort(),
    );
    expect(strFromU8(files["resume.txt"]!)).toBe(RESUME);
    expect(JSON.parse(strFromU8(files["analysis-42.json"]!))).toEqual(stored(42));
    expect(strFromU8(files["analysis-report-42.pdf"]!.subarray(0, 5))).toBe("%PDF-");
    const again = await buildExportPackage({ analysis: stored(42), resume });
    expect(Buffer.from(again).equals(Buffer.from(zip))).toBe(true);
    const withoutResume = unzipSync(await buildExportPackage({ analysis: stored(42), resume: null }));
    expect(Object.keys(withoutResume)).not.toContain("resume.txt");
  });
});

describe("export routes", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  async function seed(userId: string, withResume = true) {
    const { kysely } = h.deps.db;
    let resumeId: number | null = null;
    if (withResume) {
      const row = await kysely
        .insertInto("resume")
        .values({
          user_id: userId,
          filename: "jordan.txt",
          mime: "text/plain",
          size_bytes: RESUME.length,
          sha256: "0".repeat(64),
          text: RESUME,
          parsed_json: null,
          content: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      resumeId = row.id;
    }
    const row = await kysely
      .insertInto("analysis")
      .values({
        user_id: userId,
        resume_id: resumeId,
        job_description: JOB,
        result_json: JSON.stringify(result),
        engine_version: result.engineVersion,
        overall_score: result.overallScore,
        created_at: CREATED_AT,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("POST /api/export-package/:id answers the package ZIP to its owner", async () => {
    const { client, userId } = await signUpVerified(h);
    const id = await seed(userId);
    const response = await client.post(`/api/export-package/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="resume-analysis-package.zip"',
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      [
        `analysis-${id}.json`,
        `analysis-report-${id}.html`,
        `analysis-report-${id}.md`,
        `analysis-report-${id}.pdf`,
        "resume.txt",
      ].sort(),
    );
    const json = JSON.parse(strFromU8(files[`analysis-${id}.json`]!)) as TStoredAnalysis;
    expect(json).toMatchObject({
      id,
      createdAt: CREATED_AT,
      jobDescription: JOB,
      overallScore: result.overallScore,
    });
    expect(strFromU8(files[`analysis-report-${id}.html`]!)).not.toMatch(/<script/i);
  });

  it("POST /api/analysis/:id/export-pdf answers the same package as analysis-report-{id}.zip", async () => {
    const { client, userId } = await signUpVerified(h);
    const id = await seed(userId, false);
    const response = await client.post(`/api/analysis/${id}/export-pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="analysis-report-${id}.zip"`,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(4);
    expect(Object.keys(files)).not.toContain("resume.txt");
  });

  it("answers 401 without a session, 404 for someone else's or a missing id, 400 for a bad id", async () => {
    const owner = await signUpVerified(h);
    const other = await signUpVerified(h);
    const id = await seed(owner.userId);
    for (const path of [`/api/export-package/${id}`, `/api/analysis/${id}/export-pdf`]) {
      expect((await h.client().post(path)).status).toBe(401);
      expect((await other.client.post(path)).status).toBe(404);
    }
    expect((await owner.client.post("/api/export-package/999999")).status).toBe(404);
    expect((await owner.client.post("/api/analysis/999999/export-pdf")).status).toBe(404);
    for (const bad of ["abc", "1.5", "-1", "0", "1e3"]) {
      const response = await owner.client.post(`/api/export-package/${bad}`);
      expect(response.status, bad).toBe(400);
      expect((await response.json()) as unknown).toMatchObject({ error: { code: "BAD_REQUEST" } });
      expect((await owner.client.post(`/api/analysis/${bad}/export-pdf`)).status, bad).toBe(400);
    }
  });

  it("renders the package in the worker pool, the same bytes as rendering here", async () => {
    const { client, userId } = await signUpVerified(h);
    const id = await seed(userId);
    const before = documentPool().jobs.export;
    const response = await client.post(`/api/export-package/${id}`);
    expect(response.status).toBe(200);
    expect(documentPool().jobs.export).toBe(before + 1);
    const expected = await buildExportPackage({
      analysis: {
        ...stored(id),
        resumeId: (
          await h.deps.db.kysely
            .selectFrom("resume")
            .select("id")
            .where("user_id", "=", userId)
            .executeTakeFirstOrThrow()
        ).id,
      },
      resume: { filename: "jordan.txt", text: RESUME },
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(expected);
  });

  it(`answers 429 past ${exportRate.rule.limit} exports a minute per user, both routes counted, others unaffected`, async () => {
    const { client, userId } = await signUpVerified(h);
    const id = await seed(userId, false);
    expect((await client.post(`/api/export-package/${id}`)).status).toBe(200);
    // Counted before anything is read or rendered: a missing id costs a count too.
    for (let i = 1; i < exportRate.rule.limit - 1; i++) {
      expect((await client.post("/api/export-package/999999")).status).toBe(404);
    }
    expect((await client.post(`/api/analysis/${id}/export-pdf`)).status).toBe(200);
    for (const path of [`/api/export-package/${id}`, `/api/analysis/${id}/export-pdf`]) {
      const refused = await client.post(path);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        MESSAGES.exportRateLimited,
      );
    }
    const other = await signUpVerified(h);
    const theirs = await seed(other.userId, false);
    expect((await other.client.post(`/api/export-package/${theirs}`)).status).toBe(200);
  });
});
