import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { axeViolations, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

/**
 * The results of an analysis: their own address (reload, back button, not for anyone else), and a
 * layout that holds from a 320 px phone to a laptop.
 */

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (role: string, name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures", role, name), "utf8");
const resume = fixture("software-engineer", "resume.txt");
const job = fixture("software-engineer", "job.txt");
// A software engineer against a nursing post: a 'Needs Improvement' score, the longest band label.
const nursingJob = fixture("registered-nurse", "job.txt");
const shots = process.env.E2E_SCREENSHOTS;

withAppAndBrowser();

function currentStep(page: Page) {
  return page.getByRole("navigation", { name: "Analysis progress" }).locator('[aria-current="step"]');
}

describe("an analysis result has its own address", () => {
  it("opens at /analysis/{id} as step 3, survives a reload and the back button, and is not found for another user", async () => {
    const page = await signedInPage(browser, server);
    const errors = watchErrors(page, server.baseUrl);
    await page.getByRole("tab", { name: "Paste Text" }).click();
    await page.getByRole("textbox", { name: "Resume text" }).fill(resume);
    await page.getByRole("button", { name: "Use Text Resume" }).click();
    await page.getByText("Text resume ready").waitFor();
    await page.getByRole("textbox", { name: /job description/i }).fill(job);
    await page.getByRole("button", { name: "Analyze Resume with AI" }).click();

    await page.waitForURL(/\/analysis\/\d+$/, { timeout: 60_000 }).catch(async (error: unknown) => {
      if (shots) await page.screenshot({ path: `${shots}/results-address-failed.png` });
      console.log(server.logs().slice(-3000), errors, page.url());
      throw error;
    });
    const address = page.url();
    await page.getByTestId("summary-Overall Score").waitFor();
    expect(await currentStep(page).textContent()).toContain("View Results");
    const score = await page.getByTestId("summary-Overall Score").textContent();

    await page.reload();
    await page.getByTestId("summary-Overall Score").waitFor();
    expect(page.url()).toBe(address);
    expect(await page.getByTestId("summary-Overall Score").textContent()).toBe(score);
    expect(await currentStep(page).textContent()).toContain("View Results");

    await page.goto(`${server.baseUrl}/history`);
    await page.getByRole("heading", { level: 1, name: "Analysis History" }).waitFor();
    await page.goBack();
    await page.getByTestId("summary-Overall Score").waitFor();
    expect(page.url()).toBe(address);

    // 'New Analysis' starts over at a cleared step 1; back returns to the result.
    await page.getByRole("button", { name: "New Analysis" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Resume Analyzer" }).waitFor();
    expect(await currentStep(page).textContent()).toContain("Upload Your Resume");
    expect(await page.getByRole("textbox", { name: /job description/i }).inputValue()).toBe("");
    await page.goBack();
    await page.getByTestId("summary-Overall Score").waitFor();
    expect(errors).toEqual([]);

    // Someone else with the link: the not-found state, none of the data.
    const stranger = await signedInPage(browser, server, `stranger-${Date.now()}@example.com`);
    const strangerErrors = watchErrors(stranger, server.baseUrl);
    await stranger.goto(address);
    await stranger.getByRole("heading", { name: "Analysis not found" }).waitFor();
    expect(await stranger.getByTestId("summary-Overall Score").count()).toBe(0);
    expect(await stranger.getByText("Export Package").count()).toBe(0);
    // The API answers 404 for it; the browser logs that failed load, nothing else.
    expect(strangerErrors.filter((e) => !/404/.test(e))).toEqual([]);
  });
});

describe("the results screen from a 320 px phone to a laptop", () => {
  it("keeps every tab, the requirement mapping and the score labels readable and inside their boxes", async () => {
    const page = await signedInPage(browser, server);
    const errors = watchErrors(page, server.baseUrl);
    const created = await page.request.post(`${server.baseUrl}/api/create-text-resume`, {
      data: { content: resume },
      headers: { origin: server.baseUrl },
    });
    const { id: resumeId } = (await created.json()) as { id: number };
    const analyzed = await page.request.post(`${server.baseUrl}/api/analyze`, {
      data: { resumeId, jobDescription: nursingJob },
      headers: { origin: server.baseUrl },
    });
    const { id, overallScore } = (await analyzed.json()) as { id: number; overallScore: number };
    expect(overallScore).toBeLessThan(60);

    await page.goto(`${server.baseUrl}/analysis/${id}`);
    await page.getByTestId("summary-Overall Score").waitFor();
    expect(await page.getByTestId("score-band").textContent()).toBe("Needs Improvement");

    for (const width of [320, 390, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      await page.waitForTimeout(100);
      // Nothing in a summary card reaches past the card's edge, and the results never scroll sideways.
      const overflow = await page.evaluate(() => {
        const found: string[] = [];
        for (const card of document.querySelectorAll('[data-testid^="summary-"]')) {
          const box = card.getBoundingClientRect();
          for (const el of card.querySelectorAll("*")) {
            const r = el.getBoundingClientRect();
            // Screen-reader-only text is a clipped 1 px box by design.
            if (r.width === 0 || el.closest(".sr-only")) continue;
            if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || el.scrollWidth > el.clientWidth + 1) {
              found.push(`${card.getAttribute("data-testid")}: "${el.textContent?.slice(0, 40)}"`);
            }
          }
        }
        // What sticks out past the right edge, if anything (named in the failure message): the
        // results and the signed-in site header (logo, Pricing, the account menu).
        const wide = [...document.querySelectorAll("main *, header *")]
          .filter(
            (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !el.closest(".sr-only"),
          )
          .slice(-3)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}: "${el.textContent?.slice(0, 30)}"`);
        return { found, scrollWidth: document.documentElement.scrollWidth, wide };
      });
      expect(overflow.found, `at ${width} px`).toEqual([]);
      expect(
        overflow.scrollWidth,
        `page width at ${width} px: ${overflow.wide.join(" | ")}`,
      ).toBeLessThanOrEqual(width);

      // Every tab fully on screen, no sideways strip to discover.
      const tabs = page.getByTestId("results-tabs").getByRole("tab");
      expect(await tabs.count()).toBe(6);
      for (const tab of await tabs.all()) {
        const box = await tab.boundingBox();
        expect(box, `tab at ${width} px`).not.toBeNull();
        if (box) {
          expect(box.x, `${await tab.textContent()} at ${width} px`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${await tab.textContent()} at ${width} px`).toBeLessThanOrEqual(width);
        }
      }
      if (shots) {
        await page.screenshot({ path: `${shots}/results-${width}.png` });
      }
    }

    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of [
      "Skills Analysis",
      "ATS Analysis",
      "Market Analysis",
      "Experience Gap",
      "Recommendations",
      "Side by Side",
    ]) {
      await page.getByRole("tab", { name, exact: true }).click();
      await page.getByRole("tabpanel").first().waitFor();
      expect(
        await page.evaluate(() => document.querySelector("main")?.scrollWidth),
        name,
      ).toBeLessThanOrEqual(390);
      if (name === "Experience Gap") {
        // Each requirement gets the row's full width, not a column beside its badges.
        const rows = page.getByRole("list", { name: "Job Requirements" }).getByRole("listitem");
        expect(await rows.count()).toBeGreaterThan(0);
        const ratios = await rows.evaluateAll((items) =>
          items
            .filter((li) => li.parentElement?.getAttribute("aria-label") === "Job Requirements")
            .map((li) => {
              const heading = li.querySelector("h4");
              const inner = li.clientWidth - 24; // p-3 on both sides
              return heading ? heading.getBoundingClientRect().width / inner : 0;
            }),
        );
        for (const ratio of ratios) expect(ratio).toBeGreaterThan(0.9);
        if (shots) {
          await page.getByRole("heading", { name: "Job Requirements Mapping" }).scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${shots}/requirements-390.png` });
        }
      }
      await page.waitForTimeout(350);
      expect(await axeViolations(page), name).toEqual([]);
    }
    if (shots) {
      await page.getByRole("tab", { name: "Skills Analysis" }).click();
      await page.getByTestId("results-tabs").evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.screenshot({ path: `${shots}/results-390-tabs.png` });
    }
    expect(errors).toEqual([]);
  });
});
