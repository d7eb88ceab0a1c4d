/**
 * `npm run corpus:generate -- [--seed N] [--count N] [--out DIR] [--docx half|all]`: renders the
 * generated resume corpus (default: seed 1, 300 resumes, half also as DOCX, into .corpus/).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_CORPUS, generateCorpus } from "./generate-corpus.ts";

function intArg(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} takes a whole number, not "${value}"`);
  return n;
}

const { values } = parseArgs({
  options: {
    seed: { type: "string" },
    count: { type: "string" },
    out: { type: "string" },
    docx: { type: "string" },
  },
});
const docx = values.docx ?? "half";
if (docx !== "half" && docx !== "all") throw new Error(`--docx takes half or all, not "${docx}"`);
const options = {
  seed: intArg(values.seed, DEFAULT_CORPUS.seed, "--seed"),
  count: intArg(values.count, DEFAULT_CORPUS.count, "--count"),
  out: path.resolve(values.out ?? DEFAULT_CORPUS.out),
  docx,
  chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
} as const;
const started = performance.now();
const truths = await generateCorpus(options);
const seconds = (performance.now() - started) / 1000;
const docxCount = truths.filter((t) => t.format === "docx").length;
console.log(
  `${options.count} resumes (seed ${options.seed}): ${truths.length - docxCount} PDF + ${docxCount} DOCX in ${options.out} (${seconds.toFixed(1)} s)`,
);
