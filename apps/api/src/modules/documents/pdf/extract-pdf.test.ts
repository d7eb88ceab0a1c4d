import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseResume } from "@resumelens/engine";
import { describe, expect, it } from "vitest";
import { LABELS } from "../../../../test/fixtures/pdf-labels.ts";
import { buildPdf, encryptedPdf, imageOnlyPdf } from "../../../../test/pdf-fixtures.ts";
import { DocumentRefused } from "../types.ts";
import { extractPdf } from "./extract-pdf.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../../..");
const corpus = path.resolve(repoRoot, "../shared/corpus/pdfs");
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.log(`PDF corpus not found at ${corpus}: corpus tests skipped`);

const files = haveCorpus
  ? readdirSync(corpus)
      .filter((f) => f.endsWith(".pdf"))
      .sort()
  : [];
const cache = new Map<string, Promise<string>>();
function textOf(file: string): Promise<string> {
  let text = cache.get(file);
  if (!text) {
    text = extractPdf(new Uint8Array(readFileSync(path.join(corpus, file)))).then((d) => d.text);
    cache.set(file, text);
  }
  return text;
}

async function refusal(bytes: Uint8Array): Promise<string | null> {
  try {
    await extractPdf(bytes);
    return null;
  } catch (error) {
    return error instanceof DocumentRefused ? error.reason : `unexpected ${String(error)}`;
  }
}

/** A two-page PDF (Helvetica) whose pages share a header line and a footer with the page number. */
const twoPagePdf = () => {
  const page = (n: number, body: string[]) =>
    [
      "BT /F1 9 Tf 72 760 Td (Jane Doe  |  jane.doe@example.com  |  \\(312\\) 555-0100) Tj ET",
      ...body.map((line, i) => `BT /F1 11 Tf 72 ${700 - i * 16} Td (${line}) Tj ET`),
      `BT /F1 9 Tf 280 40 Td (Page ${n} of 2) Tj ET`,
    ].join("\n");
  const stream = (text: string) => `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
  const resources = "/Resources << /Font << /F1 7 0 R >> >>";
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ${resources} >>`,
    stream(
      page(1, [
        "Experience",
        "Senior Engineer, Acme Corp  Jan 2020 - Present",
        "Built the billing platform.",
      ]),
    ),
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R ${resources} >>`,
    stream(page(2, ["Education", "B.S. Computer Science, State University  2015"])),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
};

describe("extractPdf: repeated page headers and footers", () => {
  it("keeps a header repeated on every page once and notes the contact in it", async () => {
    const doc = await extractPdf(twoPagePdf());
    expect(doc.pages).toBe(2);
    expect(doc.text.match(/jane\.doe@example\.com/g)).toHaveLength(1);
    expect(doc.text.match(/Page \d of 2/g)).toHaveLength(1);
    expect(doc.layout.contactInHeaderOrFooter).toBe(true);
    expect(doc.layout.columns).toBe(false);
    const lines = doc.text.split("\n");
    expect(lines.indexOf("Senior Engineer, Acme Corp  Jan 2020 - Present")).toBeLessThan(
      lines.indexOf("Education"),
    );
  });
});

describe("extractPdf: hostile input", () => {
  it("refuses random bytes as corrupt", async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    expect(await refusal(bytes)).toBe("corrupt");
  });
  it("refuses a PDF whose header is fine but body is garbage", async () => {
    expect(await refusal(new TextEncoder().encode("%PDF-1.7\n garbage garbage\n%%EOF\n"))).toBe("corrupt");
  });
  it("refuses an image-only PDF (no text operators) as no-text-layer", async () => {
    expect(await refusal(imageOnlyPdf())).toBe("no-text-layer");
  });
  it("refuses a password-protected PDF as encrypted", async () => {
    expect(await refusal(encryptedPdf())).toBe("encrypted");
  });
  it.skipIf(!haveCorpus)("refuses a truncated PDF (first half of a corpus file) as corrupt", async () => {
    const whole = readFileSync(path.join(corpus, "unknown--weasyprint-cairo-classic.pdf"));
    expect(await refusal(new Uint8Array(whole.subarray(0, Math.floor(whole.length / 2))))).toBe("corrupt");
  });
  it.skipIf(!haveCorpus)("does not detach the caller's buffer", async () => {
    const bytes = new Uint8Array(readFileSync(path.join(corpus, "unknown--weasyprint-cairo-minimal.pdf")));
    await extractPdf(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
  });
});

describe.skipIf(!haveCorpus)("extractPdf over the corpus", () => {
  it("finds all 45 files", () => {
    expect(files.length).toBe(45);
  });

  it.each(files)("%s extracts to readable text", async (file) => {
    const text = await textOf(file);
    expect(text.length).toBeGreaterThanOrEqual(300);
    const letters = (text.match(/\p{L}/gu) ?? []).length;
    expect(letters / text.replace(/\s/g, "").length).toBeGreaterThan(0.6);
    const firstLine = text.split("\n").find((l) => l.trim()) ?? "";
    const hasEmail = /[\w.+-]+@[\w-]+\.[\w.]+/.test(text);
    const nameLike = /^[\p{Lu}][\p{L}'.-]*(?:\s+[\p{Lu}][\p{L}'.-]*){1,3}$/u.test(firstLine.trim());
    expect(hasEmail || nameLike).toBe(true);
  });

  // Lines whose order proves columns were read separately: [file, ...lines in reading order].
  const orders: [string, ...string[]][] = [
    [
      "unknown--chromium-asymmetric-sidebar.pdf",
      "stay reliable under load.",
      "• Owned the build and release tooling used by the whole web org.",
      "STRENGTHS",
      "Grew and steadied teams",
      "SKILLS",
    ],
    [
      "unknown--chromium-two-column-sidebar.pdf",
      "Jamie Rivera",
      "Sr. Engineering Manager",
      "• Built a new soft keyboard for next-gen tablet devices.",
    ],
    [
      "unknown--two-column-sidebar-left-anchor-company.pdf",
      "ROWAN ELLIS",
      "SKILLS",
      "Kubernetes",
      "EXPERIENCE",
      "Lead Platform Engineer  Feb 2019 - Present",
      "Cascade Logistics Group",
    ],
    [
      "google-docs--google-docs-skia-proxy-two-column.pdf",
      "• Linux, eBPF, performance profiling",
      "AWARDS",
      "• Acme Innovation Prize, 2023",
      "EXPERIENCE",
      "Acme Corp — Senior Software Engineer",
      "• Migrated legacy monolith routes to a Node.js service, cutting average",
    ],
    [
      "unknown--weasyprint-cairo-two-column.pdf",
      "SKILLS",
      "• Acme Innovation Prize, 2023",
      "EXPERIENCE",
      "Initech — Junior Engineer",
    ],
    [
      "google-docs--google-docs-skia-proxy-two-column-long-role-header.pdf",
      "WORK EXPERIENCE",
      "Data Services Intern, Brightex. Dayton, Ohio",
      "• Published a season recap page viewed by two hundred students.",
      "SKILLS",
      "• OAuth login integrations",
    ],
    [
      "unknown--two-column-achievements-sidebar.pdf",
      "EXPERIENCE",
      "Sr Software Engineer",
      "STRENGTHS",
      "Innovation and Entrepreneurship",
      "ACHIEVEMENTS",
    ],
    [
      "latex--deedy-resume-macfonts.pdf",
      "EDUCATION",
      "CORNELL UNIVERSITY",
      "MEng in Computer Science",
      "LINKS",
    ],
    [
      "latex--deedy-resume-openfonts.pdf",
      "EDUCATION",
      "CORNELL UNIVERSITY",
      "MEng in Computer Science",
      "LINKS",
    ],
  ];
  it.each(orders)("%s reads column by column", async (file, ...expected) => {
    const lines = (await textOf(file)).split("\n");
    const at = expected.map((line) => lines.findIndex((l) => l.startsWith(line)));
    expect(
      at.every((i) => i >= 0),
      `missing one of ${JSON.stringify(expected)}`,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("reads a sidebar column without interleaving it into the main column", async () => {
    const lines = (await textOf("unknown--chromium-asymmetric-sidebar.pdf")).split("\n");
    // Main-column lines are whole: no sidebar text glued on at the right.
    expect(lines).toContain(
      "stay reliable under load. Comfortable owning a service end to end, from on-call",
    );
    expect(lines.indexOf("EXPERIENCE")).toBeLessThan(lines.indexOf("STRENGTHS"));
  });

  it("sets layout.columns for two-column files and not for single-column ones", async () => {
    const read = (f: string) => extractPdf(new Uint8Array(readFileSync(path.join(corpus, f))));
    expect((await read("unknown--chromium-two-column-sidebar.pdf")).layout.columns).toBe(true);
    expect((await read("unknown--weasyprint-cairo-two-column.pdf")).layout.columns).toBe(true);
    expect((await read("unknown--weasyprint-cairo-classic.pdf")).layout.columns).toBe(false);
    expect((await read("google-docs--google-docs-skia-proxy-classic.pdf")).layout.columns).toBe(false);
    expect((await read("latex--awesome-cv-resume.pdf")).layout.columns).toBe(false);
  });

  it("keeps a repeated page footer once", async () => {
    const text = await textOf("latex--awesome-cv-resume.pdf");
    expect(text.split("\n").filter((l) => l.includes("Jane Smith · Résumé"))).toHaveLength(1);
  });

  it("puts label-rail section names on lines of their own", async () => {
    const lines = (await textOf("unknown--label-rail-grid-fragmented.pdf")).split("\n");
    expect(lines).toContain("Technical Skills");
    expect(lines.indexOf("Experience") + 1).toBe(
      lines.indexOf("Staff Engineer, Platform  Aug 2024 - Present"),
    );
  });

  it("does not read flush-right places and a rail of years as columns", async () => {
    const text = await textOf("latex--awesome-cv-resume.pdf");
    expect(text).toContain("B.S. in Computer Science and Engineering  Mar. 2010 Aug. 2017");
    expect(text).toContain("2021  2nd Place, AWS ASEAN AI/ML GameDay  Online");
  });

  it("joins letter-spaced glyph runs and keeps word gaps", async () => {
    const text = await textOf("unknown--letter-spaced-name-heading.pdf");
    expect(text.split("\n")[0]).toBe("JORDAN REYES");
    expect(text).not.toMatch(/\b(?:[A-Z] ){3,}/);
  });

  it("joins words split into ligature fragments and keeps spaces between words", async () => {
    expect(await textOf("unknown--chromium-two-column-sidebar.pdf")).toContain(
      "focused on efficiency and quality.",
    );
    expect((await textOf("latex--awesome-cv-resume.pdf")).split("\n")[0]).toBe("Jane Smith");
  });
});

// ---------------------------------------------------------------------------------------------
// Hand-labelled fields, read off the PDFs, checked through the resume parser.

const loose = (s: string | null | undefined) =>
  (s ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
/** A parsed field matches when it equals the label, or contains it as whole words (a title with its team). */
const same = (got: string | null | undefined, want: string) =>
  loose(got) === loose(want) || (loose(want).length > 0 && ` ${loose(got)} `.includes(` ${loose(want)} `));
/** Dates: "YYYY-MM" exactly; a year-only label checks the year. */
const sameDate = (got: string | null, want: string | null) =>
  want === null ? got === null : want.length === 4 ? (got ?? "").startsWith(want) : got === want;

describe.skipIf(!haveCorpus)("parseResume on extracted PDF text (labelled set)", () => {
  it("reaches the field-accuracy target", async () => {
    const tally: Record<string, [number, number]> = {};
    const misses: string[] = [];
    const count = (field: string, ok: boolean, what: string) => {
      const t = tally[field] ?? [0, 0];
      tally[field] = t;
      t[1]++;
      if (ok) t[0]++;
      else misses.push(what);
    };
    for (const [file, label] of Object.entries(LABELS)) {
      const parsed = parseResume(await textOf(file));
      count("name", same(parsed.contact.name, label.name), `${file} name ${parsed.contact.name}`);
      count("email", parsed.contact.email === label.email, `${file} email`);
      count(
        "phone",
        loose(parsed.contact.phone) === loose(label.phone),
        `${file} phone ${parsed.contact.phone}`,
      );
      // Work and volunteer roles (labelled alike); projects are not roles.
      const roles = parsed.experience.filter((e) => e.section !== "projects");
      for (const role of label.roles) {
        // The parsed role with the same dates, else the one at the same position.
        const match =
          roles.find((r) => sameDate(r.start, role.start) && sameDate(r.end, role.end)) ??
          roles[label.roles.indexOf(role)];
        const where = `${file} ${role.title}@${role.company}`;
        count("title", same(match?.title, role.title), `${where} title=${match?.title}`);
        count("company", same(match?.company, role.company), `${where} company=${match?.company}`);
        count("start", sameDate(match?.start ?? null, role.start), `${where} start=${match?.start}`);
        count("end", !!match && sameDate(match.end, role.end), `${where} end=${match?.end}`);
      }
      for (const degree of label.degrees) {
        const match = parsed.education.find(
          (e) => same(e.institution, degree.institution) && same(e.degree, degree.degree),
        );
        count("degree", !!match, `${file} ${degree.degree} @ ${degree.institution}`);
      }
    }
    let hit = 0;
    let all = 0;
    for (const [, [ok, total]] of Object.entries(tally)) {
      hit += ok;
      all += total;
    }
    const lines = Object.entries(tally).map(([f, [ok, total]]) => `${f} ${ok}/${total}`);
    console.log(
      `PDF field accuracy over ${Object.keys(LABELS).length} files: ${((100 * hit) / all).toFixed(1)}% (${hit}/${all}); ${lines.join(", ")}\nmisses:\n  ${misses.join("\n  ")}`,
    );
    expect(Object.keys(LABELS).length).toBeGreaterThanOrEqual(15);
    expect(hit / all).toBeGreaterThanOrEqual(0.9);
  });
});
