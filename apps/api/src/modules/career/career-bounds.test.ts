import { ZCareerPath } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../../test/harness.ts";
import { DocumentPool } from "../documents/pool.ts";
import { SAMPLE_JOB, SAMPLE_RESUME } from "../exports/test-fixtures.ts";

// What the request hands the engine (in the worker pool): the career path's cost follows the text it reads.
const engineInput = { resumeChars: [] as number[] };
const careerPathJob = DocumentPool.prototype.careerPath;
vi.spyOn(DocumentPool.prototype, "careerPath").mockImplementation(function (
  this: DocumentPool,
  input,
  options,
) {
  engineInput.resumeChars.push(input.resumeText?.length ?? 0);
  return careerPathJob.call(this, input, options);
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("career path cost", () => {
  it("reads a bounded part of a huge stored resume, and is still personalised from it", async () => {
    const { client, userId } = await signUpVerified(h);
    const resume = await client.post("/api/create-text-resume", { content: SAMPLE_RESUME });
    const { id } = (await resume.json()) as { id: number };
    expect((await client.post("/api/analyze", { resumeId: id, jobDescription: SAMPLE_JOB })).status).toBe(
      200,
    );
    // A 2.4 MB text, as a long document's extraction can store: the real resume, then filler.
    const huge = `${SAMPLE_RESUME}\n${"Volunteer work in the community garden on weekends. ".repeat(46_200)}`;
    expect(huge.length).toBeGreaterThan(2_400_000);
    await h.deps.db.kysely.updateTable("resume").set({ text: huge }).where("user_id", "=", userId).execute();

    engineInput.resumeChars.length = 0;
    const response = await client.get("/api/career-path/software-engineer");
    expect(response.status).toBe(200);
    const path = ZCareerPath.parse(await response.json());
    expect(path.personalised).toBe(true);
    expect(path.currentLevel).toMatch(/Senior Backend Engineer/);
    expect(engineInput.resumeChars).toHaveLength(1);
    expect(engineInput.resumeChars[0]).toBeGreaterThan(0);
    // CAREER_RESUME_TEXT_MAX (career.service.ts): a few pages of text, not the stored megabytes.
    expect(engineInput.resumeChars[0]).toBeLessThanOrEqual(20_000);
  });
});
