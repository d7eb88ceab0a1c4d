// Career moves of issue 15: phases from the real distance between the resume's occupation and the
// target (close moves stay short; far moves include the education and licence the target needs),
// and the target's own core tools and skills ranked first, with other families' tools left out.
import { beforeAll, describe, expect, it } from "vitest";
import careersJson from "../../data/careers.json" with { type: "json" };
import { findOccupation } from "../data/index.ts";
import { careerPath } from "./career.ts";
import { occupationDistance, occupationOfTitle } from "./career-distance.ts";
import { exactTitle } from "./career-roles.ts";
import type { CareersFile } from "./types.ts";

const careers = careersJson as unknown as CareersFile;
const NOW = new Date("2026-06-15T00:00:00Z");

// The engine's data (occupations, taxonomy) loads on first use: seconds on a quiet machine, more
// on a shared one. Loaded here, so no single test pays for it against its own time limit.
beforeAll(() => {
  careerPath({
    role: "registered-nurse",
    resumeText: resume("Office Manager", "High school diploma"),
    now: NOW,
  });
}, 60_000);

function resume(title: string, education: string, bullets: string[] = []): string {
  return [
    "Alex Morgan",
    "alex.morgan@example.com | (555) 010-0100",
    "",
    "EXPERIENCE",
    title,
    "Northwind Group | Jan 2019 - Present",
    ...(bullets.length ? bullets : ["- Improved team results by 20% across two years"]).map(
      (b) => `- ${b.replace(/^- /, "")}`,
    ),
    "",
    "EDUCATION",
    education,
    "",
  ].join("\n");
}

const path = (title: string, education: string, role: string, bullets?: string[]) => {
  const p = careerPath({ role, resumeText: resume(title, education, bullets), now: NOW });
  if (!p) throw new Error(`no path to ${role}`);
  return p;
};

/** Lower bound, in years, of a duration such as "2–4 years", "6–12 months" or "1 year". */
function minYears(duration: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(?:–\s*\d+(?:\.\d+)?\s*)?(months?|years?)/.exec(duration);
  if (!m) return Number.NaN;
  return Number(m[1]) / (m[2]?.startsWith("month") ? 12 : 1);
}

const FAR: { from: string; education: string; to: string; programme: RegExp; licence: RegExp }[] = [
  {
    from: "Office Manager",
    education: "High School Diploma, 2010",
    to: "registered-nurse",
    programme: /ADN or BSN/,
    licence: /NCLEX-RN/,
  },
  {
    from: "Line Cook",
    education: "High School Diploma, 2012",
    to: "electrician",
    programme: /apprenticeship/i,
    licence: /electrician licence/,
  },
  {
    from: "Retail Sales Associate",
    education: "High School Diploma, 2014",
    to: "licensed-practical-and-licensed-vocational-nurses",
    programme: /Practical nursing/,
    licence: /NCLEX-PN/,
  },
  {
    from: "Customer Service Representative",
    education: "Bachelor of Arts in English, 2015",
    to: "pharmacists",
    programme: /PharmD/,
    licence: /NAPLEX/,
  },
  {
    from: "Warehouse Associate",
    education: "High School Diploma, 2016",
    to: "dental-hygienists",
    programme: /Dental hygiene/,
    licence: /Dental Hygiene/,
  },
];

const NEAR: { from: string; education: string; to: string }[] = [
  {
    from: "Senior Software Engineer",
    education: "Bachelor of Science in Computer Science, 2016",
    to: "software-engineer",
  },
  { from: "Data Analyst", education: "Bachelor of Science in Statistics, 2017", to: "data-scientist" },
  { from: "Staff Accountant", education: "Bachelor of Science in Accounting, 2015", to: "accountant" },
  {
    from: "Licensed Practical Nurse",
    education: "Practical Nursing Certificate, 2015",
    to: "licensed-practical-and-licensed-vocational-nurses",
  },
];

describe("occupation distance", () => {
  const d = (a: string, b: string) => {
    const from = findOccupation(a);
    const to = findOccupation(b);
    if (!from || !to) throw new Error(`${a} or ${b} unknown`);
    return occupationDistance(from, to).kind;
  };
  it("classes near, mid and far moves across families", () => {
    expect(d("15-1252.00", "15-1252.00")).toBe("same");
    expect(d("15-1252.00", "15-1254.00")).toBe("near");
    expect(d("29-2061.00", "29-1141.00")).toBe("near");
    expect(d("41-2031.00", "43-4051.00")).toBe("near");
    expect(d("25-2021.00", "13-1151.00")).toBe("mid");
    expect(d("43-1011.00", "29-1141.00")).toBe("far");
    expect(d("35-2014.00", "47-2111.00")).toBe("far");
    expect(d("43-4051.00", "15-1252.00")).toBe("far");
  });
});

describe("career moves: phases from the real distance", () => {
  for (const pair of FAR) {
    it(`${pair.from} → ${pair.to}: education and licence phases, years not months`, () => {
      const p = path(pair.from, pair.education, pair.to);
      const phases = p.timeline.map((t) => t.phase);
      const education = p.timeline.find((t) => t.phase.startsWith("Education:"));
      const licence = p.timeline.find((t) => t.phase.startsWith("Licensure:"));
      expect(education?.phase, phases.join(" / ")).toMatch(pair.programme);
      expect(licence?.phase).toMatch(pair.licence);
      // Education comes before the licence, and both before working in the role.
      expect(phases.indexOf(education?.phase ?? "")).toBeLessThan(phases.indexOf(licence?.phase ?? ""));
      expect(phases.findIndex((x) => x.startsWith("First role"))).toBeGreaterThan(
        phases.indexOf(licence?.phase ?? ""),
      );
      expect(p.timeline[0]?.duration).not.toBe("0–1 year");
      expect(p.currentLevel).toContain(pair.from);
    });
  }

  it("a registered nurse takes years of study from an office job, less with a degree", () => {
    const school = path("Office Manager", "High School Diploma, 2010", "registered-nurse");
    const degree = path("Office Manager", "Bachelor of Science in Biology, 2012", "registered-nurse");
    const years = (p: typeof school) =>
      minYears(p.timeline.find((t) => t.phase.startsWith("Education:"))?.duration ?? "");
    expect(years(school)).toBeGreaterThanOrEqual(2);
    expect(years(degree)).toBeGreaterThanOrEqual(1);
    expect(years(degree)).toBeLessThan(years(school));
    expect(school.timeline[0]?.objectives.join(" ")).toMatch(
      /expect about [3-9]–\d+ years before you work as a Registered Nurse/,
    );
  });

  for (const pair of NEAR) {
    it(`${pair.from} → ${pair.to}: a close move keeps short phases and no programme`, () => {
      const p = path(pair.from, pair.education, pair.to);
      expect(p.timeline.some((t) => /^(Education|Licensure):/.test(t.phase))).toBe(false);
      expect(p.timeline[0]?.duration).toBe("0–6 months");
      expect(p.timeline).toHaveLength(4);
    });
  }
});

describe("where the person stands", () => {
  it("counts years in another field as experience, not as seniority in the target", () => {
    const far = path("Office Manager", "High School Diploma, 2010", "registered-nurse");
    expect(far.currentLevel).toMatch(/^Office Manager · [\d.]+ years of experience · new to this field$/);
    expect(far.currentLevel).not.toMatch(/Expert|Senior/);
    const same = path(
      "Software Engineer",
      "Bachelor of Science in Computer Science, 2016",
      "software-engineer",
    );
    expect(same.currentLevel).toMatch(/^Software Engineer · (Senior|Expert|Mid)/);
  });

  it("a resume without a job title still gets the target's education and licence route", () => {
    const text = resume("Office Manager", "High School Diploma, 2010").replace("Office Manager\n", "");
    const p = careerPath({ role: "registered-nurse", resumeText: text, now: NOW });
    expect(p?.currentLevel).not.toContain("Office Manager");
    expect(p?.currentLevel).toContain("new to this field");
    const phases = p?.timeline.map((t) => t.phase) ?? [];
    expect(phases, phases.join(" / ")).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Education: /),
        expect.stringMatching(/^Licensure: NCLEX-RN/),
      ]),
    );
    expect(p?.timeline[0]?.duration).not.toBe("0–1 year");
    expect(p?.timeline[0]?.objectives[0]).toMatch(/^From the education on your resume/);
  });
});

describe("the resume's occupation", () => {
  it("is read from the latest title: exact, without seniority words, or by its trailing words", () => {
    const code = (title: string) => occupationOfTitle(title, exactTitle)?.code;
    expect(code("Office Manager")).toBe("43-1011.00");
    expect(code("Senior Software Engineer II")).toBe("15-1252.00");
    expect(code("Staff Accountant")).toBe("13-2011.00");
    expect(code("Dental Office Manager")).toBe("43-1011.00");
    expect(code("Registered Nurse (Night Shift)")).toBe("29-1141.00");
    expect(code("Widget Wrangler")).toBeUndefined();
  });
});

describe("career moves: mid moves and the order of distances", () => {
  it("a teacher moving into training and development retrains without a new degree", () => {
    const p = path(
      "Elementary School Teacher",
      "Bachelor of Arts in Education, 2012",
      "training-and-development-specialists",
    );
    expect(p.timeline.some((t) => /^(Education|Licensure):/.test(t.phase))).toBe(false);
    expect(p.timeline[0]?.phase).toBe("Retrain");
    expect(p.timeline[0]?.duration).toBe("6–12 months");
  });

  it("a mid move without the degree the target's Job Zone describes gets an education phase", () => {
    // Customer service (Job Zone 2, high school) → software developer (Job Zone 4, bachelor's).
    const p = path("Customer Service Representative", "High School Diploma, 2015", "software-engineer");
    const education = p.timeline.find((t) => t.phase.startsWith("Education:"));
    expect(education?.phase).toBe("Education: Bachelor's degree");
    expect(minYears(education?.duration ?? "")).toBeGreaterThanOrEqual(3);
  });

  it("the first phase grows with the distance: same < mid < far", () => {
    const first = (p: ReturnType<typeof path>) => minYears(p.timeline[0]?.duration ?? "");
    const same = path(
      "Software Engineer",
      "Bachelor of Science in Computer Science, 2016",
      "software-engineer",
    );
    const mid = path(
      "Elementary School Teacher",
      "Bachelor of Arts in Education, 2012",
      "training-and-development-specialists",
    );
    const far = path("Office Manager", "High School Diploma, 2010", "registered-nurse");
    expect(first(same)).toBeLessThan(first(mid));
    // Time before working in the target role: the phases before "Move into …" / "First role as …".
    const before = (p: ReturnType<typeof path>) => {
      const at = p.timeline.findIndex((t) => /^(Move into|First role as|Take on more scope)/.test(t.phase));
      return p.timeline.slice(0, at).reduce((n, t) => n + minYears(t.duration), 0);
    };
    expect(before(same)).toBeLessThan(before(mid));
    expect(before(mid)).toBeLessThan(before(far));
    expect(before(far)).toBeGreaterThanOrEqual(2);
  });
});

describe("career moves: the target's own skills and tools first", () => {
  const DENTAL = /dentrix|eaglesoft|dental|dentsply|orthodont/i;

  it("ranks nursing tools and skills first for an office manager, and no dental software", () => {
    const p = path("Office Manager", "High School Diploma, 2010", "registered-nurse", [
      "Managed scheduling for 4 dentists in Dentrix and Eaglesoft",
      "Coordinated patient billing and insurance claims",
    ]);
    const all = [...p.skillGaps.map((g) => g.skill), ...p.timeline.flatMap((t) => t.skills)];
    expect(all.filter((s) => DENTAL.test(s))).toEqual([]);
    const top = p.skillGaps.slice(0, 4).map((g) => g.skill);
    expect(
      top.some((s) => /Epic|MEDITECH|eClinicalWorks|medical record/i.test(s)),
      top.join(", "),
    ).toBe(true);
    expect(
      top.some((s) => /Service Orientation|Social Perceptiveness/.test(s)),
      top.join(", "),
    ).toBe(true);
    // Skills every occupation needs about as much never outrank the nursing ones.
    const listening = p.skillGaps.findIndex((g) => g.skill === "Active Listening");
    const service = p.skillGaps.findIndex((g) => g.skill === "Service Orientation");
    if (listening >= 0) expect(service).toBeLessThan(listening);
  });

  it("groups a field's interchangeable products into one gap, and counts another product of the kind", () => {
    const office = path("Office Manager", "High School Diploma, 2010", "registered-nurse");
    const medical = office.skillGaps.filter((g) =>
      /Epic|MEDITECH|eClinicalWorks|Medical software/.test(g.skill),
    );
    // One gap for the record systems, not MEDITECH, Epic and eClinicalWorks as three.
    expect(medical.map((g) => g.skill)).toEqual([expect.stringMatching(/^Medical software \(.*Epic/)]);
    expect(medical[0]?.currentLevel).toBe(0);
    // A nurse's aide who charted in Cerner already knows a medical record system: partial.
    const cerner = path("Office Manager", "High School Diploma, 2010", "registered-nurse", [
      "Charted patient intake notes in Cerner PowerChart",
    ]);
    const partial = cerner.skillGaps.find((g) => g.skill.startsWith("Medical software"));
    expect(partial?.currentLevel).toBeGreaterThan(0);
    expect(partial?.currentLevel).toBeLessThan(partial?.requiredLevel ?? 0);
    // Tools employers ask for by name stay one by one.
    const dev = path("Office Manager", "High School Diploma, 2010", "software-engineer");
    expect(dev.skillGaps.map((g) => g.skill)).toEqual(expect.arrayContaining(["SQL", "Python", "Java"]));
  });

  it("counts a kind of a tool as the tool (PostgreSQL shows SQL), and a sibling as partial", () => {
    const dev = path(
      "Software Engineer",
      "Bachelor of Science in Computer Science, 2016",
      "software-engineer",
      ["Built services on PostgreSQL and React for 2 million users"],
    );
    expect(dev.skillGaps.map((g) => g.skill)).not.toContain("SQL");
  });

  it("does not repeat the target's wage band as the next role's when OEWS counts them together", () => {
    const nurse = path("Office Manager", "High School Diploma, 2010", "registered-nurse");
    const bands = nurse.salaryProgression.map((r) => `${r.minSalary}-${r.maxSalary}`);
    expect(new Set(bands).size).toBe(bands.length);
  });

  it("never offers office-wide tools (mail, spreadsheets, office suites) as a next role's skills", () => {
    const officeWide = new Set(
      Object.values(careers.tech).flatMap((t) => t.generic.map((i) => t.names[i] ?? "")),
    );
    expect(officeWide).toContain("Microsoft Outlook");
    for (const role of ["registered-nurse", "accountant", "electrician", "teacher", "hr-specialist"]) {
      const p = path("Office Manager", "High School Diploma, 2010", role);
      const next = p.timeline.at(-1);
      expect(next?.phase).toBe("Next role");
      expect(
        next?.skills.filter((s) => officeWide.has(s)),
        role,
      ).toEqual([]);
      // …nor skills every occupation asks for about as much.
      expect(next?.skills, role).not.toContain("Active Listening");
      // Office-wide tools are never high-priority gaps.
      const high = p.skillGaps.filter((g) => g.priority === "high").map((g) => g.skill);
      expect(
        high.filter((s) => officeWide.has(s)),
        role,
      ).toEqual([]);
    }
  });

  it("leaves tools of other occupation families out of the derived data", () => {
    // Dentrix is listed for registered nurses, but only dental and office occupations use it.
    expect(careers.tech["29-1141.00"]?.names.some((n) => DENTAL.test(n))).toBe(false);
    // Tools shared with the occupation's relatives stay: Epic and MEDITECH for nurses, SQL and
    // Python for software developers, AutoCAD for electricians, QuickBooks for accountants.
    expect(careers.tech["29-1141.00"]?.names).toEqual(expect.arrayContaining(["Epic", "MEDITECH"]));
    expect(careers.tech["15-1252.00"]?.names.slice(0, 4)).toEqual(expect.arrayContaining(["SQL", "Python"]));
    expect(careers.tech["47-2111.00"]?.names).toContain("AutoCAD");
    expect(careers.tech["13-2011.00"]?.names).toContain("QuickBooks");
  });

  it("curates education and licences only for occupations that exist, with valid levels", () => {
    for (const [code, c] of Object.entries(careers.credentials)) {
      expect(findOccupation(code)?.code).toBe(code);
      expect(c.educationLevel).toBeGreaterThanOrEqual(1);
      expect(c.educationLevel).toBeLessThanOrEqual(12);
      expect(c.years[0]).toBeLessThanOrEqual(c.years[1]);
      expect(() => new RegExp(c.shownBy, "i")).not.toThrow();
    }
  });

  it("a licensed practical nurse moving to registered nurse still needs the RN route", () => {
    const p = path("Licensed Practical Nurse", "Practical Nursing Certificate, 2015", "registered-nurse");
    expect(p.timeline.some((t) => /NCLEX-RN/.test(t.phase))).toBe(true);
  });
});
