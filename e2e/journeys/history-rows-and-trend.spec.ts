import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { axeViolations, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (role: string, name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures", role, name), "utf8");
const TIME_ZONE = "America/New_York";
const SHOTS = process.env.JOURNEY_SHOTS ?? "/tmp";

withAppAndBrowser();

/** A context signed in as `page`'s user, in New York time, at the given size. */
async function contextFor(page: Page, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    timezoneId: TIME_ZONE,
    locale: "en-US",
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  await context.addCookies(await page.context().cookies());
  return context;
}

async function post(page: Page, url: string, data: unknown) {
  const response = await page.request.post(`${server.baseUrl}${url}`, {
    data,
    headers: { origin: server.baseUrl },
  });
  expect(response.status(), url).toBe(200);
  return response.json();
}

async function upload(page: Page, name: string, text: string): Promise<number> {
  const response = await page.request.post(`${server.baseUrl}/api/upload-resume`, {
    multipart: { resume: { name, mimeType: "text/plain", buffer: Buffer.from(text) } },
    headers: { origin: server.baseUrl },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

const normal = (text: string) => text.replace(/\s+/g, " ").trim();

describe("history: rows that can be told apart, a trend that compares like with like", () => {
  it("names each row's resume with date and time, and draws the trend per job title, unstretched at 1280 and 390 px", async () => {
    const setup = await signedInPage(browser, server, `history-${Date.now()}@example.com`);
    // Lifetime (the trend is Lifetime's), through the test-payment API.
    const intent = (await post(setup, "/api/create-payment-intent", { amount: 10 })) as {
      paymentIntentId: string;
    };
    await post(setup, "/api/test-payments/confirm", {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: "4242 4242 4242 4242",
      expiry: "12 / 34",
      cvc: "123",
    });
    // Two software-engineer analyses with two resume versions, and one for an unrelated nursing job.
    const seResume = fixture("software-engineer", "resume.txt");
    const v1 = await upload(setup, "alex-resume-v1.txt", seResume.split("\n").slice(0, 25).join("\n"));
    const v2 = await upload(setup, "alex-resume-v2.txt", seResume);
    const rn = await upload(setup, "sam-nurse-resume.txt", fixture("registered-nurse", "resume.txt"));
    const seJob = fixture("software-engineer", "job.txt");
    await post(setup, "/api/analyze", { resumeId: v1, jobDescription: seJob });
    await post(setup, "/api/analyze", {
      resumeId: rn,
      jobDescription: fixture("registered-nurse", "job.txt"),
    });
    await post(setup, "/api/analyze", { resumeId: v2, jobDescription: seJob });
    const listed = (await (await setup.request.get(`${server.baseUrl}/api/user/analyses`)).json()) as {
      createdAt: string;
      overallScore: number;
      resumeName: string;
      jobTitle: string;
    }[];
    expect(listed.map((item) => item.resumeName)).toEqual([
      "alex-resume-v2.txt",
      "sam-nurse-resume.txt",
      "alex-resume-v1.txt",
    ]);
    const [newest, , oldest] = listed as [(typeof listed)[0], (typeof listed)[0], (typeof listed)[0]];

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await contextFor(setup, viewport);
      const page = await context.newPage();
      const errors = watchErrors(page, server.baseUrl);
      await page.goto(`${server.baseUrl}/history`);
      await page.getByRole("heading", { level: 1, name: "Analysis History" }).waitFor();

      // Each row: the job, the resume file and the date with the time, in the user's time zone.
      const rows = page.getByRole("region", { name: "Past analyses" }).getByRole("listitem");
      await expect.poll(() => rows.count()).toBe(3);
      const firstRow = normal((await rows.nth(0).textContent()) ?? "");
      expect(firstRow).toContain("alex-resume-v2.txt");
      expect(firstRow).toContain(newest.jobTitle);
      const localTime = normal(
        new Date(newest.createdAt).toLocaleString("en-US", {
          dateStyle: "medium",
          timeStyle: "short",
          timeZone: TIME_ZONE,
        }),
      );
      expect(localTime).toMatch(/\d{1,2}:\d{2} [AP]M/);
      expect(firstRow).toContain(localTime);
      expect(normal((await rows.nth(1).textContent()) ?? "")).toContain("sam-nurse-resume.txt");
      expect(normal((await rows.nth(2).textContent()) ?? "")).toContain("alex-resume-v1.txt");

      // The trend: the software-engineer role only, never the nurse score in between.
      const picker = page.getByRole("combobox", { name: "Job" });
      await picker.waitFor();
      const options = (await picker.locator("option").allInnerTexts()).map(normal);
      expect(options).toEqual([`${newest.jobTitle} (2 analyses)`, `${listed[1]?.jobTitle} (1 analysis)`]);
      const chart = page.getByTestId("score-trend-chart");
      const name = normal((await chart.locator("title").textContent()) ?? "");
      const change = newest.overallScore - oldest.overallScore;
      expect(name).toContain(`${newest.jobTitle}: 2 analyses`);
      expect(name).toContain(`from ${oldest.overallScore} to ${newest.overallScore}`);
      const points = (n: number) => `${n} ${n === 1 ? "point" : "points"}`;
      expect(name).toContain(
        change > 0 ? `up ${points(change)}` : change < 0 ? `down ${points(-change)}` : "unchanged",
      );
      // All three ran within minutes: the span is given in times, not the same date twice.
      expect(name).not.toMatch(/from (\w+ \d+, \d{4}) to \1:/);
      expect(await chart.locator("circle").count()).toBe(2);

      // Not stretched: drawn at its box's own size (one SVG unit = one pixel), labels readable.
      const box = await chart.boundingBox();
      const viewBox = ((await chart.getAttribute("viewBox")) ?? "").split(" ").map(Number);
      expect(box?.height).toBe(180);
      expect(Math.abs((box?.width ?? 0) - (viewBox[2] ?? 0))).toBeLessThanOrEqual(1);
      expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);
      const label = await chart.locator("text").first().boundingBox();
      expect(label?.height ?? 0).toBeGreaterThanOrEqual(10);
      // Nothing runs off the side of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: `${SHOTS}/history-${viewport.width}.png`, fullPage: true });

      // The other role on its own: one analysis is not a trend, so a line says how to get one.
      await picker.selectOption({ index: 1 });
      await page.getByText(/One analysis for this job so far/).waitFor();
      expect(await chart.count()).toBe(0);

      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
