import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { axeViolations, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

/*
 * The 'Side by Side' tab (docs/product.md#side-by-side) on a real corpus PDF, at desktop and phone
 * sizes: selection focuses the counterpart in view, a missing requirement opens its advice, the
 * keyboard alone gets there, coaching sits on a bullet, axe finds nothing serious.
 */
const root = path.resolve(import.meta.dirname, "../..");
const corpus = path.resolve(root, "../shared/corpus/pdfs");
const hasCorpus = existsSync(corpus);
if (!hasCorpus) console.log(`side-by-side journey: ${corpus} is missing, skipping`);
const job = readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer/job.txt"), "utf8");
const shots = "/tmp/shots/c";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

withAppAndBrowser();

async function analyse(page: Page): Promise<void> {
  const pdf = path.join(corpus, readdirSync(corpus).find((f) => f === "latex--awesome-cv-resume.pdf") ?? "");
  await page.locator('input[type="file"]').setInputFiles(pdf);
  await page.getByText("Upload successful").first().waitFor();
  await page.getByRole("textbox", { name: /job description/i }).fill(job);
  await page.getByRole("button", { name: "Analyze Resume with AI" }).click();
  await page.getByRole("heading", { name: "Analysis Results" }).waitFor({ timeout: 60_000 });
}

/** The focused element: its data-line, whether it is a resume line, and whether it is in the viewport. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const box = el.getBoundingClientRect();
    return {
      line: el.dataset.line ?? null,
      label: el.getAttribute("aria-label"),
      inResume: Boolean(el.closest('[data-testid="side-by-side-resume"]')),
      inView: box.bottom > 0 && box.top < window.innerHeight && box.height > 0,
      text: el.textContent ?? "",
    };
  });
}

describe.skipIf(!hasCorpus)("side by side, in a real browser", () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.name} size: selection focuses the counterpart, a missing one opens its advice`, async () => {
      mkdirSync(shots, { recursive: true });
      const page = await signedInPage(browser, server);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const errors = watchErrors(page, server.baseUrl);
      await analyse(page);

      // Reachable from History: 'View Details' opens /analysis/:id, where the tab is.
      await page.goto(`${server.baseUrl}/history`);
      await page
        .getByRole("link", { name: /^View Details/ })
        .first()
        .click();
      await page.getByRole("heading", { name: "Analysis Results" }).waitFor();
      await page.getByRole("tab", { name: "Side by Side", exact: true }).click();
      const posting = page.getByRole("region", { name: "The job posting" });
      const resume = page.getByRole("region", { name: "Your resume, as we read it" });
      await posting.waitFor();

      if (viewport.name === "phone") {
        // Stacked, posting first, nothing wider than the screen.
        const [p, r] = [await posting.boundingBox(), await resume.boundingBox()];
        expect(p && r && p.y + p.height <= r.y + 1).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      } else {
        const [p, r] = [await posting.boundingBox(), await resume.boundingBox()];
        expect(p && r && Math.abs(p.y - r.y) < 2 && p.x < r.x).toBe(true);
      }
      await page.screenshot({ path: `${shots}/${viewport.name}-tab.png` });

      // A matched requirement: its evidence line takes the focus and is on screen.
      const matched = posting.locator('button[data-status="matched"]').first();
      const name = (await matched.getAttribute("data-label")) ?? "";
      await matched.click();
      await expect.poll(async () => (await focused(page))?.inResume).toBe(true);
      const evidence = await focused(page);
      expect(evidence?.line).not.toBeNull();
      expect(evidence?.inView).toBe(true);
      // Its evidence is marked, and the line says what it proves.
      expect(await page.locator(`[data-line="${evidence?.line}"] mark`).count()).toBeGreaterThan(0);
      expect(evidence?.text).toContain(name);
      await page.screenshot({ path: `${shots}/${viewport.name}-evidence.png` });

      // And back: the line's own mark returns to the posting.
      await page
        .locator(`[data-line="${evidence?.line}"] button[data-status]`)
        .filter({ hasText: name })
        .first()
        .click();
      await expect.poll(async () => (await focused(page))?.inResume).toBe(false);
      expect((await focused(page))?.inView).toBe(true);

      // A missing requirement opens what to do about it.
      const missing = posting.locator('button[data-status="missing"]').first();
      const missingName = (await missing.getAttribute("data-label")) ?? "";
      await missing.click();
      const advice = page.getByRole("region", { name: `What to do about ${missingName}` });
      await advice.waitFor();
      expect((await focused(page))?.label).toBe(`What to do about ${missingName}`);
      expect((await focused(page))?.inView).toBe(true);
      await page.screenshot({ path: `${shots}/${viewport.name}-advice.png` });

      // Coaching sits on a bullet of the resume: compact, opens to its notes.
      const toggle = resume.locator("li[data-line] [data-coaching-toggle]").first();
      await toggle.scrollIntoViewIfNeeded();
      await toggle.click();
      const notes = resume.getByRole("list", { name: "Coaching notes" }).first();
      await notes.waitFor();
      expect((await notes.textContent())?.length).toBeGreaterThan(10);
      await page.screenshot({ path: `${shots}/${viewport.name}-coaching.png` });

      await page.waitForTimeout(350);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it("works with the keyboard alone", async () => {
    const page = await signedInPage(browser, server);
    await analyse(page);
    const tab = page.getByRole("tab", { name: "Side by Side", exact: true });
    await tab.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: "The job posting" }).waitFor();
    // Tab into the panel until the first requirement mark has the focus.
    let onMark = false;
    for (let i = 0; i < 6 && !onMark; i += 1) {
      await page.keyboard.press("Tab");
      onMark = await page.evaluate(() => document.activeElement?.hasAttribute("data-status") ?? false);
    }
    expect(onMark).toBe(true);
    const status = await page.evaluate(() => document.activeElement?.getAttribute("data-status"));
    await page.keyboard.press("Enter");
    const after = await focused(page);
    if (status === "missing") expect(after?.label).toMatch(/^What to do about /);
    else expect(after?.inResume || after?.label !== null).toBe(true);
    expect(after?.inView).toBe(true);
    // The status region tells a screen reader what was selected.
    expect(await page.getByRole("status").filter({ hasText: /\S/ }).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
