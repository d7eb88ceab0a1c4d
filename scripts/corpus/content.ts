/**
 * One resume's content, drawn from a seeded generator: occupations, titles and tasks from the
 * engine's O*NET-derived data, skills from its taxonomy, people, companies and schools invented from
 * word lists. Renderers (HTML for PDF, DOCX) only lay this out; the truth is read from it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Random } from "./random.ts";
import type { Layout, RoleShape, TruthStyle } from "./truth.ts";

type Occupation = {
  code: string;
  title: string;
  description: string;
  altTitles: string[];
  hotTech?: string[];
  skills?: { name: string; importance: number }[];
  related?: string[];
  tasks?: string[];
};
type Skill = { id: string; name: string; weight: number; category: string };

const dataDir = path.resolve(import.meta.dirname, "../../packages/engine/data");
let data: {
  occupations: Occupation[];
  byCode: Map<string, Occupation>;
  skills: Skill[];
  skillName: Map<string, string>;
} | null = null;

function corpusData() {
  if (!data) {
    const occupations = (
      JSON.parse(readFileSync(path.join(dataDir, "occupations.json"), "utf8")) as {
        occupations: Occupation[];
      }
    ).occupations.filter((o) => o.altTitles.length >= 3 && (o.tasks?.length ?? 0) >= 4);
    const skills = (
      JSON.parse(readFileSync(path.join(dataDir, "skills.json"), "utf8")) as { skills: Skill[] }
    ).skills;
    data = {
      occupations,
      byCode: new Map(occupations.map((o) => [o.code, o])),
      skills: skills.filter((s) => s.weight >= 0.3 && s.name.length <= 30),
      skillName: new Map(skills.map((s) => [s.id, s.name])),
    };
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// People

const FIRST = [
  "James",
  "Maria",
  "Wei",
  "Aisha",
  "Liam",
  "Priya",
  "Noah",
  "Fatima",
  "Olivia",
  "Mateo",
  "Hannah",
  "Kwame",
  "Ingrid",
  "Diego",
  "Mei",
  "Rahul",
  "Grace",
  "Marcus",
  "Elena",
  "Yuki",
  "Daniel",
  "Amara",
  "Samuel",
];
const FIRST_NON_ASCII = [
  "José",
  "Zoë",
  "Łukasz",
  "Søren",
  "Chloé",
  "Tomás",
  "Anaïs",
  "Björn",
  "Siobhán",
  "Renée",
];
const MIDDLE = ["Ann", "Marie", "Lee", "James", "Luis", "Kay", "Rose", "Elizabeth", "María", "Jean"];
const LAST = [
  "Smith",
  "García",
  "Patel",
  "Chen",
  "Okafor",
  "Thompson",
  "Kowalski",
  "Johansson",
  "Rodriguez",
  "Dubois",
  "Haugen",
  "Novak",
  "Kim",
  "Walker",
  "Brennan",
  "Fitzgerald",
  "Mensah",
  "Schneider",
  "Alvarez",
  "Park",
];
const LAST_APOSTROPHE = ["O'Brien", "D'Angelo", "O'Connor", "D'Souza"];
const LAST_NON_ASCII = ["Nguyễn", "Müller", "Łukaszewicz", "Sørensen", "Pérez", "Çelik", "Ødegård"];

const NAME_SHAPES = ["two-part", "three-part", "hyphenated", "apostrophe", "non-ascii"] as const;

export type PersonName = { first: string; last: string; full: string; shape: string };

function personName(r: Random): PersonName {
  const shape = r.pick(NAME_SHAPES);
  let first = r.pick(FIRST);
  let last = r.pick(LAST);
  if (shape === "three-part") first = `${first} ${r.pick(MIDDLE)}`;
  if (shape === "hyphenated") last = `${r.pick(LAST)}-${r.pick(LAST.filter((l) => l !== last))}`;
  if (shape === "apostrophe") last = r.pick(LAST_APOSTROPHE);
  if (shape === "non-ascii") {
    const where = r.int(0, 2);
    if (where !== 1) first = r.pick(FIRST_NON_ASCII);
    if (where !== 0) last = r.pick(LAST_NON_ASCII);
  }
  return { first, last, full: `${first} ${last}`, shape };
}

/** Diacritics off and apostrophes out, for the email address. */
function ascii(text: string): string {
  return text
    .replace(/[łŁ]/g, (c) => (c === "ł" ? "l" : "L"))
    .replace(/[øØ]/g, (c) => (c === "ø" ? "o" : "O"))
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z -]/g, "");
}

function emailFor(r: Random, name: PersonName): string {
  const first = ascii(name.first.split(" ")[0] ?? "").toLowerCase();
  const last = ascii(name.last).toLowerCase().replace(/[ -]/g, "");
  const domain = r.pick(["example.com", "example.org", "example.net", "mail.example.com"]);
  const local = r.pick([
    `${first}.${last}`,
    `${first}${last}`,
    `${first[0]}.${last}`,
    `${first}_${last}${r.int(1, 99)}`,
  ]);
  return `${local}@${domain}`;
}

const PHONE_FORMATS = [
  "(NNN) NNN–NNNN",
  "NNN.NNN.NNNN",
  "NNN NNN NNNN",
  "+1 NNN-NNN-NNNN",
  "+44 20 NNNN NNNN",
  "+91 NNNNN NNNNN",
];

function phoneFor(r: Random): { phone: string; format: string } {
  const format = r.pick(PHONE_FORMATS);
  const area = String(r.int(201, 989));
  const line = `01${r.int(0, 9)}${r.int(0, 9)}`;
  const phone = {
    "(NNN) NNN–NNNN": `(${area}) 555–${line}`,
    "NNN.NNN.NNNN": `${area}.555.${line}`,
    "NNN NNN NNNN": `${area} 555 ${line}`,
    "+1 NNN-NNN-NNNN": `+1 ${area}-555-${line}`,
    "+44 20 NNNN NNNN": `+44 20 7946 0${r.int(100, 999)}`,
    "+91 NNNNN NNNNN": `+91 9${r.int(1000, 9999)} ${r.int(10000, 99999)}`,
  }[format];
  return { phone: phone ?? "", format };
}

const LOCATIONS = [
  "Austin, TX",
  "Portland, OR",
  "Columbus, OH",
  "Leeds, UK",
  "Pune, India",
  "Kraków, Poland",
  "Toronto, ON",
  "Copenhagen, Denmark",
  "Raleigh, NC",
  "Denver, CO",
  "Manchester, UK",
  "Hanoi, Vietnam",
];

// ---------------------------------------------------------------------------------------------
// Organisations

const ORG_A = [
  "Northwind",
  "Brightwave",
  "Cascade",
  "Harbor Point",
  "Copperleaf",
  "Bluestone",
  "Silverline",
  "Juniper",
  "Granite Peak",
  "Redfern",
  "Lakeshore",
  "Ironwood",
  "Meadowbrook",
  "Tidewater",
  "Summit Ridge",
  "Kestrel",
];
const ORG_B = [
  "Systems",
  "Logistics",
  "Health",
  "Partners",
  "Foods",
  "Analytics",
  "Manufacturing",
  "Financial",
  "Labs",
  "Group",
  "Consulting",
  "Energy",
  "Media",
  "Builders",
  "Outfitters",
  "Services",
];
const ORG_LEGAL = ["", "", "", " Inc.", " LLC", " Ltd.", " Co."];
const PLACES = [
  "Ridgemont",
  "Lakeside",
  "Ohio Valley",
  "Westbrook",
  "Pine Hill",
  "Eastlake",
  "Riverton",
  "Maple Grove",
];
const FIELDS = [
  "Computer Science",
  "Biology",
  "Accounting",
  "Mechanical Engineering",
  "Nursing",
  "History",
  "Economics",
  "Psychology",
  "Graphic Design",
  "Mathematics",
  "Business Administration",
  "Chemistry",
];

function company(r: Random, avoid: Set<string>): string {
  for (;;) {
    const name = `${r.pick(ORG_A)} ${r.pick(ORG_B)}${r.pick(ORG_LEGAL)}`;
    if (!avoid.has(name)) {
      avoid.add(name);
      return name;
    }
  }
}

function school(r: Random): string {
  const place = r.pick(PLACES);
  return r.pick([
    `${place} State University`,
    `University of ${place}`,
    `${place} Community College`,
    `${place} Institute of Technology`,
    `${place} College`,
  ]);
}

function degreeName(r: Random, level: "associate" | "bachelor" | "master"): string {
  const field = r.pick(FIELDS);
  if (level === "associate") return r.pick([`Associate of Applied Science in ${field}`, `A.A.S. ${field}`]);
  if (level === "master")
    return r.pick([
      `Master of Science in ${field}`,
      `M.S. ${field}`,
      "Master of Business Administration",
      "MBA",
    ]);
  return r.pick([
    `Bachelor of Science in ${field}`,
    `B.S. ${field}`,
    `B.A. in ${field}`,
    `Bachelor of Arts in ${field}`,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Dates

export const DATE_FORMATS = ["Mon YYYY", "Month YYYY", "MM/YYYY", "YYYY-MM", "YYYY", "Mon. YYYY"] as const;
export const END_MARKERS = ["Present", "present", "Current", "pres.", "to date", "Now"] as const;
const RANGE_SEPARATORS = [" – ", " - ", " — ", " to ", "–"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** The corpus's "today": fixed, so the corpus never depends on the clock. */
export const CORPUS_NOW = { year: 2025, month: 9 };

type YearMonth = { year: number; month: number };

function writeDate(d: YearMonth, format: (typeof DATE_FORMATS)[number]): string {
  const month = MONTHS[d.month - 1] ?? "";
  const mm = String(d.month).padStart(2, "0");
  switch (format) {
    case "Mon YYYY":
      return `${month.slice(0, 3)} ${d.year}`;
    case "Month YYYY":
      return `${month} ${d.year}`;
    case "MM/YYYY":
      return `${mm}/${d.year}`;
    case "YYYY-MM":
      return `${d.year}-${mm}`;
    case "YYYY":
      return String(d.year);
    case "Mon. YYYY":
      return month.length <= 4 ? `${month} ${d.year}` : `${month.slice(0, 3)}. ${d.year}`;
  }
}

const truthDate = (d: YearMonth, yearOnly: boolean) =>
  yearOnly ? String(d.year) : `${d.year}-${String(d.month).padStart(2, "0")}`;

// ---------------------------------------------------------------------------------------------
// Words

function singular(title: string): string {
  return title.replace(/(\w+)$/, (w) =>
    /ies$/.test(w) ? w.replace(/ies$/, "y") : /(ss|us)$/.test(w) ? w : w.replace(/s$/, ""),
  );
}

const IRREGULAR: Record<string, string> = {
  lead: "Led",
  build: "Built",
  teach: "Taught",
  write: "Wrote",
  set: "Set",
  run: "Ran",
  keep: "Kept",
  make: "Made",
  give: "Gave",
  hold: "Held",
  meet: "Met",
  take: "Took",
  plan: "Planned",
  ship: "Shipped",
  sell: "Sold",
  buy: "Bought",
  drive: "Drove",
  oversee: "Oversaw",
  cut: "Cut",
};

/** "Compile, administer, and grade examinations." → "Compiled, administer, and grade examinations." */
function pastTense(task: string): string {
  return task.replace(/^([A-Za-z]+)/, (verb) => {
    const lower = verb.toLowerCase();
    const past =
      IRREGULAR[lower] ??
      (lower.endsWith("e")
        ? `${lower}d`
        : /[^aeiou]y$/.test(lower)
          ? `${lower.slice(0, -1)}ied`
          : `${lower}ed`);
    return past.charAt(0).toUpperCase() + past.slice(1);
  });
}

// ---------------------------------------------------------------------------------------------
// The resume

export type RoleModel = {
  title: string;
  company: string;
  location: string;
  start: string;
  end: string | null;
  /** The range as written ("Mar 2020 – Present"). */
  range: string;
  bullets: string[];
};

export type ResumeModel = {
  id: string;
  layout: Layout;
  name: PersonName;
  nameStyle: TruthStyle["nameStyle"];
  email: string;
  phone: string;
  phoneFormat: string;
  location: string;
  link: string | null;
  summary: { heading: string; text: string; inline: boolean } | null;
  experienceHeading: string;
  roleShape: RoleShape;
  dateFormat: string;
  endMarker: string;
  roles: RoleModel[];
  educationHeading: string;
  education: { degree: string; institution: string; year: string }[];
  skills: { heading: string; items: string[]; form: "comma" | "bullets" | "grouped" } | null;
  /** Skills named only in bullets when there is no skills section. */
  upperHeadings: boolean;
  font: string;
  pageSize: "Letter" | "A4";
  /** For the header/footer layout: where the contact line runs, and whether the name runs with it. */
  running: { slot: "header" | "footer"; withName: boolean };
  contactSeparator: string;
  bulletStyle: TruthStyle["bulletStyle"];
};

const HEADINGS = {
  experience: [
    "Experience",
    "Work History",
    "Professional Experience",
    "Work Experience",
    "Employment History",
  ],
  skills: ["Skills", "Core Competencies", "Summary of Skills", "Technical Proficiencies", "Key Skills"],
  summary: ["Summary", "Professional Summary", "Profile", "Career Summary"],
  education: ["Education", "Education & Training", "Academic Background"],
};

const FONTS = [
  "'Liberation Serif'",
  "'Liberation Sans'",
  "'DejaVu Sans'",
  "'DejaVu Serif'",
  "'Liberation Sans Narrow'",
];

/** Draws resume `id` in `layout` from `r`. */
export function drawResume(r: Random, id: string, layout: Layout): ResumeModel {
  const { occupations, byCode, skills: allSkills, skillName } = corpusData();
  const occupation = r.pick(occupations);
  const related = (occupation.related ?? []).map((c) => byCode.get(c)).filter((o): o is Occupation => !!o);
  const titlesOf = (o: Occupation) =>
    [...o.altTitles, ...(o.title.includes(",") ? [] : [singular(o.title)])].filter((t) => t.length <= 45);

  const name = personName(r);
  const { phone, format: phoneFormat } = phoneFor(r);
  const dateFormat = r.pick(DATE_FORMATS);
  const yearOnly = dateFormat === "YYYY";
  const endMarker = r.pick(END_MARKERS);
  const separator = r.pick(RANGE_SEPARATORS);
  const roleShape: RoleShape =
    layout === "date-left"
      ? r.pick(["title-then-company", "title-comma-company", "company-dash-title"] as const)
      : r.pick([
          "title-then-company",
          "title-comma-company",
          "company-dash-title",
          "date-first",
          "date-heading-bullet",
        ] as const);

  const roleCount =
    layout === "multi-page"
      ? r.int(6, 9)
      : layout === "dense-one-page"
        ? r.int(4, 6)
        : layout === "header-footer-contact"
          ? r.int(3, 7)
          : r.int(2, 5);
  // Header/footer resumes run to one or two pages: a running band only shows as one when it repeats.
  const bulletRange: [number, number] =
    layout === "multi-page"
      ? [4, 6]
      : layout === "dense-one-page"
        ? [2, 3]
        : layout === "header-footer-contact"
          ? [3, 5]
          : [2, 4];

  const companies = new Set<string>();
  const roles: RoleModel[] = [];
  let cursor: YearMonth = { year: CORPUS_NOW.year, month: r.int(1, CORPUS_NOW.month) };
  const current = r.chance(0.75);
  const usedTitles = new Set<string>();
  for (let i = 0; i < roleCount; i++) {
    const endYm: YearMonth | null = i === 0 && current ? null : cursor;
    const length = r.int(yearOnly ? 14 : 8, 54);
    const from = endYm ?? cursor;
    const startIndex = from.year * 12 + from.month - 1 - length;
    const startYm = { year: Math.floor(startIndex / 12), month: (startIndex % 12) + 1 };
    const source = related.length > 0 && r.chance(0.25) ? r.pick(related) : occupation;
    const titles = titlesOf(source).filter((t) => !usedTitles.has(t));
    const title = r.pick(titles.length > 0 ? titles : titlesOf(source));
    usedTitles.add(title);
    const startText = writeDate(startYm, dateFormat);
    const range =
      endYm === null
        ? endMarker === "to date"
          ? `${startText} to date`
          : `${startText}${separator}${endMarker}`
        : `${startText}${separator}${writeDate(endYm, dateFormat)}`;
    const tasks = r.sample(source.tasks ?? [], r.int(...bulletRange)).map((t) => {
      const bullet = pastTense(t.replace(/\.$/, ""));
      return r.chance(0.3)
        ? `${bullet}, for ${r.int(3, 60)} ${r.pick(["clients", "sites", "teams", "projects"])}`
        : bullet;
    });
    roles.push({
      title,
      company: company(r, companies),
      location: r.pick(LOCATIONS),
      start: truthDate(startYm, yearOnly),
      end: endYm === null ? null : truthDate(endYm, yearOnly),
      range,
      bullets: tasks,
    });
    const gap = r.chance(0.7) ? 0 : r.int(1, 5);
    const nextIndex = startIndex - gap;
    cursor = { year: Math.floor(nextIndex / 12), month: (nextIndex % 12) + 1 };
  }

  const firstStartYear = Number(roles[roles.length - 1]?.start.slice(0, 4) ?? CORPUS_NOW.year);
  const education: ResumeModel["education"] = [];
  if (r.chance(0.3))
    education.push({
      degree: degreeName(r, "master"),
      institution: school(r),
      year: String(firstStartYear + r.int(2, 6)),
    });
  education.push({
    degree: degreeName(r, r.chance(0.15) ? "associate" : "bachelor"),
    institution: school(r),
    year: String(firstStartYear - r.int(0, 1)),
  });
  education.sort((a, b) => Number(b.year) - Number(a.year));

  const tech = (occupation.hotTech ?? []).map((id) => skillName.get(id)).filter((s): s is string => !!s);
  const soft = (occupation.skills ?? []).filter((s) => s.importance >= 3.5).map((s) => s.name);
  const skillItems = [
    ...new Set([
      ...r.sample(tech, r.int(3, 7)),
      ...r.sample(soft, r.int(1, 3)),
      ...r.sample(allSkills, r.int(1, 4)).map((s) => s.name),
    ]),
  ];
  const hasSkills = r.chance(0.85);
  const hasSummary = r.chance(0.8);
  const years = CORPUS_NOW.year - firstStartYear;
  const leadTitle = roles[0]?.title ?? singular(occupation.title);
  const summaryText = `${leadTitle} with ${years}+ years of experience${skillItems.length > 1 ? ` in ${skillItems.slice(0, 2).join(" and ")}` : ""}. ${pastTense(occupation.tasks?.[0] ?? "").replace(/\.?$/, ".")}`;

  const nameStyle: TruthStyle["nameStyle"] =
    layout === "letter-spaced-name"
      ? r.chance(0.5)
        ? "letter-spaced-split"
        : "letter-spaced"
      : r.chance(0.25)
        ? "upper"
        : "plain";

  return {
    id,
    layout,
    name,
    nameStyle,
    email: emailFor(r, name),
    phone,
    phoneFormat,
    location: r.pick(LOCATIONS),
    link: r.chance(0.4)
      ? `linkedin.com/in/${ascii(name.first.split(" ")[0] ?? "").toLowerCase()}-${ascii(name.last).toLowerCase().replace(/[ ]/g, "")}`
      : null,
    summary: hasSummary
      ? { heading: r.pick(HEADINGS.summary), text: summaryText, inline: r.chance(0.3) }
      : null,
    experienceHeading: r.pick(HEADINGS.experience),
    roleShape,
    dateFormat,
    endMarker,
    roles,
    educationHeading: r.pick(HEADINGS.education),
    education,
    skills: hasSkills
      ? {
          heading: r.pick(HEADINGS.skills),
          items: skillItems,
          form: r.pick(["comma", "bullets", "grouped"] as const),
        }
      : null,
    upperHeadings: r.chance(0.5),
    font: r.pick(FONTS),
    pageSize: r.chance(0.7) ? "Letter" : "A4",
    running: { slot: r.chance(0.6) ? "header" : "footer", withName: r.chance(0.3) },
    contactSeparator: r.pick(["  |  ", " · ", "  •  ", "   "]),
    bulletStyle: r.pick(["marker", "text-dot", "text-dash"] as const),
  };
}

/** How a section heading is written in this resume. */
export function heading(model: ResumeModel, text: string): string {
  return model.upperHeadings ? text.toUpperCase() : text;
}

/** The contact details in their order: email, phone, location, then the link when there is one. */
export function contactItems(model: ResumeModel): string[] {
  return [model.email, model.phone, model.location, ...(model.link ? [model.link] : [])];
}

/** The roles' header lines as plain text, for renderers that write lines rather than boxes. */
export function roleLines(
  role: RoleModel,
  shape: RoleShape,
): { head: string; sub: string | null; range: "right" | "inline" | "none"; bulletHead: string | null } {
  switch (shape) {
    case "title-then-company":
      return { head: role.title, sub: `${role.company}, ${role.location}`, range: "right", bulletHead: null };
    case "title-comma-company":
      return { head: `${role.title}, ${role.company}`, sub: null, range: "right", bulletHead: null };
    case "company-dash-title":
      return { head: `${role.company} — ${role.title}`, sub: null, range: "right", bulletHead: null };
    case "date-first":
      return {
        head: `${role.range}  ${role.title}, ${role.company}`,
        sub: null,
        range: "inline",
        bulletHead: null,
      };
    case "date-heading-bullet":
      return { head: role.range, sub: null, range: "inline", bulletHead: `${role.title}, ${role.company}` };
  }
}
