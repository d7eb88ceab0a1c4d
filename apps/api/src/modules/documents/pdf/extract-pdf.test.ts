import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseResume } from "@resumelens/engine";
import { describe, expect, it } from "vitest";
import { LABELS } from "../../../../test/fixtures/pdf-labels.ts";
import { buildPdf, encryptedPdf, imageOnlyPdf, layoutResumePdf } from "../../../../test/pdf-fixtures.ts";
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
    // A running footer with no contact ("Page 1 of 2") is dropped: it is nobody's experience.
    expect(doc.text).not.toMatch(/Page \d of 2/);
    expect(doc.layout.contactInHeaderOrFooter).toBe(true);
    expect(doc.layout.columns).toBe(false);
    const lines = doc.text.split("\n");
    expect(lines.indexOf("Senior Engineer, Acme Corp  Jan 2020 - Present")).toBeLessThan(
      lines.indexOf("Education"),
    );
  });
});

describe("extractPdf: rows at the top of several pages", () => {
  it("keeps roles' dates that open two pages at the same height (years differ; only page numbers are masked)", async () => {
    const page = (dates: string, role: string) =>
      [
        `BT /F1 10 Tf 72 760 Td (${dates}) Tj ET`,
        `BT /F1 10 Tf 72 745 Td (${role}) Tj ET`,
        ...["Built the billing platform.", "Ran the on-call rotation."].map(
          (line, i) => `BT /F1 10 Tf 72 ${725 - i * 15} Td (${line}) Tj ET`,
        ),
        "BT /F1 9 Tf 280 40 Td (Page 1 of 2) Tj ET",
      ].join("\n");
    const stream = (text: string) => `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
    const resources = "/Resources << /Font << /F1 7 0 R >> >>";
    const doc = await extractPdf(
      buildPdf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ${resources} >>`,
        stream(page("05/2016 - 06/2017", "Engineer, Acme")),
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R ${resources} >>`,
        stream(page("09/2006 - 07/2007", "Analyst, Globex")),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      ]),
    );
    expect(doc.text).toContain("05/2016 - 06/2017");
    expect(doc.text).toContain("09/2006 - 07/2007");
    expect(doc.text).not.toContain("Page 1 of 2");
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
      "Backend and platform engineer with a decade",
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
    // Main-column lines are whole: no sidebar text glued on at the right (the summary's lines
    // are one paragraph again).
    expect(lines).toContain(
      "Backend and platform engineer with a decade building distributed systems that stay reliable under load. Comfortable owning a service end to end, from on-call rotation to capacity planning, and pairing with product to ship measurable wins.",
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

  it("drops a repeated page footer that holds no contact (it sat between two roles of page 1)", async () => {
    const text = await textOf("latex--awesome-cv-resume.pdf");
    expect(text.split("\n").filter((l) => l.includes("Jane Smith · Résumé"))).toHaveLength(0);
    expect(text.split("\n")[0]).toBe("Jane Smith");
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
    expect(text).toContain("B.S. in Computer Science and Engineering  Mar. 2010 - Aug. 2017");
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
// Layout hints: ruled tables and a contact in a page's header or footer band

/** One Letter page from content-stream lines (Helvetica as F1). */
const onePagePdf = (content: string[]) => {
  const text = content.join("\n");
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
};
const textAt = (x: number, y: number, size: number, text: string) =>
  `BT /F1 ${size} Tf ${x} ${y} Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;
const BODY = [
  "Experience",
  "Senior Engineer, Acme Corp  Jan 2020 - Present",
  "Built the billing platform in TypeScript and Go.",
  "Ran the on-call rotation for twelve services.",
  "Engineer, Globex  Jun 2016 - Dec 2019",
  "Wrote the shipment tracking services.",
  "Education",
  "B.S. Computer Science, State University  2016",
  "Skills",
  "TypeScript, Go, PostgreSQL, Kubernetes",
];
const body = (top: number) => BODY.map((line, i) => textAt(72, top - i * 15, 11, line));

describe("extractPdf: tables and running headers in the layout hints", () => {
  it("sets tables for a resume whose experience is a ruled table (pdfkit cells)", async () => {
    const doc = await extractPdf(await layoutResumePdf("table"));
    expect(doc.layout.tables).toBe(true);
    expect(doc.layout.columns).toBe(false);
    // Cell by cell, row by row: a role's dates, then its title and company, then its results.
    const lines = doc.text.split("\n");
    const at = (line: string) => lines.indexOf(line);
    expect(at("January 2020 - Present")).toBeGreaterThan(-1);
    expect(at("Senior Software Engineer")).toBe(at("January 2020 - Present") + 1);
    expect(at("Acme Payments")).toBe(at("Senior Software Engineer") + 1);
    expect(at("Mentored four engineers and ran the weekly design review.")).toBeGreaterThan(
      at("Acme Payments"),
    );
    expect(at("June 2016 - December 2019")).toBeGreaterThan(
      at("Mentored four engineers and ran the weekly design review."),
    );
  });

  it("does not set tables for single-column and sidebar resumes", async () => {
    for (const layout of ["single-column", "two-column"] as const) {
      expect((await extractPdf(await layoutResumePdf(layout))).layout.tables).toBeFalsy();
    }
  });

  it("sets tables for a grid of stroked lines (full-width rows, column rules)", async () => {
    const rows = [560, 530, 500, 470];
    const rules = [
      ...rows.map((y) => `72 ${y} m 540 ${y} l S`),
      ...[72, 200, 380, 540].map((x) => `${x} 470 m ${x} 560 l S`),
    ];
    const cells = rows
      .slice(0, 3)
      .flatMap((y, r) => [
        textAt(78, y - 18, 10, `20${18 + r} - 20${19 + r}`),
        textAt(206, y - 18, 10, `Engineer ${r + 1}`),
        textAt(386, y - 18, 10, `Shipped release ${r + 1}`),
      ]);
    const doc = await extractPdf(onePagePdf([...body(740), "0.5 w", ...rules, ...cells]));
    expect(doc.layout.tables).toBe(true);
  });

  it("does not read a boxed sidebar, or a ruled rail of dates beside roles, as a table", async () => {
    // Sidebar lines run at their own leading beside the main column: columns, never cells, even
    // where boxes are drawn around both columns and a rule crosses the page between sections.
    const box = (x0: number, x1: number) => [
      `${x0} 740 m ${x1} 740 l S`,
      `${x0} 160 m ${x1} 160 l S`,
      `${x0} 160 m ${x0} 740 l S`,
      `${x1} 160 m ${x1} 740 l S`,
    ];
    const boxes = [...box(60, 200), ...box(210, 550), "60 450 m 550 450 l S"];
    const sideText = ["Contact", "jane@example.com", "(312) 555-0100", "Skills", "Go", "SQL", "Kafka"];
    const side = sideText.map((t, i) => textAt(72, 720 - i * 14 - (i >= 3 ? 10 : 0), 9, t));
    const main = [...BODY, ...BODY].map((line, i) => textAt(220, 720 - i * 26, 10, line.slice(0, 40)));
    const sidebar = await extractPdf(onePagePdf([...side, ...main, "0.5 w", ...boxes]));
    expect(sidebar.layout.tables).toBeFalsy();
    // A date-left resume with hairlines between its roles: the years are a rail, not a column of cells.
    const roles = [700, 640, 580, 520];
    const rail = roles.flatMap((y, r) => [
      textAt(72, y, 10, `20${10 + 2 * r} - 20${12 + 2 * r}`),
      textAt(180, y, 10, `Engineer ${r + 1}, Acme Corp`),
      textAt(180, y - 14, 10, "Built the billing platform in TypeScript and Go."),
      textAt(180, y - 28, 10, "Ran the on-call rotation for twelve services."),
    ]);
    const hairlines = [
      ...[710, 650, 590, 530, 470].map((y) => `60 ${y} m 550 ${y} l S`),
      ...[60, 170, 550].map((x) => `${x} 470 m ${x} 710 l S`),
    ];
    const dated = await extractPdf(
      onePagePdf([textAt(72, 750, 20, "Jane Doe"), ...rail, "0.5 w", ...hairlines]),
    );
    expect(dated.layout.tables).toBeFalsy();
    expect(dated.text).toContain("2010 - 2012");
  });

  it("does not read section underlines and a sidebar divider as a table", async () => {
    const underlines = [700, 600, 500, 400].map((y) => `220 ${y} m 540 ${y} l S`);
    const divider = "205 200 m 205 740 l S";
    const side = ["Contact", "jane@example.com", "Skills", "Go", "SQL"].map((t, i) =>
      textAt(72, 720 - i * 15, 10, t),
    );
    const main = BODY.map((line, i) => textAt(220, 720 - i * 30, 10, line.slice(0, 40)));
    const doc = await extractPdf(onePagePdf([...side, ...main, ...underlines, divider]));
    expect(doc.layout.tables).toBeFalsy();
  });

  it("notes a contact line in a one-page PDF's header band (small, at the top, set apart)", async () => {
    const header = textAt(200, 770, 7, "jane.doe@example.com | (312) 555-0100 | Chicago, IL");
    const doc = await extractPdf(onePagePdf([header, textAt(72, 700, 20, "Jane Doe"), ...body(670)]));
    expect(doc.layout.contactInHeaderOrFooter).toBe(true);
    expect(doc.text.split("\n")[0]).toContain("jane.doe@example.com");
  });

  it("notes a contact line in a one-page PDF's footer band", async () => {
    const footer = textAt(200, 20, 7, "jane.doe@example.com | (312) 555-0100");
    const doc = await extractPdf(onePagePdf([textAt(72, 720, 20, "Jane Doe"), ...body(690), footer]));
    expect(doc.layout.contactInHeaderOrFooter).toBe(true);
  });

  it("reads a running footer with the name and contact first (the body may not name anyone)", async () => {
    const footer = textAt(150, 20, 7, "Jane Doe | jane.doe@example.com | (312) 555-0100");
    const doc = await extractPdf(onePagePdf([...body(720), footer]));
    expect(doc.layout.contactInHeaderOrFooter).toBe(true);
    const lines = doc.text.split("\n");
    expect(lines[0]).toBe("Jane Doe | jane.doe@example.com | (312) 555-0100");
    expect(lines[1]).toBe("");
    expect(lines.filter((l) => l.includes("jane.doe@example.com"))).toHaveLength(1);
  });

  it("does not flag a resume whose name and contact simply open the page", async () => {
    const contact = "jane.doe@example.com | (312) 555-0100 | Chicago, IL";
    // Name, then a small contact line under it; and a small contact line right above the name.
    const under = onePagePdf([textAt(72, 750, 20, "Jane Doe"), textAt(72, 732, 8, contact), ...body(705)]);
    const above = onePagePdf([textAt(72, 765, 8, contact), textAt(72, 742, 20, "Jane Doe"), ...body(715)]);
    for (const pdf of [under, above]) {
      expect((await extractPdf(pdf)).layout.contactInHeaderOrFooter).toBe(false);
    }
  });

  it.skipIf(!haveCorpus)(
    "sets neither hint for any of the 45 corpus PDFs (none is a table or has a running contact)",
    async () => {
      const flagged: string[] = [];
      for (const file of files) {
        const { layout } = await extractPdf(new Uint8Array(readFileSync(path.join(corpus, file))));
        if (layout.tables) flagged.push(`${file} tables`);
        if (layout.contactInHeaderOrFooter) flagged.push(`${file} contactInHeaderOrFooter`);
      }
      expect(flagged).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Reflow: lines broken only by the width of a narrow column

describe("extractPdf: lines wrapped by a narrow column", () => {
  // A narrow column (its right edge set by the flush-right date, x ≈ 275) in Helvetica 10 pt.
  // "\\267" is the bullet glyph in the standard encoding.
  const lines: [number, string][] = [
    [72, "Experience"],
    [72, "Staff Engineer, Acme"],
    [72, "Corporation Ltd."],
    [72, "\\267 Cut the build times by half across all of the"],
    [81, "web org and its release tooling"],
    [81, "Owned the on-call rotation for all twelve of"],
    [81, "our services in the payments group"],
    [81, "Mentored four engineers through their first"],
    [81, "Wrote the incident review guide"],
  ];
  const narrow = () =>
    onePagePdf([
      ...lines.map(([x, text], i) => `BT /F1 10 Tf ${x} ${700 - i * 13} Td (${text}) Tj ET`),
      textAt(190, 687, 10, "Jan 2020 - Present"),
    ]);

  it("joins a role header's wrapped company before its flush-right date", async () => {
    const text = (await extractPdf(narrow())).text.split("\n");
    expect(text).toContain("Staff Engineer, Acme Corporation Ltd.  Jan 2020 - Present");
    expect(text[0]).toBe("Experience");
  });

  it("joins a role header's wrapped title when its dates stop a little short of the column's edge", async () => {
    const doc = await extractPdf(
      onePagePdf([
        textAt(72, 700, 10, "Harbor Point Labs - Microbiology"),
        textAt(72, 687, 10, "Scientist"),
        textAt(230, 700, 10, "2021 - 2022"),
        textAt(77, 674, 10, "- Supervised biological technologists and the lab"),
        textAt(86, 661, 10, "technicians in the county laboratories"),
      ]),
    );
    expect(doc.text.split("\n")[0]).toBe("Harbor Point Labs - Microbiology Scientist  2021 - 2022");
  });

  it("joins a date range wrapped in its rail cell, and leaves a rail of years alone", async () => {
    const doc = await extractPdf(
      onePagePdf([
        textAt(72, 700, 10, "April 2022 - February"),
        textAt(190, 700, 10, "Snack Bar Cashier"),
        textAt(72, 687, 10, "2025"),
        textAt(190, 687, 10, "Meadowbrook Logistics LLC, Leeds, UK"),
        textAt(195, 674, 10, "- Issued receipts, refunds, credits, or change due to"),
        textAt(204, 661, 10, "customers at the two front counters"),
        textAt(72, 645, 10, "June 2014 - February"),
        textAt(190, 645, 10, "Cryptographer, Copperleaf"),
        textAt(72, 632, 10, "2016"),
        textAt(195, 632, 10, "- Disseminated research by writing reports"),
        textAt(72, 600, 10, "2021"),
        textAt(190, 600, 10, "2nd Place, AWS GameDay"),
        textAt(72, 587, 10, "2020"),
        textAt(190, 587, 10, "Finalist, DEFCON CTF"),
      ]),
    );
    const lines = doc.text.split("\n");
    expect(lines).toContain("April 2022 - February 2025  Snack Bar Cashier");
    expect(lines).toContain("Meadowbrook Logistics LLC, Leeds, UK");
    expect(lines).toContain("June 2014 - February 2016  Cryptographer, Copperleaf");
    expect(lines).toContain("- Disseminated research by writing reports");
    expect(lines).toContain("2021  2nd Place, AWS GameDay");
    expect(lines).toContain("2020  Finalist, DEFCON CTF");
  });

  it("joins a bullet's lines at its hanging indent, and a drawn-list item's lower-case continuation", async () => {
    const text = (await extractPdf(narrow())).text.split("\n");
    expect(text).toContain("• Cut the build times by half across all of the web org and its release tooling");
    expect(text).toContain("Owned the on-call rotation for all twelve of our services in the payments group");
  });

  it("keeps apart the items of a list whose bullets are drawn (an indented line opening with a capital)", async () => {
    const text = (await extractPdf(narrow())).text.split("\n");
    expect(text).toContain("Mentored four engineers through their first");
    expect(text).toContain("Wrote the incident review guide");
  });

  it("joins the line directly under a typed bullet, at its hanging indent, even after a full stop and where its first word would have fitted", async () => {
    // "\\267" is the bullet glyph in the standard encoding: an octal escape, so not escaped here.
    const typed = (x: number, y: number, text: string) => `BT /F1 10 Tf ${x} ${y} Td (${text}) Tj ET`;
    const doc = await extractPdf(
      onePagePdf([
        typed(72, 700, "\\267 Migrated the cluster to Kubernetes on EKS. Ran three clusters."),
        typed(81, 687, "Managed the manifests with Kustomize and ArgoCD."),
        typed(81, 674, "Wrote the upgrade runbook."),
        typed(72, 661, "\\267 Designed the network of the platform across four VPCs and one hundred"),
        typed(81, 648, "subnets for the payments group and its partners."),
        typed(72, 635, "Staff Engineer, Globex Corporation, Chicago, Illinois, United States"),
        typed(72, 622, "\\267 Languages"),
        typed(81, 609, "Python, Go, Rust"),
        typed(72, 596, "\\267 Wrote the incident review guide for all of the teams of the payments group."),
      ]),
    );
    expect(doc.text.split("\n")).toEqual([
      "• Migrated the cluster to Kubernetes on EKS. Ran three clusters. Managed the manifests with Kustomize and ArgoCD.",
      // Further down, at the same x, it may as well be the next item of a drawn list.
      "Wrote the upgrade runbook.",
      "• Designed the network of the platform across four VPCs and one hundred subnets for the payments group and its partners.",
      // Back at the bullet's x: a line of its own (a role header), as are the next bullets.
      "Staff Engineer, Globex Corporation, Chicago, Illinois, United States",
      // A bullet filling less than half its line was not broken for want of room.
      "• Languages",
      "Python, Go, Rust",
      "• Wrote the incident review guide for all of the teams of the payments group.",
    ]);
  });

  it.skipIf(!haveCorpus)("joins an awesome-cv bullet's second line, broken after a full stop", async () => {
    for (const file of ["latex--awesome-cv-resume.pdf", "latex--awesome-cv-cv.pdf"]) {
      const lines = (await textOf(file)).split("\n");
      expect(lines, file).toContain(
        "• Migrated the orchestration system from DC/OS to Kubernetes which is based on AWS EKS. Managed 3 Kubernetes clusters and 300+ pods. Managed all Kubernetes manifests declaratively with Kustomize and ArgoCD.",
      );
    }
  });

  it("keeps a line apart when its first word would have fitted on the line above", async () => {
    const doc = await extractPdf(
      onePagePdf([
        textAt(72, 700, 10, "Built the billing platform."),
        textAt(72, 687, 10, "Ran the on-call rotation for twelve services and wrote the runbook."),
        textAt(72, 674, 10, "Rewrote the invoicing jobs in Go"),
        textAt(72, 661, 10, "and cut their run time by half."),
      ]),
    );
    expect(doc.text.split("\n")).toEqual([
      "Built the billing platform.",
      "Ran the on-call rotation for twelve services and wrote the runbook.",
      "Rewrote the invoicing jobs in Go",
      "and cut their run time by half.",
    ]);
  });

  it("keeps a heading set further apart than the paragraph's leading on its own line", async () => {
    const doc = await extractPdf(
      onePagePdf([
        textAt(72, 700, 10, "B.S. Computer Science, State University, 2016 with honours"),
        // Nearly as wide as the line above: "Skills" would not have fitted after it.
        textAt(72, 687, 10, "Minor in Mathematics, thesis on graph partitioning tools"),
        textAt(72, 671, 10, "Skills"),
        textAt(72, 658, 10, "TypeScript, Go, PostgreSQL, Kubernetes"),
      ]),
    );
    expect(doc.text.split("\n")).toContain("Skills");
  });

  it("joins an email broken at its @ without a space, and not onto a short line above it", async () => {
    const lines = [
      "Jane Doe",
      "jane.longname.doe.smith",
      "@example.com",
      "Chicago, Illinois, USA",
      "Skills: TypeScript and Go",
    ];
    const doc = await extractPdf(onePagePdf(lines.map((t, i) => textAt(40, 740 - i * 11, 8, t))));
    expect(doc.text.split("\n").slice(0, 2)).toEqual(["Jane Doe", "jane.longname.doe.smith@example.com"]);
  });

  it.skipIf(!haveCorpus)("joins a summary paragraph and the bullets of a two-column page", async () => {
    const text = await textOf("unknown--chromium-asymmetric-sidebar.pdf");
    expect(text).toContain("Grew and steadied teams across sites; coached engineers toward promotion.");
  });
});

describe("extractPdf: letter-spaced names", () => {
  it("keeps the word gaps of a name whose letter-spaced words are drawn one item each", async () => {
    const name = [
      textAt(72, 740, 26, "M A T E O"),
      textAt(213, 740, 26, "K A Y"),
      textAt(299, 740, 26, "W E I"),
    ];
    const doc = await extractPdf(onePagePdf([...name, ...body(700)]));
    expect(doc.text.split("\n")[0]).toBe("MATEO KAY WEI");
  });

  it("reads a name set over two lines as one", async () => {
    const name = [textAt(72, 740, 26, "L I A M"), textAt(72, 706, 26, "D U B O I S")];
    const doc = await extractPdf(onePagePdf([...name, ...body(670)]));
    expect(doc.text.split("\n")[0]).toBe("LIAM DUBOIS");
  });
});

describe("extractPdf: the name in a sidebar layout", () => {
  // A left sidebar (contact, skills, education) read before the main column, whose top line is
  // the name in 24 pt.
  const side = [
    "jane.doe@example.com",
    "(312) 555-0100",
    "Chicago, Illinois",
    "Skills",
    "TypeScript and Go",
    "PostgreSQL, Kafka",
    "Education",
    "B.S. Physics, 2016",
  ];
  const main = [
    "Summary",
    "Platform engineer with ten years of experience.",
    "Experience",
    "Senior Engineer, Acme Corp  Jan 2020 - Present",
    "Built the billing platform in Go.",
    "Ran the on-call rotation for twelve services.",
    "Engineer, Globex  Jun 2016 - Dec 2019",
    "Wrote the shipment tracking services.",
  ];
  const sidebarPdf = (nameY: number) =>
    onePagePdf([
      ...side.map((t, i) => textAt(40, 750 - i * 16, 9, t)),
      textAt(230, nameY, 24, "Jane Doe"),
      ...main.map((t, i) => textAt(230, 712 - i * 16, 10, t)),
    ]);

  it("reads the largest type at the top of the first page first", async () => {
    const doc = await extractPdf(sidebarPdf(744));
    expect(doc.layout.columns).toBe(true);
    const lines = doc.text.split("\n");
    expect(lines[0]).toBe("Jane Doe");
    expect(lines.indexOf("jane.doe@example.com")).toBeLessThan(lines.indexOf("Summary"));
  });

  it("leaves large type lower on the page where it was read", async () => {
    const doc = await extractPdf(sidebarPdf(440));
    expect(doc.text.split("\n")[0]).toBe("jane.doe@example.com");
  });
});

describe("extractPdf: label rails", () => {
  it("puts a label broken over two rows on a line of its own, also when its second row is alone", async () => {
    const rail = (y: number, label: string, content: string | null) => [
      textAt(40, y, 10, label),
      ...(content ? [textAt(160, y, 10, content)] : []),
    ];
    const doc = await extractPdf(
      onePagePdf([
        ...rail(700, "EXPERIENCE", "Senior Engineer, Acme Corp, Jan 2020 - Present"),
        ...rail(685, "", "Built the billing platform in TypeScript and Go."),
        ...rail(670, "", "Ran the on-call rotation for twelve services."),
        ...rail(640, "EDUCATION &", "Master of Science in Accounting"),
        ...rail(625, "TRAINING", null),
        textAt(160, 620, 10, "Ohio Valley State University, 2020"),
        ...rail(590, "Academic", "B.S. Computer Science"),
        ...rail(575, "Background", "University of Maple Grove, 2012"),
      ]),
    );
    const lines = doc.text.split("\n");
    expect(lines).toContain("EDUCATION & TRAINING");
    expect(lines).toContain("Academic Background");
    expect(lines.indexOf("Master of Science in Accounting")).toBe(lines.indexOf("EDUCATION & TRAINING") + 1);
  });
});

describe("extractPdf: a short sidebar block", () => {
  it("reads a right column of three rows beside a clear gutter as a column", async () => {
    const left = BODY.map((line, i) => textAt(40, 700 - i * 15, 10, line.replace(/ {2}/g, ", ")));
    const right = ["EDUCATION", "Bachelor of Arts in Mathematics", "Westbrook College, 2021"].map((t, i) =>
      textAt(380, 700 - i * 15, 10, t),
    );
    const doc = await extractPdf(onePagePdf([...left, ...right]));
    expect(doc.layout.columns).toBe(true);
    const lines = doc.text.split("\n");
    expect(lines.indexOf("Bachelor of Arts in Mathematics")).toBe(lines.indexOf("EDUCATION") + 1);
  });

  it("reads a right column of a heading and one degree (under 80 characters) as a column", async () => {
    const left = BODY.map((line, i) => textAt(40, 700 - i * 15, 10, line.replace(/ {2}/g, ", ")));
    const right = ["EDUCATION", "B.A. in Mathematics", "Westbrook College, 2021", "Cum laude"].map((t, i) =>
      textAt(380, 700 - i * 15, 10, t),
    );
    const doc = await extractPdf(onePagePdf([...left, ...right]));
    expect(doc.layout.columns).toBe(true);
    const lines = doc.text.split("\n");
    expect(lines).toContain("Experience");
    expect(lines.indexOf("B.A. in Mathematics")).toBe(lines.indexOf("EDUCATION") + 1);
  });
});

describe("extractPdf: the gutter beside a sidebar", () => {
  it("prefers the clear gutter to a wider band that two long lines cross (flush-right dates)", async () => {
    const main: [number, string][] = [
      [40, "Production worker with nine years of experience in SAP and Outlook."],
      [40, "Performed quality checks on products and parts."],
      [40, "Experience"],
      [40, "Production Worker, Brightwave LLC"],
      [45, "- Provided assistance in the production of wiring"],
      [45, "- Determined work assignments and procedures"],
      [40, "Assembly Operator, Lakeshore Group"],
      [45, "- Determined work assignments and procedures"],
      [45, "- Supervised assemblers and trained new employees on job procedures"],
      [45, "- Shoveled, swept, or otherwise cleaned work areas"],
      [40, "Machine Operator, Summit Ridge"],
      [45, "- Maintained production equipment and machinery"],
    ];
    const dates: [number, string][] = [
      [3, "10/2021 to present"],
      [6, "10/2020 to 10/2021"],
      [10, "11/2016 to 10/2020"],
    ];
    const side = [
      "o.smith@example.com",
      "+1 853-555-0157",
      "Columbus, OH",
      "Education",
      "B.A. in Engineering",
    ];
    const doc = await extractPdf(
      onePagePdf([
        ...main.map(([x, t], i) => textAt(x, 700 - i * 14, 9, t)),
        ...dates.map(([i, t]) => textAt(290, 700 - i * 14, 9, t)),
        ...[...side, "Ridgemont Institute, 2016"].map((t, i) => textAt(385, 700 - i * 14, 8, t)),
      ]),
    );
    const lines = doc.text.split("\n");
    expect(lines).toContain("Production Worker, Brightwave LLC  10/2021 to present");
    expect(lines).toContain("Production worker with nine years of experience in SAP and Outlook.");
    expect(lines.indexOf("B.A. in Engineering")).toBe(lines.indexOf("Education") + 1);
  });
});

describe("extractPdf: a column that runs on to the next page", () => {
  // Page 1: a long left column of roles beside a short right column (skills, education); page 2
  // goes on with the left column's roles at its x.
  // A role: its title, its dates flush right in the column, a line of what was done.
  const roles = (from: number, n: number, top: number) =>
    Array.from({ length: n }, (_, k) => [
      textAt(40, top - 32 * k, 10, `Engineer ${from + k}, Acme ${from + k}`),
      textAt(220, top - 32 * k, 10, `Jan 20${10 + k} - Dec 20${11 + k}`),
      textAt(40, top - 32 * k - 16, 10, `Built service number ${from + k} for the team.`),
    ]).flat();
  const flowPdf = () => {
    const left = [textAt(40, 740, 10, "Experience"), ...roles(1, 20, 724)];
    const right = [
      "Skills",
      "TypeScript, Go, SQL",
      "Kubernetes, Terraform",
      "PostgreSQL and Kafka",
      "Education",
      "B.S. Physics, 2012",
    ];
    const side = right.map((t, i) => textAt(340, 740 - i * 16, 10, t));
    const page2 = roles(21, 3, 740);
    const stream = (lines: string[]) => {
      const text = lines.join("\n");
      return `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
    };
    const resources = "/Resources << /Font << /F1 7 0 R >> >>";
    return buildPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ${resources} >>`,
      stream([...left, ...side]),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R ${resources} >>`,
      stream(page2),
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]);
  };

  it("reads the short column first, so the long one runs straight on into the next page", async () => {
    const doc = await extractPdf(flowPdf());
    expect(doc.layout.columns).toBe(true);
    const lines = doc.text.split("\n").filter((l) => l.trim());
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix));
    expect(at("Education")).toBeLessThan(at("Experience"));
    expect(at("Engineer 21,")).toBe(at("Built service number 20") + 1);
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
    // Every corpus PDF is labelled; issue 16 asks 98 % (98.8 % on 2026-11-26).
    expect(Object.keys(LABELS).length).toBe(45);
    expect(hit / all).toBeGreaterThanOrEqual(0.98);
  });
});
