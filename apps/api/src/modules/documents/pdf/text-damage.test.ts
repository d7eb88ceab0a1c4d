import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildPdf } from "../../../../test/pdf-fixtures.ts";
import { extractPdf, fontHints } from "./extract-pdf.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../../..");
const corpus = path.resolve(repoRoot, "../shared/corpus/pdfs");
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.log(`PDF corpus not found at ${corpus}: text-damage corpus tests skipped`);

const corpusFile = (file: string) => new Uint8Array(readFileSync(path.join(corpus, file)));
const cache = new Map<string, Promise<string>>();
function textOf(file: string): Promise<string> {
  let text = cache.get(file);
  if (!text) {
    text = extractPdf(corpusFile(file)).then((d) => d.text);
    cache.set(file, text);
  }
  return text;
}

const AWESOME_CV = ["latex--awesome-cv-resume.pdf", "latex--awesome-cv-cv.pdf"];

/**
 * A ToUnicode CMap for one-byte codes: [code, UTF-16BE hex] pairs and [low, high, first UTF-16BE
 * hex] ranges; other codes map to themselves.
 */
function toUnicode(pairs: [number, string][], mappedRanges: [number, number, string][] = []): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, "0");
  const mapped = new Set(pairs.map(([code]) => code));
  for (const [low, high] of mappedRanges) for (let code = low; code <= high; code++) mapped.add(code);
  const ranges: [number, number][] = [];
  for (let code = 0x20; code <= 0x7e; code++) {
    if (mapped.has(code)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === code - 1) last[1] = code;
    else ranges.push([code, code]);
  }
  return [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange",
    "<00> <FF>",
    "endcodespacerange",
    `${ranges.length + mappedRanges.length} beginbfrange`,
    ...ranges.map(([from, to]) => `<${hex(from)}> <${hex(to)}> <00${hex(from)}>`),
    ...mappedRanges.map(([low, high, first]) => `<${hex(low)}> <${hex(high)}> <${first}>`),
    "endbfrange",
    `${pairs.length} beginbfchar`,
    ...pairs.map(([code, unicode]) => `<${hex(code)}> <${unicode}>`),
    "endbfchar",
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end",
  ].join("\n");
}

const utf16 = (text: string) =>
  [...text].map((c) => (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")).join("");

type FontSpec = {
  baseFont: string;
  toUnicode?: [number, string][];
  ranges?: [number, number, string][];
  widths?: number;
};

/** One Letter page whose fonts F1… are the given Type1 fonts (with a ToUnicode map where given). */
function pagePdf(fonts: FontSpec[], content: string[]): Uint8Array {
  const text = content.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "", // the page, below: it names the font objects
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  const names: string[] = [];
  fonts.forEach((font, i) => {
    const fontObject = objects.length + 1;
    const cmapObject = fontObject + 1;
    const widths = font.widths
      ? ` /FirstChar 32 /LastChar 126 /Widths [${Array(95).fill(font.widths).join(" ")}]`
      : "";
    const cmap = font.toUnicode ? ` /ToUnicode ${cmapObject} 0 R` : "";
    objects.push(`<< /Type /Font /Subtype /Type1 /BaseFont /${font.baseFont}${widths}${cmap} >>`);
    if (font.toUnicode) {
      const body = toUnicode(font.toUnicode, font.ranges);
      objects.push(`<< /Length ${body.length} >>\nstream\n${body}\nendstream`);
    }
    names.push(`/F${i + 1} ${fontObject} 0 R`);
  });
  objects[2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << ${names.join(" ")} >> >> >>`;
  return buildPdf(objects);
}

const show = (font: number, size: number, x: number, y: number, text: string) =>
  `BT /F${font} ${size} Tf ${x} ${y} Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;

// ---------------------------------------------------------------------------------------------
// Soft hyphens

describe("extractPdf: hyphens a font maps to U+00AD (soft hyphen)", () => {
  // Helvetica whose ToUnicode sends the hyphen (0x2D) to U+00AD, as XeTeX writes it for an
  // OpenType font whose cmap lists both characters for its hyphen glyph.
  const softFont: FontSpec = { baseFont: "Helvetica", toUnicode: [[0x2d, "00AD"]] };

  it("reads a hyphen inside a line, and a dash between spaces, as drawn", async () => {
    const doc = await extractPdf(
      pagePdf(
        [softFont],
        [
          show(1, 11, 72, 700, "Jane Smith"),
          show(1, 10, 72, 680, "Seeking high-impact roles in fast-growing start-up companies."),
          show(1, 10, 72, 665, "Engineer, Acme Corp  Sep. 2023 - Mar. 2024"),
          show(1, 10, 72, 650, "Built the billing platform and its run-time checks."),
        ],
      ),
    );
    const lines = doc.text.split("\n");
    expect(lines).toContain("Seeking high-impact roles in fast-growing start-up companies.");
    expect(lines).toContain("Engineer, Acme Corp Sep. 2023 - Mar. 2024");
    expect(lines).toContain("Built the billing platform and its run-time checks.");
  });

  it("joins a word hyphenated at a line's end, as a typed hyphen would be", async () => {
    const doc = await extractPdf(
      pagePdf(
        [softFont],
        [
          show(1, 11, 72, 700, "Jane Smith"),
          show(1, 10, 72, 680, "Evaluated Istio, Cilium, Kuma, Con-"),
          show(1, 10, 72, 667, "sul and AWS VPC Lattice for the mesh."),
        ],
      ),
    );
    expect(doc.text).toContain("Evaluated Istio, Cilium, Kuma, Consul");
    expect(doc.text).not.toMatch(/Con\s+sul/);
  });

  it("puts the hyphens back from the drawn glyphs where the map cannot be rewritten (a range)", async () => {
    // 0x2D-0x2E to U+00AD-U+00AE: the range maps "." too, so the file is left as it is.
    const ranged: FontSpec = { baseFont: "Helvetica", toUnicode: [], ranges: [[0x2d, 0x2e, "00AD"]] };
    const bytes = pagePdf(
      [ranged],
      [
        show(1, 11, 72, 700, "Jane Smith"),
        show(1, 10, 72, 680, "Seeking high-impact roles in fast-growing start-up companies"),
        show(1, 10, 72, 665, "Engineer, Acme Corp  2023 - 2024"),
        // Helvetica 10 pt: "Security - Specialty" is 85.58 pt wide, the comma drawn right after it.
        // pdf.js, short of the hyphen it left out, sees a gap there and puts a space in it.
        show(1, 10, 72, 650, "Security - Specialty"),
        show(1, 10, 157.58, 650, ", Amazon Web Services"),
      ],
    );
    expect(fontHints(bytes)).toMatchObject({ softHyphen: true, mended: null });
    const lines = (await extractPdf(bytes)).text.split("\n");
    expect(lines).toContain("Seeking high-impact roles in fast-growing start-up companies");
    expect(lines).toContain("Engineer, Acme Corp 2023 - 2024");
    expect(lines, JSON.stringify(lines)).toContain("Security - Specialty, Amazon Web Services");
  });

  it("leaves a font that maps its hyphen to U+002D as it was", async () => {
    const doc = await extractPdf(
      pagePdf(
        [{ baseFont: "Helvetica" }],
        [show(1, 11, 72, 700, "Jane Smith"), show(1, 10, 72, 680, "Seeking high-impact roles, 2023 - 2024.")],
      ),
    );
    expect(doc.text.split("\n")).toContain("Seeking high-impact roles, 2023 - 2024.");
  });

  it.skipIf(!haveCorpus)(
    "reads the awesome-cv files' hyphens and dashes (XeLaTeX, Source Sans 3)",
    async () => {
      const words: Record<string, string[]> = {
        "latex--awesome-cv-resume.pdf": [
          "high-impact",
          "fast-growing",
          "hands-on",
          "cloud-native",
          "multi-account",
          "Kuma, Consul, and AWS VPC Lattice",
        ],
        "latex--awesome-cv-cv.pdf": ["multi-account", "add-ons", "on-premise", "easy-to-use", "Co-founder"],
      };
      for (const file of AWESOME_CV) {
        const text = await textOf(file);
        for (const word of words[file] ?? []) expect(text, `${file}: ${word}`).toContain(word);
        expect(text, file).toContain("Mar. 2021 - ");
        expect(text, file).toContain("over 20 enterprise systems");
        expect(text, file).toContain("the development network and operation network");
        // Not "Specialty ,": the space pdf.js saw where it fell behind by the hyphen left out.
        expect(text, file).toContain("Security - Specialty, Amazon Web Services (AWS)");
        expect(text, file).not.toMatch(
          /highimpact|fastgrowing|cloudnative|\b(?:Con sul|en terprise|oper ation)\b/,
        );
        // No date range has lost its dash.
        expect(text, file).not.toMatch(
          /\b(?:19|20)\d\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\./,
        );
      }
    },
  );
});

describe("fontHints: what the file's font objects say", () => {
  const page = [show(1, 10, 72, 700, "Jane Smith")];
  const cmapPdf = (cmap: string) =>
    buildPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
    ]);

  it("finds a ToUnicode map to U+00AD, alone or inside a range, and mends the file where it can", () => {
    const bytes = pagePdf([{ baseFont: "Helvetica", toUnicode: [[0x2d, "00AD"]] }], page);
    const hints = fontHints(bytes);
    expect(hints).toMatchObject({ softHyphen: true, iconFont: false });
    // Rewritten in place: same length, the map now says U+002D, nothing else moved.
    const before = new TextDecoder("latin1").decode(bytes);
    const after = new TextDecoder("latin1").decode(hints.mended ?? new Uint8Array());
    expect(after.length).toBe(before.length);
    expect(after).toBe(before.replace("<2D> <00AD>", "<2D> <002D>"));
    // Codes 0x20-0x7E to themselves: U+00AD is not among them.
    expect(fontHints(pagePdf([{ baseFont: "Helvetica", toUnicode: [[0x2d, "002D"]] }], page))).toMatchObject({
      softHyphen: false,
      mended: null,
    });
    const range = (dst: string) => `begincmap\n1 beginbfrange\n<10> <20> <${dst}>\nendbfrange\nendcmap`;
    // A range that covers U+00AD maps other codes too: found, but not rewritten.
    expect(fontHints(cmapPdf(range("00A0")))).toMatchObject({ softHyphen: true, mended: null });
    expect(fontHints(cmapPdf(range("00AE"))).softHyphen).toBe(false);
  });

  it("finds icon fonts by name, and not the fonts Word draws its bullets in", () => {
    expect(
      fontHints(
        pagePdf([{ baseFont: "Helvetica" }, { baseFont: "ABCDEF+FontAwesome6Brands-Regular" }], page),
      ),
    ).toMatchObject({ softHyphen: false, iconFont: true });
    expect(
      fontHints(pagePdf([{ baseFont: "Symbol" }, { baseFont: "Wingdings-Regular" }], page)).iconFont,
    ).toBe(false);
  });

  it.skipIf(!haveCorpus)(
    "finds something only in the two awesome-cv files of the corpus, and mends them",
    () => {
      const flagged = readdirSync(corpus)
        .filter((file) => file.endsWith(".pdf"))
        .filter((file) => {
          const hints = fontHints(corpusFile(file));
          return hints.softHyphen || hints.iconFont;
        })
        .sort();
      expect(flagged).toEqual([...AWESOME_CV].sort());
      for (const file of AWESOME_CV) {
        const bytes = corpusFile(file);
        // Deflated again in the room the maps took (their comment lines left out).
        expect(fontHints(bytes).mended?.length, file).toBe(bytes.length);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Icon fonts

describe("extractPdf: icon fonts", () => {
  const contactRow = (iconFont: number) => [
    show(1, 16, 72, 720, "Jane Smith"),
    show(iconFont, 10, 72, 700, "A"),
    show(1, 8, 84, 700, "www.example.com |"),
    show(iconFont, 10, 160, 700, "B"),
    show(1, 8, 172, 700, "jane.smith@example.com |"),
    show(iconFont, 10, 270, 700, "C"),
    show(1, 8, 282, 700, "janesmith"),
    show(1, 12, 72, 670, "EXPERIENCE"),
    show(1, 10, 72, 655, "Staff Engineer, Acme Corp  2020 - 2024"),
    show(1, 10, 72, 640, "Built the billing platform."),
  ];
  const names: [number, string][] = [
    [0x41, utf16("HOUSE-CHIMNEY")],
    [0x42, utf16("ENVELOPE")],
    [0x43, utf16("GITHUB-SQUARE")],
  ];
  const expectClean = (text: string) => {
    const lines = text.split("\n");
    expect(lines).toContain("www.example.com | jane.smith@example.com | janesmith");
    expect(text).not.toMatch(/HOUSE-CHIMNEY|ENVELOPE|GITHUB-SQUARE/);
    expect(lines).toContain("EXPERIENCE");
  };

  it("drops the text of a font named as an icon font (Font Awesome)", async () => {
    // A glyph named in lower case, which the glyph-name test would not take: only the name tells.
    const doc = await extractPdf(
      pagePdf(
        [
          { baseFont: "Helvetica" },
          {
            baseFont: "PJXGGZ+FontAwesome6Free-Solid",
            toUnicode: [...names, [0x44, utf16("mobile-screen")]],
            widths: 1000,
          },
        ],
        [...contactRow(2), show(2, 10, 72, 710, "D"), show(1, 8, 84, 710, "(312) 555-0123")],
      ),
    );
    expectClean(doc.text);
    expect(doc.text.split("\n")).toContain("(312) 555-0123");
    expect(doc.text).not.toContain("mobile");
  });

  it("drops one-glyph upper-case names on a contact row when the font's name does not tell", async () => {
    const doc = await extractPdf(
      pagePdf(
        [{ baseFont: "Helvetica" }, { baseFont: "QRSTUV+Glyphs", toUnicode: names, widths: 1000 }],
        contactRow(2),
      ),
    );
    expectClean(doc.text);
  });

  it("keeps all-caps words set in a font of their own, and names away from a contact row", async () => {
    const doc = await extractPdf(
      pagePdf(
        [
          { baseFont: "Helvetica" },
          { baseFont: "Helvetica-Bold" },
          { baseFont: "QRSTUV+Glyphs", toUnicode: names, widths: 1000 },
        ],
        [
          show(1, 16, 72, 720, "Jane Smith"),
          show(2, 10, 72, 700, "CONTACT"),
          show(1, 8, 130, 700, "jane.smith@example.com"),
          show(2, 12, 72, 670, "EXPERIENCE"),
          show(1, 10, 72, 655, "Staff Engineer, Acme Corp  2020 - 2024"),
          // A one-glyph name away from any contact: not known to be an icon, so kept.
          show(3, 10, 72, 640, "A"),
          show(1, 10, 84, 640, "Built the billing platform."),
        ],
      ),
    );
    const lines = doc.text.split("\n");
    expect(lines[1]).toMatch(/^CONTACT\s+jane\.smith@example\.com$/);
    expect(lines).toContain("EXPERIENCE");
    expect(doc.text).toContain("HOUSE-CHIMNEY");
  });

  it.skipIf(!haveCorpus)("reads the awesome-cv contact line without the icons' names", async () => {
    for (const file of AWESOME_CV) {
      const lines = (await textOf(file)).split("\n");
      expect(lines[3], file).toBe(
        "(+1) 312-555-0123 | jane.smith@example.com | www.example.com | janesmith | janesmith",
      );
    }
  });

  it.skipIf(!haveCorpus)("leaves no glyph name of an icon in any corpus file", async () => {
    const found: string[] = [];
    for (const file of readdirSync(corpus).filter((f) => f.endsWith(".pdf"))) {
      const names = (await textOf(file)).match(
        /\b(?:HOUSE-CHIMNEY|GITHUB-SQUARE|LINKEDIN|ENVELOPE|MOBILE-SCREEN)\b/g,
      );
      if (names) found.push(`${file}: ${names.join(", ")}`);
    }
    expect(found).toEqual([]);
  });
});
