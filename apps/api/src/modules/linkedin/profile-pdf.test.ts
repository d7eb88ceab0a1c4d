import { describe, expect, it } from "vitest";
import { parseProfilePdfText } from "./profile-pdf.ts";
import { NotALinkedInFile } from "./types.ts";

/** The text the pipeline extracts from a Save-to-PDF profile: sidebar first, then the main column. */
const MULTI_ROLE = `Contact
sam.rivera@example.com
www.linkedin.com/in/sam-rivera-demo (LinkedIn)

Top Skills
Data Analysis
SQL
Tableau
Languages
Portuguese (Native or Bilingual)
Honors-Awards
Analyst of the Year

Sam Rivera
Lead Data Analyst at Fabrikam Retail | SQL, dbt and
experimentation
Greater Chicago Area

Summary
I turn messy data into decisions.

Experience
Fabrikam Retail
6 years 3 months
Lead Data Analyst
March 2021 - Present (3 years 4 months)
Chicago, Illinois, United States
Own the weekly pricing review used by 40 store managers.
Data Analyst
April 2018 - March 2021 (3 years)
Chicago, Illinois, United States
Built the first A/B testing dashboard.
Tailspin Toys
Junior Analyst
2016 - 2018 (2 years)
Remote
Cleaned sales data in Excel and SQL.
Page 1 of 2

Education
University of Illinois Chicago
Bachelor of Arts - BA, Economics · (2012 - 2016)
City Colleges of Chicago
Page 2 of 2`;

describe("parseProfilePdfText", () => {
  const profile = parseProfilePdfText(MULTI_ROLE);

  it("reads name, a wrapped headline and the location above the first main section", () => {
    expect(profile.name).toBe("Sam Rivera");
    expect(profile.headline).toBe("Lead Data Analyst at Fabrikam Retail | SQL, dbt and experimentation");
    expect(profile.location).toBe("Greater Chicago Area");
  });

  it("reads the Top Skills of the sidebar as skills, and nothing from other sidebar sections", () => {
    expect(profile.skills).toEqual(["Data Analysis", "SQL", "Tableau"]);
  });

  it("reads several roles at one company and a company with one role", () => {
    expect(profile.positions).toEqual([
      {
        company: "Fabrikam Retail",
        title: "Lead Data Analyst",
        startedOn: "Mar 2021",
        finishedOn: null,
        location: "Chicago, Illinois, United States",
        description: "Own the weekly pricing review used by 40 store managers.",
      },
      {
        company: "Fabrikam Retail",
        title: "Data Analyst",
        startedOn: "Apr 2018",
        finishedOn: "Mar 2021",
        location: "Chicago, Illinois, United States",
        description: "Built the first A/B testing dashboard.",
      },
      {
        company: "Tailspin Toys",
        title: "Junior Analyst",
        startedOn: "2016",
        finishedOn: "2018",
        location: "Remote",
        description: "Cleaned sales data in Excel and SQL.",
      },
    ]);
  });

  it("reads schools with and without a degree line, and drops page footers", () => {
    expect(profile.education).toEqual([
      { school: "University of Illinois Chicago", degree: "Bachelor of Arts - BA, Economics" },
      { school: "City Colleges of Chicago", degree: null },
    ]);
  });

  it("finds the header without the blank line, by the name-like line above headline and location", () => {
    const squeezed = MULTI_ROLE.replace(
      "Analyst of the Year\n\nSam Rivera",
      "Analyst of the Year\nSam Rivera",
    );
    const p = parseProfilePdfText(squeezed);
    expect(p.name).toBe("Sam Rivera");
    expect(p.location).toBe("Greater Chicago Area");
  });

  it("refuses text that is not a LinkedIn profile (a resume)", () => {
    const resume =
      "Jordan Doe\njordan@example.com\n\nEXPERIENCE\nEngineer, Acme\n2019 - 2024\n\nEDUCATION\nB.S., 2016";
    expect(() => parseProfilePdfText(resume)).toThrow(NotALinkedInFile);
  });
});
