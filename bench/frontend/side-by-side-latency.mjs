/**
 * Selection latency of the results screen's 'Side by Side' tab (docs/product.md#side-by-side) on a
 * five-page resume, in the production bundle and Debian's Chromium: the time from a click on a
 * requirement to its counterpart focused and painted, measured in the page (performance.now, then
 * the frame after the next requestAnimationFrame). Prints median, p95 and max over SELECTIONS
 * clicks, at the machine's own speed and with the CPU slowed 4× (a slower laptop or a phone).
 *
 * The resume is built at run time from real corpus resumes (../shared/corpus/pdfs, read through the
 * same extraction as an upload): one resume whole, with the experience of the others added as
 * earlier roles until it is about five pages (~250+ lines). Nothing from ../shared is written into
 * the repository. Run: npm run bench:side-by-side (SELECTIONS=50 by default; BENCH_SHOTS=dir keeps a
 * screenshot of the view after the last selection).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS } from "../../e2e/support/chromium.ts";
import { startServer, verifiedSessionCookie } from "../../e2e/support/server.ts";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { readDocumentText } from "../../scripts/cli/read-document.ts";

const root = path.resolve(import.meta.dirname, "../..");
const corpus = path.resolve(root, "../shared/corpus/pdfs");
const SELECTIONS = Number(process.env.SELECTIONS ?? 50);
const TARGET_LINES = 260;

if (!existsSync(corpus)) {
  console.log(`side-by-side latency: ${corpus} is missing (the corpus resumes); nothing measured.`);
  process.exit(0);
}

/** The text the upload pipeline would store for a PDF (what the CLI's `extract` prints). */
const extract = (file) => readDocumentText(file);

const HEADING = /^[A-Z][A-Z &/]{2,40}$/;
const EXPERIENCE = /^(PROFESSIONAL |WORK |RELEVANT )?EXPERIENCE$/;

/** A resume's experience section (its lines after the heading up to the next heading), or []. */
function experienceOf(text) {
  const lines = text.split("\n").map((l) => l.trimEnd());
  const start = lines.findIndex((l) => EXPERIENCE.test(l.trim().toUpperCase()) && HEADING.test(l.trim()));
  if (start < 0) return [];
  const out = [];
  for (const line of lines.slice(start + 1)) {
    if (HEADING.test(line.trim())) break;
    if (line.trim()) out.push(line);
  }
  return out;
}

/** One real resume, its experience section grown with the roles of other real resumes. */
async function fivePageResume() {
  const files = readdirSync(corpus)
    .filter((f) => f.endsWith(".pdf"))
    .sort();
  const base = files.find((f) => f.includes("weasyprint-cairo-classic")) ?? files[0];
  const baseText = await extract(path.join(corpus, base));
  const baseLines = baseText.split("\n");
  const at = baseLines.findIndex((l) => EXPERIENCE.test(l.trim().toUpperCase()));
  const ownRoles = experienceOf(baseText);
  const extra = [];
  const used = [base];
  const seen = new Set(ownRoles.map((l) => l.trim()));
  for (const file of files) {
    if (file === base) continue;
    if (baseLines.length + extra.length >= TARGET_LINES) break;
    const roles = experienceOf(await extract(path.join(corpus, file)));
    // The corpus holds a few resumes in two renderings: take each person's roles once.
    if (roles.length < 4 || roles.filter((l) => seen.has(l.trim())).length > roles.length / 4) continue;
    for (const l of roles) seen.add(l.trim());
    extra.push(...roles);
    used.push(file);
  }
  const head = baseLines.slice(0, at + 1 + ownRoles.length);
  const tail = baseLines.slice(at + 1 + ownRoles.length);
  return { text: [...head, ...extra, ...tail].join("\n"), used };
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return { median: q(0.5), p95: q(0.95), max: sorted[sorted.length - 1] ?? 0 };
};
const ms = (v) => `${v.toFixed(1)} ms`;

const { text: resumeText, used } = await fivePageResume();
const jobDescription = readFileSync(
  path.join(root, "packages/engine/test/fixtures/software-engineer/job.txt"),
  "utf8",
);

buildIfStale();
const server = await startServer({ LOG_LEVEL: "warn" });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
});

try {
  const cookie = await verifiedSessionCookie(server, "bench-side-by-side");
  const headers = { "content-type": "application/json", origin: server.baseUrl };

  const post = async (route, body) => {
    const response = await fetch(`${server.baseUrl}${route}`, {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { id: resumeId } = await post("/api/create-text-resume", { content: resumeText });
  const analysis = await post("/api/analyze", { resumeId, jobDescription });
  const resumeLines = analysis.document?.resume.length ?? 0;
  if (!resumeLines) throw new Error("the analysis has no document lines (engine before 2.8?)");

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.setExtraHTTPHeaders({ cookie });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${server.baseUrl}/analysis/${analysis.id}`);
  await page.getByRole("tab", { name: "Side by Side", exact: true }).click();
  await page.getByRole("region", { name: "The job posting" }).waitFor();

  /** SELECTIONS clicks, alternating posting -> resume line and resume line -> posting, timed in the page. */
  const run = () =>
    page.evaluate(async (count) => {
      const posting = [
        ...document.querySelectorAll(
          '[data-testid="side-by-side-posting"] button[data-status]:not([data-status="missing"])',
        ),
      ].filter((b) => !b.hasAttribute("aria-expanded"));
      const resume = [
        ...document.querySelectorAll('[data-testid="side-by-side-resume"] button[data-status]'),
      ];
      if (posting.length === 0 || resume.length === 0) throw new Error("nothing to select");
      const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const times = [];
      const work = [];
      // The floor: the same wait for a painted frame with no click at all.
      const floor = [];
      for (let i = 0; i < count; i += 1) {
        await afterPaint();
        const start = performance.now();
        await afterPaint();
        floor.push(performance.now() - start);
      }
      let misses = 0;
      for (let i = 0; i < count; i += 1) {
        const fromPosting = i % 2 === 0;
        const list = fromPosting ? posting : resume;
        const button = list[(i * 7) % list.length];
        await afterPaint();
        const start = performance.now();
        button.click();
        work.push(performance.now() - start);
        const active = document.activeElement;
        await afterPaint();
        times.push(performance.now() - start);
        const arrived = fromPosting
          ? active?.hasAttribute("data-line")
          : active?.closest('[data-testid="side-by-side-posting"]') !== null;
        if (!arrived || active === button) misses += 1;
      }
      return { times, work, floor, misses, posting: posting.length, resume: resume.length };
    }, SELECTIONS);

  const normal = await run();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const slow = await run();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const rendered = await page.locator("[data-line]").count();
  if (process.env.BENCH_SHOTS)
    await page.screenshot({ path: path.join(process.env.BENCH_SHOTS, "side-by-side-5-pages.png") });

  const a = stats(normal.times);
  const b = stats(slow.times);
  console.log("Side by Side: selection -> counterpart focused and painted");
  console.log(
    `  resume: ${resumeLines} lines (${rendered} rendered), built from ${used.length} corpus resumes`,
  );
  console.log(`  posting marks: ${normal.posting} selectable, resume marks: ${normal.resume}`);
  console.log(
    `  ${SELECTIONS} selections, this machine: median ${ms(a.median)}, p95 ${ms(a.p95)}, max ${ms(a.max)}`,
  );
  console.log(
    `  ${SELECTIONS} selections, CPU 4× slower: median ${ms(b.median)}, p95 ${ms(b.p95)}, max ${ms(b.max)}`,
  );
  const f = stats(normal.floor);
  const fs = stats(slow.floor);
  console.log(
    `  floor, the next painted frame with no click: median ${ms(f.median)} / p95 ${ms(f.p95)}; CPU 4× slower ${ms(fs.median)} / ${ms(fs.p95)}`,
  );
  const w = stats(normal.work);
  const ws = stats(slow.work);
  console.log(
    `  of which the click's own work (render, focus, scroll): median ${ms(w.median)} / p95 ${ms(w.p95)}; CPU 4× slower ${ms(ws.median)} / ${ms(ws.p95)}`,
  );
  console.log(`  counterpart not focused: ${normal.misses + slow.misses} of ${SELECTIONS * 2}`);
  console.log(
    `  machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        " ",
      )} (shared machine: other work adds noise; a frame is ~16.7 ms, so a median near one frame means no visible lag)`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
