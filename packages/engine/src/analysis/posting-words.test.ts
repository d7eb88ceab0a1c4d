/**
 * What a posting line asks for, where its words could be read as something else: a common word
 * qualified by the skill before it, a quota called a budget, an example list under a skill that
 * is asked for elsewhere too, operations words no open source names. Texts written for these tests.
 */
import { describe, expect, it } from "vitest";
import { NOW } from "../../test/support.ts";
import { analyzeResume, occupationReading, runPipeline } from "./analyze.ts";

const asked = (posting: string) =>
  runPipeline({ resumeText: "", jobDescription: posting }, { now: NOW }).requirements.map((r) => ({
    name: r.name,
    priority: r.priority,
    lines: r.lines.map((l) => l.lineIndex),
  }));
const names = (posting: string) => asked(posting).map((r) => r.name.toLowerCase());
const posting = (...lines: string[]) => ["Platform Engineer", "", "Requirements", ...lines].join("\n");
/** A resume with a name, an email and the given lines under "Experience". */
const resumeWith = (...experience: string[]) =>
  ["Min-jun Park", "min.jun@example.com", "", "Experience", ...experience].join("\n");

describe("a posting line's words, read as the posting means them", () => {
  it("reads 'VPC networking' as the VPC's own networking, not computer networking", () => {
    const found = names(posting("- Deep experience with VPC networking and IAM"));
    expect(found).toContain("vpc");
    expect(found).not.toContain("computer networking");
    // Networking on its own is still asked for.
    expect(names(posting("- Solid networking fundamentals (TCP/IP, DNS)"))).toContain("computer networking");
  });

  it("reads error and latency budgets as SRE terms, not budget management", () => {
    const found = names(
      posting("- Experience defining SLOs and error budgets, and a latency budget for the API"),
    );
    expect(found).toEqual(expect.arrayContaining(["slos", "error budgets"]));
    expect(found.some((n) => /budget(ing| management)/.test(n))).toBe(false);
    expect(names(posting("- Manage a departmental budget of $2M"))).toContain("budget management");
  });

  it("reads an on-call rotation as on-call support, not a shift schedule", () => {
    const found = names(posting("- Participate in an on-call rotation"));
    expect(found).toContain("on-call rotation");
    expect(found).not.toContain("schedule availability");
  });

  it("keeps a required skill required, and its examples asked, when a preferred line names it too", () => {
    const found = asked(
      posting(
        "- Deep experience with AWS, including VPC networking and IAM",
        "",
        "Nice to have",
        "- Cost optimization experience on AWS (Reserved Instances, Savings Plans)",
      ),
    );
    const aws = found.find((r) => r.name === "AWS");
    expect(aws?.priority).toBe("Required");
    expect(aws?.lines[0]).toBe(3);
    expect(found.find((r) => r.name === "VPC")?.priority).toBe("Required");
    expect(found.find((r) => r.name === "Cost optimization")?.priority).toBe("Preferred");
  });

  it("finds cost optimization shown as reserved capacity purchases on the resume", () => {
    const result = analyzeResume(
      {
        resumeText: resumeWith(
          "Site Reliability Engineer, Payco  Jan. 2019 - May 2026",
          "• Saved 30% of AWS costs with a quarterly plan for Reserved Instances and Savings Plans",
          "• Ran 3 Kubernetes clusters with 300+ pods",
        ),
        jobDescription: posting("- Cost optimization on AWS", "- Kubernetes"),
      },
      { now: NOW },
    );
    const cost = result.skillsMatch.matched.find((m) => m.skill === "Cost optimization");
    expect(cost?.evidence?.text).toContain("Reserved Instances");
  });

  it("asks for the first of 'or' alternatives once, not each alternative as a gap of its own", () => {
    const found = names(
      posting(
        "- Delivering tools or products with high uptime or availability requirements",
        "- Current, full and unrestricted license to practice medicine or surgery in a State, Territory, or Commonwealth of the United States",
      ),
    );
    expect(found).toEqual(
      expect.arrayContaining(["delivering tools", "unrestricted license to practice medicine"]),
    );
    for (const fragment of ["products with high uptime", "availability requirements", "surgery in a state"])
      expect(found).not.toContain(fragment);
    expect(found.some((n) => n.includes("commonwealth"))).toBe(false);
  });

  it("reads a list in parentheses item by item, without the parentheses", () => {
    const found = names(posting("- Advanced SQL (joins, window functions, CTEs)"));
    expect(found).toEqual(expect.arrayContaining(["sql", "window functions", "ctes"]));
    expect(found.some((n) => /[()]/.test(n))).toBe(false);
  });
});

describe("what a resume line shows", () => {
  const sreWith = (bullet: string) =>
    resumeWith(
      "Site Reliability Engineer, Payco  Jan. 2019 - May 2026",
      `• ${bullet}`,
      "• Ran 3 Kubernetes clusters with 300+ pods",
    );
  const communication = (bullet: string) =>
    analyzeResume(
      {
        resumeText: sreWith(bullet),
        jobDescription: posting("- Strong communication skills", "- Kubernetes"),
      },
      { now: NOW },
    ).skillsMatch.matched.some((m) => m.skill.toLowerCase().includes("communication"));

  it("takes writing for people as communication, writing code as none", () => {
    expect(communication("Wrote Terraform modules to provision Elasticsearch on EC2")).toBe(false);
    expect(communication("Wrote the incident runbooks used by 12 on-call engineers")).toBe(true);
  });

  it("names an occupation both sides read as, rather than the resume's odd first reading", () => {
    const result = analyzeResume(
      {
        resumeText: sreWith("Cut paging alerts by 60% with SLOs for 40 services"),
        jobDescription: posting("- Kubernetes", "- Terraform"),
      },
      { now: NOW },
    );
    const text = result.scoreBreakdown.find((c) => c.key === "occupation")?.explanation ?? "";
    expect(text).toMatch(
      /against O\*NET's occupation profiles(: the posting and your resume both read as [^,]+|: the posting reads as .+, your resume as .+)?\.$/,
    );
  });

  it("takes nothing from a benefits list led in by a sentence, a salary section or the hiring process", () => {
    const found = names(
      [
        "Innovation Specialist",
        "",
        "You will have access to many benefits including:",
        "- Health insurance",
        "- Training and development",
        "",
        "Salary Range:",
        "GS-15 - $134,789 to $164,200",
        "Total compensation may include locality pay based on your duty location.",
        "",
        "Requirements",
        "- Experience building web applications with Python",
        "- To receive selection priority, you must be rated well-qualified and receive a score of 90.",
        "- Your resume and supporting documentation will be evaluated.",
      ].join("\n"),
    );
    expect(found).toEqual(expect.arrayContaining(["python", "web applications"]));
    for (const boilerplate of [
      "training and development",
      "compensation",
      "supporting documentation",
      "receive a score of 90",
    ])
      expect(found).not.toContain(boilerplate);
  });
});

describe("a broader skill whose name spells the one asked", () => {
  it("meets continuous integration with CI/CD in full, and a plain sibling only in part", () => {
    const result = analyzeResume(
      {
        resumeText: resumeWith(
          "Software Engineer, Payco  Jan. 2019 - May 2026",
          "• Built CI/CD pipelines in GitHub Actions for 40 services",
          "• Ran 3 Kubernetes clusters with 300+ pods",
        ),
        jobDescription: posting("- Continuous integration", "- Continuous delivery", "- Kubernetes"),
      },
      { now: NOW },
    );
    const ci = result.skillsMatch.matched.find((m) => m.skill === "Continuous integration");
    expect(ci?.evidence?.text).toContain("CI/CD");
    expect(result.skillsMatch.missing.map((m) => m.skill)).not.toContain("Continuous integration");
  });

  it("takes a skill in other words only when its words stand together, compounds as themselves", () => {
    const result = analyzeResume(
      {
        resumeText: [
          "Min-jun Park",
          "min.jun@example.com",
          "",
          "Summary",
          "Tech lead who drives performance work across teams, modernizes legacy systems and builds development tools for 40 engineers.",
          "",
          "Experience",
          "Software Engineer, Payco  Jan. 2019 - May 2026",
          "• Ran 3 Kubernetes clusters with 300+ pods",
        ].join("\n"),
        jobDescription: posting("- Test-driven development", "- Kubernetes"),
      },
      { now: NOW },
    );
    expect(result.skillsMatch.missing.map((m) => m.skill)).toContain("Test-driven development");
  });

  it("quotes a bullet that shows the work, not the heading or title line that names it", () => {
    const result = analyzeResume(
      {
        resumeText: [
          "Dana Whitfield",
          "dana@example.com",
          "",
          "Customer Service Experience",
          "Support Specialist, Cedar Freight  Jun 2019 - Feb 2024",
          "• Resolved 1,200+ customer tickets a month and kept a 96% customer-satisfaction score",
          "• Trained 6 new agents on the ticketing system",
        ].join("\n"),
        jobDescription: posting("- Excellent customer service skills", "- Ticketing systems"),
      },
      { now: NOW },
    );
    const service = result.skillsMatch.matched.find((m) =>
      m.skill.toLowerCase().includes("customer service"),
    );
    expect(service?.evidence?.text).toContain("Resolved 1,200+ customer tickets");
  });
});

describe("recommendations", () => {
  it("never suggests an unrelated role show a skill its own lines do not touch", () => {
    const result = analyzeResume(
      {
        resumeText: resumeWith(
          "Site Reliability Engineer, Payco  Jan. 2021 - May 2026",
          "• Ran 3 Kubernetes clusters with 300+ pods and wrote Terraform modules for 12 teams",
          "Barista, Bean There  Jan. 2016 - Dec. 2020",
          "• Served 200 customers a day and trained 4 new baristas",
        ),
        jobDescription: posting("- Kubernetes", "- Terraform", "- Prometheus"),
      },
      { now: NOW },
    );
    const connect = result.recommendations.find((r) => r.title.startsWith("Connect Barista"));
    expect(connect?.description).toContain("reads as unrelated to this posting");
    for (const skill of ["Kubernetes", "Terraform", "Prometheus"])
      expect(connect?.description).not.toContain(skill);
  });
});

describe("one verdict per requirement across the result", () => {
  const sre = resumeWith(
    "Site Reliability Engineer, Payco  Jan. 2019 - May 2026",
    "• Designed the on-boarding process for 12 new engineers and cut their ramp-up from 8 to 4 weeks",
    "• Wrote Terraform modules used by 12 teams",
    "• Ran 3 Kubernetes clusters with 300+ pods",
  );
  const run = (...lines: string[]) =>
    analyzeResume({ resumeText: sre, jobDescription: posting(...lines) }, { now: NOW });

  it("takes writing code for no written communication, and 'on-boarding' for onboarding", () => {
    const result = run(
      "- Strong written communication",
      "- Kubernetes",
      "",
      "What you'll do",
      "- Mentor mid-level engineers",
    );
    expect(result.skillsMatch.matched.map((m) => m.skill)).not.toContain("writing skills");
    const mentoring = result.skillsMatch.matched.find((m) => m.skill.startsWith("mentoring"));
    expect(mentoring?.evidence?.text).toContain("on-boarding process");
  });

  it("prefers only what '(… preferred)' names, not the whole line", () => {
    const result = run("- Production experience with Kubernetes (EKS preferred) and Terraform");
    const priority = (skill: string) =>
      [...result.skillsMatch.matched, ...result.skillsMatch.missing].find((m) => m.skill === skill)?.priority;
    expect(priority("Kubernetes")).toBe("Required");
    expect(priority("Terraform")).toBe("Required");
  });

  it("names as transferable only what the Skills tab counts as shown", () => {
    const result = run("- Kubernetes", "- SLOs", "- Terraform");
    const missing = new Set(result.skillsMatch.missing.map((m) => m.skill));
    for (const source of result.experienceComparison.experienceSources)
      for (const skill of source.transferableSkills) expect(missing.has(skill), skill).toBe(false);
  });

  it("quotes the role's title line as the proof of its years", () => {
    const result = analyzeResume(
      {
        resumeText: resumeWith(
          "Payco  Seoul, S.Korea",
          "Site Reliability Engineer  Jan. 2018 - May 2026",
          "• Ran 3 Kubernetes clusters with 300+ pods",
        ),
        jobDescription: posting("- 5+ years of experience in SRE or DevOps", "- Kubernetes"),
      },
      { now: NOW },
    );
    const row = result.experienceComparison.jobRequirements.find((r) => r.requirement.startsWith("5+ years"));
    expect(row?.evidence?.text).toContain("Site Reliability Engineer");
  });
});

describe("alternatives", () => {
  it("calls an alternative met by a member the resume names an exact match, by that member", () => {
    const result = analyzeResume(
      {
        resumeText: resumeWith(
          "Backend Engineer, Payco  Jan. 2019 - May 2026",
          "• Built 12 Python services handling 3M requests a day",
        ),
        jobDescription: posting("- Go or Python", "- PostgreSQL"),
      },
      { now: NOW },
    );
    const either = result.skillsMatch.matched.find((m) => m.skill.includes(" or "));
    expect(either?.match).toBe("exact");
    expect(either?.evidence?.text).toContain("Python services");
  });
});

describe("market reading", () => {
  it("reads the industry from the best-fitting of the roles, not the latest title alone", () => {
    const result = analyzeResume(
      {
        resumeText: resumeWith(
          "DevOps Engineer, Dunamu  Sep. 2023 - Mar. 2024",
          "• Ran 3 Kubernetes clusters with 300+ pods",
          "Site Reliability Engineer, Payco  Jan. 2019 - Jun. 2023",
          "• Cut paging alerts by 60% with SLOs for 40 services",
        ),
        jobDescription: [
          "Senior Site Reliability Engineer",
          "",
          "Requirements",
          "- Kubernetes",
          "- SLOs",
        ].join("\n"),
      },
      { now: NOW },
    );
    expect(result.competitiveAnalysis.industryMatch).toBeGreaterThanOrEqual(70);
  });
});

describe("occupation reading", () => {
  const rel = (posting: string[], resume: string[]) =>
    ({
      text: 0.5,
      occupation: 0.4,
      postingOccupations: posting.map((title) => ({ title })),
      resumeOccupations: resume.map((title) => ({ title })),
    }) as unknown as Parameters<typeof occupationReading>[0];
  const posting = ["Software Developers", "Computer Network Architects", "Database Architects"];
  const resume = ["Database Architects", "Computer Network Architects", "Software Developers"];

  it("names an occupation both share only beside a fit that agrees", () => {
    expect(occupationReading(rel(posting, resume), 86)).toBe(
      ": the posting and your resume both read as Software Developers",
    );
    expect(occupationReading(rel(posting, resume), 44)).toBe(
      ": the posting reads as Software Developers, your resume as Database Architects",
    );
  });
});
