/**
 * Checks on the evaluation set itself and on weaken(), independent of the engine: a broken pair
 * or a weakening that leaves a skill behind would make the figures meaningless.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countWords, FIXTURES_DIR, unionYears } from "../support.ts";
import {
  baselines,
  contentWords,
  isReported,
  keywordOverlap,
  loadPairs,
  occupationOf,
  parseSpec,
  TfIdf,
  tokenize,
} from "./metrics.ts";
import { removeSkills, shortenRole, stillContains, surfaceForms, weaken } from "./weaken.ts";

const pairs = loadPairs();

describe("the evaluation set", () => {
  it("has at least 40 pairs over at least 20 occupations", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(40);
    expect(new Set(pairs.map((p) => occupationOf(p.id))).size).toBeGreaterThanOrEqual(20);
  });

  it("reuses the labelled fixtures unchanged", () => {
    const reused = pairs.filter((p) => {
      try {
        readFileSync(join(FIXTURES_DIR, p.id, "resume.txt"));
        return true;
      } catch {
        return false;
      }
    });
    expect(reused.length).toBeGreaterThanOrEqual(12);
    for (const p of reused) {
      expect(p.resume, p.id).toBe(readFileSync(join(FIXTURES_DIR, p.id, "resume.txt"), "utf8"));
      expect(p.job, p.id).toBe(readFileSync(join(FIXTURES_DIR, p.id, "job.txt"), "utf8"));
    }
  });

  for (const p of pairs) {
    describe(p.id, () => {
      it("has realistic texts", () => {
        expect(countWords(p.job)).toBeGreaterThanOrEqual(150);
        expect(countWords(p.resume)).toBeGreaterThanOrEqual(200);
      });

      it("removes skills the resume has and the posting asks for", () => {
        for (const skill of p.spec.removeSkills) {
          expect(stillContains(p.resume, skill), `${skill} in resume`).toBe(true);
          const forms = [skill, ...(p.spec.aliases?.[skill] ?? [])];
          expect(
            forms.some((f) => stillContains(p.job, f)),
            `${skill} in posting`,
          ).toBe(true);
        }
      });

      it("leaves no surface form of a removed skill behind", () => {
        const left = surfaceForms(p.spec).filter((f) => stillContains(p.weakened, f));
        expect(left).toEqual([]);
      });

      it("only deletes: the weakened resume keeps most of its words", () => {
        const before = countWords(p.resume);
        const after = countWords(p.weakened);
        expect(after).toBeLessThan(before);
        expect(after / before).toBeGreaterThan(0.85);
      });

      it("shortens the total experience under any reading of the dates", () => {
        const full = unionYears(p.resume);
        const weak = unionYears(p.weakened);
        expect(weak.min, "strict reading").toBeLessThan(full.min);
        expect(weak.max, "generous reading").toBeLessThan(full.max);
        expect(full.min - weak.min, "at least a quarter-year shorter").toBeGreaterThanOrEqual(0.25);
      });
    });
  }
});

describe("weaken()", () => {
  const resume = [
    "Jordan Lee",
    "EXPERIENCE",
    "Platform Engineer | Acme | Jan 2019 – Present",
    "• Ran k8s clusters (Kubernetes 1.29) with Helm and Terraform",
    "• Built services in JavaScript, Java and Go; good at going deep",
    "• Kubernetes",
    "  - Deployed to Kubernetes and Docker",
    "Software Engineer | Beta | 03/2015 - 12/2018",
    "• Wrote C# and C tools for the R&D team; excellent reviews; Excel reports",
    "SKILLS",
    "Cloud: Kubernetes, k8s",
    "Languages: Java, JavaScript, Go, C",
    "Tools: Docker, Kubernetes, and Helm",
  ].join("\n");

  it("removes every surface form, including aliases, and nothing that merely looks alike", () => {
    const out = removeSkills(resume, {
      removeSkills: ["Kubernetes", "Java", "Go", "C"],
      aliases: { Kubernetes: ["k8s"] },
    });
    for (const gone of ["Kubernetes", "k8s"]) expect(stillContains(out, gone), gone).toBe(false);
    expect(out).not.toMatch(/\bJava\b(?!Script)/);
    expect(out).not.toMatch(/\bGo\b/);
    expect(out).toContain("JavaScript");
    expect(out).toContain("good at going deep");
    expect(out).toContain("C#");
    expect(out).toContain("R&D");
    expect(out).toContain("Excel reports");
    expect(out).toContain("excellent reviews");
  });

  it("is case-insensitive and word-boundary aware", () => {
    const out = removeSkills("Tools: EXCEL, excel and Excelsior; excellent", {
      removeSkills: ["Excel", "Python"],
    });
    expect(out).toBe("Tools: Excelsior; excellent");
    expect(removeSkills("Node.js and JS, JSON", { removeSkills: ["JS", "Ruby"] })).toBe("Node.js and JSON");
    expect(removeSkills("R, R&D, R01 grants", { removeSkills: ["R", "SAS"] })).toBe("R&D, R01 grants");
    expect(removeSkills("C, C++ and C#", { removeSkills: ["C", "Rust"] })).toBe("C++ and C#");
  });

  it("tidies the punctuation the removal leaves behind", () => {
    const out = removeSkills(resume, {
      removeSkills: ["Kubernetes", "Docker"],
      aliases: { Kubernetes: ["k8s"] },
    });
    const lines = out.split("\n");
    expect(lines).toContain("• Ran clusters (1.29) with Helm and Terraform");
    expect(lines).toContain("  - Deployed to");
    expect(lines).toContain("Tools: Helm");
    // "Cloud: Kubernetes, k8s" and "• Kubernetes" are emptied and dropped, not left as husks
    expect(out).not.toMatch(/^Cloud:/m);
    expect(lines).not.toContain("•");
    expect(lines).toContain("Languages: Java, JavaScript, Go, C");
  });

  const cut = (line: string, skills: string[]) => removeSkills(line, { removeSkills: skills });

  it.each([
    ["Python, Kubernetes, SQL", ["Kubernetes"], "Python, SQL"],
    ["Python, SQL, and Kubernetes.", ["Kubernetes"], "Python, SQL."],
    ["Python and Kubernetes, SQL", ["Kubernetes"], "Python and SQL"],
    ["Benefits · FMLA/CFRA/ADA · Payroll", ["FMLA"], "Benefits · CFRA/ADA · Payroll"],
    ["Ran the register (POS), processed returns", ["POS"], "Ran the register, processed returns"],
    ["Balanced cash drawers and prepared deposits", ["cash drawers"], "Balanced and prepared deposits"],
    ["experience with Kubernetes and Docker", ["Kubernetes"], "experience with Docker"],
    ["Strong in 3D CAD, GD&T and simulation", ["GD&T"], "Strong in 3D CAD, simulation"],
    ["moved to k8s (EKS) with Helm", ["k8s", "EKS"], "moved to with Helm"],
    ["Stack (Helm, Kubernetes)", ["Kubernetes"], "Stack (Helm)"],
    ["Skills: Kubernetes, Go", ["Kubernetes"], "Skills: Go"],
    ["Figma · Kubernetes · Sketch · Docker", ["Kubernetes", "Docker"], "Figma · Sketch"],
    ["Train staff on WIC-approved items", ["WIC"], "Train staff on approved items"],
    ["boring. Terraform, Kubernetes and AWS daily", ["Terraform", "Kubernetes"], "boring. AWS daily"],
    ["Backend Engineer — Golang, distributed systems", ["Golang"], "Backend Engineer — distributed systems"],
    ["a tidy queue, and growing MTM services", ["MTM"], "a tidy queue, and growing services"],
    ["OSHA 10-Hour Construction (2024)", ["OSHA 10-Hour Construction"], ""],
  ])("%j without %j → %j", (line, skills, expected) => {
    expect(cut(line, skills)).toBe(expected);
  });

  it("keeps untouched lines, blank lines and Windows line endings exactly", () => {
    const text = "A\r\n\r\nUses Kubernetes daily\r\n  • indented, untouched\r\nEnd";
    const out = removeSkills(text, { removeSkills: ["Kubernetes", "Helm"] });
    expect(out).toBe("A\r\n\r\nUses daily\r\n  • indented, untouched\r\nEnd");
  });

  it("replaces the role's dates", () => {
    const out = shortenRole(resume, { find: "03/2015 - 12/2018", replace: "03/2018 - 12/2018" });
    expect(out).toContain("Software Engineer | Beta | 03/2018 - 12/2018");
    expect(out).not.toContain("03/2015");
  });

  it("throws when the date text is absent or ambiguous", () => {
    expect(() =>
      shortenRole(resume, { find: "Jan 2010 – Dec 2012", replace: "Jan 2012 – Dec 2012" }),
    ).toThrow(/does not occur/);
    expect(() =>
      shortenRole("2019 – 2021 and 2019 – 2021", { find: "2019 – 2021", replace: "2020 – 2021" }),
    ).toThrow(/more than once/);
    expect(() =>
      weaken(resume, {
        removeSkills: ["Kubernetes", "Docker"],
        shortenRole: { find: "June 2020 to Aug 2022", replace: "June 2021 to Aug 2022" },
      }),
    ).toThrow();
  });

  it("does both in one call", () => {
    const out = weaken(resume, {
      removeSkills: ["Terraform", "Helm"],
      shortenRole: { find: "Jan 2019 – Present", replace: "Jan 2024 – Present" },
    });
    expect(out).toContain("Jan 2024 – Present");
    expect(stillContains(out, "Terraform") || stillContains(out, "Helm")).toBe(false);
    expect(out).toContain("• Ran k8s clusters (Kubernetes 1.29)");
  });

  it("rejects malformed specs", () => {
    expect(() => parseSpec({ removeSkills: ["A"], shortenRole: { find: "x", replace: "y" } }, "t")).toThrow(
      /2–4/,
    );
    expect(() => parseSpec({ removeSkills: ["A", "B"] }, "t")).toThrow(/shortenRole/);
    expect(() =>
      parseSpec(
        { removeSkills: ["A", "B"], aliases: { C: ["c"] }, shortenRole: { find: "x", replace: "y" } },
        "t",
      ),
    ).toThrow(/not removed/);
    expect(() =>
      parseSpec({ removeSkills: ["A", "B"], extra: 1, shortenRole: { find: "x", replace: "y" } }, "t"),
    ).toThrow(/unknown key/);
  });
});

describe("metrics helpers", () => {
  it("recognises a removed skill under its aliases and inside a reported phrase", () => {
    expect(isReported("k8s", ["Kubernetes"], ["Kubernetes"])).toBe(true);
    expect(isReported("ServSafe", [], ["servsafe food handler card within 30 days"])).toBe(true);
    expect(isReported("Postgres", ["PostgreSQL"], ["postgresql"])).toBe(true);
    expect(isReported("Java", [], ["JavaScript"])).toBe(false);
    expect(isReported("C", [], ["C#", "C++"])).toBe(false);
  });

  it("tokenises technical words whole", () => {
    expect(tokenize("Node.js, C++ and C# with CI/CD.")).toEqual([
      "node.js",
      "c++",
      "and",
      "c#",
      "with",
      "ci/cd",
    ]);
    expect(contentWords("We require 5+ years of experience with Kubernetes")).toEqual([
      "require",
      "kubernetes",
    ]);
  });

  it("keyword overlap and TF-IDF prefer the resume that shares the posting's words", () => {
    const job = "Requirements: Kubernetes, Terraform, PostgreSQL";
    expect(keywordOverlap(job, "Kubernetes and Terraform")).toBeCloseTo(2 / 3);
    const model = new TfIdf([job, "Kubernetes Terraform", "Baking bread"]);
    expect(model.cosine(job, "Kubernetes Terraform")).toBeGreaterThan(model.cosine(job, "Baking bread"));
    expect(model.cosine(job, job)).toBeCloseTo(1);
  });

  it("computes both baselines over the set", () => {
    const base = baselines(pairs);
    expect(base.outcomes).toHaveLength(pairs.length);
    for (const x of [base.keywordOverlap, base.tfidf]) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1);
    }
  });
});
