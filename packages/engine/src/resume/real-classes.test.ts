// Classes of real resumes the parser once misread (issue 16), each with the ATS review's view of
// it: a field read right must never raise the alarm that says it is missing.
import { describe, expect, it } from "vitest";
import { analyzeResume } from "../analysis/analyze.ts";
import { normalizeText } from "../text/normalize.ts";
import { findDateRanges, findSingleDates } from "./dates.ts";
import { parseResume } from "./parse-resume.ts";

const NOW = new Date("2026-11-26T00:00:00Z");
const JOB = [
  "Senior Accountant",
  "Requirements:",
  "- 3+ years of accounting experience",
  "- Excel, QuickBooks and GAAP",
  "- Bachelor's degree in Accounting",
].join("\n");

const parse = (lines: string[]) => parseResume(normalizeText(lines.join("\n")), { now: NOW });
const roles = (lines: string[]) =>
  parse(lines).experience.map((e) => [e.title, e.company, e.start, e.end] as const);
const issues = (lines: string[]) =>
  analyzeResume({ resumeText: lines.join("\n"), jobDescription: JOB }, { now: NOW }).atsAnalysis.issues.map(
    (i) => i.issue,
  );

const BODY = [
  "EXPERIENCE",
  "Senior Accountant",
  "Acme Corp | Jan 2019 - Present",
  "• Closed the books for 12 entities every month",
  "EDUCATION",
  "B.S. in Accounting, State University, 2015",
  "SKILLS",
  "Excel, QuickBooks, GAAP",
];

describe("names", () => {
  it("joins a name set one word per line (first name above last name)", () => {
    const lines = ["MARIA", "GONZALEZ-LOPEZ", "maria@example.com | (555) 555-0123", "", ...BODY];
    expect(parse(lines).contact.name).toBe("MARIA GONZALEZ-LOPEZ");
    expect(issues(lines)).not.toContain("Your name could not be found at the top.");
  });

  it("joins a letter-spaced name", () => {
    expect(parse(["J O R D A N   R E Y E S", "jordan@example.com", ...BODY]).contact.name).toBe(
      "JORDAN REYES",
    );
  });

  it("joins a name set one word per line in capitals, right above the contact line", () => {
    const lines = ["LIAM", "DUBOIS", "liam.dubois@example.com +1 495-555-0146", "", ...BODY];
    expect(parse(lines).contact.name).toBe("LIAM DUBOIS");
    expect(parse(lines).sections).not.toContain("DUBOIS");
  });

  it("splits a letter-spaced name whose word gaps were lost where the email agrees with it", () => {
    const name = (joined: string, email: string) =>
      parse([joined, `${email} | (555) 555-0123`, ...BODY]).contact.name;
    expect(name("SAMUELLEEDUBOIS", "samueldubois@example.org")).toBe("SAMUEL LEE DUBOIS");
    expect(name("MATEOKAYOKAFOR", "mateo_okafor7@example.com")).toBe("MATEO KAY OKAFOR");
    expect(name("AMARARODRIGUEZ", "a.rodriguez@example.com")).toBe("AMARA RODRIGUEZ");
    expect(name("JOHNSMITH", "jsmith@example.com")).toBe("JOHN SMITH");
  });

  it("finds the name on the email's line in a running footer", () => {
    const lines = [...BODY, "", "Ingrid Müller ingrid_muller90@example.net +44 20 7946 0435 Manchester, UK"];
    expect(parse(lines).contact.name).toBe("Ingrid Müller");
    expect(issues(lines)).not.toContain("Your name could not be found at the top.");
  });

  it("finds the name after a sidebar, above an inline heading, and never takes a degree or a heading", () => {
    const lines = [
      "elena@example.net",
      "504 555 0151",
      "SUMMARY OF SKILLS",
      "Tools: Excel, Word",
      "Education",
      "B.S. Mechanical Engineering",
      "Pine Hill College, 2018",
      "ELENA JEAN FITZGERALD",
      "Career Summary: Park warden with six years on patrol.",
      "Work Experience",
      "Northwind Group — Park Warden  06/2024 — Present",
      "• Issued citations",
    ];
    expect(parse(lines).contact.name).toBe("ELENA JEAN FITZGERALD");
  });

  it("never takes an employer below the header for the name", () => {
    const lines = ["maria@example.com", "EXPERIENCE", "Acme Corp | Jan 2019 - Present", "• Closed books"];
    expect(parse(lines).contact.name).toBeNull();
  });
});

describe("phones", () => {
  for (const phone of [
    "(555) 555–0123",
    "555.555.0123",
    "555 555 0123",
    "+1 555-555-0123",
    "(909) 555-\u00AD\u20105555",
  ]) {
    it(`reads ${JSON.stringify(phone)} and raises no 'No phone number'`, () => {
      const lines = ["Maria Lopez", `maria@example.com | ${phone}`, ...BODY];
      expect(parse(lines).contact.phone?.replace(/\D/g, "").slice(-7)).toMatch(/^555\d{4}$/);
      expect(issues(lines)).not.toContain("No phone number was found.");
    });
  }

  it("keeps a country code written in brackets", () => {
    expect(parse(["Maria Lopez", "• (+1) 312-555-0123 | maria@example.com", ...BODY]).contact.phone).toBe(
      "(+1) 312-555-0123",
    );
  });
});

describe("role shapes", () => {
  it("reads the title from the bullet under a bare date line", () => {
    const lines = [
      "Alex Kim",
      "alex@example.com",
      "Experience",
      "2019 – Present",
      "• Senior Accountant, Gamma Inc",
      "• Led month-end close for 12 entities",
      "2016 – 2019",
      "• Staff Accountant, Delta LLC",
      "• Prepared journal entries",
    ];
    expect(roles(lines)).toEqual([
      ["Senior Accountant", "Gamma Inc", "2019-01", null],
      ["Staff Accountant", "Delta LLC", "2016-01", "2019-01"],
    ]);
  });

  it("reads date-first lines with the employer after a comma", () => {
    const lines = [
      "Sam Lee",
      "Experience",
      "2019 – 2021  Senior Analyst, Acme Corp",
      "• Built forecasting models",
      "03/2016 – 12/2018  Analyst, Beta Inc.",
      "• Reported weekly",
    ];
    expect(roles(lines)).toEqual([
      ["Senior Analyst", "Acme Corp", "2019-01", "2021-01"],
      ["Analyst", "Beta Inc.", "2016-03", "2018-12"],
    ]);
  });

  it("keeps a title before 'Remote' as the title", () => {
    const lines = [
      "Jane Smith",
      "Experience",
      "Globex Corporation  Mar 2019 – Dec 2021",
      "Software Engineer · Remote",
      "• Built a pipeline",
    ];
    expect(roles(lines)).toEqual([["Software Engineer", "Globex Corporation", "2019-03", "2021-12"]]);
  });

  it("keeps roles with a template's placeholder dates and flags the placeholder", () => {
    const lines = [
      "Pat Doe",
      "pat@example.com | (555) 555-0199",
      "Experience",
      "Accountant",
      "Northwind Traders | March 20XX - Current",
      "• Reconciled 40 accounts a month",
      ...BODY.slice(4),
    ];
    expect(roles(lines)).toEqual([["Accountant", "Northwind Traders", null, null]]);
    expect(issues(lines)).toContain("Template placeholder text was left in: 'March 20XX - Current'.");
    expect(issues(BODY)).not.toEqual(expect.arrayContaining([expect.stringMatching(/placeholder/)]));
  });
});

describe("employers, places and the lines around a role", () => {
  const header = (...rows: string[]) => roles(["Jo Doe", "Experience", ...rows, "• Did the work every week"]);

  it("reads an employer before a country as the employer, not as a city", () => {
    expect(header("Full-Stack Developer — Northwind Bank, India", "Aug 2023 - Present")).toEqual([
      ["Full-Stack Developer", "Northwind Bank", "2023-08", null],
    ]);
  });

  it("keeps a university's campus with it and takes the title from the line without the place", () => {
    const parsed = parse([
      "Jo Doe",
      "Experience",
      "University of California, Berkeley  Berkeley, CA",
      "Transfer Center Peer  September 2025-Present",
      "• Designed flyers for the centre",
    ]).experience[0];
    expect([parsed?.title, parsed?.company, parsed?.location]).toEqual([
      "Transfer Center Peer",
      "University of California, Berkeley",
      "Berkeley, CA",
    ]);
  });

  it("judges a title without its note and keeps an organisation's initials with its name", () => {
    expect(
      header(
        "R.O.K Cyber Command, MND  Seoul, S.Korea",
        "Software Engineer & Security Researcher (Compulsory Military Service)  Aug. 2014 Apr. 2016",
      ),
    ).toEqual([
      [
        "Software Engineer & Security Researcher (Compulsory Military Service)",
        "R.O.K Cyber Command, MND",
        "2014-08",
        "2016-04",
      ],
    ]);
  });

  it("reads an employer ending in 'Co.' under a bare date line as the role, not as a sentence", () => {
    expect(
      roles([
        "Jo Doe",
        "Experience",
        "June 2013 to August 2017",
        "Fee Clerk, Silverline Builders Co.",
        "Performed bookkeeping work, including posting data",
        "Kept records of invoices",
        "July 2010 to June 2013",
        "Voucher Clerk, Granite Peak Services LLC",
        "Posted stop-payment notices",
      ]),
    ).toEqual([
      ["Fee Clerk", "Silverline Builders Co.", "2013-06", "2017-08"],
      ["Voucher Clerk", "Granite Peak Services LLC", "2010-07", "2013-06"],
    ]);
  });

  it("reads a title that is also a heading word ('Volunteer') under a dated line as the title", () => {
    const parsed = parse([
      "Jo Doe",
      "Volunteer Experience",
      "LionLike MindState, Pomona, CA  June 2012 – Present",
      "Volunteer",
      "• Plan two yearly outreach events",
      "Skills",
      "Excel",
    ]);
    expect(parsed.experience.map((e) => [e.title, e.company, e.section])).toEqual([
      ["Volunteer", "LionLike MindState", "volunteer"],
    ]);
    expect(parsed.skills).toEqual(["Excel"]);
  });

  it("does not read 'Remote' on the line below as the country of the employer", () => {
    expect(
      header("Senior Support Specialist, Maple Tech Helpdesk  Aug 2017 - May 2019", "Remote")[0]?.slice(0, 2),
    ).toEqual(["Senior Support Specialist", "Maple Tech Helpdesk"]);
  });

  it("keeps two roles held at once as one title when the employer stands apart", () => {
    expect(
      header(
        "Docent, Library Collections Assistant | Japanese American Museum of San Jose  May 2023 - June 2024",
      ),
    ).toEqual([
      ["Docent, Library Collections Assistant", "Japanese American Museum of San Jose", "2023-05", "2024-06"],
    ]);
    expect(header("Acme, Software Engineer | Seattle, WA  May 2023 - June 2024")[0]?.slice(0, 2)).toEqual([
      "Software Engineer",
      "Acme",
    ]);
  });

  it("reads an expected end date", () => {
    expect(
      header("Machine Learning Lab  Pohang", "Researcher  Mar. 2016 Exp. Jun. 2017")[0]?.slice(2),
    ).toEqual(["2016-03", "2017-06"]);
    expect(header("Research Assistant, Vision Lab  Sep 2022 – Expected May 2026")[0]?.slice(2)).toEqual([
      "2022-09",
      "2026-05",
    ]);
  });

  it("reads 'Remote Monitor' as a title and 'University Faculty Member' as a title, not a place or a campus", () => {
    expect(
      roles([
        "Jo Doe",
        "Experience",
        "2014 - 2015",
        "Remote Monitor, Granite Peak Analytics",
        "• Watched the line",
        "University Faculty Member, Cascade Manufacturing  2006 - 2009",
        "• Taught",
      ]).map((r) => r.slice(0, 2)),
    ).toEqual([
      ["Remote Monitor", "Granite Peak Analytics"],
      ["University Faculty Member", "Cascade Manufacturing"],
    ]);
    expect(
      parse(["Jo Doe", "Experience", "Data Analyst, Acme  2001 - 2003", "Remote (US)"]).experience[0]
        ?.location,
    ).toBe("Remote (US)");
  });

  it("reads 'dates  Employer — Title' with the title after the dash", () => {
    expect(header("Jun 2015 — Aug 2017  Cascade Partners — Activities Coordinator")).toEqual([
      ["Activities Coordinator", "Cascade Partners", "2015-06", "2017-08"],
    ]);
  });

  it("still reads a city with a state after an employer", () => {
    expect(header("Reliability Lead  Jun 2024 – Present", "Initech Robotics, Denver, CO")).toEqual([
      ["Reliability Lead", "Initech Robotics", "2024-06", null],
    ]);
  });

  it("does not take a bullet drawn without a marker as the employer", () => {
    expect(
      roles([
        "Jo Doe",
        "Experience",
        "Acme Cloud, Inc. — Solutions Engineer, Jan 2021 - Present",
        "Migrated 40+ services to a multi-region architecture cutting latency 30%",
        "Led a cost-optimization effort saving $250K annually",
      ]),
    ).toEqual([["Solutions Engineer", "Acme Cloud, Inc.", "2021-01", null]]);
  });

  it("does not take the tail of a sentence ending on a function word as the next role's header", () => {
    const parsed = roles([
      "Jo Doe",
      "Experience",
      "University Library  Berkeley, CA",
      "Student Assistant  September 2023-Present",
      "Designed flyers and posters to advertise the library's offerings for newsletters using",
      "Canva and Adobe",
      "Freelance  Berkeley, CA",
      "English Tutor  March 2023-December 2024",
      "Taught eight high school students",
    ]);
    expect(parsed[1]).toEqual(["English Tutor", "Freelance", "2023-03", "2024-12"]);
  });
});

describe("end dates and ranges", () => {
  for (const end of ["pres.", "Current", "to date", "Present", "Now"]) {
    it(`reads 'Jan 2019 – ${end}' as ongoing`, () => {
      const [range] = findDateRanges(`Jan 2019 – ${end}`, NOW);
      expect(range?.present).toBe(true);
    });
  }

  it("reads a range whose dash is an invisible glyph ('Sep. 2023 Mar. 2024', LaTeX soft hyphen)", () => {
    const [range] = findDateRanges("DevOps Engineer  Sep. 2023 Mar. 2024", NOW);
    expect(range?.text).toBe("Sep. 2023 Mar. 2024");
    expect(normalizeText("Sep. 2023 \u00AD Mar. 2024")).toBe("Sep. 2023 - Mar. 2024");
    // Inside a word the soft hyphen is a hyphenation hint and goes.
    expect(normalizeText("manage\u00ADment")).toBe("management");
  });

  it("does not read a footer's day date as a role", () => {
    expect(findSingleDates("June 3, 2026  Jane Smith · Résumé  1", NOW)).toEqual([]);
    expect(findSingleDates("Updated 3 June 2026", NOW)).toEqual([]);
  });
});

describe("section headings", () => {
  for (const heading of ["Summary of Skills", "Core Competencies", "Technical Proficiencies"]) {
    it(`'${heading}' is a skills section`, () => {
      const lines = [
        "Maria Lopez",
        "maria@example.com | (555) 555-0123",
        ...BODY.slice(0, 6),
        heading,
        "Excel, GAAP",
      ];
      expect(parse(lines).skills).toEqual(["Excel", "GAAP"]);
      expect(issues(lines)).not.toContain("No skills section was found.");
    });
  }

  it("reads a heading with its text on the same line ('Professional Summary: …')", () => {
    const lines = [
      "Maria Lopez",
      "maria@example.com | (555) 555-0123",
      "Professional Summary: Accountant with six years in audit and tax.",
      ...BODY.slice(0, 6),
      "Core Competencies: Excel, QuickBooks, GAAP",
    ];
    const parsed = parse(lines);
    expect(parsed.summary).toBe("Accountant with six years in audit and tax.");
    expect(parsed.skills).toEqual(["Excel", "QuickBooks", "GAAP"]);
    expect(issues(lines)).not.toContain("There is no summary at the top.");
    expect(issues(lines)).not.toContain("No skills section was found.");
  });

  it("reads a heading a narrow label column wrapped over two lines", () => {
    const lines = [
      "Jo Doe",
      "jo@example.com | (555) 555-0123",
      "Experience",
      "Clerk, Acme Inc  2019 - 2021",
      "• Filed the records",
      "",
      "Academic",
      "Background",
      "",
      "Bachelor of Science in Accounting",
      "Maple Grove Institute of Technology, 2013",
      "",
      "Technical",
      "Proficiencies",
      "",
      "Excel, Word",
    ];
    const parsed = parse(lines);
    expect(parsed.sections).toEqual(["Experience", "Academic Background", "Technical Proficiencies"]);
    expect(parsed.education[0]?.institution).toBe("Maple Grove Institute of Technology");
    expect(parsed.skills).toEqual(["Excel", "Word"]);
    expect(issues(lines)).not.toContain("No skills section was found.");
  });

  it("leaves a role's own 'Tools: …' line inside the role", () => {
    const lines = [
      "Maria Lopez",
      "Experience",
      "Accountant  Jan 2019 - Present",
      "Tools: NetSuite, Excel",
      "Staff Accountant  Jan 2016 - Dec 2018",
      "• Prepared entries",
    ];
    expect(roles(lines).map((r) => r[0])).toEqual(["Accountant", "Staff Accountant"]);
  });
});

describe("headings, tables and contact lines from resumes written elsewhere", () => {
  it("reads letter-spaced headings whose word gaps were lost, and headings in two languages", () => {
    const parsed = parse([
      "Catherine Ashford",
      "catherine@example.com | 212.555.0109",
      "E X E C U T I V E S U M M A RY",
      "Public-company CFO with 20 years in finance.",
      "PROFESSIONALEXPERIENCE",
      "Chief Financial Officer, Vantage Health  2019 – Present",
      "• Led two IPOs",
      "Ausbildung / Education",
      "MBA, Finance — The Wharton School, University of Pennsylvania",
      "A R E A S O F E X P E RT I S E",
      "Capital Markets, Treasury",
    ]);
    expect(parsed.summary).toBe("Public-company CFO with 20 years in finance.");
    expect(parsed.experience.map((e) => e.title)).toEqual(["Chief Financial Officer"]);
    expect(parsed.education).toHaveLength(1);
    expect(parsed.skills).toEqual(["Capital Markets", "Treasury"]);
  });

  it("reads headings people write informally, after a glyph", () => {
    const parsed = parse([
      "Zoe Whitfield",
      "zoe@example.com",
      "✦ Where I've Worked",
      "Designer, Northwind Studio  2019 – Present",
      "• Drew things",
      "✦ Toolbox",
      "Figma, Illustrator",
      "✦ Schooling",
      "BFA, Graphic Design — School of the Art Institute of Chicago, 2019",
    ]);
    expect(parsed.experience.map((e) => [e.title, e.company])).toEqual([["Designer", "Northwind Studio"]]);
    expect(parsed.skills).toEqual(["Figma", "Illustrator"]);
    expect(parsed.education[0]?.institution).toBe("School of the Art Institute of Chicago");
  });

  it("keeps an employer ending in 'Education' a role's employer, not a heading", () => {
    expect(
      roles([
        "Jo Doe",
        "Experience",
        "Staff Engineer  Jun 2015 - Jan 2019",
        "NGP Professional Education",
        "• Built the reporting pipeline",
      ]),
    ).toEqual([["Staff Engineer", "NGP Professional Education", "2015-06", "2019-01"]]);
  });

  it("skips a table's header row and reads a one-word title with its function", () => {
    expect(
      roles([
        "Jo Doe",
        "Employment",
        "Dates  Position  Company",
        "04/2019 – Now  Warehouse Operations Supervisor  Amazon Fulfillment",
        "02/2015 – 03/2019 Inventory Control Lead  Home Depot Distribution Center",
      ]).map((r) => r.slice(0, 2)),
    ).toEqual([
      ["Warehouse Operations Supervisor", "Amazon Fulfillment"],
      ["Inventory Control Lead", "Home Depot Distribution Center"],
    ]);
    expect(
      roles([
        "Jo Doe",
        "Experience",
        "SVP, FINANCE & CORPORATE DEVELOPMENT",
        "Colgate-Palmolive Company — New York, NY | 2012 – 2019",
        "Led the $850M IPO in 2013; built investor relations.",
      ]).map((r) => r.slice(0, 2)),
    ).toEqual([["SVP, FINANCE & CORPORATE DEVELOPMENT", "Colgate-Palmolive Company"]]);
  });

  it("reads German compound titles and keeps the employer under each role's date line", () => {
    expect(
      roles([
        "Jürgen Müller",
        "Berufserfahrung / Work Experience",
        "09.2021 – 11.2026  Senior Entwicklungsingenieur",
        "Robert Bosch GmbH, Stuttgart",
        "Leitung eines Teams von 5 Ingenieuren.",
        "03.2019 – 08.2021  Entwicklungsingenieur",
        "Mercedes-Benz AG, Sindelfingen",
        "10.2015 – 02.2019  Versuchsingenieur",
        "Porsche AG, Weissach",
      ]).map((r) => r.slice(0, 2)),
    ).toEqual([
      ["Senior Entwicklungsingenieur", "Robert Bosch GmbH"],
      ["Entwicklungsingenieur", "Mercedes-Benz AG"],
      ["Versuchsingenieur", "Porsche AG"],
    ]);
  });

  it("splits skills at the marks designers put between them", () => {
    expect(parse(["Jo Doe", "✦ Toolbox", "Adobe Illustrator ★ Photoshop ◆ Figma"]).skills).toEqual([
      "Adobe Illustrator",
      "Photoshop",
      "Figma",
    ]);
  });

  it("does not call one numeric date style mixed because a role ends 'heute' or 'Present'", () => {
    const resume = (first: string, second: string) => [
      "Jürgen Müller",
      "juergen@example.com | +49 711 2345678",
      "Experience",
      `${first}  Entwicklungsingenieur, Robert Bosch GmbH`,
      "• Led the thermal team",
      `${second}  Versuchsingenieur, Porsche AG`,
      "• Ran the test bench",
    ];
    const mixed = "Dates are written in different formats.";
    expect(issues(resume("09.2021 – heute", "03.2019 – 08.2021"))).not.toContain(mixed);
    expect(issues(resume("09/2021 – Present", "03/2019 – 08/2021"))).not.toContain(mixed);
    expect(issues(resume("Sep 2021 – Present", "03/2019 – 08/2021"))).toContain(mixed);
  });

  it("leaves interests out of the skills", () => {
    expect(parse(["Jo Doe", "Skills", "Excel, SQL", "Interests: Marathon running, chess"]).skills).toEqual([
      "Excel",
      "SQL",
    ]);
  });

  it("finds the place after a glyph, in a street address, after a postcode, beside a link or in a sidebar", () => {
    const place = (...contact: string[]) =>
      parse(["Jo Doe", ...contact, "Experience", "Clerk, Acme Inc  2019 - 2021"]).contact.location;
    expect(place("📍 Austin, TX | jo@example.com")).toBe("Austin, TX");
    expect(place("2200 Wilson Blvd, Arlington, VA 22201", "Email: jo@example.com")).toBe("Arlington, VA");
    expect(place("Königstraße 12, 70173 Stuttgart · +49 711 2345678 · jo@example.com")).toBe("Stuttgart");
    expect(place("jo@example.com", "San Francisco, CA linkedin.com/in/jodoe")).toBe("San Francisco, CA");
  });
});

describe("resumes written outside the US (a second outside review)", () => {
  const header = (...rows: string[]) => roles(["Jo Doe", "Experience", ...rows, "• Did the work every week"]);

  it("reads day-first dates and 'since' in other languages", () => {
    expect(header("HR Business Partner, Belfast Trust  01/03/2022 – present")[0]?.slice(2)).toEqual([
      "2022-03",
      null,
    ]);
    expect(header("HR Assistant, Marks & Spencer  15/07/2017 – 31/08/2019")[0]?.slice(2)).toEqual([
      "2017-07",
      "2019-08",
    ]);
    expect(header("Analyst, Acme Inc  07/15/2017 - 08/31/2019")[0]?.slice(2)).toEqual(["2017-07", "2019-08"]);
    expect(header("Chargée de communication, Groupe SEB  Depuis mars 2022")[0]?.slice(2)).toEqual([
      "2022-03",
      null,
    ]);
  });

  it("reads phones written in groups other than 3-3-4", () => {
    const phone = (written: string) =>
      parse(["Jo Doe", `jo@example.com | ${written}`, ...BODY]).contact.phone;
    for (const written of [
      "+46 70 555 12 34",
      "+45 20 55 51 73",
      "06 12 34 56 78",
      "612/555-0108",
      "07700 900461",
    ])
      expect(phone(written)).toBe(written);
  });

  it("finds the name before an address or after a 'Curriculum Vitae' label, and a 'Personal Statement'", () => {
    const uk = parse([
      "Siobhán McAllister 14 Cranmore Gardens, Belfast BT9 6JL · 07700 900461 · siobhan@example.com",
      "Personal Statement",
      "HR advisor with six years in the NHS.",
      ...BODY,
    ]);
    expect([uk.contact.name, uk.contact.location, uk.summary]).toEqual([
      "Siobhán McAllister",
      "Belfast",
      "HR advisor with six years in the NHS.",
    ]);
    expect(
      parse(["Curriculum Vitae Nnamdi Okonkwo-Ferreira, Ph.D.", "nnamdi@example.edu", ...BODY]).contact.name,
    ).toBe("Nnamdi Okonkwo-Ferreira");
  });

  it("reads a short letter-spaced heading, and places before a postcode or without a comma", () => {
    expect(parse(["Jo Doe", "S U M M A RY", "Designer with ten years in print.", ...BODY]).summary).toBe(
      "Designer with ten years in print.",
    );
    const place = (line: string) => parse(["Jo Doe", line, ...BODY]).contact.location;
    expect(place("Lyon (69003) · jo@example.com")).toBe("Lyon");
    expect(
      parse(["Jo Doe", "Experience", "Office Manager, Alvarez Family Dental, Tampa FL  2019 - 2021"])
        .experience[0]?.company,
    ).toBe("Alvarez Family Dental");
  });

  it("reads Spanish and French degree names", () => {
    const degrees = parse([
      "Jo Doe",
      "Education",
      "Máster en Big Data y Analítica — Universidad Politécnica de Madrid, 2018",
      "Licence en Information-Communication — Université Lumière Lyon 2, 2014",
    ]).education.map((e) => [e.degree, e.level]);
    expect(degrees).toEqual([
      ["Máster en Big Data y Analítica", "master"],
      ["Licence en Information-Communication", "bachelor"],
    ]);
  });
});
