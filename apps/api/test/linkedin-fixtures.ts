/**
 * LinkedIn fixtures made in the tests, for a fictional person (Avery Quinn): the data-export ZIP
 * LinkedIn emails on request and the PDF of the profile's "More → Save to PDF". No real person's
 * data. Shared by the API tests and the browser journeys.
 */
import { strToU8, unzipSync, type Zippable, zipSync } from "fflate";
import PDFDocument from "pdfkit";

/** What both fixtures describe, so tests can assert the import against one source of truth. */
export const AVERY = {
  firstName: "Avery",
  lastName: "Quinn",
  name: "Avery Quinn",
  headline: "Senior Platform Engineer | Kubernetes, Terraform & Go",
  location: "Portland, Oregon, United States",
  profileUrl: "https://www.linkedin.com/in/avery-quinn-demo",
  summary:
    'Platform engineer who likes boring, reliable infrastructure.\nI build "paved roads" for product teams, on call included.',
  positions: [
    {
      company: "Northwind Analytics, Inc.",
      title: "Senior Platform Engineer",
      location: "Portland, Oregon, United States",
      startedOn: "Jan 2021",
      finishedOn: "",
      pdfDates: "January 2021 - Present (3 years 2 months)",
      description:
        'Led the move of 40 services to Kubernetes, cutting deploy time from 30 to 6 minutes.\nWrote the "golden path" Terraform modules, used by 12 teams.',
    },
    {
      company: "Contoso Cloud",
      title: "Software Engineer",
      location: "Seattle, Washington, United States",
      startedOn: "Jun 2017",
      finishedOn: "Dec 2020",
      pdfDates: "June 2017 - December 2020 (3 years 7 months)",
      description: "Built billing APIs in Go and PostgreSQL, handling 2M requests a day.",
    },
  ],
  skills: [
    "Kubernetes",
    "Terraform",
    "Go",
    "Amazon Web Services (AWS)",
    "PostgreSQL",
    "Prometheus",
    "Grafana",
    "Site Reliability Engineering",
    "GraphQL",
    "Ansible",
  ],
  topSkills: ["Kubernetes", "Terraform", "GraphQL"],
  education: [
    {
      school: "Oregon State University",
      degree: "Bachelor of Science - BS",
      field: "Computer Science",
      years: "2013 - 2017",
    },
  ],
  languages: ["English (Native or Bilingual)", "Spanish (Professional Working)"],
  certifications: ["Certified Kubernetes Administrator", "HashiCorp Certified: Terraform Associate"],
} as const;

/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csv(header: string[], rows: string[][], options: { bom?: boolean } = {}): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(","));
  return `${options.bom ? "\uFEFF" : ""}${lines.join("\r\n")}\r\n`;
}

export type ExportZipOptions = {
  /** Put the CSVs in a folder, as some exports do ("Basic_LinkedInDataExport_…/"). */
  folder?: string;
  /** Leave Profile.csv out: then it is no LinkedIn export. */
  withoutProfile?: boolean;
};

/**
 * A LinkedIn data export as LinkedIn builds it: Profile.csv (with BOM), Positions.csv (quoted
 * fields with commas, quotes and line breaks), Skills.csv, Education.csv, plus files we ignore.
 */
export function buildLinkedInExportZip(options: ExportZipOptions = {}): Uint8Array {
  const prefix = options.folder ? `${options.folder.replace(/\/$/, "")}/` : "";
  const files: Record<string, string> = {
    "Profile.csv": csv(
      [
        "First Name",
        "Last Name",
        "Maiden Name",
        "Address",
        "Birth Date",
        "Headline",
        "Summary",
        "Industry",
        "Zip Code",
        "Geo Location",
        "Twitter Handles",
        "Websites",
        "Instant Messengers",
      ],
      [
        [
          AVERY.firstName,
          AVERY.lastName,
          "",
          "",
          "",
          AVERY.headline,
          AVERY.summary,
          "Software Development",
          "",
          AVERY.location,
          "",
          "[PORTFOLIO:https://avery-quinn.example.com]",
          "",
        ],
      ],
      { bom: true },
    ),
    "Positions.csv": csv(
      ["Company Name", "Title", "Description", "Location", "Started On", "Finished On"],
      AVERY.positions.map((p) => [p.company, p.title, p.description, p.location, p.startedOn, p.finishedOn]),
    ),
    "Skills.csv": csv(
      ["Name"],
      AVERY.skills.map((s) => [s]),
    ),
    "Education.csv": csv(
      ["School Name", "Start Date", "End Date", "Notes", "Degree Name", "Activities"],
      AVERY.education.map((e) => [e.school, "2013", "2017", "", e.degree, "Robotics club, ACM"]),
    ),
    "Languages.csv": csv(["Name", "Proficiency"], [["English", "Native or bilingual proficiency"]]),
    // A file with a notes preamble, as Connections.csv has: never read, must not confuse the reader.
    "Connections.csv": `Notes:\r\n"When exporting your connection data, you may notice that some of the email addresses are missing."\r\n\r\nFirst Name,Last Name,URL,Email Address,Company,Position,Connected On\r\nRiley,Example,https://www.linkedin.com/in/riley-example,,Fabrikam,Engineer,01 Feb 2024\r\n`,
  };
  if (options.withoutProfile) delete files["Profile.csv"];
  const zippable: Zippable = {};
  for (const [name, text] of Object.entries(files)) zippable[`${prefix}${name}`] = strToU8(text);
  return zipSync(zippable, { level: 6 });
}

/** A ZIP bomb: one entry of 60 MB of zeros (compresses ~1000:1), named like an export's CSV. */
export function buildZipBomb(): Uint8Array {
  return zipSync({ "Profile.csv": new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
}

/** An export whose entries try to climb out of the archive. */
export function buildPathTraversalZip(): Uint8Array {
  const parts: Zippable = unzipSync(buildLinkedInExportZip());
  parts["../../etc/cron.d/evil"] = strToU8("* * * * * root true\n");
  return zipSync(parts);
}

const LEFT = { x: 36, width: 168 };
const RIGHT = { x: 232, width: 344 };
const GREY = "#56687a";

/**
 * A profile PDF laid out like LinkedIn's "Save to PDF": a grey left sidebar with Contact, Top
 * Skills, Languages and Certifications; on the right the name (large), headline, location, then
 * Summary, Experience (company, title, "January 2021 - Present (3 years 2 months)", location,
 * description) and Education; "Page N of M" footers. Two pages, as real profiles often are.
 */
export async function buildLinkedInProfilePdf(): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "LETTER", margin: 0, bufferPages: true, compress: true });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  const sidebar = () => doc.rect(0, 0, 214, 792).fill("#f3f6f8");
  sidebar();
  let y = 40;
  const left = (
    text: string,
    options: { size?: number; bold?: boolean; color?: string; gap?: number } = {},
  ) => {
    doc
      .font(options.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(options.size ?? 10.5)
      .fillColor(options.color ?? "#000000")
      .text(text, LEFT.x, y, { width: LEFT.width });
    y = doc.y + (options.gap ?? 3);
  };
  left("Contact", { size: 13, bold: true, gap: 6 });
  left("avery.quinn@example.com");
  left("www.linkedin.com/in/avery-quinn-demo", { color: GREY, gap: 0 });
  left("(LinkedIn)", { color: GREY, gap: 14 });
  left("Top Skills", { size: 13, bold: true, gap: 6 });
  for (const skill of AVERY.topSkills) left(skill);
  y += 11;
  left("Languages", { size: 13, bold: true, gap: 6 });
  for (const language of AVERY.languages) left(language);
  y += 11;
  left("Certifications", { size: 13, bold: true, gap: 6 });
  for (const certification of AVERY.certifications) left(certification);

  y = 40;
  const right = (
    text: string,
    options: { size?: number; bold?: boolean; color?: string; gap?: number; lineGap?: number } = {},
  ) => {
    doc
      .font(options.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(options.size ?? 10.5)
      .fillColor(options.color ?? "#000000")
      .text(text, RIGHT.x, y, { width: RIGHT.width, lineGap: options.lineGap ?? 1 });
    y = doc.y + (options.gap ?? 3);
  };
  const footer = (text: string) =>
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(GREY)
      .text(text, RIGHT.x, 760, { width: RIGHT.width, align: "center" });
  right(AVERY.name, { size: 26, gap: 6 });
  right(AVERY.headline, { size: 12, gap: 4 });
  right(AVERY.location, { color: GREY, gap: 20 });
  right("Summary", { size: 15, gap: 8 });
  right(AVERY.summary, { gap: 20 });
  right("Experience", { size: 15, gap: 10 });
  for (const position of AVERY.positions) {
    right(position.company, { size: 12, gap: 2 });
    right(position.title, { size: 11.5, gap: 2 });
    right(position.pdfDates, { color: GREY, gap: 2 });
    right(position.location, { color: GREY, gap: 6 });
    right(position.description, { gap: 16 });
  }
  footer("Page 1 of 2");

  doc.addPage({ size: "LETTER", margin: 0 });
  sidebar();
  y = 40;
  right("Education", { size: 15, gap: 10 });
  for (const school of AVERY.education) {
    right(school.school, { size: 12, gap: 2 });
    right(`${school.degree}, ${school.field} · (${school.years})`, { gap: 16 });
  }
  footer("Page 2 of 2");

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** A one-column PDF of plain text (a resume, say): readable, but no LinkedIn profile. */
export async function buildTextPdf(text: string): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "LETTER", margin: 56 });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.font("Helvetica").fontSize(11).text(text);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
