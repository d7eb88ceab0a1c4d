import { describe, expect, it } from "vitest";
import { parseJobDescription, yearsInLine } from "./parse-job.ts";

describe("yearsInLine", () => {
  it.each([
    ["3+ years of experience with Python", 3],
    ["At least four years of nursing experience", 4],
    ["Minimum of 5 years in accounting", 5],
    ["2-4 years of professional baking", 2],
    ["2 to 4 years in retail", 2],
    ["Five (5) or more years of experience", 5],
    ["10+ yrs in construction", 10],
    ["one year of customer service experience", 1],
  ])("%s -> %i", (line, years) => {
    expect(yearsInLine(line)?.years).toBe(years);
  });

  it.each(["Must be 18 years old", "We have been in business for 25 years", "Serving Asheville since 2009"])(
    "ignores %s",
    (line) => {
      expect(yearsInLine(line)).toBeNull();
    },
  );
});

const POSTING = `Senior Backend Engineer
Acme Payments – Remote (US)

About us
We move money for 2,000 small businesses. We have been in business for 12 years.

What you'll do
- Design and build services in Go and PostgreSQL
- Run them on Kubernetes

Requirements
- 5+ years of backend development experience
- Strong experience with Go or Java
- Bachelor's degree in Computer Science or equivalent experience
- Excellent communication skills

Nice to have
- Terraform
- Experience with Kafka is a plus

Benefits
- 401(k) match, health, dental and vision
- $150,000 - $180,000 salary range

Acme is an equal opportunity employer. We do not discriminate on the basis of race, color, religion or veteran status.`;

describe("parseJobDescription", () => {
  const job = parseJobDescription(POSTING);

  it("reads the title and its seniority", () => {
    expect(job.title).toBe("Senior Backend Engineer");
    expect(job.seniority).toBe("senior");
  });

  it("sorts lines into required, preferred and duties, and sets boilerplate aside", () => {
    expect(job.requirements.filter((r) => r.priority === "Required").map((r) => r.text)).toEqual([
      "5+ years of backend development experience",
      "Strong experience with Go or Java",
      "Bachelor's degree in Computer Science or equivalent experience",
      "Excellent communication skills",
    ]);
    expect(job.requirements.filter((r) => r.priority === "Preferred").map((r) => r.text)).toEqual([
      "Terraform",
      "Experience with Kafka is a plus",
    ]);
    expect(job.responsibilities.map((r) => r.text)).toContain("Run them on Kubernetes");
    const kept = [...job.requirements, ...job.responsibilities].map((r) => r.text).join("\n");
    expect(kept).not.toMatch(/401|salary|equal opportunity|in business/i);
  });

  it("finds the years and the degree asked for", () => {
    expect(job.yearsRequired).toBe(5);
    expect(job.education).toMatchObject({
      level: "bachelor",
      priority: "Required",
      equivalentExperienceOk: true,
    });
  });

  it("reads requirement-like sentences from a posting without headings", () => {
    const plain = parseJobDescription(
      "We are hiring a Line Cook to join our busy kitchen. You must have 2 years of experience on a grill station and a food handler card. Ability to stand for long shifts is required. We offer free meals.",
    );
    expect(plain.title).toBe("Line Cook");
    expect(plain.yearsRequired).toBe(2);
    expect(plain.requirements.length).toBeGreaterThan(0);
  });
});
