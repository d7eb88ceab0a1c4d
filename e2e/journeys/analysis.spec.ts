import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

const root = path.resolve(import.meta.dirname, "../..");
const corpus = path.resolve(root, "../shared/corpus/pdfs");
const job = readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer/job.txt"), "utf8");
const pastedResume = readFileSync(
  path.join(root, "packages/engine/test/fixtures/software-engineer/resume.txt"),
  "utf8",
);

withAppAndBrowser();

describe("an analysis, end to end in a real browser", () => {
  it("uploads a PDF, analyzes, visits every tab, exports, finds it in history and starts again with pasted text", async () => {
    const page = await signedInPage(browser, server);
    const errors = watchErrors(page, server.baseUrl);
    const pdf = path.join(
      corpus,
      readdirSync(corpus).find((f) => f.includes("weasyprint-cairo-classic")) ?? "",
    );

    await page.locator('input[type="file"]').setInputFiles(pdf);
    await page.getByText("Upload successful").first().waitFor();
    await page.getByRole("textbox", { name: /job description/i }).fill(job);
    await page.getByRole("button", { name: "Analyze Resume with AI" }).click();
    await page.getByText("Analysis Results").first().waitFor({ timeout: 60_000 });

    for (const tab of [
      "Skills Analysis",
      "ATS Analysis",
      "Market Analysis",
      "Experience Gap",
      "Recommendations",
    ]) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").first().waitFor();
    }
    await page.getByText("AI Recommendations").first().waitFor();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export Package" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("resume-analysis-package.zip");
    const zip = unzipSync(new Uint8Array(readFileSync((await file.path()) ?? "")));
    const pdfName = Object.keys(zip).find((name) => name.endsWith(".pdf")) ?? "";
    const report = await getDocumentProxy(new Uint8Array(zip[pdfName] ?? new Uint8Array()));
    const { text } = await extractText(report, { mergePages: false });
    expect(text.length).toBeGreaterThanOrEqual(2);
    for (const pageText of text) expect(pageText.trim().length).toBeGreaterThan(20);
    // The HTML report reads on a phone: nothing wider than the screen.
    const htmlName = Object.keys(zip).find((name) => name.endsWith(".html")) ?? "";
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.setContent(new TextDecoder().decode(zip[htmlName] ?? new Uint8Array()), {
        waitUntil: "load",
      });
      expect(
        await phone.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }

    await page.goto(`${server.baseUrl}/history`);
    await page.getByText("Analysis History").first().waitFor();
    await page
      .getByRole("link", { name: /View Details/ })
      .first()
      .click();
    await page.getByText("Analysis Results").first().waitFor();

    await page.goto(`${server.baseUrl}/`);
    await page.getByRole("tab", { name: "Paste Text" }).click();
    await page.getByRole("textbox", { name: "Resume text" }).fill(pastedResume);
    await page.getByRole("button", { name: "Use Text Resume" }).click();
    await page.getByRole("textbox", { name: /job description/i }).fill(job);
    await page.getByRole("button", { name: "Analyze Resume with AI" }).click();
    await page.getByText("Analysis Results").first().waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
  });

  it("opens a signed-in user's analyzer from the page itself: session and code in the shell, no loading spinner", async () => {
    const page = await signedInPage(browser, server);
    const errors = watchErrors(page, server.baseUrl);
    // Records whether any loading spinner (full page or page-level) was ever put in the document.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { spinnersSeen: string[] }).spinnersSeen = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="status"][aria-label^="Loading"]'))
          seen.push(el.getAttribute("aria-label") ?? "");
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto(`${server.baseUrl}/`);
    const html = (await response?.text()) ?? "";
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/analyzer-page-[\w-]+\.js">/);
    expect(html).toContain('<script type="application/json" id="session-data">{"session":');
    expect(html).not.toContain('"token"');
    await page.getByRole("heading", { level: 1, name: "Resume Analyzer" }).waitFor();
    // The account menu arrives just after the first paint.
    await page.getByRole("button", { name: /Account menu/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { spinnersSeen: string[] }).spinnersSeen)).toEqual(
      [],
    );
    expect(errors).toEqual([]);
  });
});
