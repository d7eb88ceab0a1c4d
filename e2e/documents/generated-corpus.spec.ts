/**
 * The generated resume corpus (scripts/corpus): a small one from a fixed seed, printed by Chromium
 * and written as DOCX, has well-formed truth beside every file, comes out the same twice, and is read
 * back by the document pipeline above a floor (`npm run eval:documents` reports the full figures).
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractDocument } from "../../apps/api/src/modules/documents/extract.ts";
import { parseResume } from "../../packages/engine/src/index.ts";
import { CORPUS_NOW } from "../../scripts/corpus/content.ts";
import { corpusTruths, generateCorpus } from "../../scripts/corpus/generate-corpus.ts";
import { checkFields } from "../../scripts/corpus/score.ts";
import { FORMATS, LAYOUTS, type Truth, truthProblems } from "../../scripts/corpus/truth.ts";

const SEED = 20_261_126;
const PER_LAYOUT = 3;
const COUNT = PER_LAYOUT * LAYOUTS.length;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let dir = "";
let again = "";
let truths: Truth[] = [];

const truthFiles = async (where: string) => (await readdir(where)).filter((f) => f.endsWith(".json")).sort();
/** Chromium writes one uncompressed page object per page. */
const pdfPages = (bytes: Buffer) => bytes.toString("latin1").match(/\/Type\s*\/Page\b/g)?.length ?? 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "resumelens-corpus-"));
  again = await mkdtemp(path.join(tmpdir(), "resumelens-corpus-again-"));
  truths = await generateCorpus({ seed: SEED, count: COUNT, out: dir, docx: "all", chromiumPath });
});

afterAll(async () => {
  for (const d of [dir, again]) if (d) await rm(d, { recursive: true, force: true });
});

describe("generated resume corpus", () => {
  it(`renders ${PER_LAYOUT} resumes per layout in both formats, each with its truth beside it`, async () => {
    const files = await readdir(dir);
    expect(truths).toHaveLength(COUNT * FORMATS.length);
    for (const layout of LAYOUTS) {
      for (const format of FORMATS) {
        expect(truths.filter((t) => t.layout === layout && t.format === format)).toHaveLength(PER_LAYOUT);
      }
    }
    for (const t of truths) {
      const file = `${t.id}.${t.format}`;
      expect(files).toContain(file);
      expect(files).toContain(`${file}.json`);
      const bytes = await readFile(path.join(dir, file));
      const magic = bytes.subarray(0, 4).toString("latin1");
      expect(magic, file).toBe(t.format === "pdf" ? "%PDF" : "PK\u0003\u0004");
    }
  });

  it("writes well-formed truth files", async () => {
    const names = await truthFiles(dir);
    expect(names).toHaveLength(COUNT * FORMATS.length);
    for (const name of names) {
      const truth = JSON.parse(await readFile(path.join(dir, name), "utf8")) as Truth;
      expect(truthProblems(truth), name).toEqual([]);
      expect(name).toBe(`${truth.id}.${truth.format}.json`);
      expect(truth.expectedLayout).toEqual({
        columns: ["two-column", "left-sidebar", "right-sidebar"].includes(truth.layout),
        tables: truth.layout === "table-grid",
        contactInHeaderOrFooter: truth.layout === "header-footer-contact",
      });
    }
  });

  it("keeps the dense layout to one page and the multi-page layout to two or three", async () => {
    for (const t of truths.filter((t) => t.format === "pdf")) {
      const pages = pdfPages(await readFile(path.join(dir, `${t.id}.pdf`)));
      if (t.layout === "dense-one-page") expect(pages, t.id).toBe(1);
      if (t.layout === "multi-page") expect([2, 3], t.id).toContain(pages);
    }
  });

  it("is reproducible: the same seed gives the same truth files, and another seed other ones", async () => {
    // Half the corpus again, in another directory: a shorter corpus is the same resumes, byte for byte.
    await generateCorpus({ seed: SEED, count: COUNT / 2, out: again, docx: "all", chromiumPath });
    const second = await truthFiles(again);
    expect(second).toHaveLength(COUNT);
    for (const name of second) {
      expect(await readFile(path.join(again, name), "utf8"), name).toBe(
        await readFile(path.join(dir, name), "utf8"),
      );
    }
    // And the truth drawn without rendering is what was written.
    const drawn = corpusTruths({ seed: SEED, count: COUNT, docx: "all" });
    const written = await Promise.all(
      (await truthFiles(dir)).map(
        async (n) => JSON.parse(await readFile(path.join(dir, n), "utf8")) as Truth,
      ),
    );
    expect(written).toEqual(drawn);
    expect(corpusTruths({ seed: SEED + 1, count: COUNT, docx: "all" })).not.toEqual(drawn);
  });

  it("is read back field by field above the floor, per format", async () => {
    // Issue 16 asks 97 % on the full corpus; this sample read 99.5 % (PDF) and 99.5 % (DOCX) on 2026-11-26.
    const tally = { pdf: { ok: 0, all: 0 }, docx: { ok: 0, all: 0 } };
    for (const truth of truths) {
      const bytes = new Uint8Array(await readFile(path.join(dir, `${truth.id}.${truth.format}`)));
      const doc = await extractDocument(bytes);
      const checks = checkFields(
        truth,
        parseResume(doc.text, { now: new Date(Date.UTC(CORPUS_NOW.year, CORPUS_NOW.month, 1)) }),
      );
      const t = tally[truth.format];
      t.ok += checks.filter((c) => c.ok).length;
      t.all += checks.length;
    }
    const share = (t: { ok: number; all: number }) => t.ok / Math.max(1, t.all);
    console.log(
      `generated sample: PDF ${(100 * share(tally.pdf)).toFixed(1)} %, DOCX ${(100 * share(tally.docx)).toFixed(1)} %`,
    );
    expect(share(tally.docx)).toBeGreaterThanOrEqual(0.97);
    expect(share(tally.pdf)).toBeGreaterThanOrEqual(0.97);
  });
});
