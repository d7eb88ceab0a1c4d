import { type TAnalysisResult, ZAnalysisResult } from "@resumelens/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeResume, ENGINE_VERSION, parseResume } from "../src/index.ts";
import { loadFixtures, NOW, nameMatches, specMatchesAny } from "./support.ts";

const fixtures = new Map(loadFixtures().map((f) => [f.slug, f]));
function fixture(slug: string) {
  const f = fixtures.get(slug);
  if (!f) throw new Error(`no fixture ${slug}`);
  return f;
}

function analyze(resumeText: string, jobDescription: string): TAnalysisResult {
  const result = analyzeResume({ resumeText, jobDescription }, { now: NOW });
  const parsed = ZAnalysisResult.safeParse(result);
  expect(parsed.success, parsed.error?.message).toBe(true);
  return result;
}

const matchedNames = (r: TAnalysisResult) => r.skillsMatch.matched.map((m) => m.skill);
const missingNames = (r: TAnalysisResult) => r.skillsMatch.missing.map((m) => m.skill);

const SOFTWARE_JOB = fixture("software-engineer").job;

// The engine's data loads on first use: seconds on a quiet machine, more on a shared one. Loaded
// here, so the first test does not pay for it against its own time limit.
beforeAll(() => {
  analyze("", "Software Engineer\nRequirements: Python");
}, 60_000);

describe("degenerate resumes", () => {
  it("an empty resume scores near zero, matches nothing and says why", () => {
    const r = analyze("", SOFTWARE_JOB);
    expect(r.overallScore).toBeLessThanOrEqual(10);
    expect(r.warnings.length).toBeGreaterThan(0);
    expect(r.skillsMatch.matched).toEqual([]);
    expect(r.experienceComparison.resumeYears).toBe(0);
    expect(r.engineVersion).toBe(ENGINE_VERSION);
  });

  it("a whitespace-only resume is treated as empty", () => {
    const r = analyze(" \n\n\t  \r\n ", SOFTWARE_JOB);
    expect(r.overallScore).toBeLessThanOrEqual(10);
    expect(r.warnings.length).toBeGreaterThan(0);
    expect(r.skillsMatch.matched).toEqual([]);
  });

  it("lorem ipsum scores low and is flagged", () => {
    const lorem =
      `Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.\n\n`.repeat(
        6,
      );
    const r = analyze(lorem, SOFTWARE_JOB);
    expect(r.overallScore).toBeLessThan(25);
    expect(r.warnings.length).toBeGreaterThan(0);
  });

  it("keyboard-mash gibberish scores low and is flagged", () => {
    // Deterministic pseudo-words, so the test never depends on a random seed.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const letters = "qwrtzpsdfghjklxcvbnm";
    const words: string[] = [];
    for (let i = 0; i < 400; i++) {
      let w = "";
      const len = 3 + (next() % 8);
      for (let j = 0; j < len; j++) w += letters[next() % letters.length];
      words.push(w);
    }
    const r = analyze(words.join(" "), SOFTWARE_JOB);
    expect(r.overallScore).toBeLessThan(25);
    expect(r.warnings.length).toBeGreaterThan(0);
  });
});

describe("degenerate job descriptions", () => {
  const resume = fixture("software-engineer").resume;

  it("a posting with no recognisable requirements gives a warning, not a crash", () => {
    const job =
      "We're hiring! Join our amazing, fast-growing family. We work hard, play hard and love what we do.\n\nApply today and let's build something great together. Benefits include free snacks and a dog-friendly office.";
    const r = analyze(resume, job);
    expect(r.warnings.length).toBeGreaterThan(0);
    expect(r.experienceComparison.requiredYears).toBe(0);
  });

  it("an empty posting gives a warning, not a crash", () => {
    const r = analyze(resume, "");
    expect(r.warnings.length).toBeGreaterThan(0);
    expect(r.skillsMatch.missing).toEqual([]);
  });

  it("a posting made only of benefits and equal-opportunity text asks for nothing", () => {
    const job = SOFTWARE_JOB.slice(SOFTWARE_JOB.indexOf("What we offer"));
    const r = analyze(resume, job);
    expect(r.skillsMatch.missing).toEqual([]);
    expect(r.warnings.length).toBeGreaterThan(0);
  });
});

describe("size and encoding", () => {
  it("a 30-page resume (the same resume repeated) is analysed, with the same years", () => {
    const f = fixture("software-engineer");
    const huge = `${f.resume}\n\n`.repeat(45); // ~16,000 words, about 30 pages
    const r = analyze(huge, f.job);
    expect(r.overallScore).toBeGreaterThanOrEqual(0);
    const [lo, hi] = f.expected.resumeYears;
    expect(r.experienceComparison.resumeYears).toBeGreaterThanOrEqual(lo);
    expect(r.experienceComparison.resumeYears).toBeLessThanOrEqual(hi);
  }, 60_000);

  const PLAIN = `Xiaoming Wang
Seattle, WA | xiaoming.wang@example.com | 555-208-4471

EXPERIENCE
Senior Software Engineer | Cafe Lumiere Labs | Seattle, WA
Feb 2021 – Present
- Built certified payment workflows in TypeScript and Node.js for 300 cafes
- Ran services on Kubernetes with Docker and PostgreSQL on AWS
- Set up CI/CD with GitHub Actions and wrote efficient integration tests

Software Engineer | Rainier Freight | Tacoma, WA
06/2017 - 01/2021
- Built REST APIs in JavaScript and TypeScript; first-class offline support
- Kafka consumers for shipment events

EDUCATION
B.S. Computer Science, University of Washington, 2017

SKILLS
TypeScript, JavaScript, Node.js, Kubernetes, Docker, PostgreSQL, AWS, Kafka, CI/CD
`;

  // Same resume as a person might really send it: CJK name, accents, emoji bullets,
  // ligatures from a PDF (ﬁ, ﬂ), soft hyphens, non-breaking spaces and Windows line endings.
  const DECORATED = PLAIN.replace("Xiaoming Wang", "王小明 (Xiaoming Wang)")
    .replace("Cafe Lumiere Labs", "Café Lumière Labs")
    .replace("300 cafes", "300 cafés")
    .replace(/^- /gm, "🚀 ")
    .replace("certified", "certiﬁed")
    .replace("workflows", "workﬂows")
    .replace("first-class", "ﬁrst-class")
    .replace("efficient", "eﬃcient")
    .replace("Kubernetes with", "Kuber\u00adnetes with")
    .replace("TypeScript and Node.js", "Type\u00adScript\u00a0and Node.js")
    .replace("PostgreSQL on", "Postgre\u00adSQL on")
    .replace(/\n/g, "\r\n");

  it("unicode decoration does not change what is matched", () => {
    const job = SOFTWARE_JOB;
    const plain = analyze(PLAIN, job);
    const decorated = analyze(DECORATED, job);
    const sort = (xs: string[]) => [...xs].map((x) => x.toLowerCase()).sort();
    expect(sort(matchedNames(decorated))).toEqual(sort(matchedNames(plain)));
    for (const skill of ["Kubernetes", "TypeScript", "PostgreSQL", "Docker", ["Kafka", "Apache Kafka"]]) {
      expect(specMatchesAny(skill, matchedNames(decorated)), String(skill)).toBe(true);
    }
    expect(decorated.experienceComparison.resumeYears).toBe(plain.experienceComparison.resumeYears);
    expect(Math.abs(decorated.overallScore - plain.overallScore)).toBeLessThanOrEqual(3);
  });

  it("unicode decoration does not break parsing", () => {
    const parsed = parseResume(DECORATED);
    expect(parsed.contact.name).toMatch(/王小明|Xiaoming Wang/);
    expect(parsed.contact.email).toBe("xiaoming.wang@example.com");
    expect(parsed.experience.map((e) => e.start)).toEqual(["2021-02", "2017-06"]);
    expect(parsed.experience[0]?.company ?? "").toContain("Lumière");
  });

  it("Windows line endings alone change nothing", () => {
    const f = fixture("data-analyst");
    const lf = analyze(f.resume, f.job);
    const crlf = analyze(f.resume.replace(/\n/g, "\r\n"), f.job.replace(/\n/g, "\r\n"));
    expect(crlf.overallScore).toBe(lf.overallScore);
    expect(matchedNames(crlf).sort()).toEqual(matchedNames(lf).sort());
    expect(crlf.experienceComparison.resumeYears).toBe(lf.experienceComparison.resumeYears);
  });
});

describe("unrelated pairs", () => {
  it("a nurse's resume against a software job scores below 40", () => {
    const r = analyze(fixture("registered-nurse").resume, SOFTWARE_JOB);
    expect(r.overallScore).toBeLessThan(40);
    expect(specMatchesAny("Kubernetes", missingNames(r))).toBe(true);
  });

  it("a software engineer's resume against a nursing job scores below 40", () => {
    const r = analyze(fixture("software-engineer").resume, fixture("registered-nurse").job);
    expect(r.overallScore).toBeLessThan(40);
  });

  it("a baker's resume against an accounting job scores below 40", () => {
    const r = analyze(fixture("baker").resume, fixture("accountant").job);
    expect(r.overallScore).toBeLessThan(40);
  });

  it("each fixture resume scores higher against its own job than against a far-off one", () => {
    const far: Record<string, string> = {
      "software-engineer": "baker",
      "registered-nurse": "software-engineer",
      accountant: "electrician",
      electrician: "ux-designer",
      "elementary-teacher": "warehouse-associate",
      "ux-designer": "registered-nurse",
    };
    for (const [own, other] of Object.entries(far)) {
      const mine = analyze(fixture(own).resume, fixture(own).job).overallScore;
      const theirs = analyze(fixture(own).resume, fixture(other).job).overallScore;
      expect(mine, `${own} vs ${other}`).toBeGreaterThan(theirs + 15);
    }
  });
});

/**
 * One-letter and common-word skills. Each case is a tiny but realistic posting and resume; the
 * skill must be missing when the resume only has the look-alike, and matched when it has the
 * real thing.
 */
describe("look-alike skills", () => {
  const job = (title: string, req: string) => `${title}
Harborview Systems — Portland, OR

Requirements
- 3+ years of professional experience
- ${req}
- Clear written communication

We are an equal opportunity employer.`;

  const resume = (body: string, skills: string) => `Alex Morgan
Portland, OR | alex.morgan@example.com | 555-100-2000

EXPERIENCE
Software Engineer | Cedar Point Software | Portland, OR
Jan 2020 – Present
${body}

EDUCATION
B.S. Computer Science, Portland State University, 2019

SKILLS
${skills}
`;

  const cases: { name: string; skill: string[]; req: string; lookalike: string; real: string }[] = [
    {
      name: "C vs C#",
      skill: ["C", "C (programming language)"],
      req: "Strong C programming for embedded targets",
      lookalike: resume(
        "- Built desktop tools in C# and .NET\n- Wrote unit tests with NUnit",
        "C#, .NET, SQL",
      ),
      real: resume(
        "- Wrote firmware in C for ARM Cortex-M boards\n- Built test rigs in Python",
        "C, Python, RTOS",
      ),
    },
    {
      name: "Java vs JavaScript",
      skill: ["Java"],
      req: "Java and Spring Boot",
      lookalike: resume(
        "- Built single-page apps in JavaScript and React\n- Wrote Node.js services",
        "JavaScript, React, Node.js",
      ),
      real: resume(
        "- Built order services in Java 17 with Spring Boot\n- Wrote SQL",
        "Java, Spring Boot, SQL",
      ),
    },
    {
      name: "Go vs good/go-live",
      skill: ["Go", "Golang"],
      req: "Experience with Go",
      lookalike: resume(
        "- Led the go-live of the billing system\n- Good at going deep on performance problems",
        "Python, SQL, Docker",
      ),
      real: resume("- Built high-throughput services in Golang\n- Wrote gRPC APIs", "Golang, gRPC, Docker"),
    },
    {
      name: "R vs R&D",
      skill: ["R", "R programming"],
      req: "Statistical modelling in R",
      lookalike: resume(
        "- Supported the R&D team with data pipelines\n- Built dashboards in Python",
        "Python, SQL, Tableau",
      ),
      real: resume("- Built survival models in R (tidyverse, ggplot2)\n- Wrote SQL", "R, SQL, Tableau"),
    },
    {
      name: "Excel vs excellent",
      skill: ["Microsoft Excel", "Excel"],
      req: "Advanced Microsoft Excel",
      lookalike: resume(
        "- Excellent feedback from every client\n- Excelled at cross-team projects",
        "Python, SQL, Jira",
      ),
      real: resume(
        "- Built forecasting models in MS Excel with pivot tables\n- Wrote SQL",
        "Excel, SQL, Jira",
      ),
    },
    {
      name: "Spark vs sparked",
      skill: ["Apache Spark", "Spark"],
      req: "Apache Spark for large-scale data processing",
      lookalike: resume(
        "- Sparked a company-wide interest in data quality\n- Built ETL jobs in Python",
        "Python, SQL, Airflow",
      ),
      real: resume(
        "- Built ETL jobs in PySpark on Databricks\n- Tuned Spark shuffles",
        "Spark, Python, Airflow",
      ),
    },
    {
      name: "Swift vs swift",
      skill: ["Swift"],
      req: "iOS development in Swift",
      lookalike: resume(
        "- Known for swift responses to production incidents\n- Built Android apps in Kotlin",
        "Kotlin, Android, Firebase",
      ),
      real: resume("- Built iOS apps in Swift and SwiftUI\n- Wrote XCTest suites", "Swift, SwiftUI, Xcode"),
    },
  ];

  for (const c of cases) {
    const posting = job("Software Engineer", c.req);

    it(`${c.name}: the look-alike does not match`, () => {
      const r = analyze(c.lookalike, posting);
      expect(specMatchesAny(c.skill, matchedNames(r)), `matched: ${matchedNames(r).join(", ")}`).toBe(false);
      expect(specMatchesAny(c.skill, missingNames(r)), `missing: ${missingNames(r).join(", ")}`).toBe(true);
    });

    it(`${c.name}: the real skill matches`, () => {
      const r = analyze(c.real, posting);
      expect(specMatchesAny(c.skill, matchedNames(r)), `matched: ${matchedNames(r).join(", ")}`).toBe(true);
      expect(specMatchesAny(c.skill, missingNames(r))).toBe(false);
    });
  }

  it("aliases resolve to the canonical skill", () => {
    const posting = job("Platform Engineer", "Kubernetes, PostgreSQL and JavaScript");
    const r = analyze(
      resume("- Ran k8s clusters\n- Tuned Postgres queries\n- Wrote JS tooling", "k8s, Postgres, JS"),
      posting,
    );
    for (const skill of ["Kubernetes", "PostgreSQL", "JavaScript"]) {
      expect(specMatchesAny(skill, matchedNames(r)), `${skill} in ${matchedNames(r).join(", ")}`).toBe(true);
    }
    expect(
      missingNames(r).filter((m) =>
        ["kubernetes", "postgresql", "javascript"].some((s) => nameMatches(s, m)),
      ),
    ).toEqual([]);
  });
});
