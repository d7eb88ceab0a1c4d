import { analyzeResume } from "@resumelens/engine";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { renderHtml } from "../../apps/api/src/modules/exports/render-html.ts";
import { buildReportModel } from "../../apps/api/src/modules/exports/report-model.ts";
import { SAMPLE_JOB, SAMPLE_RESUME } from "../../apps/api/src/modules/exports/test-fixtures.ts";
import { launchBrowser } from "../support/browser.ts";

/*
 * The HTML report wraps a word longer than any screen (issue 29: a 6,000-character word made the
 * page 85,000 px wide), on a desktop, on a phone and in print: nothing is wider than the page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WORD = "Kubernetes".repeat(600); // 6,000 characters, no break opportunity

function reportWithLongWords(): string {
  const resumeText = SAMPLE_RESUME.replace(/\n/, `\n${WORD}\n`).concat(`\n- Built ${WORD} tooling`);
  const jobDescription = `${SAMPLE_JOB}\n- Experience with ${WORD}`;
  const result = analyzeResume({ resumeText, jobDescription }, { now: new Date("2026-12-01T00:00:00Z") });
  const analysis = { ...result, id: 1, createdAt: "2026-12-01T00:00:00.000Z", resumeId: 1, jobDescription };
  return renderHtml(buildReportModel({ analysis, resume: { filename: `${WORD}.pdf`, text: resumeText } }));
}

it("wraps a 6,000-character word in the HTML report on a desktop, a phone and in print", async () => {
  const html = reportWithLongWords();
  expect(html).toContain(WORD.slice(0, 200));
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await browser.newPage({ viewport });
    try {
      await page.setContent(html, { waitUntil: "load" });
      for (const media of ["screen", "print"] as const) {
        await page.emulateMedia({ media });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${viewport.width} px, ${media}`).toBeLessThanOrEqual(0);
      }
    } finally {
      await page.close();
    }
  }
  // And the PDF Chromium prints from it keeps to its pages (A4 width in points, with margins).
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: "load" });
    await page.emulateMedia({ media: "print" });
    const widest = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll("main *")].map((element) => element.scrollWidth)),
    );
    expect(widest).toBeLessThanOrEqual(await page.evaluate(() => document.documentElement.clientWidth));
  } finally {
    await page.close();
  }
});
