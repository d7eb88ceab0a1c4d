import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseResume } from "../src/index.ts";
import { FIXTURES_DIR, normaliseName } from "./support.ts";

/**
 * What a careful reader gets out of each resume, written by hand. Dates are "YYYY-MM"; where the
 * resume only gives a year or a season ("2019 – 2021", "Summer 2018") only the year is checked.
 * `end: null` means the role is current.
 */
type Role = { title: string; company: string | null; start: string; end: string | null };
type Degree = { degree: string; institution: string; year: string };
type Labelled = {
  slug: string;
  name: string;
  email: string;
  phone: string;
  location: string;
  links?: string[];
  roles: Role[];
  education: Degree[];
};

const LABELLED: Labelled[] = [
  {
    slug: "software-engineer",
    name: "Daniel Reyes-Whitfield",
    email: "daniel.rw@example.com",
    phone: "555-014-2231",
    location: "Denver, CO",
    links: ["github.com/dreyesw-example"],
    roles: [
      { title: "Senior Software Engineer", company: "Lumen Ledger", start: "2022-01", end: null },
      { title: "Software Engineer", company: "Trailhead Outfitters", start: "2019-03", end: "2021-12" },
      { title: "Software Engineering Intern", company: "Bright Harbor Digital", start: "2018", end: "2018" },
    ],
    education: [{ degree: "B.S.", institution: "Colorado State University", year: "2018" }],
  },
  {
    slug: "data-analyst",
    name: "Hannah Lindqvist",
    email: "hannah.lindqvist@example.com",
    phone: "555-201-7784",
    location: "Madison, WI",
    links: ["linkedin.com/in/hannah-lindqvist-example"],
    roles: [
      { title: "Data Analyst II", company: "Lakeshore Home Goods", start: "2022-09", end: null },
      { title: "Data Analyst", company: "Ostrander Manufacturing", start: "2020-06", end: "2022-08" },
      { title: "Freelance Statistics Tutor", company: null, start: "2021", end: "2023" },
      {
        title: "Business Intelligence Intern",
        company: "Badger State Insurance",
        start: "2019",
        end: "2019",
      },
    ],
    education: [{ degree: "B.S.", institution: "University of Wisconsin–Madison", year: "2020" }],
  },
  {
    slug: "registered-nurse",
    name: "Grace Adeyemi-Lund",
    email: "grace.adeyemi.lund@example.com",
    phone: "(555) 330-9182",
    location: "Rockford, IL",
    roles: [
      { title: "Registered Nurse", company: "Mercy Lakes Hospital", start: "2020-08", end: null },
      { title: "Relief Charge Nurse", company: "Mercy Lakes Hospital", start: "2023-03", end: null },
      {
        title: "Patient Care Technician",
        company: "Rockford Memorial Hospital",
        start: "2019-05",
        end: "2020-07",
      },
    ],
    education: [
      { degree: "Bachelor of Science in Nursing", institution: "Northern Illinois University", year: "2020" },
    ],
  },
  {
    slug: "accountant",
    name: "Lucía Fernández-Hart",
    email: "lucia.fh@example.com",
    phone: "(555) 482-1190",
    location: "South Portland, ME",
    roles: [
      { title: "Staff Accountant", company: "Granite Coast Hospitality Group", start: "2023-01", end: null },
      { title: "Junior Accountant", company: "Bayview Dental Partners", start: "2021-08", end: "2022-12" },
      { title: "Accounts Payable Intern", company: "Casco Bay Builders", start: "2020", end: "2020" },
    ],
    education: [{ degree: "Bachelor of Science", institution: "University of Southern Maine", year: "2021" }],
  },
  {
    slug: "electrician",
    name: "Raymond Kettleson",
    email: "ray.kettleson@example.com",
    phone: "555-718-0046",
    location: "Keizer, OR",
    roles: [
      { title: "Electrical Apprentice", company: "Cascade Commercial Electric", start: "2024-09", end: null },
      { title: "Electrical Helper", company: "Valley Service Electric", start: "2024-01", end: "2024-08" },
    ],
    education: [],
  },
  {
    slug: "warehouse-associate",
    name: "Kwame Asante-Miller",
    email: "kwame.asante.miller@example.com",
    phone: "555-348-6605",
    location: "Columbus, OH",
    roles: [
      {
        title: "Warehouse Associate II",
        company: "Riverbend Distribution Center",
        start: "2023-09",
        end: null,
      },
      { title: "Package Handler", company: "Crossroads Parcel Hub", start: "2021-06", end: "2023-08" },
      { title: "Stock Associate", company: "Hilltop Grocery", start: "2019", end: "2021" },
    ],
    education: [{ degree: "High School Diploma", institution: "Central Crossing High School", year: "2019" }],
  },
  {
    slug: "hr-generalist",
    name: "Rosa Delacroix-Ng",
    email: "rosa.dng@example.com",
    phone: "(555) 640-2278",
    location: "Clovis, CA",
    roles: [
      { title: "HR Generalist", company: "Meridian Biologics", start: "2022-10", end: null },
      { title: "HR Coordinator", company: "Lakeview Senior Living", start: "2021-05", end: "2022-09" },
    ],
    education: [{ degree: "B.S.", institution: "California State University", year: "2021" }],
  },
  {
    slug: "baker",
    // The first name is also a month: the parser must not read it as a date or drop it.
    name: "June Halvorsen",
    email: "june.halvorsen@example.com",
    phone: "555-260-4417",
    location: "Asheville, NC",
    links: ["instagram.com/junebakes_example"],
    roles: [
      { title: "Lead Baker", company: "Sweet Hollow Bread Co", start: "2024-03", end: null },
      { title: "Baker", company: "Blue Ridge Market Bakery", start: "2023", end: "2024" },
    ],
    education: [],
  },
  {
    slug: "customer-support",
    name: "Sofia Marchetti",
    email: "sofia.marchetti@example.com",
    phone: "(555) 772-0913",
    location: "Tucson, AZ",
    roles: [
      { title: "Customer Support Associate", company: "Parcelwise", start: "2025-03", end: null },
      {
        title: "IT Help Desk Intern",
        company: "University of Arizona Information Technology",
        start: "2024",
        end: "2024",
      },
    ],
    education: [{ degree: "B.A.", institution: "University of Arizona", year: "2024" }],
  },
  {
    slug: "project-manager",
    name: "Adaeze Thornbury",
    email: "adaeze.thornbury@example.com",
    phone: "555.409.3372",
    location: "Chicago, IL",
    roles: [
      { title: "Senior Project Manager", company: "Brightline Digital", start: "2022-04", end: null },
      { title: "Project Manager", company: "Corvid Systems", start: "2019", end: "2022" },
    ],
    education: [{ degree: "B.S.", institution: "DePaul University", year: "2018" }],
  },
];

const tokens = (s: string) => normaliseName(s).split(" ").filter(Boolean);

/** Whether `whole` contains `part` word for word (normalised). */
function containsWords(whole: string, part: string): boolean {
  return ` ${tokens(whole).join(" ")} `.includes(` ${tokens(part).join(" ")} `);
}

/** A parsed title may carry a parenthetical or a trailing unit ("Registered Nurse, Medical-Surgical Unit"). */
function titleMatches(parsed: string, expected: string): boolean {
  const p = tokens(parsed.replace(/\([^)]*\)/g, " ").replace(/\*+/g, " "));
  const e = tokens(expected);
  return e.every((t, i) => p[i] === t);
}

const digits = (s: string) => s.replace(/\D/g, "").slice(-10);

describe("parseResume on labelled resumes", () => {
  it("labels at least six resumes", () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(6);
  });

  for (const l of LABELLED) {
    describe(l.slug, () => {
      const text = readFileSync(join(FIXTURES_DIR, l.slug, "resume.txt"), "utf8");
      const parsed = () => parseResume(text);

      it("finds the contact details", () => {
        const { contact } = parsed();
        expect(contact.name, "name").toBeTruthy();
        for (const t of tokens(l.name))
          expect(tokens(contact.name ?? ""), `name ${contact.name}`).toContain(t);
        expect((contact.email ?? "").toLowerCase()).toBe(l.email);
        expect(digits(contact.phone ?? "")).toBe(digits(l.phone));
        expect(containsWords(contact.location ?? "", l.location), `location ${contact.location}`).toBe(true);
        for (const link of l.links ?? []) {
          expect(
            contact.links.some((x) => x.toLowerCase().includes(link)),
            `links ${contact.links.join(" ")}`,
          ).toBe(true);
        }
      });

      it("does not take the name from anything but the name line", () => {
        const { contact } = parsed();
        expect(contact.name ?? "").not.toMatch(/@|\d|\|/);
      });

      it("finds every role with title, employer and dates", () => {
        const { experience } = parsed();
        expect(experience.length).toBeGreaterThanOrEqual(l.roles.length);
        for (const role of l.roles) {
          const found = experience.filter(
            (e) =>
              titleMatches(e.title ?? "", role.title) &&
              (role.company === null || containsWords(e.company ?? "", role.company)),
          );
          const seen = experience.map((e) => `${e.title} @ ${e.company} ${e.start}..${e.end}`).join("; ");
          expect(found.length, `${role.title} @ ${role.company} among: ${seen}`).toBe(1);
          const e = found[0]!;
          if (role.company !== null) {
            expect(containsWords(e.title ?? "", role.company), "title holds the employer").toBe(false);
          }
          expect(e.start ?? "", `${role.title} start`).toMatch(new RegExp(`^${role.start}`));
          if (role.end === null) expect(e.end, `${role.title} end`).toBeNull();
          else expect(e.end ?? "", `${role.title} end`).toMatch(new RegExp(`^${role.end}`));
          if (e.start) expect(e.start).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
          if (e.end) expect(e.end).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
        }
      });

      if (l.education.length > 0) {
        it("finds each degree with its institution and year", () => {
          const { education } = parsed();
          for (const d of l.education) {
            const found = education.find((e) => containsWords(e.institution ?? "", d.institution));
            const seen = education.map((e) => `${e.degree} / ${e.institution} / ${e.year}`).join("; ");
            expect(found, `${d.institution} among: ${seen}`).toBeDefined();
            expect(containsWords(found?.degree ?? "", d.degree), `degree ${found?.degree}`).toBe(true);
            expect(String(found?.year ?? "")).toBe(d.year);
          }
        });
      }
    });
  }
});
