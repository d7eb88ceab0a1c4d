import { ZCareerPath, ZCareerRole } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import { SAMPLE_JOB, SAMPLE_RESUME } from "../exports/test-fixtures.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

async function careerPath(client: TestClient, role = "software-engineer") {
  const response = await client.get(`/api/career-path/${role}`);
  expect(response.status).toBe(200);
  return ZCareerPath.parse(await response.json());
}

async function analyze(client: TestClient, content = SAMPLE_RESUME) {
  const resume = await client.post("/api/create-text-resume", { content });
  expect(resume.status).toBe(200);
  const { id } = (await resume.json()) as { id: number };
  const analysis = await client.post("/api/analyze", { resumeId: id, jobDescription: SAMPLE_JOB });
  expect(analysis.status).toBe(200);
}

describe("career paths", () => {
  it("asks for a session", async () => {
    const anonymous = h.client();
    for (const path of [
      "/api/career-path/software-engineer",
      "/api/career-path/xyz",
      "/api/career-roles?q=nurse",
    ]) {
      const response = await anonymous.get(path);
      expect(response.status, path).toBe(401);
    }
  });

  it("serves the default role from O*NET and BLS, not personalised without an analysis", async () => {
    const { client } = await signUpVerified(h);
    const path = await careerPath(client);
    expect(path).toMatchObject({
      role: "software-engineer",
      occupationCode: "15-1252.00",
      targetRole: "Software Engineer",
      currentLevel: "Entry level",
      personalised: false,
      salarySource: "U.S. national wage percentiles, BLS OEWS May 2025",
    });
    expect(path.timeline).toHaveLength(4);
    expect(path.certifications.length).toBeGreaterThan(0);
    expect(path.salaryProgression[0]).toEqual({
      role: "Software Developers",
      timeframe: "Entry (10th–25th percentile)",
      minSalary: 82460,
      maxSalary: 105210,
    });
    // Any occupation slug works too.
    expect((await careerPath(client, "registered-nurse")).occupationCode).toBe("29-1141.00");
    expect((await careerPath(client, "electricians")).occupationCode).toBe("47-2111.00");
  });

  it("answers 404 with a clear message for an unknown role, 400 for a malformed one", async () => {
    const { client } = await signUpVerified(h);
    const unknown = await client.get("/api/career-path/xyz");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: "NOT_FOUND", message: "No career path for 'xyz'. Search for a role to pick one." },
    });
    const malformed = await client.get("/api/career-path/Software%20Engineer");
    expect(malformed.status).toBe(400);
  });

  it("is personalised from the user's latest analysis and resume", async () => {
    const { client } = await signUpVerified(h);
    const before = await careerPath(client);
    await analyze(client);
    const after = await careerPath(client);
    expect(after.personalised).toBe(true);
    expect(after.currentLevel).toMatch(/Senior Backend Engineer · .*\(\d+(\.\d)? years\)/);
    expect(after.skillGaps).not.toEqual(before.skillGaps);
    // The resume shows Python and JavaScript: no longer gaps.
    const gaps = after.skillGaps.map((g) => g.skill);
    expect(before.skillGaps.map((g) => g.skill)).toContain("Python");
    expect(gaps).not.toContain("Python");
    expect(gaps).not.toContain("JavaScript");
  });

  it("never uses another user's analysis", async () => {
    const owner = await signUpVerified(h);
    await analyze(owner.client);
    expect((await careerPath(owner.client)).personalised).toBe(true);
    const other = await signUpVerified(h);
    const path = await careerPath(other.client);
    expect(path.personalised).toBe(false);
    expect(path.currentLevel).toBe("Entry level");
  });

  it("searches roles, at most 20, common roles without a query", async () => {
    const { client } = await signUpVerified(h);
    const search = async (q: string) => {
      const response = await client.get(`/api/career-roles?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      return ZCareerRole.array().parse(await response.json());
    };
    expect((await search("nurse"))[0]).toEqual({
      slug: "nurse",
      title: "Nurse",
      occupationCode: "29-1141.00",
    });
    expect((await search("manager")).length).toBe(20);
    expect(await search("zzqqxx")).toEqual([]);
    const featured = await search("");
    expect(featured[0]?.slug).toBe("software-engineer");
  });
});
