/**
 * Renders the generated resume corpus: resume i of seed s is always the same resume, in layout
 * LAYOUTS[i % 10], printed to PDF by Chromium, and (for half of them, or all) written as DOCX.
 * Beside every file lies its truth: `<id>.<format>.json`.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_FLAGS } from "../../e2e/support/chromium.ts";
import { drawResume, type ResumeModel } from "./content.ts";
import { resumeRandom } from "./random.ts";
import { renderDocx } from "./render-docx.ts";
import { renderHtml } from "./render-html.ts";
import { type Format, LAYOUTS, type Truth } from "./truth.ts";

/** seed 1, 300 resumes, into .corpus/ at the repository root: what `eval:documents` reads. */
export const DEFAULT_CORPUS = {
  seed: 1,
  count: 300,
  out: path.resolve(import.meta.dirname, "../../.corpus"),
} as const;

export type GenerateOptions = {
  seed: number;
  count: number;
  out: string;
  /** "half": DOCX for resumes whose index mod 20 is below 10 (each layout in turn); "all": every resume. */
  docx: "half" | "all";
  chromiumPath: string;
  /** Pages printing at once in the one browser. */
  concurrency?: number;
};

/** The models of a corpus, without rendering anything: what the truth files are made from. */
export function drawCorpus(seed: number, count: number): ResumeModel[] {
  return Array.from({ length: count }, (_, i) => {
    const layout = LAYOUTS[i % LAYOUTS.length] ?? "single-column";
    return drawResume(resumeRandom(seed, i), `${String(i).padStart(4, "0")}-${layout}`, layout);
  });
}

const wantsDocx = (index: number, docx: GenerateOptions["docx"]) => docx === "all" || index % 20 < 10;

/** The truth of `m` rendered as `format`. */
export function truthOf(m: ResumeModel, format: Format): Truth {
  return {
    id: m.id,
    layout: m.layout,
    format,
    name: m.name.full,
    email: m.email,
    phone: m.phone,
    roles: m.roles.map(({ title, company, start, end }) => ({ title, company, start, end })),
    degrees: m.education.map(({ degree, institution }) => ({ degree, institution })),
    hasSkillsSection: m.skills !== null,
    hasSummary: m.summary !== null,
    expectedLayout: {
      columns: m.layout === "two-column" || m.layout === "left-sidebar" || m.layout === "right-sidebar",
      tables: m.layout === "table-grid",
      contactInHeaderOrFooter: m.layout === "header-footer-contact",
    },
    style: {
      nameShape: m.name.shape,
      nameStyle: m.nameStyle,
      phoneFormat: m.phoneFormat,
      dateFormat: m.dateFormat,
      endMarker: m.endMarker,
      roleShape: m.roleShape,
      headings: {
        experience: m.experienceHeading,
        skills: m.skills?.heading ?? null,
        summary: m.summary?.heading ?? null,
        education: m.educationHeading,
      },
      summaryInline: m.summary?.inline ?? false,
      bulletStyle: m.bulletStyle,
    },
  };
}

/** Every truth of a corpus, in file order (what `generateCorpus` writes, without rendering). */
export function corpusTruths(options: Pick<GenerateOptions, "seed" | "count" | "docx">): Truth[] {
  return drawCorpus(options.seed, options.count)
    .flatMap((m, i) => [truthOf(m, "pdf"), ...(wantsDocx(i, options.docx) ? [truthOf(m, "docx")] : [])])
    .sort(byFile);
}

const byFile = (a: Truth, b: Truth) => a.id.localeCompare(b.id) || a.format.localeCompare(b.format);

async function printPdf(page: Page, m: ResumeModel): Promise<Uint8Array> {
  const { html, pdf } = renderHtml(m);
  await page.setContent(html, { waitUntil: "load" });
  return new Uint8Array(await page.pdf({ ...pdf, printBackground: true }));
}

const json = (truth: Truth) => `${JSON.stringify(truth, null, 2)}\n`;

/** Writes the corpus into `out` and returns its truths. */
export async function generateCorpus(options: GenerateOptions): Promise<Truth[]> {
  await mkdir(options.out, { recursive: true });
  const models = drawCorpus(options.seed, options.count);
  const truths: Truth[] = [];
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: CHROMIUM_FLAGS });
  try {
    let next = 0;
    // One page per worker, reused: opening a page costs about a second here, printing one a third.
    const worker = async () => {
      const page = await browser.newPage();
      for (let i = next++; i < models.length; i = next++) {
        const m = models[i] as ResumeModel;
        const pdfTruth = truthOf(m, "pdf");
        await writeFile(path.join(options.out, `${m.id}.pdf`), await printPdf(page, m));
        await writeFile(path.join(options.out, `${m.id}.pdf.json`), json(pdfTruth));
        truths.push(pdfTruth);
        if (wantsDocx(i, options.docx)) {
          const docxTruth = truthOf(m, "docx");
          await writeFile(path.join(options.out, `${m.id}.docx`), await renderDocx(m));
          await writeFile(path.join(options.out, `${m.id}.docx.json`), json(docxTruth));
          truths.push(docxTruth);
        }
      }
      await page.close();
    };
    await Promise.all(
      Array.from({ length: options.concurrency ?? Math.min(4, availableParallelism()) }, worker),
    );
  } finally {
    await browser.close();
  }
  return truths.sort(byFile);
}
