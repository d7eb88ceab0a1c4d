import { readFileSync } from "node:fs";
import { ZCareerPath, ZCareerRole } from "@resumelens/contract";
import { describe, expect, it } from "vitest";
import careersJson from "../../data/careers.json" with { type: "json" };
import { analyzeResume } from "../analysis/analyze.ts";
import { loadOccupations, loadRoleAliases } from "../data/index.ts";
import { careerPath } from "./career.ts";
import { careerRoles, DEFAULT_CAREER_ROLE, resolveCareerRole } from "./career-roles.ts";
import { SALARY_SOURCE } from "./career-salary.ts";
import type { CareersFile } from "./types.ts";

const careers = careersJson as unknown as CareersFile;
const NOW = new Date("2026-06-15T00:00:00Z");
const fixture = (slug: string, file: string) =>
  readFileSync(new URL(`../../test/fixtures/${slug}/${file}`, import.meta.url), "utf8");

// Real figures from BLS OEWS May 2025 (bls_oews_may2025_national.json, SOC 15-1252).
const SOFTWARE_DEVELOPERS = { p10: 82460, p25: 105210, p75: 171980, p90: 214670 };

describe("career roles", () => {
  it("gives every occupation a unique slug that resolves to it", () => {
    const occupations = loadOccupations();
    const slugs = new Set(occupations.map((o) => o.slug));
    expect(slugs.size).toBe(occupations.length);
    for (const o of occupations) {
      expect(o.slug).toMatch(/^[a-z0-9-]{1,120}$/);
      expect(resolveCareerRole(o.slug)?.occupation.code).toBe(o.code);
    }
    for (const [alias, code] of Object.entries(loadRoleAliases()))
      expect(resolveCareerRole(alias)?.occupation.code).toBe(code);
  });

  it("resolves the default role and common aliases", () => {
    expect(DEFAULT_CAREER_ROLE).toBe("software-engineer");
    expect(resolveCareerRole("software-engineer")?.occupation.title).toBe("Software Developers");
    expect(resolveCareerRole("registered-nurse")?.occupation.code).toBe("29-1141.00");
    expect(resolveCareerRole("data-scientist")?.occupation.code).toBe("15-2051.00");
    expect(resolveCareerRole("no-such-role")).toBeNull();
    expect(resolveCareerRole("Software Engineer")).toBeNull();
  });

  it("searches titles, aliases and alternate titles, best first", () => {
    const nurse = careerRoles("nurse");
    expect(nurse[0]).toEqual({ slug: "nurse", title: "Nurse", occupationCode: "29-1141.00" });
    expect(careerRoles("software engineer")[0]?.slug).toBe("software-engineer");
    expect(careerRoles("Electrician")[0]?.occupationCode).toBe("47-2111.00");
    // An O*NET alternate title: "Barista" is listed under 35-3023.01.
    expect(careerRoles("barista").map((r) => r.occupationCode)).toContain("35-3023.01");
    expect(careerRoles("zzqqxx")).toEqual([]);
    expect(careerRoles("manager", 5)).toHaveLength(5);
    for (const r of careerRoles("engineer")) {
      expect(ZCareerRole.parse(r)).toEqual(r);
      expect(resolveCareerRole(r.slug)?.occupation.code).toBe(r.occupationCode);
    }
    const codes = careerRoles("developer").map((r) => r.occupationCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("offers common roles without a query", () => {
    const featured = careerRoles();
    expect(featured[0]).toMatchObject({ slug: "software-engineer", title: "Software Engineer" });
    expect(featured.length).toBeGreaterThanOrEqual(10);
    for (const r of featured) expect(resolveCareerRole(r.slug)).not.toBeNull();
  });
});

describe("career dataset", () => {
  it("has curated certifications for at least 30 roles, labelled as estimates", () => {
    const occupationsWithCerts = new Set(
      loadOccupations()
        .map((o) => o.code)
        .filter((code) => (careers.certifications[code] ?? []).length > 0),
    );
    expect(occupationsWithCerts.size).toBeGreaterThanOrEqual(30);
    for (const [key, list] of Object.entries(careers.certifications)) {
      expect(resolveCareerRole(key) ?? loadOccupations().find((o) => o.code === key), key).toBeTruthy();
      for (const c of list) {
        expect(c.relevance).toBeGreaterThanOrEqual(1);
        expect(c.relevance).toBeLessThanOrEqual(5);
        expect(c.estimatedTime).toMatch(/\(estimate\)$/);
        expect(c.name.length).toBeGreaterThan(2);
        expect(c.provider.length).toBeGreaterThan(1);
      }
    }
  });

  it("has the five Job Zones and ranked technologies", () => {
    expect(careers.zones.map((z) => z.zone)).toEqual([1, 2, 3, 4, 5]);
    const sw = careers.tech["15-1252.00"];
    expect(sw?.names.length).toBeGreaterThan(5);
    expect(sw?.names).toContain("Python");
  });
});

describe("careerPath", () => {
  it("builds the default role's path from O*NET and BLS", () => {
    const path = careerPath({ role: "software-engineer" });
    expect(path).not.toBeNull();
    if (!path) return;
    expect(ZCareerPath.parse(path)).toEqual(path);
    expect(path.occupationCode).toBe("15-1252.00");
    expect(path.targetRole).toBe("Software Engineer");
    expect(path.personalised).toBe(false);
    expect(path.currentLevel).toBe("Entry level");
    expect(path.timeline.map((p) => p.phase)).toEqual([
      "Foundation",
      "Core skills",
      "Professional",
      "Next role",
    ]);
    for (const phase of path.timeline) {
      expect(phase.duration).not.toBe("");
      expect(phase.objectives.length).toBeGreaterThan(0);
      expect(phase.skills.length).toBeGreaterThan(0);
    }
    expect(path.skillGaps.length).toBeGreaterThan(0);
    for (const g of path.skillGaps) expect(g.currentLevel).toBeLessThan(g.requiredLevel);
    expect(path.certifications.length).toBeGreaterThanOrEqual(3);
    expect(path.nextRoles.length).toBeGreaterThan(0);
    for (const r of path.nextRoles) expect(resolveCareerRole(r.slug)).not.toBeNull();
  });

  it("labels salaries as BLS OEWS percentiles, in order, with the real figures", () => {
    const path = careerPath({ role: "software-engineer" });
    expect(path?.salarySource).toBe(SALARY_SOURCE);
    expect(SALARY_SOURCE).toBe("U.S. national wage percentiles, BLS OEWS May 2025");
    const rows = path?.salaryProgression ?? [];
    expect(rows.slice(0, 3)).toEqual([
      {
        role: "Software Developers",
        timeframe: "Entry (10th–25th percentile)",
        minSalary: SOFTWARE_DEVELOPERS.p10,
        maxSalary: SOFTWARE_DEVELOPERS.p25,
      },
      {
        role: "Software Developers",
        timeframe: "Mid-career (25th–75th percentile)",
        minSalary: SOFTWARE_DEVELOPERS.p25,
        maxSalary: SOFTWARE_DEVELOPERS.p75,
      },
      {
        role: "Software Developers",
        timeframe: "Senior (75th–90th percentile)",
        minSalary: SOFTWARE_DEVELOPERS.p75,
        maxSalary: SOFTWARE_DEVELOPERS.p90,
      },
    ]);
    expect(rows[3]?.timeframe).toMatch(/^Next role/);
    for (const r of rows) expect(r.minSalary).toBeLessThanOrEqual(r.maxSalary);
    for (let i = 1; i < 3; i++)
      expect(rows[i]?.minSalary).toBeGreaterThanOrEqual(rows[i - 1]?.minSalary ?? 0);
  });

  it("answers null for an unknown role", () => {
    expect(careerPath({ role: "xyz" })).toBeNull();
  });

  it("works for every occupation and role alias", () => {
    const roles = [...loadOccupations().map((o) => o.slug), ...Object.keys(loadRoleAliases())];
    for (const role of roles) {
      const path = careerPath({ role });
      expect(path, role).not.toBeNull();
      ZCareerPath.parse(path);
    }
  });

  it("is personalised by an analysis and its resume", () => {
    const resumeText = fixture("software-engineer", "resume.txt");
    const analysis = analyzeResume(
      { resumeText, jobDescription: fixture("software-engineer", "job.txt") },
      { now: NOW },
    );
    const generic = careerPath({ role: "software-engineer" });
    const mine = careerPath({ role: "software-engineer", analysis, resumeText, now: NOW });
    expect(mine?.personalised).toBe(true);
    expect(ZCareerPath.parse(mine)).toEqual(mine);
    expect(mine?.currentLevel).not.toBe("Entry level");
    expect(mine?.currentLevel).toMatch(/\d+(\.\d)? years?\)/);
    expect(mine?.skillGaps).not.toEqual(generic?.skillGaps);
    // Skills the resume shows are not gaps; the rest start from what the resume shows.
    const shown = new Set(analysis.skillsMatch.matched.map((m) => m.skill.toLowerCase()));
    for (const g of mine?.skillGaps ?? []) {
      expect(shown.has(g.skill.toLowerCase()), g.skill).toBe(false);
      expect(g.currentLevel).toBeLessThan(g.requiredLevel);
    }
    // The resume lists SQL and JavaScript ("JS"): gaps for everyone else, not for this user.
    expect(generic?.skillGaps.map((g) => g.skill)).toEqual(expect.arrayContaining(["SQL", "JavaScript"]));
    expect(mine?.skillGaps.map((g) => g.skill)).not.toContain("SQL");
    expect(mine?.skillGaps.map((g) => g.skill)).not.toContain("JavaScript");
  });

  it("drops certifications the resume already shows", () => {
    const resumeText = `${fixture("accountant", "resume.txt")}\nCERTIFICATIONS\nCertified Public Accountant (CPA), 2025\n`;
    const path = careerPath({ role: "accountant", resumeText, now: NOW });
    const names = path?.certifications.map((c) => c.name) ?? [];
    expect(names.some((n) => n.includes("(CPA)"))).toBe(false);
    expect(names.length).toBeGreaterThan(0);
    expect(careerPath({ role: "accountant" })?.certifications.some((c) => c.name.includes("(CPA)"))).toBe(
      true,
    );
  });

  it("is deterministic", () => {
    const resumeText = fixture("registered-nurse", "resume.txt");
    const analysis = analyzeResume(
      { resumeText, jobDescription: fixture("registered-nurse", "job.txt") },
      { now: NOW },
    );
    const a = JSON.stringify(careerPath({ role: "registered-nurse", analysis, resumeText, now: NOW }));
    const b = JSON.stringify(careerPath({ role: "registered-nurse", analysis, resumeText, now: NOW }));
    expect(a).toBe(b);
    expect(JSON.stringify(careerRoles("nurse"))).toBe(JSON.stringify(careerRoles("nurse")));
  });
});
