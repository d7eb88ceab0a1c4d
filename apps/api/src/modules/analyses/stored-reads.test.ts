import { LIMITS, MESSAGES, ZStoredAnalysis } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { analysisResult } from "../../../../../packages/contract/test/analysis-result.ts";
import { JOB } from "../../../test/fixtures/job-posting.ts";
import { RESUME } from "../../../test/fixtures/resume-text.ts";
import { createHarness, createTextResume, type Harness, signUpVerified } from "../../../test/harness.ts";
import { STORED_PARSE_CAPS } from "../documents/extract.ts";
import { documentPool } from "../documents/pool.ts";
import { storageUsed } from "../documents/upload-limits.ts";
import { readStoredAnalysis, storedAnalysisBody } from "./stored-analysis.ts";

/*
 * Issue 29: what one analysis may store, and reading stored analyses without parsing them on the
 * request thread. A stored result of 11–38 MB, parsed on every read, froze the server.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

async function analysed() {
  const user = await signUpVerified(h);
  const resumeId = await createTextResume(user.client, RESUME);
  const response = await user.client.post("/api/analyze", { resumeId, jobDescription: JOB });
  expect(response.status).toBe(200);
  return { ...user, resumeId, analysis: ZStoredAnalysis.parse(await response.json()) };
}

async function storedJson(id: number): Promise<string> {
  const row = await h.deps.db.kysely
    .selectFrom("analysis")
    .select("result_json")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.result_json;
}

describe("a stored analysis is read without being parsed on the request thread", () => {
  it("answers GET /api/analysis/{id} from the stored JSON as it is, the same analysis the POST answered", async () => {
    const { client, analysis } = await analysed();
    const stored = await storedJson(analysis.id);
    const parse = vi.spyOn(JSON, "parse");
    try {
      const fetched = await client.get(`/api/analysis/${analysis.id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get("content-type")).toMatch(/^application\/json/);
      const text = await fetched.text();
      // The server never handed the stored result to JSON.parse (the test's own parse is below).
      expect(parse.mock.calls.some(([input]) => typeof input === "string" && input.includes(stored))).toBe(
        false,
      );
      expect(ZStoredAnalysis.parse(JSON.parse(text))).toEqual(analysis);
    } finally {
      parse.mockRestore();
    }
  });

  it("makes the same body as parsing and answering the stored analysis did, for any row", () => {
    const rows = [
      { id: 7, resumeId: 3, jobDescription: 'A "quoted"\nposting ✓', createdAt: "2026-12-01T10:00:00.000Z" },
      { id: 8, resumeId: null, jobDescription: "", createdAt: "2026-12-01T10:00:00.000Z" },
    ];
    const result = analysisResult({ warnings: ["\u2028 and </script>"] });
    for (const row of rows) {
      const stored = { ...row, resultJson: ` ${JSON.stringify(result)}\n` };
      expect(JSON.parse(storedAnalysisBody(stored))).toEqual(readStoredAnalysis(stored));
    }
    expect(() =>
      storedAnalysisBody({ ...rows[0]!, resultJson: "[]" } as Parameters<typeof storedAnalysisBody>[0]),
    ).toThrow(/unreadable result/);
  });

  it("reads History's titles (the engine on each excerpt) in the worker pool", async () => {
    const { client } = await analysed();
    const titlesBefore = documentPool().jobs.titles;
    const history = await client.get("/api/user/analyses");
    expect(history.status).toBe(200);
    expect(((await history.json()) as { jobTitle: string | null }[])[0]?.jobTitle).toBeTruthy();
    expect(documentPool().jobs.titles).toBe(titlesBefore + 1);
  });
});

describe("a resume's stored parse", () => {
  // The outside probe's paste: 10,000 one-line roles of year ranges, a 100 KB text.
  const yearRanges = () => {
    let text = "Jordan Doe\n\nEXPERIENCE\n";
    for (let i = 0; text.length < 99_900; i++) text += `${1950 + (i % 70)}-${1951 + (i % 70)}\n`;
    return text;
  };

  it("is bounded (it was 25 times the text), counted in the storage quota, and summarised in the worker pool", async () => {
    const { client, userId } = await signUpVerified(h);
    const text = yearRanges();
    const resumeId = await createTextResume(client, text);
    const row = await h.deps.db.kysely
      .selectFrom("resume")
      .select(["parsed_json", "text"])
      .where("id", "=", resumeId)
      .executeTakeFirstOrThrow();
    // A few hundred bytes a role kept (100 of them), not 250 bytes for each of 10,000.
    expect(row.parsed_json?.length).toBeLessThan(row.text.length);
    expect(await storageUsed(h.deps.db.kysely, userId)).toBe(
      Buffer.byteLength(text.trim()) + row.text.length + (row.parsed_json?.length ?? 0),
    );

    const summaries = documentPool().jobs["resume-summary"];
    const parse = vi.spyOn(JSON, "parse");
    try {
      const response = await client.get(`/api/resumes/${resumeId}`);
      expect(response.status).toBe(200);
      const summary = (await response.json()) as { parsed: { experienceCount: number } };
      // The whole count, though the stored parse keeps the first STORED_PARSE_CAPS.experience roles.
      expect(summary.parsed.experienceCount).toBeGreaterThan(STORED_PARSE_CAPS.experience);
      expect(parse.mock.calls.some(([input]) => input === row.parsed_json)).toBe(false);
    } finally {
      parse.mockRestore();
    }
    expect(documentPool().jobs["resume-summary"]).toBe(summaries + 1);
  });
});

describe("what one analysis may store", () => {
  it("refuses a result past the ceiling with a clear 422, stores nothing and counts nothing", async () => {
    const { client, userId, resumeId } = await analysed();
    const pool = documentPool();
    const analyze = pool.analyze.bind(pool);
    // A result past the ceiling, as a reworded or future engine's could be (the engine's own are
    // refused in the worker before they reach the server).
    const padded = vi.spyOn(pool, "analyze").mockImplementation(async (input, options) => {
      const result = await analyze(input, options);
      return { ...result, warnings: ["x".repeat(LIMITS.analysisResultMaxBytes)] };
    });
    try {
      const response = await client.post("/api/analyze", {
        resumeId,
        jobDescription: `${JOB}\nAnother team.`,
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: { code: "UNPROCESSABLE", message: MESSAGES.analysisTooLarge },
      });
    } finally {
      padded.mockRestore();
    }
    const rows = await h.deps.db.kysely
      .selectFrom("analysis")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(rows).toHaveLength(1);
    const analytics = (await (await client.get("/api/user/analytics")).json()) as {
      currentMonth: { analyses: number };
    };
    expect(analytics.currentMonth.analyses).toBe(1);
  });
});

describe("reads of saved work are limited per user", () => {
  it(`answers ${LIMITS.analysisReadsPerMinute} reads a minute (analyses, comparisons, History, resumes together), then 429 for that user only`, async () => {
    const { client, analysis } = await analysed();
    const other = await analysed();
    const at = new Date("2026-06-01T10:00:05Z");
    h.setNow(at);
    try {
      for (let i = 0; i < LIMITS.analysisReadsPerMinute; i++) {
        const response = await client.get(
          i % 2 === 0 ? `/api/analysis/${analysis.id}` : "/api/user/analyses",
        );
        await response.arrayBuffer();
        expect(response.status).toBe(200);
      }
      for (const path of [
        `/api/analysis/${analysis.id}`,
        "/api/user/analyses",
        "/api/comparisons/1",
        `/api/resumes/${analysis.resumeId}`,
      ]) {
        const refused = await client.get(path);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({
          error: { code: "RATE_LIMITED", message: MESSAGES.analysisReadRateLimited },
        });
      }
      expect((await other.client.get(`/api/analysis/${other.analysis.id}`)).status).toBe(200);
      // A minute later the user reads again.
      h.setNow(new Date(at.getTime() + 60_000));
      expect((await client.get(`/api/analysis/${analysis.id}`)).status).toBe(200);
    } finally {
      h.setNow(null);
    }
  });
});
