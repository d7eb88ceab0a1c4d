import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { axeViolations, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

/**
 * The analyzer's create actions happen once: a double click on 'Analyze Resume with AI' is one
 * analysis, and a free user at the monthly limit learns it before uploading and pasting.
 */

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer", name), "utf8");
const resume = fixture("resume.txt");
const job = fixture("job.txt");
const LIMIT_ALERT = "You have reached your monthly analysis limit. Please upgrade to continue.";
const shots = process.env.E2E_SCREENSHOTS;

withAppAndBrowser();

/** POSTs JSON with the page's session, as the app would. */
async function post(page: Page, url: string, data: unknown) {
  const response = await page.request.post(`${server.baseUrl}${url}`, {
    data,
    headers: { origin: server.baseUrl },
  });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { id: number };
}

async function fillAnalyzer(page: Page) {
  await page.getByRole("tab", { name: "Paste Text" }).click();
  await page.getByRole("textbox", { name: "Resume text" }).fill(resume);
  await page.getByRole("button", { name: "Use Text Resume" }).click();
  await page.getByText("Text resume ready").waitFor();
  await page.getByRole("textbox", { name: /job description/i }).fill(job);
}

describe("the analyzer runs each analysis once", () => {
  it("a double click on Analyze is one request, one analysis in History and a usage count of 1", async () => {
    const page = await signedInPage(browser, server);
    const errors = watchErrors(page, server.baseUrl);
    const keys: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/analyze")) {
        keys.push(request.headers()["idempotency-key"] ?? "");
      }
    });
    await fillAnalyzer(page);

    await page.getByRole("button", { name: "Analyze Resume with AI" }).dblclick();
    await page.waitForURL(/\/analysis\/\d+$/, { timeout: 60_000 }).catch(async (error: unknown) => {
      if (shots) await page.screenshot({ path: `${shots}/double-click-failed.png` });
      console.log(server.logs().slice(-3000), errors);
      throw error;
    });
    await page.getByRole("heading", { level: 1, name: "Analysis Results" }).waitFor();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.getByText("Analysis Failed").count()).toBe(0);
    // The double click selected nothing (the review found the whole results page highlighted).
    expect(await page.evaluate(() => String(window.getSelection()))).toBe("");

    const history = (await (
      await page.request.get(`${server.baseUrl}/api/user/analyses`)
    ).json()) as unknown[];
    expect(history).toHaveLength(1);
    await page.goto(`${server.baseUrl}/history`);
    await page.getByRole("heading", { level: 1, name: "Analysis History" }).waitFor();
    await page
      .getByRole("link", { name: /View Details/ })
      .first()
      .waitFor();
    expect(await page.getByRole("link", { name: /View Details/ }).count()).toBe(1);

    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId("usage-count").filter({ hasText: "1 / 3" }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe("the upload widget uploads a file once", () => {
  it("a file chosen again while it uploads is not sent a second time", async () => {
    const page = await signedInPage(browser, server);
    const errors = watchErrors(page, server.baseUrl);
    let uploads = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/upload-resume")) uploads += 1;
    });
    const file = { name: "jordan-resume.txt", mimeType: "text/plain", buffer: Buffer.from(resume) };
    const input = page.getByTestId("resume-file-input");
    // The first upload is held on its way until the file has been chosen a second time: "while it
    // uploads" on every machine (a small file otherwise finishes before the second choice).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/upload-resume", async (route) => {
      await held;
      await route.continue();
    });
    await input.setInputFiles(file);
    await input.setInputFiles(file);
    release();
    await page.getByText("Upload successful").first().waitFor();
    await page.getByRole("button", { name: "Remove file" }).waitFor();
    expect(uploads).toBe(1);
    expect(await page.getByText("jordan-resume.txt").count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe("a free user at the monthly limit", () => {
  it("sees it before any effort: banner, usage card, Analyze disabled with the reason, and a way to upgrade", async () => {
    const page = await signedInPage(browser, server);
    const errors = watchErrors(page, server.baseUrl);
    const { id: resumeId } = await post(page, "/api/create-text-resume", { content: resume });
    for (let i = 1; i <= 3; i++) {
      await post(page, "/api/analyze", { resumeId, jobDescription: `${job}\n\nPosting ${i}` });
    }

    for (const viewport of [
      { name: "desktop", width: 1280, height: 800 },
      { name: "phone", width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.baseUrl}/`);
      await page.getByRole("heading", { level: 1, name: "Resume Analyzer" }).waitFor();
      const banner = page.getByTestId("limit-banner");
      await banner.waitFor();
      expect(await banner.textContent()).toContain("You've used all 3 free analyses this month");
      // On screen when the page opens, above the upload step: no scrolling, no effort first.
      const box = await banner.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(viewport.height);
      const upload = await page.getByRole("heading", { name: "Upload Your Resume" }).boundingBox();
      expect(box && upload && box.y < upload.y).toBe(true);
      expect(await banner.getByRole("link", { name: /Upgrade to Lifetime/ }).getAttribute("href")).toBe(
        "/checkout",
      );
      await page.getByTestId("usage-count").filter({ hasText: "3 / 3" }).waitFor();
      expect(await page.getByTestId("usage-limit-reached").textContent()).toBe("Monthly limit reached");
      if (shots) await page.screenshot({ path: `${shots}/limit-${viewport.name}.png`, fullPage: true });
      await page.waitForTimeout(350);
      expect(await axeViolations(page)).toEqual([]);
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    await fillAnalyzer(page);
    const analyze = page.getByRole("button", { name: "Analyze Resume with AI" });
    expect(await analyze.getAttribute("aria-disabled")).toBe("true");
    const reasonId = (await analyze.getAttribute("aria-describedby")) ?? "";
    const reason = page.locator(`[id="${reasonId}"]`);
    expect(await reason.textContent()).toBe(LIMIT_ALERT);
    expect(await reason.isVisible()).toBe(true);

    // A click still explains with the limit alert (docs/product.md#monthly-limit), and sends nothing.
    let analyzeCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/analyze")) analyzeCalls += 1;
    });
    const alerts: string[] = [];
    page.once("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    // aria-disabled: Playwright, like a person, sees a disabled button; press it anyway, from the
    // keyboard (a forced mouse click lands on whatever is on top, such as a toast still showing).
    await analyze.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => alerts).toEqual([LIMIT_ALERT]);
    expect(analyzeCalls).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/limit-filled-desktop.png` });

    await page.getByRole("link", { name: "Upgrade to Lifetime" }).last().click();
    await page.waitForURL(`${server.baseUrl}/checkout`);
    await page.getByRole("heading", { name: "Complete Your Purchase" }).waitFor();
    expect(errors).toEqual([]);
  });
});
