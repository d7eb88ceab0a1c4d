/**
 * The posting's years ask, judged once: the field it names (a list of alternatives, an acronym a
 * title spells) and the experience fit's relevant years never disagree without the row saying why.
 * Texts written for these tests.
 */
import { describe, expect, it } from "vitest";
import { NOW } from "../../test/support.ts";
import { parseResume } from "../index.ts";
import { experienceAsk, fieldAlternatives } from "../job/parse-job.ts";
import { analyzeResume, engineData } from "./analyze.ts";
import { rolesForField } from "./match.ts";
import { indexResume } from "./resume-index.ts";

const askIn = (text: string) =>
  experienceAsk({ text, priority: "Required", section: "requirements", lineIndex: 0 })?.field ?? null;

describe("the field of a years ask", () => {
  it.each([
    [
      "7+ years of experience in SRE, DevOps or infrastructure engineering",
      "SRE, DevOps or infrastructure engineering",
    ],
    [
      "5 years in QA, test automation, or release engineering, preferably in fintech",
      "QA, test automation or release engineering",
    ],
    // A comma that starts another ask, not a list of fields.
    [
      "3 years as a Food Preparation worker, 5 years as an Audio and Video technician, and 4 years as a Cook",
      "Food Preparation worker",
    ],
    // "And" inside a name is no list.
    ["4 years as an Audio and Video technician", "Audio and Video technician"],
    ["5+ years of experience in payroll, with ADP", "payroll"],
  ])("%s", (line, field) => {
    expect(askIn(line)).toBe(field);
  });

  it("splits alternatives on commas and 'or', and on 'and' only inside a comma list", () => {
    expect(fieldAlternatives("SRE, DevOps or infrastructure engineering")).toEqual([
      "SRE",
      "DevOps",
      "infrastructure engineering",
    ]);
    expect(fieldAlternatives("sales and marketing")).toEqual(["sales and marketing"]);
    expect(fieldAlternatives("nursing or home care")).toEqual(["nursing", "home care"]);
  });
});

describe("roles in the field", () => {
  const resume = parseResume(
    [
      "Min-jun Park",
      "min.jun@example.com",
      "",
      "Experience",
      "Founding Member & Site Reliability Engineer & Infrastructure Team Lead, Payco  Mar. 2021 - Jun. 2023",
      "• Ran the Kubernetes platform for 40 services",
      "Quality Assurance Analyst, Shopline  Jan. 2018 - Feb. 2021",
      "• Wrote 300 automated regression tests",
      "Barista, Bean There  Jan. 2016 - Dec. 2017",
      "• Served 200 customers a day",
    ].join("\n"),
    { now: NOW },
  );
  const index = indexResume(resume, engineData().taxonomy);
  const titles = (field: string, titlesOnly = false) =>
    rolesForField(index, field, titlesOnly).map((e) => resume.experience[e]?.title);

  it("reads an acronym a title spells, in any part of a compound title", () => {
    expect(titles("SRE", true)).toEqual([
      "Founding Member & Site Reliability Engineer & Infrastructure Team Lead",
    ]);
    expect(titles("QA", true)).toEqual(["Quality Assurance Analyst"]);
  });

  it("counts a role in any of the alternatives, never one in none", () => {
    expect(titles("SRE, DevOps or QA", true)).toHaveLength(2);
    expect(titles("SRE, DevOps or QA")).not.toContain("Barista");
  });
});

describe("the years row and the experience fit", () => {
  const posting = [
    "Senior Site Reliability Engineer",
    "",
    "Requirements",
    "- 5+ years of experience in SRE, DevOps or infrastructure engineering",
    "- Kubernetes and Terraform",
  ].join("\n");

  it("meets a field named by its acronym, and says the same years as the breakdown", () => {
    const resume = [
      "Min-jun Park",
      "min.jun@example.com",
      "",
      "Experience",
      "Site Reliability Engineer, Payco  Jan. 2019 - May 2026",
      "• Ran Kubernetes clusters for 40 services and cut paging alerts by 60%",
      "• Wrote Terraform modules used by 12 teams",
    ].join("\n");
    const result = analyzeResume({ resumeText: resume, jobDescription: posting }, { now: NOW });
    const row = result.experienceComparison.jobRequirements.find((r) => r.requirement.startsWith("5+ years"));
    expect(row?.status).toBe("matched");
    expect(row?.matchingExperience).toContain(
      "in roles matching 'SRE, DevOps or infrastructure engineering'",
    );
    expect(result.experienceComparison.assessment).toBe("Well-matched");
    // The fit's figure tells the same story here: it is not repeated beside the field's.
    expect(row?.matchingExperience).not.toContain("relevant years in all");
  });

  it("never marks the years missing while the breakdown finds enough relevant years", () => {
    // No title names the field; the roles are relevant by their skills.
    const resume = [
      "Min-jun Park",
      "min.jun@example.com",
      "",
      "Experience",
      "Cloud Consultant, Payco  Jan. 2019 - May 2026",
      "• Ran Kubernetes clusters for 40 services and cut paging alerts by 60%",
      "• Wrote Terraform modules used by 12 teams",
    ].join("\n");
    const result = analyzeResume({ resumeText: resume, jobDescription: posting }, { now: NOW });
    const fit = result.experienceComparison;
    const row = fit.jobRequirements.find((r) => r.requirement.startsWith("5+ years"));
    expect(fit.relevantYears).toBeGreaterThanOrEqual(5);
    expect(row?.status).toBe("matched");
    expect(row?.matchingExperience).toContain(`${fit.relevantYears} relevant years of 5 asked`);
  });
});

describe("rows of a posting's other asks", () => {
  const resume = (education: string) =>
    [
      "Min-jun Park",
      "min.jun@example.com",
      "",
      "Experience",
      "Data Analyst, Payco  Jan. 2019 - May 2026",
      "• Built 30 Tableau dashboards used by 200 managers",
      "",
      "Education",
      education,
    ].join("\n");
  const rowFor = (education: string, degreeLine: string) =>
    analyzeResume(
      {
        resumeText: resume(education),
        jobDescription: ["Data Analyst", "", "Requirements", `- ${degreeLine}`, "- Tableau"].join("\n"),
      },
      { now: NOW },
    ).experienceComparison.jobRequirements.find((r) => r.requirement.startsWith(degreeLine.slice(0, 12)));

  it("gives a required degree its row, met by the resume's degree line or named missing", () => {
    const met = rowFor(
      "B.S. Statistics, State University, 2018",
      "Bachelor's degree in Statistics or a related field",
    );
    expect(met?.status).toBe("matched");
    expect(met?.evidence?.text).toContain("B.S. Statistics");
    const short = rowFor("B.S. Statistics, State University, 2018", "Doctoral degree (Ph.D.) in Statistics");
    expect(short?.status).toBe("missing");
    expect(short?.matchingExperience).toContain("below the degree asked");
  });

  it("reads an appointment's length as no years of experience asked", () => {
    const result = analyzeResume(
      {
        resumeText: resume("B.S. Statistics, State University, 2018"),
        jobDescription: [
          "Data Analyst",
          "",
          "Requirements",
          "- Tableau",
          "- Initial appointments to last longer than 1 year, but NTE 4 years.",
        ].join("\n"),
      },
      { now: NOW },
    );
    expect(result.experienceComparison.requiredYears).toBe(0);
  });
});
