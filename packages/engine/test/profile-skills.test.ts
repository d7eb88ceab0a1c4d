import { describe, expect, it } from "vitest";
import { analyzeResume } from "../src/index.ts";
import { NOW } from "./support.ts";

const RESUME = `Riley Example
riley@example.com | +1 555 010 0000 | Portland, OR

SUMMARY
Backend engineer with six years of experience building APIs.

EXPERIENCE
Software Engineer, Fabrikam - Portland, OR
March 2018 - Present
• Built payment APIs in Python and PostgreSQL serving 2M requests a day.
• Cut p95 latency by 35% by adding caching and query indexes.

EDUCATION
B.S. Computer Science, Portland State University, 2017

SKILLS
Python, PostgreSQL, Docker, Git`;

const JOB = `Senior Platform Engineer

Requirements:
- 5+ years of experience in backend or platform engineering
- Strong experience with Python and PostgreSQL
- Hands-on experience with Kubernetes and Terraform
- Experience with Docker

Nice to have:
- Prometheus and Grafana
`;

const titles = (profileSkills?: string[]) =>
  analyzeResume({ resumeText: RESUME, jobDescription: JOB, profileSkills }, { now: NOW }).recommendations.map(
    (r) => `${r.title} — ${r.description}`,
  );

describe("LinkedIn profile skills in recommendations", () => {
  it("names required skills on the profile that the resume leaves out, by alias too", () => {
    const text = titles(["K8s", "Terraform", "Go"]).join("\n");
    // Docker stands in for Kubernetes (partial), yet the profile proves it outright.
    expect(text).toMatch(/Add Kubernetes from your LinkedIn profile/);
    expect(text).toMatch(/Add Terraform from your LinkedIn profile/);
  });

  it("names preferred skills on the profile that the resume leaves out", () => {
    const recs = titles(["Prometheus", "Grafana"]);
    expect(recs.some((r) => /from your LinkedIn profile/.test(r) && /Prometheus/.test(r))).toBe(true);
  });

  it("says nothing about LinkedIn without a profile", () => {
    expect(titles().join("\n")).not.toMatch(/LinkedIn/);
  });
});
