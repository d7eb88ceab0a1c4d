// Issue 15, Career Path: a career changer (an office manager at a dental practice) picks Registered
// Nurse and sees the education and licence the move takes and nursing tools and skills first (no
// dental software); closing and reopening the tab, reloading and a phone keep the chosen role.
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { axeViolations, phoneContextLike, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

withAppAndBrowser();

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(tmpdir(), "resumelens-career-screenshots");

const RESUME = [
  "Jordan Lee",
  "jordan.lee@example.com | (555) 010-0199 | Austin, TX",
  "",
  "EXPERIENCE",
  "Office Manager",
  "Bright Smile Dental | Jan 2018 - Present",
  "- Managed scheduling for 4 dentists in Dentrix and Eaglesoft for 60 patients a day",
  "- Coordinated patient billing and insurance claims, cutting outstanding claims by 30%",
  "- Supervised 3 front desk staff and ordered clinical and office supplies",
  "",
  "Receptionist",
  "Lakeside Family Clinic | Jun 2014 - Dec 2017",
  "- Checked in patients, verified insurance and kept records in Microsoft Excel",
  "",
  "EDUCATION",
  "High School Diploma, Austin High School, 2014",
].join("\n");

const JOB =
  "Registered Nurse, medical-surgical unit. Requires an active RN licence (NCLEX-RN), BLS certification, " +
  "patient assessment, medication administration and charting in Epic. ADN or BSN required.";

async function analyse(page: Page): Promise<void> {
  const status = await page.evaluate(
    async ({ resume, job }) => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const created = await post("/api/create-text-resume", { content: resume });
      if (!created.ok) return `resume ${created.status}`;
      const { id } = (await created.json()) as { id: number };
      const analysis = await post("/api/analyze", { resumeId: id, jobDescription: job });
      return analysis.ok ? "ok" : `analyze ${analysis.status}`;
    },
    { resume: RESUME, job: JOB },
  );
  expect(status).toBe("ok");
}

const NURSE_HEADING = { level: 2, name: /Office Manager .* to Registered Nurse$/ } as const;

async function expectNurseRoadmap(page: Page): Promise<void> {
  await page.getByRole("heading", NURSE_HEADING).waitFor({ timeout: 30_000 });
  // Phases from the real distance: preparation, the nursing degree, the NCLEX-RN, then a first role.
  const phases = await page.locator("ol > li h3").allTextContents();
  expect(phases[0]).toBe("Prepare and apply");
  expect(phases.some((p) => /^Education: ADN or BSN/.test(p))).toBe(true);
  expect(phases).toContain("Licensure: NCLEX-RN");
  expect(phases).toContain("First role as Registered Nurse");
  expect(await page.getByText("0–1 year", { exact: true }).count()).toBe(0);
  expect(
    await page.getByText(/expect about \d+–\d+ years before you work as a Registered Nurse/).count(),
  ).toBe(1);
  // Nursing tools and skills first; no dental software anywhere in the roadmap.
  const gaps = page.getByRole("heading", { level: 2, name: "Skill gaps" }).locator("xpath=ancestor::*[3]");
  const firstGaps = (await gaps.locator("li span.font-medium").allTextContents()).slice(0, 4);
  expect(
    firstGaps.some((s) => /Epic|MEDITECH|eClinicalWorks/.test(s)),
    firstGaps.join(", "),
  ).toBe(true);
  expect(
    firstGaps.some((s) => /Service Orientation|Social Perceptiveness/.test(s)),
    firstGaps.join(", "),
  ).toBe(true);
  const main = (await page.locator("main").textContent()) ?? "";
  expect(main).not.toMatch(/Dentrix|Eaglesoft|dental software/i);
}

describe("career path for a career changer, in a real browser", () => {
  it("office manager → registered nurse: education and licence phases, nursing skills first, the role remembered", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await signedInPage(browser, server, `career-${Date.now()}@example.com`);
    const errors = watchErrors(page, server.baseUrl);
    const base = server.baseUrl;
    await analyse(page);

    // Desktop: pick Registered Nurse with the search box.
    await page.goto(`${base}/settings?tab=career`);
    await page.getByRole("heading", { level: 2, name: /to Software Engineer$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole("combobox", { name: "Target role" }).fill("registered nurse");
    await page
      .getByRole("option", { name: /Registered Nurse/ })
      .first()
      .click();
    await expectNurseRoadmap(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "career-nurse-desktop.png"), fullPage: true });

    // Close the tab and reopen it: still the nurse's roadmap.
    await page.getByRole("tab", { name: "Profile" }).click();
    await page.getByLabel("First name").waitFor();
    await page.getByRole("tab", { name: "Career Path" }).click();
    await expectNurseRoadmap(page);

    // Reload: the role comes back from the server.
    await page.reload();
    await expectNurseRoadmap(page);

    // Another device (a new browser context signed in as the same user) on a phone.
    const phone = await phoneContextLike(browser, page);
    const mobile = await phone.newPage();
    const mobileErrors = watchErrors(mobile, server.baseUrl);
    await mobile.goto(`${base}/settings?tab=career`);
    await expectNurseRoadmap(mobile);
    expect(await axeViolations(mobile)).toEqual([]);
    // Nothing runs off the side of a phone: long skill names are cut, badges stay inside.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await mobile.screenshot({ path: path.join(SHOTS, "career-nurse-phone.png"), fullPage: true });

    expect(errors).toEqual([]);
    expect(mobileErrors).toEqual([]);
    await phone.close();
  }, 180_000);
});
