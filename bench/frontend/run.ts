/**
 * Front-end benchmark against the real production bundle: the JavaScript the landing page (and the
 * signed-in analyzer) loads, gzipped, and Lighthouse performance and accessibility scores (desktop
 * preset and the default mobile one) for both pages, each the median of RUNS runs with the spread
 * shown as machine noise. Run: npm run bench:frontend. Exits 1 when the landing page's JavaScript
 * is over the budget (150 KB gzipped), or when a median Lighthouse score is below MIN_SCORE and
 * BENCH_STRICT_SCORES=1. BENCH_ONLY=analyzer:mobile (page[:preset], comma-separated) limits the
 * Lighthouse runs while iterating on one page; BENCH_REPORT_DIR=dir keeps each run's Lighthouse JSON.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_FLAGS } from "../../e2e/support/chromium.ts";
import { startServer, verifiedSessionCookie } from "../../e2e/support/server.ts";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { type ScriptSize, scriptsLoadedBy, total } from "./measure-js.ts";

const LANDING_BUDGET_BYTES = 150 * 1024;
const MIN_SCORE = 95;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
const selected = (page: string, preset: string) =>
  ONLY.length === 0 || ONLY.some((o) => o === page || o === `${page}:${preset}`);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

buildIfStale();
const server = await startServer({ LOG_LEVEL: "warn" });

async function measureScripts(browser: Browser, cookie: string | null): Promise<ScriptSize[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookie) {
    await context.setExtraHTTPHeaders({ cookie });
  }
  const page = await context.newPage();
  const heading = cookie ? "Resume Analyzer" : /Strengthen your/;
  const sizes = await scriptsLoadedBy(page, `${server.baseUrl}/`, () =>
    page.getByRole("heading", { level: 1, name: heading }).waitFor(),
  );
  await context.close();
  return sizes;
}

type Scores = { performance: number; accessibility: number; lcpMs: number; tbtMs: number };

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like on a busy machine) is retried once. */
async function lighthouseRun(
  url: string,
  preset: "desktop" | "mobile",
  cookie: string | null,
): Promise<Scores> {
  try {
    return await lighthouseOnce(url, preset, cookie);
  } catch (error) {
    console.log(`  ${preset} ${url}: ${(error as Error).message}; retrying once`);
    return lighthouseOnce(url, preset, cookie);
  }
}

async function lighthouseOnce(
  url: string,
  preset: "desktop" | "mobile",
  cookie: string | null,
): Promise<Scores> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const flags = {
      port: chrome.port,
      output: "json" as const,
      logLevel: "error" as const,
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: cookie ? { cookie } : null,
    };
    const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
    if (!result) throw new Error("Lighthouse returned nothing");
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    if (process.env.BENCH_REPORT_DIR) {
      mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
      const name = `${cookie ? "analyzer" : "landing"}-${preset}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.BENCH_REPORT_DIR, name), JSON.stringify(result.lhr));
    }
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .filter((a) => a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
      .map((a) => a.id);
    if (failing.length > 0 && process.env.BENCH_VERBOSE)
      console.log(`  ${preset} ${url}: weak audits ${failing.join(", ")}`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: audits["largest-contentful-paint"]?.numericValue ?? 0,
      tbtMs: audits["total-blocking-time"]?.numericValue ?? 0,
    };
  } finally {
    chrome.kill();
  }
}

let failed = false;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
});
try {
  const cookie = await verifiedSessionCookie(server, "bench-frontend");

  const landing = await measureScripts(browser, null);
  const analyzer = await measureScripts(browser, cookie);
  const landingGzip = total(landing);
  console.log("\nJavaScript per page load (gzip level 9 of each script body):");
  console.table(
    [
      ["/ (visitor, landing)", landing],
      ["/ (signed in, analyzer)", analyzer],
    ].map(([name, sizes]) => ({
      page: name as string,
      scripts: (sizes as ScriptSize[]).length,
      raw: kb(total(sizes as ScriptSize[], "raw")),
      gzip: kb(total(sizes as ScriptSize[])),
    })),
  );
  const listScripts = (sizes: ScriptSize[]) =>
    console.table(
      sizes.map((s) => ({ script: s.url.replace(server.baseUrl, ""), raw: kb(s.raw), gzip: kb(s.gzip) })),
    );
  console.log("Landing scripts:");
  listScripts(landing);
  if (process.env.BENCH_VERBOSE) {
    console.log("Analyzer scripts:");
    listScripts(analyzer);
  }
  const withinBudget = landingGzip <= LANDING_BUDGET_BYTES;
  console.log(
    `Landing JS budget: ${kb(landingGzip)} of ${kb(LANDING_BUDGET_BYTES)} — ${withinBudget ? "within" : "OVER"} budget`,
  );
  if (!withinBudget) failed = true;

  const rows: Record<string, string | number>[] = [];
  for (const [name, route, auth] of [
    ["landing", "/", null],
    ["analyzer", "/", cookie],
  ] as const) {
    for (const preset of ["desktop", "mobile"] as const) {
      if (!selected(name, preset)) continue;
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await lighthouseRun(`${server.baseUrl}${route}`, preset, auth));
      const perf = runs.map((r) => r.performance);
      const a11y = runs.map((r) => r.accessibility);
      const row = {
        page: name,
        preset,
        performance: median(perf),
        "perf noise (min–max)": `${Math.min(...perf)}–${Math.max(...perf)}`,
        accessibility: median(a11y),
        "a11y noise": `${Math.min(...a11y)}–${Math.max(...a11y)}`,
        "LCP ms (median)": Math.round(median(runs.map((r) => r.lcpMs))),
        "TBT ms (median)": Math.round(median(runs.map((r) => r.tbtMs))),
      };
      rows.push(row);
      console.log(`  ${name} ${preset}: performance ${perf.join("/")}, accessibility ${a11y.join("/")}`);
      if (
        (row.performance < MIN_SCORE || row.accessibility < MIN_SCORE) &&
        process.env.BENCH_STRICT_SCORES === "1"
      ) {
        failed = true;
      }
    }
  }
  console.log(
    `\nLighthouse 12 (median of ${RUNS} runs; noise = min–max across runs), target ≥ ${MIN_SCORE}:`,
  );
  console.table(rows);
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
