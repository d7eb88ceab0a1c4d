/**
 * Small PDFs for tests: written by hand for hostile input (no text layer, encryption), and resumes
 * in known layouts made with pdfkit (layoutResumePdf).
 */
import PDFDocument from "pdfkit";

/** A minimal valid PDF built from the given objects, with a correct xref table. */
export function buildPdf(objects: string[], trailerExtra = ""): Uint8Array {
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const drawing = "0 0 1 rg 10 10 100 50 re f";
/** A page with a drawn rectangle and no text: what a scanned resume looks like to us. */
export const imageOnlyPdf = () =>
  buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
    `<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`,
  ]);
/** A PDF with a standard security handler: pdf.js asks for a password. */
export const encryptedPdf = () => {
  const pad = (c: string) => `<${c.repeat(64)}>`;
  return buildPdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
      `<< /Filter /Standard /V 1 /R 2 /O ${pad("A")} /U ${pad("B")} /P -44 >>`,
    ],
    `/Encrypt 4 0 R /ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>] `,
  );
};

/** How the text of a generated resume PDF (layoutResumePdf) is laid out on the page. */
export type ResumeLayout = "single-column" | "two-column" | "table";

const RESUME = {
  name: "Jordan Rivera",
  contact: "jordan.rivera@example.com | +1 503 555 0142 | Portland, OR",
  summary:
    "Backend engineer with eight years of building payment and billing services in TypeScript and Go, and of running them on Kubernetes.",
  roles: [
    {
      title: "Senior Software Engineer",
      company: "Acme Payments",
      dates: "January 2020 - Present",
      bullets: [
        "Led the migration of billing services to TypeScript, cutting incidents by 40%.",
        "Built REST APIs in Node.js and PostgreSQL serving 2 million requests per day.",
        "Mentored four engineers and ran the weekly design review.",
      ],
    },
    {
      title: "Software Engineer",
      company: "Globex Logistics",
      dates: "June 2016 - December 2019",
      bullets: [
        "Wrote Go services for shipment tracking on AWS, handling 300 events per second.",
        "Cut the nightly batch from 6 hours to 45 minutes by moving it to Kafka streams.",
      ],
    },
  ],
  education: ["B.S. Computer Science", "University of Oregon, 2016"],
  skills: ["TypeScript", "Node.js", "Go", "PostgreSQL", "Kubernetes", "AWS", "Kafka", "Docker"],
};

/**
 * One software engineer's resume as a real PDF (pdfkit, Helvetica, text layer), in one of three
 * layouts: one column; a sidebar (contact, skills, education) beside the main column; or the
 * experience in a ruled three-column table (dates | role | results).
 */
export async function layoutResumePdf(layout: ResumeLayout): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "LETTER", margin: 0 });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  let y = 0;
  const write = (text: string, x: number, width: number, options: { size?: number; bold?: boolean } = {}) => {
    doc
      .font(options.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(options.size ?? 10.5)
      .text(text, x, y, { width });
    y = doc.y + 2;
  };
  const heading = (text: string, x: number, width: number) => {
    y += 8;
    write(text.toUpperCase(), x, width, { size: 12, bold: true });
  };

  if (layout === "two-column") {
    const side = { x: 36, width: 170 };
    const main = { x: 236, width: 340 };
    y = 40;
    write(RESUME.name, side.x, side.width, { size: 16, bold: true });
    heading("Contact", side.x, side.width);
    for (const part of RESUME.contact.split(" | ")) write(part, side.x, side.width);
    heading("Skills", side.x, side.width);
    for (const skill of RESUME.skills) write(skill, side.x, side.width);
    heading("Education", side.x, side.width);
    for (const line of RESUME.education) write(line, side.x, side.width);
    y = 40;
    heading("Summary", main.x, main.width);
    write(RESUME.summary, main.x, main.width);
    heading("Experience", main.x, main.width);
    for (const role of RESUME.roles) {
      write(`${role.title}, ${role.company}`, main.x, main.width, { bold: true });
      write(role.dates, main.x, main.width);
      for (const bullet of role.bullets) write(`• ${bullet}`, main.x, main.width);
      y += 6;
    }
  } else {
    const body = { x: 56, width: 500 };
    y = 48;
    write(RESUME.name, body.x, body.width, { size: 16, bold: true });
    write(RESUME.contact, body.x, body.width);
    heading("Summary", body.x, body.width);
    write(RESUME.summary, body.x, body.width);
    heading("Experience", body.x, body.width);
    if (layout === "table") {
      const cells = [
        { x: body.x, width: 110 },
        { x: body.x + 110, width: 140 },
        { x: body.x + 250, width: 250 },
      ];
      for (const role of RESUME.roles) {
        const top = y;
        let bottom = top;
        const texts = [role.dates, `${role.title}\n${role.company}`, role.bullets.join("\n")];
        texts.forEach((text, i) => {
          const cell = cells[i] as { x: number; width: number };
          y = top + 5;
          write(text, cell.x + 5, cell.width - 10);
          bottom = Math.max(bottom, y + 3);
        });
        for (const cell of cells) doc.rect(cell.x, top, cell.width, bottom - top).stroke();
        y = bottom;
      }
    } else {
      for (const role of RESUME.roles) {
        write(`${role.title}, ${role.company}`, body.x, body.width, { bold: true });
        write(role.dates, body.x, body.width);
        for (const bullet of role.bullets) write(`• ${bullet}`, body.x, body.width);
        y += 6;
      }
    }
    heading("Education", body.x, body.width);
    write(RESUME.education.join(", "), body.x, body.width);
    heading("Skills", body.x, body.width);
    write(RESUME.skills.join(", "), body.x, body.width);
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
