// Issue 15: the target role chosen in Settings → Career Path is remembered on the profile, so the
// roadmap reopens on it after a reload and on another device (another session of the same user).
import { ZCareerPath } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const OFFICE_MANAGER = [
  "Jordan Lee",
  "jordan.lee@example.com | (555) 010-0199",
  "",
  "EXPERIENCE",
  "Office Manager",
  "Bright Smile Dental | Jan 2018 - Present",
  "- Managed scheduling for 4 dentists in Dentrix and coordinated patient billing and insurance claims",
  "- Supervised 3 front desk staff and cut outstanding claims by 30%",
  "",
  "EDUCATION",
  "High School Diploma, Austin High School, 2012",
].join("\n");

describe("career role", () => {
  it("asks for a session", async () => {
    const anonymous = h.client();
    expect((await anonymous.get("/api/career-role")).status).toBe(401);
    expect((await anonymous.put("/api/career-role", { role: "registered-nurse" })).status).toBe(401);
  });

  it("is none until chosen, then remembered for the user on every session", async () => {
    const { client, email, password } = await signUpVerified(h);
    expect(await (await client.get("/api/career-role")).json()).toEqual({ role: null });

    const put = await client.put("/api/career-role", { role: "registered-nurse" });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ role: "registered-nurse" });
    expect(await (await client.get("/api/career-role")).json()).toEqual({ role: "registered-nurse" });

    // Another device: a fresh sign-in reads the same role.
    const other = h.client();
    const signIn = await other.post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    expect(await (await other.get("/api/career-role")).json()).toEqual({ role: "registered-nurse" });

    // Changing it replaces it; another user is unaffected.
    await client.put("/api/career-role", { role: "electrician" });
    expect(await (await other.get("/api/career-role")).json()).toEqual({ role: "electrician" });
    const { client: stranger } = await signUpVerified(h);
    expect(await (await stranger.get("/api/career-role")).json()).toEqual({ role: null });
  });

  it("refuses malformed and unknown roles", async () => {
    const { client } = await signUpVerified(h);
    expect((await client.put("/api/career-role", { role: "Not A Slug" })).status).toBe(400);
    expect((await client.put("/api/career-role", {})).status).toBe(400);
    expect((await client.put("/api/career-role", { role: "no-such-role-anywhere" })).status).toBe(404);
    expect(await (await client.get("/api/career-role")).json()).toEqual({ role: null });
  });

  it("builds a career changer's roadmap from the resume's occupation (office manager → registered nurse)", async () => {
    const { client } = await signUpVerified(h);
    const resume = await client.post("/api/create-text-resume", { content: OFFICE_MANAGER });
    expect(resume.status).toBe(200);
    const { id } = (await resume.json()) as { id: number };
    const analysis = await client.post("/api/analyze", {
      resumeId: id,
      jobDescription:
        "Registered Nurse for a medical-surgical unit. Requires an active RN licence (NCLEX-RN), BLS, Epic charting and patient assessment.",
    });
    expect(analysis.status).toBe(200);
    const response = await client.get("/api/career-path/registered-nurse");
    expect(response.status).toBe(200);
    const path = ZCareerPath.parse(await response.json());
    expect(path.currentLevel).toContain("Office Manager");
    const phases = path.timeline.map((t) => t.phase);
    expect(phases.some((p) => p.startsWith("Education:") && /ADN or BSN/.test(p))).toBe(true);
    expect(phases.some((p) => /NCLEX-RN/.test(p))).toBe(true);
    expect(path.timeline[0]?.duration).not.toBe("0–1 year");
    const skills = [...path.skillGaps.map((g) => g.skill), ...path.timeline.flatMap((t) => t.skills)];
    expect(skills.filter((s) => /dentrix|dental/i.test(s))).toEqual([]);
  });
});
