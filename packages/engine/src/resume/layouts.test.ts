import { describe, expect, it } from "vitest";
import { parseResume } from "./parse-resume.ts";
import { headingKind } from "./sections.ts";
import { titleScore } from "./titles.ts";

// Layouts met in real PDF resumes (see apps/api/src/modules/documents/pdf): each as its extracted text.
const roles = (text: string) =>
  parseResume(text).experience.map((e) => [e.title, e.company, e.start, e.end] as const);

describe("parseResume on real-world role layouts", () => {
  it("gives every role under a shared-employer banner the banner's employer", () => {
    const text = [
      "DANA RIVERA",
      "dana@example.com",
      "Experience",
      "Acme Corporation",
      "Staff Engineer, Platform Infrastructure  Aug 2024 - Present",
      "• Led the platform team",
      "Senior Engineer, Payments Core  Jul 2022 - Aug 2024",
      "• Built the payments ledger",
      "Engineer, Identity Services  Aug 2020 - Jul 2022",
      "• Shipped single sign-on",
    ].join("\n");
    expect(roles(text)).toEqual([
      ["Staff Engineer", "Acme Corporation", "2024-08", null],
      ["Senior Engineer", "Acme Corporation", "2022-07", "2024-08"],
      ["Engineer", "Acme Corporation", "2020-08", "2022-07"],
    ]);
  });

  it("does not carry a banner over to a role naming its own company", () => {
    const text = [
      "Experience",
      "Acme Corporation",
      "Staff Engineer, Platform  2022 - 2024",
      "• Led the platform team",
      "Analyst, Globex Inc  2019 - 2021",
      "• Built reports",
    ].join("\n");
    expect(roles(text)[1]?.[1]).toBe("Globex Inc");
  });

  it("reads 'Title, Team  dates' over an employer line", () => {
    const text = [
      "Experience",
      "Software Engineer II, Payments Platform  Aug 2024 - Present",
      "Wingtip Financial | Chicago, IL",
      "• Owned the settlement rails",
    ].join("\n");
    expect(roles(text)).toEqual([["Software Engineer II", "Wingtip Financial", "2024-08", null]]);
  });

  it("keeps 'Senior Software Engineer' as the title beside 'Employer — Team'", () => {
    const text = [
      "Experience",
      "Senior Software Engineer",
      "Brightwave Labs — Data Infrastructure",
      "06/2017 – 03/2021 Remote",
      "• Built an ingestion pipeline",
    ].join("\n");
    expect(roles(text)).toEqual([["Senior Software Engineer", "Brightwave Labs", "2017-06", "2021-03"]]);
  });

  it("reads roles dated by a lone year at the end of the employer line", () => {
    const text = [
      "EXPERIENCE",
      "Software Engineer",
      "Globex Corp · Austin, TX · Jan 2016 - Dec 2018",
      "• Built reporting services",
      "Composer",
      "Northwind Ensemble · Boston, MA · 2022",
      "• Wrote the season's score",
      "Curator",
      "Aldous Gallery · 2019",
      "• Curated two exhibitions",
      "EDUCATION",
      "B.S. in Computer Science",
    ].join("\n");
    expect(roles(text)).toEqual([
      ["Software Engineer", "Globex Corp", "2016-01", "2018-12"],
      ["Composer", "Northwind Ensemble", "2022-01", "2022-12"],
      ["Curator", "Aldous Gallery", "2019-01", "2019-12"],
    ]);
  });

  it("reads both of two qualified experience sections", () => {
    expect(headingKind("Performance Experience")).toBe("experience");
    expect(headingKind("Teaching Experience")).toBe("experience");
    const text = [
      "Performance Experience",
      "Lead Vocalist",
      "City Opera Company · New York, NY  2020 - 2023",
      "Teaching Experience",
      "Voice Instructor",
      "Community Music School · Boston, MA  2019 - 2022",
    ].join("\n");
    expect(roles(text).map((r) => r[0])).toEqual(["Lead Vocalist", "Voice Instructor"]);
  });

  it("knows B.M. and B.E. degrees", () => {
    const text = [
      "Education",
      "B.M. in Vocal Performance",
      "Lakeside Conservatory · Chicago, IL  2017",
      "B.E. in Computer Science — Ridgemont Institute of Technology, India",
    ].join("\n");
    expect(parseResume(text).education.map((e) => [e.degree, e.level])).toEqual([
      ["B.M. in Vocal Performance", "bachelor"],
      ["B.E. in Computer Science", "bachelor"],
    ]);
  });

  it("scores a title with a level suffix as a title", () => {
    expect(titleScore("Software Engineer II")).toBeGreaterThanOrEqual(0.9);
    expect(titleScore("Senior Software Engineer")).toBeGreaterThanOrEqual(0.9);
    expect(titleScore("Acme Software")).toBeLessThan(0.4);
  });
});
