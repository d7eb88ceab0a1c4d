/**
 * Engine 2: one test (or a few) per failure class found on documents nobody here wrote. Every
 * text below was written for these tests; none is copied from the evaluation data.
 */
import { describe, expect, it } from "vitest";
import { runPipeline } from "../src/analysis/analyze.ts";
import { analyzeResume, parseJobDescription, parseResume } from "../src/index.ts";
import { experienceAsk } from "../src/job/parse-job.ts";
import { degreeLevel } from "../src/resume/parse-resume.ts";
import { NOW, spanishNurseResume } from "./support.ts";

const analyze = (resumeText: string, jobDescription: string) =>
  analyzeResume({ resumeText, jobDescription }, { now: NOW });
const roles = (text: string) =>
  parseResume(text, { now: NOW }).experience.map((e) => [
    e.title,
    e.start?.slice(0, 4) ?? null,
    e.end?.slice(0, 4) ?? null,
  ]);
const requirementNames = (posting: string) =>
  runPipeline({ resumeText: "", jobDescription: posting }, { now: NOW }).requirements.map((r) => r.name);
const missingNames = (r: ReturnType<typeof analyze>) =>
  r.skillsMatch.missing.map((m) => m.skill.toLowerCase());
/** The experience ask of one requirement line. */
const askIn = (text: string) =>
  experienceAsk({ text, priority: "Required", section: "requirements", lineIndex: 0 });
const matchedNames = (r: ReturnType<typeof analyze>) =>
  r.skillsMatch.matched.map((m) => m.skill.toLowerCase());

const HEADER = "Dana Whitfield\ndana.whitfield@example.com | (555) 010-4477 | Tulsa, OK\n\n";
/** Enough ordinary resume text that no test resume is refused as too short to analyze. */
const EDUCATION =
  "\n\nEducation\nAssociate of Applied Science, Tulsa Community College, 2012\nCoursework in communication, safety and math; volunteer with the county food bank on weekends since 2014.";

describe("resume structure: roles however they are written", () => {
  it.each([
    [
      "one line with what was done",
      "Experience\nLine Cook (2015 - 2017): prepped and cooked for 200 covers a night",
      "Line Cook",
      "2015",
      "2017",
    ],
    [
      "a numbered list",
      "Experience\n1. Welder (2019 - 2023)\n2. Welding Helper (2016 - 2019)",
      "Welder",
      "2019",
      "2023",
    ],
    [
      "a narrative line",
      "Experience\nWorked as a Survey Researcher between 2013 and 2016, running phone panels.",
      "Survey Researcher",
      "2013",
      "2016",
    ],
    [
      "'from … to …'",
      "Experience\nServed as a Dental Assistant from 2008 to 2013 at Bright Smiles Dental.",
      "Dental Assistant",
      "2008",
      "2013",
    ],
    [
      "'2001 to 2006'",
      "Experience\n- Tire Technician, Route 9 Tires, 2001 to 2006",
      "Tire Technician",
      "2001",
      "2006",
    ],
    [
      "date first",
      "Experience\n- 2015 - 2016 : Worked as a Roofer's Helper, carried shingles and set ladders.",
      "Roofer's Helper",
      "2015",
      "2016",
    ],
  ])("%s", (_, body, title, start, end) => {
    expect(roles(`${HEADER}${body}`)[0]).toEqual([title, start, end]);
  });

  it("reads a paragraph that tells several roles, one per sentence, and a title that starts with '.'", () => {
    expect(
      roles(
        `${HEADER}Experience\nWorked as a .NET Team Lead from 2016-2020, running the billing rewrite. Before that, served as a Support Analyst for the period 2012-2016. I mentor two juniors.`,
      ),
    ).toEqual([
      [".NET Team Lead", "2016", "2020"],
      ["Support Analyst", "2012", "2016"],
    ]);
  });

  it("reads 'pres.' and 'Current' as still in the role", () => {
    const parsed = parseResume(
      `${HEADER}Experience\nPharmacy Technician, Northgate Pharmacy, Mar 2021 - pres.\nCashier, Northgate Pharmacy, 2019 - Current`,
      { now: NOW },
    );
    expect(parsed.experience.map((e) => e.current)).toEqual([true, true]);
  });

  it("counts a role given as a length of time", () => {
    const result = analyze(
      `${HEADER}Experience\n- 2 years as a Forklift Operator at Ridge Freight, moving 60 pallets a shift.\n- Warehouse Associate (2016 - 2019)`,
      "Forklift Operator\nRequirements\n- 3+ years of warehouse experience\n- Forklift certification",
    );
    expect(result.experienceComparison.resumeYears).toBe(5);
  });

  it("reads markdown headings and bold labels", () => {
    const parsed = parseResume(
      "# Dana Whitfield\n**Email:** dana@example.com\n\n## Experience\n**Line Cook** (2015 - 2017)\n\n## Skills\n- Knife skills",
      { now: NOW },
    );
    expect(parsed.sections).toEqual(["Experience", "Skills"]);
    expect(parsed.experience[0]?.title).toBe("Line Cook");
  });

  it("scores a resume pasted as one line like the same resume with line breaks", () => {
    const resume = `${HEADER}Summary\nLine cook with six years on busy grill and sauté stations.\n\nExperience\n1. Line Cook, Harbor Grill (2019 - 2024)\n- Ran the grill station for 250 covers a night and trained four new cooks\n2. Prep Cook, Harbor Grill (2017 - 2019)\n- Prepped sauces and proteins to par for three services a day\n\nSkills\nKnife skills, food safety, ServSafe, grill, sauté\n\nEducation\nCulinary Arts Certificate, Tulsa Tech, 2017`;
    const posting =
      "Line Cook\nRequirements\n- 3+ years as a line cook\n- ServSafe certification\n- Grill and sauté experience\n- Knife skills";
    const lines = analyze(resume, posting);
    const oneLine = analyze(resume.replace(/\n\s*\n/g, "   ").replace(/\n/g, "  "), posting);
    expect(oneLine.experienceComparison.resumeYears).toBe(lines.experienceComparison.resumeYears);
    expect(Math.abs(oneLine.overallScore - lines.overallScore)).toBeLessThanOrEqual(5);
  });
});

describe("posting parsing", () => {
  it("takes the line under a '## Job title' heading as the title", () => {
    expect(
      parseJobDescription("## Job title\nForklift Operator\n\n## Requirements\n- Forklift certification")
        .title,
    ).toBe("Forklift Operator");
  });

  it("sets aside blurbs, benefits, equal-opportunity text, how to apply and physical-demand tables", () => {
    const posting = [
      "Warehouse Associate",
      "About Ridge Freight",
      "We are a leading provider of regional freight. Our mission is on-time delivery.",
      "What You Bring",
      "- Forklift certification",
      "- Experience with warehouse management systems",
      "Physical Demands",
      "Weight lifted: up to 100 lbs, frequently (34-66% of time)",
      "Standing: constantly (67-100%)",
      "Benefits",
      "- 401(k) match and paid time off",
      "Please submit your resume and a cover letter to jobs@example.com.",
      "Ridge Freight is an equal opportunity employer.",
    ].join("\n");
    const names = requirementNames(posting).join(" | ").toLowerCase();
    expect(names).toMatch(/forklift/);
    expect(names).toMatch(/warehouse management/);
    expect(names).not.toMatch(/leading provider|mission|weight|standing|401|cover letter|equal opportunity/);
  });

  it("reads licence and hour minimums, codes, estimating duties and preferred certifications", () => {
    const posting = [
      "Charter Pilot",
      "Requirements",
      "- 3000 hours total time",
      "- Part 135 experience preferred",
      "- CPR certification preferred",
      "Responsibilities",
      "- Prepare cost estimates and bids for charter trips",
    ].join("\n");
    const p = runPipeline({ resumeText: "", jobDescription: posting }, { now: NOW });
    const byName = new Map(p.requirements.map((r) => [r.name, r]));
    expect(byName.get("3,000 hours of experience")?.kind).toBe("experience");
    expect(byName.get("Part 135")?.priority).toBe("Preferred");
    expect([...byName.keys()].join(" ")).toMatch(/CPR/);
    expect(p.requirements.some((r) => r.concept?.id === "estimating")).toBe(true);
    const pilot = analyze(
      `${HEADER}Experience\nFirst Officer, Skyline Charter (2016 - 2024)\n- Flew Part 135 on-demand charters; 4,200 total hours${EDUCATION}`,
      posting,
    );
    expect(missingNames(pilot)).not.toContain("part 135");
    expect(
      pilot.experienceComparison.jobRequirements.find((r) => /3000 hours/.test(r.requirement))?.fulfilled,
    ).toBe(true);
  });

  it("keeps a list under a lead-in sentence ending in a colon in its section", () => {
    const posting = [
      "Cabinet Maker",
      "## Required Skills",
      "Applicants should bring strengths in:",
      "- Careful measuring",
      "- Finish carpentry",
      "- Reading shop drawings",
      "## Required Experience",
      "- Two years in a cabinet shop",
    ].join("\n");
    const lines = parseJobDescription(posting).requirements.map((r) => r.text);
    expect(lines).toEqual([
      "Careful measuring",
      "Finish carpentry",
      "Reading shop drawings",
      "Two years in a cabinet shop",
    ]);
  });

  it("asks for each term of a skill list, in the posting's words when nothing else names it", () => {
    const names = requirementNames(
      "Line Mechanic\nRequired Skills\nConversant with Torque Calibration, Hydraulic Bleeding, Gear Alignment, inspection and lubrication",
    ).map((n) => n.toLowerCase());
    expect(names).toEqual(
      expect.arrayContaining([
        "torque calibration",
        "hydraulic bleeding",
        "gear alignment",
        "inspection",
        "lubrication",
      ]),
    );
    expect(names.join(" | ")).not.toMatch(/conversant/);
  });

  it("takes no single word cut from a sentence for a requirement", () => {
    const names = requirementNames(
      "Staff Physician\nRequirements\n- Current, full and unrestricted license to practice medicine, or its equivalent, in a State",
    ).map((n) => n.toLowerCase());
    expect(names).not.toContain("current");
    expect(names).not.toContain("full");
    expect(names).not.toContain("equivalent");
    expect(names.join(" | ")).toMatch(/license to practice medicine/);
  });

  it("reads markdown block quotes ('>- item') as plain bullets", () => {
    const lines = parseJobDescription(
      "Baker\n## Requirements\n>- Three years working as a Baker\n> - Food handler card",
    ).requirements.map((r) => r.text);
    expect(lines).toEqual(["Three years working as a Baker", "Food handler card"]);
  });

  it("does not take 'as well as …' for a role asked", () => {
    expect(askIn("Experience building ETL jobs in SSIS as well as scheduling SSRS reports")).toBeNull();
    expect(askIn("Two years of experience as a Report Developer")?.field).toBe("Report Developer");
  });

  it("sets aside notes that only apply to some applicants and definitions", () => {
    const posting = [
      "Supply Technician",
      "Requirements",
      "- Experience with warehouse inventory systems",
      "FOREIGN EDUCATION: If you are using education completed in foreign colleges to meet the qualification requirements, you must show it was evaluated.",
      "Experience refers to paid and unpaid experience, including volunteer work.",
      "This is a Supply Career Field position.",
    ].join("\n");
    expect(parseJobDescription(posting).requirements.map((r) => r.text)).toEqual([
      "Experience with warehouse inventory systems",
    ]);
  });

  it("ends a role asked at 'within' ('Data Analyst within the eCommerce sector')", () => {
    expect(askIn("2 years of experience as a Data Analyst within the eCommerce sector")?.field).toBe(
      "Data Analyst",
    );
  });

  it("does not read 'MS Office' or a state as a degree", () => {
    expect(degreeLevel("Proficient in MS Office")).toBeNull();
    expect(degreeLevel("Boston, MA")).toBeNull();
    expect(degreeLevel("MS in Computer Science")).toBe("master");
    expect(parseJobDescription("Clerk\nRequirements\n- Proficient in MS Office").education).toBeNull();
  });
});

describe("words mistaken for tools", () => {
  it.each([
    ["Act with integrity at all times", /act!/i],
    ["Must be able to access work locations", /access/i],
    ["Fluent in English and Spanish", /^fluent$/i],
    ["Stay calm and polite with difficult passengers", /^calm$|aircraft log/i],
    ["Gets along with the stem cell lab team", /^stem$/i],
  ])("%s names no product", (line, product) => {
    const names = requirementNames(`Case Manager\nRequirements\n- ${line}`);
    expect(names.filter((n) => product.test(n))).toEqual([]);
  });

  it("still reads the products where they are meant", () => {
    const names = requirementNames(
      "Data Clerk\nRequirements\n- Excel proficiency\n- Experience with Microsoft Access and Python",
    ).join(" | ");
    expect(names).toMatch(/Excel/);
    expect(names).toMatch(/Microsoft Access/);
    expect(names).toMatch(/Python/);
  });
});

describe("credentials and their expansions", () => {
  const posting =
    "ICU Registered Nurse\nRequirements\n- Active RN license\n- BLS and ACLS certification\n- 2+ years of ICU experience";
  it("takes 'Registered Nurse' as the RN licence", () => {
    const nurse = analyze(
      `${HEADER}Experience\nRegistered Nurse, ICU, St. Ann's Hospital (2019 - 2025)\n- Cared for 2 ventilated patients a shift\nCertifications\nBasic Life Support; Advanced Cardiac Life Support${EDUCATION}`,
      posting,
    );
    expect(missingNames(nurse)).toEqual([]);
  });

  it("scores a nurse above an accountant for a nursing post", () => {
    const nurse = analyze(
      `${HEADER}Experience\nStaff Nurse, ICU, St. Ann's Hospital (2018 - 2025)\n- Titrated drips and ran codes as a Registered Nurse\nCertifications\nBLS, ACLS${EDUCATION}`,
      posting,
    );
    const accountant = analyze(
      `${HEADER}Experience\nStaff Accountant, Lee & Co (2015 - 2025)\n- Closed the books monthly and reconciled 40 accounts\nSkills\nExcel, QuickBooks, GAAP${EDUCATION}`,
      posting,
    );
    expect(nurse.overallScore).toBeGreaterThan(accountant.overallScore + 30);
  });
});

describe("a name in parentheses after a description", () => {
  const posting =
    "Field Service Technician\nRequirements\n- Working knowledge of Quellmark Dispatch Console (QDC)\n- Skill in reading pressure charts (Chart Analysis)\n- Familiar with lab protocols (e.g. Kestrel) and site rules (in progress)";
  const resume = (body: string) =>
    `${HEADER}Experience\nField Technician, Basin Services (2017 - 2025)\n${body}\n- Serviced 30 wellheads a month across two counties${EDUCATION}`;

  it("reads an acronym or a capitalised name in parentheses as another name of the requirement", () => {
    expect(requirementNames(posting)).toEqual(
      expect.arrayContaining([
        "quellmark dispatch console (QDC)",
        "reading pressure charts (Chart Analysis)",
      ]),
    );
    // Examples and lower-case asides name nothing.
    expect(requirementNames(posting).join(" | ")).not.toMatch(/\((?:e\.g|in progress)/);
  });

  it("meets the requirement by either name, and reports it missing under both when neither is shown", () => {
    const byAcronym = analyze(
      resume("- Configured QDC alarms and Chart Analysis reports for the night crew"),
      posting,
    );
    expect(missingNames(byAcronym).join(" | ")).not.toMatch(/quellmark|chart/);
    const byDescription = analyze(
      resume("- Ran the Quellmark Dispatch Console and read pressure charts every shift"),
      posting,
    );
    expect(missingNames(byDescription).join(" | ")).not.toMatch(/quellmark|chart/);
    const neither = analyze(resume("- Replaced pump seals and kept the truck stocked"), posting);
    expect(missingNames(neither)).toEqual(
      expect.arrayContaining([
        "quellmark dispatch console (qdc)",
        "reading pressure charts (chart analysis)",
      ]),
    );
  });
});

describe("a requirement phrase without its padding", () => {
  it("drops purpose clauses, stock adjectives and discourse words, and keeps acronyms in capitals", () => {
    const names = requirementNames(
      "Planner\nRequirements\n- Ability to perform load grouping to provide insights\n- Comprehensive understanding of pallet consolidation processes\n- Furthermore, in-depth knowledge of QRX routing rules is required\n- Current license to practice equine dentistry",
    );
    expect(names).toEqual(
      expect.arrayContaining([
        "perform load grouping",
        "pallet consolidation processes",
        "QRX routing rules",
      ]),
    );
    expect(names.map((n) => n.toLowerCase())).not.toContain("furthermore");
    // A licence's "to" says what it licenses.
    expect(names.join(" | ")).toMatch(/license to practice equine dentistry/);
  });

  it("meets '<skill> industry / processes / systems' with the skill alone, and not without it", () => {
    const posting =
      "Analyst\nRequirements\n- Background in the cold-chain industry\n- Knowledge of tariff classification processes\n- Experience with QRX systems";
    const resume = (line: string) =>
      `${HEADER}Experience\nLogistics Analyst, Northway (2016 - 2025)\n${line}\n- Cut late shipments by 18% over two years${EDUCATION}`;
    const fits = analyze(
      resume("- Ran cold-chain audits, tariff classification and QRX reports for 40 clients"),
      posting,
    );
    expect(missingNames(fits).join(" | ")).not.toMatch(/cold|tariff|qrx/);
    const other = analyze(resume("- Scheduled carriers and kept the dock plan current"), posting);
    expect(missingNames(other).join(" | ")).toMatch(/cold-chain/);
    expect(missingNames(other).join(" | ")).toMatch(/tariff classification/);
    expect(missingNames(other).join(" | ")).toMatch(/qrx/);
  });

  it("leaves out the sentence frame and a generic first verb: 'the ideal candidate should be acquainted with', 'execution of'", () => {
    const names = requirementNames(
      "Planner\nRequirements\n- The ideal candidate should be well-acquainted with yard slotting\n- Execution of cross-dock initiatives\n- QRX to validate manifests\n- Right to work in the US",
    );
    expect(names).toEqual(expect.arrayContaining(["yard slotting", "cross-dock initiatives", "QRX"]));
    expect(names.map((n) => n.toLowerCase())).not.toContain("right");
  });

  it("reads 'a sentence that leads into a list: A, B, C' as the list, not as a label", () => {
    const names = requirementNames(
      "Clerk\nRequirements\n- The accepted candidate should have the following core skills: Discretion, Quellmark upkeep, Initiative",
    ).map((n) => n.toLowerCase());
    expect(names).toEqual(expect.arrayContaining(["quellmark upkeep", "initiative"]));
    expect(names.join(" | ")).not.toMatch(/candidate|following/);
  });

  it("asks for nothing from a statement about the reader or the process, a web address, or 'to do'", () => {
    const names = requirementNames(
      "Clerk\nRequirements\n- Selection is subject to a background investigation\n- Failure to do so will result in disqualification\n- You'll also need the Quellmark ledger\n- Apply at https://jobs.example.gov/123 today",
    ).map((n) => n.toLowerCase());
    expect(names.join(" | ")).not.toMatch(/subject|disqualif|to-do|http|you'll/);
    // What the reader is told they need is still asked for.
    expect(names).toContain("quellmark ledger");
  });

  it("leaves an acronym that is one of alternatives to the alternatives ('CPA or … (CGFM)')", () => {
    const names = requirementNames(
      "Auditor\nRequirements\n- Active credentials as a Certified Public Accountant (CPA) or Certified Government Financial Manager (CGFM)",
    );
    expect(names).not.toContain("CGFM");
  });

  it("asks for an acronym defined beside a named skill", () => {
    expect(
      requirementNames(
        "Desktop Engineer\nRequirements\n- Proficiency in using the Microsoft Deployment Kitbox (MDK)",
      ),
    ).toContain("MDK");
  });
});

describe("honest matches and advice", () => {
  it("never credits Go or PostgreSQL because the resume shows Angular", () => {
    const result = analyze(
      `${HEADER}Experience\nFrontend Developer, Kite Labs (2019 - 2024)\n- Built 30 Angular screens for the booking flow${EDUCATION}`,
      "Full Stack Developer\nRequirements\n- Golang/PostgreSQL, Angular",
    );
    expect(matchedNames(result)).toEqual(["angular"]);
    expect(missingNames(result)).toEqual(expect.arrayContaining(["golang", "postgresql"]));
  });

  it("reads 'Go or Java' as one requirement, met by the one the resume has", () => {
    const result = analyze(
      `${HEADER}Experience\nBackend Developer, Kite Labs (2019 - 2024)\n- Wrote payment services in Java${EDUCATION}`,
      "Backend Developer\nRequirements\n- Experience with Go or Java",
    );
    expect(result.skillsMatch.matched.map((m) => m.skill)).toContain("Go or Java");
    expect(result.skillsMatch.matched.find((m) => m.skill === "Go or Java")?.evidence?.text).toMatch(/Java/);
    expect(result.skillsMatch.missing).toEqual([]);
  });

  it("does not list a skill the resume shows under an unmet line, and keeps the rest of the line", () => {
    const result = analyze(
      `${HEADER}Experience\nData Engineer, Kite Labs (2019 - 2024)\n- Built nightly loads in Python and Airflow${EDUCATION}`,
      "Data Engineer\nRequirements\n- Strong Python and Scala, with Kafka streaming pipelines",
    );
    const rows = result.experienceComparison.jobRequirements;
    expect(rows.find((r) => r.requirement === "Python")?.fulfilled).toBe(true);
    const unmet = rows.filter((r) => !r.fulfilled);
    expect(unmet.length).toBeGreaterThan(0);
    for (const row of unmet) expect(row.requirement).not.toMatch(/python/i);
    expect(unmet.map((r) => r.requirement).join(" ")).toMatch(/Scala/);
    expect(unmet.map((r) => r.matchingExperience).join(" ")).toMatch(/Scala/);
  });

  it("leaves no dangling cut at either end of a partly met line", () => {
    const result = analyze(
      `${HEADER}Experience\nSupport Engineer, Kite Labs (2019 - 2024)\n- Active listening on 40 calls a day; kept Linux servers patched${EDUCATION}`,
      "Support Engineer\nRequirements\n- Active Listening and Kafka\n- Terraform, and Linux",
    );
    const rows = result.experienceComparison.jobRequirements.map((r) => r.requirement);
    expect(rows).toEqual(expect.arrayContaining(["Active listening", "Kafka", "Linux", "Terraform"]));
    for (const row of rows) expect(row).not.toMatch(/^…|…$|\b(and|or)$/);
  });

  it("does not tell an unrelated candidate to take the posting's title", () => {
    const result = analyze(
      `${HEADER}Experience\nStaff Accountant, Lee & Co (2015 - 2025)\n- Closed the books monthly and reconciled 40 accounts${EDUCATION}`,
      "Staff Physician\nRequirements\n- Board certification in internal medicine\n- Completion of residency training",
    );
    expect(result.recommendations.map((r) => r.title).join("\n")).not.toMatch(/Mirror the title/);
  });

  it("does not take 'Community College' for communication skills", () => {
    const result = analyze(
      `${HEADER}Experience\nWelder, Iron Works (2016 - 2024)\n- MIG and TIG welding of structural steel\n\nEducation\nWelding Certificate, Tulsa Community College, 2015`,
      "Welder\nRequirements\n- Communication skills\n- MIG welding",
    );
    expect(matchedNames(result)).not.toContain("communication skills");
    expect(missingNames(result).join(" ")).toMatch(/communication/);
  });

  it("weighs what a phrase asks, not how well: 'robust security acumen' is met by security work", () => {
    const result = analyze(
      `${HEADER}Experience\nNetwork Administrator, Kite Labs (2019 - 2024)\n- Hardened firewall rules and led network security reviews${EDUCATION}`,
      "Network Administrator\nRequirements\n- Robust network security acumen",
    );
    expect(missingNames(result).join(" ")).not.toMatch(/security/);
  });

  it("does not fill the required skills with English asked of an English resume", () => {
    const result = analyze(
      `${HEADER}Experience\nStaff Accountant, Lee & Co (2015 - 2025)\n- Closed the books monthly and reconciled 40 accounts${EDUCATION}`,
      "Staff Physician\nRequirements\n- Proficiency in spoken and written English\n- Board certification in internal medicine\n- Completion of residency training",
    );
    const required = result.scoreBreakdown.find((c) => c.key === "requiredSkills");
    expect(required?.value ?? 0).toBeLessThan(50);
    expect(result.overallScore).toBeLessThan(30);
  });

  it("never tells the user to write a skill they may not have", () => {
    const result = analyze(
      `${HEADER}Experience\nFrontend Developer, Kite Labs (2019 - 2024)\n- Built the booking flow in TypeScript and React${EDUCATION}`,
      "Backend Engineer\nRequirements\n- Go\n- Kubernetes\n- TypeScript",
    );
    const advice = result.recommendations.map((r) => `${r.title} ${r.description}`).join("\n");
    expect(advice).toMatch(/if you have/i);
    expect(advice).not.toMatch(/write "?Go"? where you describe/i);
    expect(advice).not.toMatch(/^Add Go to your resume/m);
  });
});

describe("experience: relevance, recency, seniority, one number", () => {
  const helpDesk =
    "Help Desk Analyst\nRequirements\n- 3+ years of help desk or IT support experience\n- Windows and Active Directory";
  it("counts an IT support technician's years for a help-desk post", () => {
    const result = analyze(
      `${HEADER}Experience\nIT Support Technician, Plains Health (2013 - 2025)\n- Reset accounts in Active Directory and imaged Windows laptops${EDUCATION}`,
      helpDesk,
    );
    expect(result.experienceComparison.relevantYears ?? 0).toBeGreaterThanOrEqual(10);
    expect(result.experienceComparison.assessment).not.toBe("Under-qualified");
  });

  it("gives an accountant no relevant nursing years", () => {
    const result = analyze(
      `${HEADER}Experience\nSenior Accountant, Lee & Co (2009 - 2025)\n- Led month-end close for 3 entities${EDUCATION}`,
      "Registered Nurse\nRequirements\n- 2+ years of nursing experience\n- RN license",
    );
    expect(result.experienceComparison.relevantYears).toBe(0);
    expect(result.experienceComparison.assessment).toBe("Under-qualified");
  });

  it("counts a nursing job from 1978 for less than last year's", () => {
    const posting = "Registered Nurse\nRequirements\n- 5+ years as a Registered Nurse\n- RN license";
    const old = analyze(
      `${HEADER}Experience\nRegistered Nurse, County Hospital (1978 - 1984)${EDUCATION}`,
      posting,
    );
    const recent = analyze(
      `${HEADER}Experience\nRegistered Nurse, County Hospital (2019 - 2025)${EDUCATION}`,
      posting,
    );
    expect(old.experienceComparison.resumeYears).toBe(recent.experienceComparison.resumeYears);
    expect(old.experienceComparison.relevantYears ?? 0).toBeLessThan(
      (recent.experienceComparison.relevantYears ?? 0) / 2,
    );
  });

  it("keeps an intern at entry level and calls an executive over-qualified for a junior post", () => {
    const posting =
      "Junior Web Developer (entry-level)\nRequirements\n- 1+ year of web development experience\n- JavaScript";
    const intern = analyze(
      `${HEADER}Experience\nSoftware Engineering Intern, Kite Labs (Jun 2025 - Aug 2025)\n- Built 3 JavaScript widgets${EDUCATION}`,
      posting,
    );
    expect(intern.competitiveAnalysis.experienceLevel).toMatch(/^Entry level/);
    const executive = analyze(
      `${HEADER}Experience\nChief Technology Officer, Kite Labs (2005 - 2025)\n- Led 120 engineers building web products in JavaScript\nVP Engineering, Orbit Soft (1987 - 2005)\n- Ran web development`,
      posting,
    );
    expect(executive.experienceComparison.assessment).toBe("Over-qualified");
    expect(executive.competitiveAnalysis.experienceLevel).toMatch(/^Expert/);
  });

  it("derives the gap and the status from the same relevant years", () => {
    const result = analyze(
      `${HEADER}Experience\nStaff Accountant, Lee & Co (2014 - 2025)\n- Reconciled 40 accounts a month${EDUCATION}`,
      "Help Desk Analyst\nRequirements\n- 3+ years of help desk experience",
    );
    const e = result.experienceComparison;
    expect(e.gap).toBeCloseTo((e.relevantYears ?? 0) - e.requiredYears, 5);
    expect(e.assessment === "Under-qualified").toBe(e.gap < -0.5);
  });
});

describe("keyword stuffing", () => {
  const posting = [
    "ICU Registered Nurse",
    "Requirements",
    "- Active RN license and BLS and ACLS certification",
    "- Two or more years of experience caring for critically ill adults in an intensive care unit",
    "- Experience titrating vasoactive drips and managing ventilated patients with the care team",
    "- Epic charting and strong communication with physicians and families",
  ].join("\n");
  const accountant = `${HEADER}Summary\nStaff accountant with ten years of month-end close.\nExperience\nStaff Accountant, Lee & Co (2015 - 2025)\n- Closed the books monthly and reconciled 40 accounts\n- Cut the close from 9 to 6 days by automating accruals\nSkills\nExcel, QuickBooks, GAAP\nEducation\nBS Accounting, State University, 2014`;

  it("gives nothing for the posting pasted under the resume, and flags it", () => {
    const plain = analyze(accountant, posting);
    const stuffed = analyze(`${accountant}\n\n${posting}`, posting);
    expect(stuffed.overallScore - plain.overallScore).toBeLessThanOrEqual(3);
    expect(stuffed.atsAnalysis.issues.some((i) => /repeat the job posting word for word/.test(i.issue))).toBe(
      true,
    );
    expect(stuffed.overallScore).toBeLessThan(40);
  });

  it("counts a bare line of keywords for much less than the same skills shown in a role", () => {
    const plain = analyze(accountant, posting);
    const keywords = analyze(
      `${accountant}\nRN BLS ACLS Epic Ventilator ICU Vasoactive Drips Communication`,
      posting,
    );
    expect(keywords.overallScore - plain.overallScore).toBeLessThan(12);
    const nurse = analyze(
      `${HEADER}Experience\nRegistered Nurse, ICU, St. Ann's Hospital (2018 - 2025)\n- Titrated vasoactive drips and managed 2 ventilated patients a shift; charted in Epic\nCertifications\nBLS, ACLS${EDUCATION}`,
      posting,
    );
    expect(nurse.overallScore).toBeGreaterThan(keywords.overallScore + 25);
  });

  it("reads a skills list that repeats the posting's list as a list, not as copied text", () => {
    const listPosting =
      "Maintenance Technician\nRequired Skills\nEquipment maintenance, troubleshooting, quality control, blueprint reading, welding, time management";
    const resume = `${HEADER}Experience\nMaintenance Technician, Iron Works (2016 - 2024)\n- Kept two packaging lines running\nSkills\nEquipment maintenance, troubleshooting, quality control, blueprint reading, welding, time management${EDUCATION}`;
    const result = analyze(resume, listPosting);
    expect(result.atsAnalysis.issues.some((i) => /word for word/.test(i.issue))).toBe(false);
    expect(matchedNames(result)).toEqual(expect.arrayContaining(["troubleshooting", "welding"]));
    expect(result.skillsMatch.matched.find((m) => m.skill.toLowerCase() === "welding")?.proof).toBe("list");
  });
});

describe("other languages", () => {
  const spanish = spanishNurseResume([
    "Atención a pacientes críticos, manejo de ventilación mecánica y de los protocolos de la unidad.",
  ]);
  const result = analyze(
    spanish,
    "ICU Registered Nurse\nRequirements\n- 3+ years of ICU nursing experience\n- ACLS\n- Epic",
  );

  it("says the resume is in Spanish and what the analysis can and cannot judge", () => {
    expect(result.language).toBe("es");
    expect(result.warnings.join(" ")).toMatch(/written in Spanish/);
    expect(result.warnings.join(" ")).toMatch(/cannot read Spanish section headings/);
  });

  it("reads Spanish section headings instead of taking one for a job title", () => {
    const advice = result.recommendations.map((r) => r.description).join(" ");
    expect(advice).not.toMatch(/EDUCACI/);
    expect(result.experienceComparison.resumeYears).toBe(8);
  });

  it("reads an English resume as English", () => {
    expect(
      analyze(
        `${HEADER}Experience\nLine Cook (2015 - 2017): ran the grill for a busy diner and trained new cooks on the line`,
        "Line Cook\nRequirements\n- Grill",
      ).language,
    ).toBe("en");
  });
});

describe("the ATS review reads what real resumes write", () => {
  const posting =
    "Frontend Developer\nRequirements\n- React and TypeScript\n- 3+ years building web applications";
  const resume = `Asha Verma\nasha.verma@example.com | Mobile: +91-98765-43210\n\nExperience\nFrontend Developer, Northwind Labs (2019 - 2025)\n- Architecture: Architected the design system used by 6 product teams\n- Performance: Cut page load time by 40% with code splitting\n- Testing: Raised test coverage from 35% to 80%\n\nProgramming Skills\n- Frontend: React, TypeScript, Redux\n- Testing: Jest, Cypress${EDUCATION}`;
  const issues = () =>
    analyze(resume, posting)
      .atsAnalysis.issues.map((i) => i.issue)
      .join(" | ");

  it("finds a phone written in five-and-five groups and a skills heading with a qualifier", () => {
    expect(issues()).not.toMatch(/No phone number|No skills section/);
  });

  it("reads the verb after a short label ('Architecture: Architected …')", () => {
    expect(issues()).not.toMatch(/bullets start with an action verb/);
  });
});

describe("the unmet part of a requirement row", () => {
  it("never cuts a met word out of a longer name ('Site Reliability Engineering')", () => {
    const result = analyze(
      `${HEADER}Experience\nSupport Engineer, Acme Corp (2018 - 2025)\n- Known for reliability: on call 2 weeks a month with zero missed pages\n- Reduced ticket backlog by 30% in one quarter${EDUCATION}`,
      "Platform Engineer\nRequirements\n- Experience using Site Reliability Engineering or DevOps practices in a production environment",
    );
    const rows = result.experienceComparison.jobRequirements.map((r) => r.requirement);
    expect(rows.join(" | ")).toContain("Site Reliability Engineering");
    expect(rows.join(" | ")).not.toContain("Site …");
  });
});

describe("what an experience ask names, and skills named with their kind", () => {
  it.each([
    ["5+ years as SVP of Risk Management handling company-wide hazards", "SVP of Risk Management"],
    ["Five years as an accomplished Quellmark Developer is crucial", "accomplished Quellmark Developer"],
    ["3+ years as a Dispatch Coordinator overseeing 40 drivers", "Dispatch Coordinator"],
  ])("'%s' asks for %s", (line, field) => {
    expect(askIn(line)?.field).toBe(field);
  });

  it("meets 'EDI systems' with a resume that says EDI", () => {
    const result = analyze(
      `${HEADER}Experience\nIntegration Analyst, Northway Freight (2016 - 2025)\n- Mapped EDI 850 and 856 documents for 40 trading partners\n- Cut order errors by 22% in one year${EDUCATION}`,
      "Integration Analyst\nRequirements\n- Knowledge of EDI systems\n- 3+ years in logistics IT",
    );
    expect(missingNames(result).join(" | ")).not.toMatch(/edi/);
  });
});

describe("2.3.0: skills inside longer names, federal grades, headers without separators, dates in other languages", () => {
  it("meets 'APIs' with a resume that built RESTful APIs", () => {
    const result = analyze(
      `${HEADER}Experience\nBackend Developer, Harbor Labs (2017 - 2025)\n- Built RESTful APIs for 30 partner systems\n- Automated month-end reports for finance${EDUCATION}`,
      "Backend Developer\nRequirements\n- Experience designing APIs",
    );
    expect(missingNames(result).join(" | ")).not.toMatch(/\bapi/);
    expect(matchedNames(result)).toEqual(expect.arrayContaining([expect.stringMatching(/^apis?$/)]));
  });

  it("does not take a short everyday word inside a product name as the skill", () => {
    // "Go" is an ordinary word; "Google Analytics" shows neither Go nor anything named "Go".
    const result = analyze(
      `${HEADER}Experience\nMarketing Analyst, Harbor Labs (2017 - 2025)\n- Reported campaign results from Google Analytics every week\n- Grew newsletter sign-ups by 40%${EDUCATION}`,
      "Backend Developer\nRequirements\n- 3+ years of Go\n- Kubernetes",
    );
    expect(missingNames(result).join(" | ")).toMatch(/\bgo\b/);
  });

  it.each([
    ["Innovation Specialist, GS-15\nRequirements\n- Build web services", "lead"],
    ["Innovation Specialist, GS-14\nRequirements\n- Build web services", "senior"],
    ["Program Analyst GS-0343-12/13\nRequirements\n- Analyze programs", "senior"],
    ["Logistics Specialist\nGrade: GS 7/9\nRequirements\n- Track shipments", "mid"],
    ["Office Clerk (GS-4)\nRequirements\n- File records", "entry"],
    ["Program Assistant GS-7\nOpen to recent graduates\nRequirements\n- Schedule meetings", "entry"],
  ])("reads the level of a federal posting from its grade (%s)", (posting, level) => {
    expect(parseJobDescription(posting).seniority).toBe(level);
  });

  it.each([
    ["Software Engineer Microsoft Redmond, WA, USA 05/2018 - 04/2022", "Software Engineer", "Microsoft"],
    ["Software Engineer ebay Seoul, South Korea 12/2014 - 03/2017", "Software Engineer", "ebay"],
    ["Senior Data Analyst Acme Corp New York, NY 2012 - 2015", "Senior Data Analyst", "Acme Corp"],
    ["Nurse, Mercy Hospital, Boston, MA 2010 - 2012", "Nurse", "Mercy Hospital"],
  ])("splits a role header written without separators: %s", (line, title, company) => {
    const [role] = parseResume(`Experience\n${line}\n- Shipped features every sprint`, {
      now: NOW,
    }).experience;
    expect([role?.title, role?.company]).toEqual([title, company]);
  });

  it.each([
    ["Tech Lead    Septiembre 2022 - Actualidad", "2022-09", null],
    ["Développeur    février 2015 - août 2018", "2015-02", "2018-08"],
    ["Entwickler    März 2012 – Dezember 2014", "2012-03", "2014-12"],
    ["Analista    enero 2019 - presente", "2019-01", null],
  ])("reads dates written in another language: %s", (line, start, end) => {
    const [role] = parseResume(`Experiencia\n${line}\n- Desarrollo de servicios`, { now: NOW }).experience;
    expect([role?.start, role?.end ?? null]).toEqual([start, end]);
  });

  it("does not read 'rolled out 2019' as a month", () => {
    const [role] = parseResume(
      "Experience\nDeveloper, Acme Corp (2015 - 2021)\n- Rolled out 2019 release to 40 stores",
      {
        now: NOW,
      },
    ).experience;
    expect(role?.start).toBe("2015-01");
  });
});

describe("2.3.0: names do not run across punctuation; examples in parentheses", () => {
  it("reads 'AWS, EC2' as two skills, not as the name 'AWS EC2'", () => {
    expect(requirementNames("Cloud Engineer\nRequirements\n- AWS, EC2")).toEqual(
      expect.arrayContaining(["AWS", "Amazon Elastic Compute Cloud"]),
    );
  });

  it("keeps a name written with commas ('extract, transform, load')", () => {
    expect(requirementNames("Data Engineer\nRequirements\n- Build extract, transform, load jobs")).toContain(
      "extract, transform, load",
    );
  });

  it("meets 'AWS (EC2, RDS, S3 or similar)' with any of them", () => {
    const result = analyze(
      `${HEADER}Experience\nCloud Engineer, Harbor Labs (2017 - 2025)\n- Ran 40 services on Amazon RDS with nightly restores tested every month\n- Cut database cost by 20% in one year${EDUCATION}`,
      "Cloud Engineer\nRequirements\n- Experience with AWS (EC2, RDS, S3 or similar)",
    );
    expect(missingNames(result).join(" | ")).not.toMatch(/aws|ec2|storage/i);
  });
});

describe("2.3.0: what a posting says the candidate should know, and objectives as duties", () => {
  it("reads 'You should understand … such as A, B and C' in a summary paragraph as a requirement", () => {
    const posting =
      "Platform Developer\n\nRole Summary:\nOur team builds shared services for twelve agencies. You should understand engineering practices such as source control, continuous integration and peer review.\n\nRequirements\n- 3+ years building web services";
    expect(requirementNames(posting)).toEqual(
      expect.arrayContaining(["source control", "Continuous integration"]),
    );
  });

  it("reads the lists under 'Key Objectives' as duties, not as requirements", () => {
    const posting =
      "Data Specialist\n\nKey Objectives\n- Conduct workshops with agency teams to promote understanding of their data sets\n- Support a safe, inclusive workplace\n\nRequirements\n- Experience with SQL and Tableau";
    const p = runPipeline({ resumeText: "", jobDescription: posting }, { now: NOW });
    expect(p.job.responsibilities.map((r) => r.text)).toEqual(
      expect.arrayContaining(["Support a safe, inclusive workplace"]),
    );
    expect(p.requirements.filter((r) => r.priority === "Required").map((r) => r.name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/workshop|inclusive/i)]),
    );
  });
});

describe("2.3.0: a phrase typed under Education is no credential", () => {
  it("credits a degree line as a credential and a bare skill phrase under it as little as a list", () => {
    const resume = `${HEADER}Experience\nStaff Accountant, Levy & Co (2015 - 2025)\n- Closed the books for 40 clients every month\n- Prepared 120 tax returns a season\n\nEducation\nB.A. in Economics, UC Berkeley, 2014\nData analysis`;
    const result = analyze(
      resume,
      "Data Analyst\nRequirements\n- Data analysis\n- Bachelor's degree in Economics",
    );
    const proof = result.skillsMatch.matched.find((m) => m.skill.toLowerCase() === "data analysis")?.proof;
    expect(proof).toBeDefined();
    expect(proof).not.toBe("credential");
  });
});

describe("2.3.0: what a line excludes, and what makes a role relevant", () => {
  it("does not ask for what a line excludes ('languages other than English', 'except COBOL')", () => {
    const names = requirementNames(
      "Content Designer\nRequirements\n- Experience designing for content in languages other than English\n- Any programming language except COBOL",
    );
    expect(names.join(" | ")).not.toMatch(/english|cobol/i);
  });

  it("does not make a role relevant by one preferred tool or by a list pasted under it", () => {
    const posting =
      "Content Strategist\nRequirements\n- Creating content for websites\n- Plain language writing\nPreferred\n- Auditing";
    const resume = `${HEADER}Experience\nStaff Accountant, Levy & Co (2012 - 2025)\n- Led auditing of 40 client ledgers every quarter\n- Prepared 120 tax returns a season${EDUCATION}`;
    const sources = analyze(resume, posting).experienceComparison.experienceSources;
    expect(sources[0]?.relevance).not.toBe("High");
  });
});

describe("2.3.0: a line that names skills and asks for years", () => {
  it("asks for the skills too, and never lists a skill the resume shows under the unmet years", () => {
    const posting =
      "HRIS Consultant\nRequirements\n- Core skills in Payroll and Benefits Administration with five years of experience in consulting roles";
    expect(requirementNames(posting)).toEqual(expect.arrayContaining(["Payroll", "Benefits administration"]));
    const result = analyze(
      `${HEADER}Experience\nPayroll Specialist, Harbor Foods (2021 - 2025)\n- Ran payroll for 800 employees across 3 states every two weeks\n- Cut payroll errors by 40% in a year${EDUCATION}`,
      posting,
    );
    const unmet = result.experienceComparison.jobRequirements
      .filter((r) => !r.fulfilled)
      .map((r) => r.requirement);
    expect(unmet.length).toBeGreaterThan(0);
    expect(unmet.join(" | ")).not.toMatch(/payroll/i);
    expect(
      result.experienceComparison.jobRequirements.some((r) => r.fulfilled && /payroll/i.test(r.requirement)),
    ).toBe(true);
  });
});

describe("2.3.0: a capital inside a word names the product", () => {
  it("reads 'WorkDay' as Workday, and 'a workday' as an ordinary word", () => {
    expect(
      requirementNames("HRIS Analyst\nRequirements\n- Deep expertise in WorkDay functionality"),
    ).toContain("Workday");
    expect(
      requirementNames("HRIS Analyst\nRequirements\n- Able to plan a full workday for the team"),
    ).not.toContain("Workday");
  });
});

describe("2.4.0: credentials are held, not named nearby", () => {
  const posting =
    "Senior Accountant\nRequirements\n- Active CPA license (Certified Public Accountant)\n- 5+ years of accounting experience";
  const cpaMissing = (resume: string) =>
    analyze(resume, posting).skillsMatch.missing.some((m) => /cpa|certified public/i.test(m.skill));

  it("does not credit a licence from the employer's name", () => {
    expect(
      cpaMissing(
        `${HEADER}Experience\nStaff Accountant, Levy Erlanger & Company, CPAs (2015 - 2025)\n- Closed the books for 40 clients every month\n- Prepared 120 tax returns a season${EDUCATION}`,
      ),
    ).toBe(true);
  });

  it("does not credit a licence the resume says is not held yet", () => {
    for (const line of [
      "Not yet licensed as a Certified Public Accountant; sitting for the exam in 2026",
      "Currently pursuing the CPA",
      "CPA (in progress)",
    ])
      expect(
        cpaMissing(
          `${HEADER}Experience\nStaff Accountant, Levy Erlanger (2015 - 2025)\n- Closed the books for 40 clients every month\n- ${line}${EDUCATION}`,
        ),
        line,
      ).toBe(true);
  });

  it("credits a licence the resume holds", () => {
    expect(
      cpaMissing(
        `${HEADER}Experience\nStaff Accountant, Levy Erlanger (2015 - 2025)\n- Closed the books for 40 clients every month\n\nCertifications\nCertified Public Accountant (CPA), Oklahoma, 2018${EDUCATION}`,
      ),
    ).toBe(false);
  });

  it("keeps the tools a role line names beside its title ('Web Developer with Java')", () => {
    const result = analyze(
      `${HEADER}Experience\nWeb Developer with Java and PostgreSQL for a trading firm, 2014 - 2024\n- Shipped features every sprint${EDUCATION}`,
      "Java Developer\nRequirements\n- Java\n- PostgreSQL",
    );
    expect(missingNames(result).join(" | ")).not.toMatch(/java|postgres/);
  });
});

describe("2.4.0: recommendation texts quote real text", () => {
  it("never leaves an empty example or quotes a markdown rule as a bullet", () => {
    const result = analyze(
      `${HEADER}Experience\nBaker, Crumb & Co (2012 - 2016)\n- ####\n- Baked bread and pastries for the morning rush\n- Kept the ovens clean and the counters stocked\n\nCashier, Corner Market (2016 - 2025)\n- ####\n- Served customers at the till and balanced the drawer\n- Restocked shelves and faced the aisles${EDUCATION}`,
      "Pastry Chef\nRequirements\n- Lamination of doughs",
    );
    const texts = result.recommendations.map((r) => `${r.title} ${r.description}`).join("\n");
    expect(texts).not.toMatch(/for example \)/i);
    expect(texts).not.toMatch(/"#+"/);
  });
});

describe("2.4.0: occupation advice", () => {
  it("does not advise copying an occupation's wording into the resume", () => {
    const result = analyze(
      `${HEADER}Experience\nStaff Accountant, Levy Erlanger (2015 - 2025)\n- Closed the books for 40 clients every month${EDUCATION}`,
      "Internal Controls Officer\nRequirements\n- Internal controls testing\n- 5+ years in auditing",
    );
    expect(result.competitiveAnalysis.suggestions.join(" ")).not.toMatch(/O\*NET/);
  });
});

describe("2.4.0: conditions of employment that head a line", () => {
  it("does not ask the resume to show 'United States Citizenship:' or 'Physical Requirements:'", () => {
    const names = requirementNames(
      "Staff Physician\nRequirements\n- United States Citizenship: Non-citizens may only be appointed when no citizen qualifies.\n- Physical Requirements: Walking, bending and some lifting.\n- Current, full and unrestricted license to practice medicine",
    );
    expect(names.join(" | ")).not.toMatch(/citizenship|physical requirements/i);
    expect(names.join(" | ")).toMatch(/license to practice medicine/i);
  });
});

describe("2.4.1: general terms are met by the named tools under them", () => {
  it("meets 'databases' with DynamoDB or PostgreSQL, and 'configuration management' with Puppet", () => {
    const result = analyze(
      `${HEADER}Experience\nPlatform Engineer, Harbor Labs (2016 - 2025)\n- Ran 40 services on DynamoDB and PostgreSQL with nightly restores tested\n- Managed 300 servers with Puppet and Terraform${EDUCATION}`,
      "Platform Engineer\nRequirements\n- Experience with databases\n- Configuration management software",
    );
    expect(missingNames(result).join(" | ")).not.toMatch(/database|configuration/);
  });
});

describe("2.4.2: talks are not jobs", () => {
  it("reads 'Conference Presentations' and 'Selected Talks' as talks, not as one-year roles", () => {
    for (const heading of ["CONFERENCE PRESENTATIONS", "Selected Talks", "Speaking Engagements"]) {
      const text = `Experience\nDatabase Administrator, Rentrak (2011 - 2013)\n- Cut backup time tenfold\n\n${heading}\n- PostgreSQL to MySQL: A DBA Perspective - Percona Live 2017\n- Bulk deletes with pg_repack - Postgres Vision 2016`;
      expect(roles(text), heading).toEqual([["Database Administrator", "2011", "2013"]]);
    }
  });
});

describe("2.4.2: a company's legal form stays with its name", () => {
  it.each([
    [
      "J.B. Hunt Transport, Inc | Lowell, AR\nTransportation Manager II    2018 - 2021",
      "J.B. Hunt Transport, Inc",
    ],
    ["Transportation Manager II - J.B. Hunt Transport, Inc    2018 - 2021", "J.B. Hunt Transport, Inc"],
    ["Acme, LLC - Analyst (2010 - 2012)", "Acme, LLC"],
  ])("reads the employer of %s", (header, company) => {
    const [role] = parseResume(`Experience\n${header}\n- Ran 40 drivers across 3 states`, {
      now: NOW,
    }).experience;
    expect(role?.company).toBe(company);
  });
});

describe("2.5.0: titles the hand list does not know", () => {
  it.each([
    ["Choreographers and Dancers (2014 - 2018)", "Choreographers and Dancers", null],
    ["Tulsa Historical Society | Archivists | 2016 - 2020", "Archivists", "Tulsa Historical Society"],
    ["- 2019-2023: Logistician at Redbud Freight, where I planned routes.", "Logistician", "Redbud Freight"],
    [
      "- 2019-2023: Compliance Analyst 2 at Redbud Freight Corp, where I ran audits.",
      "Compliance Analyst 2",
      "Redbud Freight Corp",
    ],
  ])("reads the title of %s", (header, title, company) => {
    const [role] = parseResume(`Experience\n${header}\n- Kept 300 records in order`, { now: NOW }).experience;
    expect(role?.title).toBe(title);
    expect(role?.company).toBe(company);
  });

  it("still reads a name whose last word is an occupation ('Anna Singer')", () => {
    expect(
      parseResume("Anna Singer\nanna@example.com\n\nExperience\nClerk 2019 - 2021", { now: NOW }).contact
        .name,
    ).toBe("Anna Singer");
  });

  it.each([
    [
      "Drafting, Surveying, and Mapping Technicians, Postsecondary | Prairie State College | 2015 - 2019",
      "Drafting, Surveying, and Mapping Technicians, Postsecondary",
    ],
    [
      "- 4 years as a Drafting, surveying - and mapping technicians - postsecondary (2015 - 2019)",
      "Drafting, surveying - and mapping technicians - postsecondary",
    ],
  ])("keeps a title written as a serial list whole: %s", (header, title) => {
    const [role] = parseResume(`Experience\n${header}\n- Taught 40 students`, { now: NOW }).experience;
    expect(role?.title).toBe(title);
  });

  it("does not split a title at its first comma when that leaves no role noun", () => {
    const [role] = parseResume("Experience\nWorked as a Nurse, where I ran a ward (2015 - 2019)", {
      now: NOW,
    }).experience;
    expect(role?.title).toBe("Nurse");
  });

  it("reads 'Veterinarian Specialist' as close to 'Veterinarian' as 'Software Engineer' is to 'Engineer'", () => {
    const posting = "Job Title: Veterinarian\n\nRequirements\n- 2 years as a veterinarian\n- Surgery";
    const resume = (title: string) =>
      `${HEADER}Experience\n${title}, Prairie Animal Clinic (2019 - 2024)\n- Performed surgery on 600 animals`;
    const specialist = analyze(resume("Veterinarian Specialist"), posting);
    const vet = analyze(resume("Veterinarian"), posting);
    const title = (r: ReturnType<typeof analyze>) =>
      r.scoreBreakdown.find((b) => b.key === "title")?.value ?? 0;
    expect(title(specialist)).toBeGreaterThanOrEqual(60);
    expect(title(vet)).toBeGreaterThan(title(specialist));
  });
});

describe("2.5.0: a job title that starts like a section heading", () => {
  it.each([
    ["## Job title\nPhysical Scientist\n\n## Summary\nWe study soils.", "Physical Scientist"],
    ["Physical Therapist\n\nRequirements\n- Licensed PT", "Physical Therapist"],
    ["Job Title\nBenefits Specialist\n\nDuties\n- Run open enrolment", "Benefits Specialist"],
  ])("reads the title of %j", (posting, title) => {
    expect(parseJobDescription(posting).title).toBe(title);
  });

  it("still reads 'Physical Demands' as the physical-demands section", () => {
    const names = requirementNames(
      "Warehouse Associate\n\nRequirements\n- Forklift certification\n\nPhysical Demands\n- Lift up to 50 lbs",
    );
    expect(names.join(" ")).not.toMatch(/lift up|lbs/i);
  });
});

describe("2.5.0: a tool the line says was not used", () => {
  it("does not credit 'Tableau not being part of the tool set' or 'Kafka was not used'", () => {
    const posting = "Job Title: BI Developer\n\nRequirements\n- Tableau\n- Kafka\n- SQL\n- Python";
    const r = analyze(
      `${HEADER}Experience\nBI Developer, Prairie Data (2019 - 2024)\n- Built SQL reports, Tableau not being part of the tool set\n- Streamed events where Kafka was not used\n- Python not only for scripts but for services`,
      posting,
    );
    expect(missingNames(r).join(", ")).toMatch(/tableau.*kafka|kafka.*tableau/);
    expect(matchedNames(r)).toEqual(expect.arrayContaining(["sql", "python"]));
  });
});

describe("2.5.0: a skill framed as one in a longer line", () => {
  it("asks for 'driving' in 'Excellent driving skills, well-trained in traffic laws'", () => {
    const names = requirementNames(
      "Job Title: Shuttle Driver\n\nRequirements\n- Excellent driving skills, well-trained in traffic laws and regulations",
    );
    expect(names).toContain("driving");
    expect(names.some((n) => /traffic laws/.test(n))).toBe(true);
  });

  it("meets it for a resume that shows it, so the unmet row names only the rest", () => {
    const r = analyze(
      `${HEADER}Experience\nShuttle Driver, Prairie Transit (2018 - 2024)\n- Excellent driving skills: 300,000 miles without an accident`,
      "Job Title: Shuttle Driver\n\nRequirements\n- Excellent driving skills, well-trained in traffic laws and regulations",
    );
    const unmet = r.experienceComparison.jobRequirements
      .filter((q) => !q.fulfilled)
      .map((q) => q.requirement);
    expect(unmet.join(" ")).not.toMatch(/driving/i);
  });
});

describe("2.5.0: initials in parentheses are the skill's other name", () => {
  it("asks for Business Intelligence once, not again as 'BI'", () => {
    const names = requirementNames(
      "Job Title: BI Analyst\n\nRequirements\n- Business Intelligence (BI) tools and SQL",
    );
    expect(names).not.toContain("BI");
    expect(names.some((n) => /business intelligence/i.test(n))).toBe(true);
  });
});
