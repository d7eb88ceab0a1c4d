import { describe, expect, it } from "vitest";
import { degreeLevel, type EducationEntry, parseEducation } from "./education.ts";

const now = new Date("2026-06-15T00:00:00Z");
const parse = (text: string) => parseEducation(text.trim().split("\n"), now);
/** Degree @ institution (year), the way a reader checks an education section. */
const brief = (entries: EducationEntry[]) =>
  entries.map((e) => `${e.degree ?? "-"} @ ${e.institution ?? "-"} (${e.year ?? "-"})`);

describe("parseEducation", () => {
  it("reads undotted degrees at the start of a line and a year flush right under them", () => {
    const entries = parse(`
MS Data Science
Ridgemont State University  2023
BS Computer Science
Lakeside Institute of Technology  2015 – 2019`);
    expect(brief(entries)).toEqual([
      "MS Data Science @ Ridgemont State University (2023)",
      "BS Computer Science @ Lakeside Institute of Technology (2019)",
    ]);
    expect(entries.map((e) => [e.level, e.field])).toEqual([
      ["master", "Data Science"],
      ["bachelor", "Computer Science"],
    ]);
  });

  it("takes a keyword-less name right under a degree as its school", () => {
    expect(
      brief(
        parse(`
Certificate Program in Applied Analytics  2022
Northwind Continuing Education
B.S. Physics
Reed
Magna Cum Laude
Dean's List 2016–2018`),
      ),
    ).toEqual([
      "Certificate Program in Applied Analytics @ Northwind Continuing Education (2022)",
      "B.S. Physics @ Reed (-)",
    ]);
  });

  it("gives every degree under a school that school, until the next school", () => {
    expect(
      brief(
        parse(`
Eastfield State University  Expected Graduation: May 2027
B.S Business Administration/Management
B.A. Japanese
Kobe Gakuin University  Sep 2024 - July 2025
Study Abroad in Japan - including courses taught in Japanese`),
      ),
    ).toEqual([
      "B.S Business Administration/Management @ Eastfield State University (2027)",
      "B.A. Japanese @ Eastfield State University (2027)",
      "- @ Kobe Gakuin University (2025)",
    ]);
  });

  it("reads school names without a keyword when they lead their degree lines", () => {
    const entries = parse(`
UCLA  Sep 2022 – Present
Ph.D., Applied Mathematics
CMU  May 2022
M.S., Computer Science
Virginia Tech  May 2020
B.S., Computer Science, cum laude, GPA: 3.72/4.00`);
    expect(brief(entries)).toEqual([
      "Ph.D., Applied Mathematics @ UCLA (-)",
      "M.S., Computer Science @ CMU (2022)",
      "B.S., Computer Science @ Virginia Tech (2020)",
    ]);
    expect(entries.map((e) => e.field)).toEqual([
      "Applied Mathematics",
      "Computer Science",
      "Computer Science",
    ]);
  });

  it("keeps the field written after a comma or a colon with the degree", () => {
    const entries = parse(`
Northgate University
Bachelor of Music, Music Composition
| Certificate, Music Business
Expected Graduation: May 2027
University of California, Berkeley  Berkeley, CA
Bachelor of Arts: Major in History, Minor in Rhetoric  2025-2029 (anticipated)
Associate degree, H.R. Management, Bellows College`);
    expect(brief(entries)).toEqual([
      "Bachelor of Music, Music Composition @ Northgate University (-)",
      "Certificate, Music Business @ Northgate University (2027)",
      "Bachelor of Arts: Major in History, Minor in Rhetoric @ University of California, Berkeley (2029)",
      "Associate degree, H.R. Management @ Bellows College (-)",
    ]);
    expect(entries.map((e) => e.field)).toEqual([
      "Music Composition",
      "Music Business",
      "History",
      "H.R. Management",
    ]);
    // A city after the comma is not a field.
    expect(parse("BS Computer Science, Boston, MA").map((e) => [e.degree, e.field])).toEqual([
      ["BS Computer Science", "Computer Science"],
    ]);
  });

  it("reads programmes that name no degree, each with its school on the next line", () => {
    expect(
      brief(
        parse(`
Full-Stack Web Development Program (2022)
General Assembly
Data Analytics Immersive (2021)
BrainStation`),
      ),
    ).toEqual([
      "Full-Stack Web Development Program @ General Assembly (2022)",
      "Data Analytics Immersive @ BrainStation (2021)",
    ]);
  });

  it("joins degree and school names that a narrow column wrapped", () => {
    expect(
      brief(
        parse(`
Associate of Applied
Science in Nursing
Eastlake Institute of
Technology, 2016
Master of Business
Administration
Westbrook Community
College, 2019
Bachelor of Science in
Economics
University of Maple Grove,
2014`),
      ),
    ).toEqual([
      "Associate of Applied Science in Nursing @ Eastlake Institute of Technology (2016)",
      "Master of Business Administration @ Westbrook Community College (2019)",
      "Bachelor of Science in Economics @ University of Maple Grove (2014)",
    ]);
  });

  it("takes the year a range ends in, and the dates line under a degree despite its GPA", () => {
    expect(
      brief(
        parse(`
Ohio Valley State University
Bachelor of Science in Computer Science
Aug. 2021 - May. 2025 · Columbus, Ohio · GPA: 3.7 / 4.0
B.S. Computer Science, State University  2012 - 2016`),
      ),
    ).toEqual([
      "Bachelor of Science in Computer Science @ Ohio Valley State University (2025)",
      "B.S. Computer Science @ State University (2016)",
    ]);
  });

  it("reads a keyword-less school on the degree's own line, and one above with its place", () => {
    expect(
      brief(
        parse(`
Bachelor of Technology in Mechanical Engineering | IIT Bombay | 2018
Master of Science  Data Science  2021`),
      ),
    ).toEqual([
      "Bachelor of Technology in Mechanical Engineering @ IIT Bombay (2018)",
      "Master of Science @ - (2021)",
    ]);
    expect(brief(parse("MIT, Cambridge, MA\nS.B. Physics, 2016"))).toEqual(["S.B. Physics @ MIT (2016)"]);
  });

  it("reads the school after 'from', and names that wrap before 'of' or 'in'", () => {
    expect(
      brief(
        parse(`
B.S. in Computer Science from Stanford University, 2019
Massachusetts Institute
of Technology  2021
Master of Engineering
in Robotics`),
      ),
    ).toEqual([
      "B.S. in Computer Science @ Stanford University (2019)",
      "Master of Engineering in Robotics @ Massachusetts Institute of Technology (2021)",
    ]);
  });

  it("takes neither honours nor certifications under a degree for its school", () => {
    expect(
      brief(
        parse(`
B.S. Computer Science  2019
President's List
AWS Certified Solutions Architect`),
      ),
    ).toEqual(["B.S. Computer Science @ - (2019)"]);
  });

  it("reads a high school's name as the school of the diploma under it", () => {
    expect(parse("Lincoln High School  2012\nHigh School Diploma")).toEqual([
      {
        degree: "High School Diploma",
        field: null,
        institution: "Lincoln High School",
        year: "2012",
        level: "high-school",
      },
    ]);
  });

  it("reads a school written after its dates, as date-left layouts print it", () => {
    expect(
      brief(
        parse(`
2015 – 2019  Stanford University
B.S. Computer Science
2012 – 2014  Caltech
M.S. Physics`),
      ),
    ).toEqual(["B.S. Computer Science @ Stanford University (2019)", "M.S. Physics @ Caltech (2014)"]);
  });

  it("reads a table row (degree, school, year) as a whole, and the next row's school as its own", () => {
    expect(
      brief(
        parse(`
Degree  Institute  Year  CGPA
B.Tech  IIT Delhi  2018  8.5
Class XII  Delhi Public School  2014  92%
MSc Computer Science, ETH Zurich, 2019–2021`),
      ),
    ).toEqual([
      "B.Tech @ IIT Delhi (2018)",
      "- @ Delhi Public School (2014)",
      "MSc Computer Science @ ETH Zurich (2021)",
    ]);
  });

  it("reads the field in capitals, in parentheses, or before a grade, and honours degrees as degrees", () => {
    const entries = parse(`
BACHELOR OF SCIENCE IN PSYCHOLOGY
Wardiere University | 2010 - 2014
Bachelor of Engineering (Computer Engineering)
University of Mumbai
Harvard University  Cambridge, MA
Candidate for Bachelor of Arts in History. GPA 3.5
University of Toronto
Honours Bachelor of Science, Computer Science Specialist  2014 – 2018
B.S. Biology  Pre-Med Track`);
    expect(entries.map((e) => [e.degree, e.field, e.level])).toEqual([
      ["BACHELOR OF SCIENCE IN PSYCHOLOGY", "PSYCHOLOGY", "bachelor"],
      ["Bachelor of Engineering (Computer Engineering)", "Computer Engineering", "bachelor"],
      ["Candidate for Bachelor of Arts in History", "History", "bachelor"],
      ["Honours Bachelor of Science, Computer Science Specialist", "Computer Science Specialist", "bachelor"],
      ["B.S. Biology", "Biology", "bachelor"],
    ]);
  });

  it("reads a field after a colon or in the next column, and a field wrapped onto a line of its own", () => {
    const entries = parse(`
Master of Science – Computer Science  2019
Stanford University
Bachelor of Science: Economics
University of Texas, 2015
Rice University
Bachelor of Science in Computer
Science
2011 - 2015`);
    expect(entries.map((e) => [e.degree, e.field, e.institution])).toEqual([
      ["Master of Science – Computer Science", "Computer Science", "Stanford University"],
      ["Bachelor of Science: Economics", "Economics", "University of Texas"],
      ["Bachelor of Science in Computer Science", "Computer Science", "Rice University"],
    ]);
  });

  it("keeps 'at' inside a school's name, reads schools in other languages, and a school line with a note", () => {
    expect(
      brief(
        parse(`
Doctor of Pharmacy (PharmD), The University of Texas at Austin College of Pharmacy, 2022
M.Sc. Informatics Engineering, Universidade do Porto, 2019
Community College of Allegheny County, coursework in hospitality management`),
      ),
    ).toEqual([
      "Doctor of Pharmacy (PharmD) @ The University of Texas at Austin College of Pharmacy (2022)",
      "M.Sc. Informatics Engineering @ Universidade do Porto (2019)",
      "- @ Community College of Allegheny County (-)",
    ]);
  });

  it("reads a field in parentheses only when it reads as words", () => {
    const fields = parse(`
Master of Public Health (Biostatistics), University of Michigan, 2023
Bachelor of Design (BDes), OCAD University, 2020
Paralegal Certificate (ABA-approved), Hamline University, 2019`).map((e) => e.field);
    expect(fields).toEqual(["Biostatistics", null, null]);
  });

  it("gives dates printed on their own line above each entry to the entry below", () => {
    expect(
      brief(
        parse(`
2019 – 2021
M.S. Computer Science
MIT
2015 – 2019
B.S. Computer Science
Stanford University`),
      ),
    ).toEqual(["M.S. Computer Science @ MIT (2021)", "B.S. Computer Science @ Stanford University (2019)"]);
  });

  it("does not take a name across a blank line for the school (a sidebar's next block)", () => {
    expect(brief(parse("B.S. Nursing  2019\n\nDiego Walker-Rodriguez"))).toEqual(["B.S. Nursing @ - (2019)"]);
  });

  it("ends a degree where its date begins, and reads a field written before the degree", () => {
    const entries = parse(`
Bachelor of Science in Computer Science (Expected 2025)
Stanford University
B.S. Economics, Expected May 2025, University of Chicago
Economics, B.A.  2019
Yale University`);
    expect(entries.map((e) => [e.degree, e.field, e.institution, e.year])).toEqual([
      ["Bachelor of Science in Computer Science", "Computer Science", "Stanford University", "2025"],
      ["B.S. Economics", "Economics", "University of Chicago", "2025"],
      ["Economics, B.A.", "Economics", "Yale University", "2019"],
    ]);
  });
});

describe("parseEducation on lines from an outside review", () => {
  it("reads a bare 'BA' before its field and a year before the degree", () => {
    expect(
      brief(
        parse(`
BA, Economics — Cornell University
2012 Associate of Applied Science, Logistics  Maricopa Community College`),
      ),
    ).toEqual([
      "BA, Economics @ Cornell University (-)",
      "Associate of Applied Science, Logistics @ Maricopa Community College (2012)",
    ]);
  });
});

describe("degreeLevel", () => {
  it("reads a high school's diploma as high school", () => {
    expect(degreeLevel("McNary High School - Diploma, 2022")).toBe("high-school");
  });

  it("reads 'LLM' as a law degree only when a field or 'degree' follows", () => {
    expect(degreeLevel("Bachelor's degree and hands-on experience with LLM tooling")).toBe("bachelor");
    expect(degreeLevel("LLM in Tax Law")).toBe("master");
    expect(degreeLevel("Juris Doctor, 2015")).toBe("doctorate");
  });

  it("reads a high school diploma as high school, not a certificate", () => {
    expect(degreeLevel("High school diploma or GED required")).toBe("high-school");
    expect(degreeLevel("Diploma in Nursing")).toBe("certificate");
  });

  it("reads an undotted degree followed by its capitalised field, not a product", () => {
    expect(degreeLevel("MS Computer Science or a related field")).toBe("master");
    expect(degreeLevel("BS Political Science")).toBe("bachelor");
    expect(degreeLevel("Proficient in MS Office and Excel")).toBeNull();
    expect(degreeLevel("Offices in Boston, MA and Austin, TX")).toBeNull();
  });
});
