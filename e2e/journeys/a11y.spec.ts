import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { axeViolations } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) =>
  readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer", name), "utf8");
const resume = fixture("resume.txt");
const job = fixture("job.txt");

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

withAppAndBrowser();

/** Serious and critical axe findings per screen, as "rule: help (targets)" lines; empty screens are left out. */
type Findings = Record<string, string[]>;

async function audit(page: Page, findings: Findings, screen: string): Promise<void> {
  // Let entrance transitions finish so colours are measured at rest.
  await page.waitForTimeout(350);
  const violations = await axeViolations(page);
  if (violations.length > 0) {
    findings[screen] = violations.map(
      (v) => `${v.id} [${v.impact}]: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
  }
}

/** Clicks every tab of the first tab list in `scope` and audits each panel. */
async function auditEachTab(page: Page, findings: Findings, screen: string): Promise<void> {
  const tabs = page.getByRole("tablist").first().getByRole("tab");
  // The results view mounts its tab list before its tabs: wait for them rather than read too early.
  await expect.poll(() => tabs.count(), { timeout: 15_000 }).toBeGreaterThan(1);
  const names = await tabs.allInnerTexts();
  for (const name of names) {
    await page.getByRole("tab", { name: name.trim(), exact: true }).click();
    await page.getByRole("tabpanel").first().waitFor();
    await audit(page, findings, `${screen} › ${name.trim()} tab`);
  }
}

describe("accessibility: axe finds nothing serious or critical on any screen", () => {
  for (const viewport of VIEWPORTS) {
    it(`public screens at ${viewport.name} (${viewport.width}×${viewport.height})`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      const page = await context.newPage();
      const findings: Findings = {};
      const base = server.baseUrl;

      for (const [route, heading] of [
        ["/", /Strengthen your/],
        ["/pricing", "Simple, honest pricing"],
        ["/privacy", "Privacy Policy"],
        ["/about", "About & credits"],
        ["/no/such/page", "404 Page Not Found"],
      ] as const) {
        await page.goto(`${base}${route}`);
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        await audit(page, findings, route);
      }

      await page.goto(`${base}/auth`);
      await page.getByRole("heading", { level: 1, name: "Welcome to ResumeLens" }).waitFor();
      await audit(page, findings, "/auth › Sign In tab");
      await page.getByRole("tab", { name: "Sign Up" }).click();
      await page.getByRole("form", { name: /sign up/i }).waitFor();
      await audit(page, findings, "/auth › Sign Up tab");

      await context.close();
      expect(findings).toEqual({});
    });
  }

  it("signed-in screens on desktop and at 390×844", async () => {
    const page = await signedInPage(browser, server);
    const base = server.baseUrl;
    const findings: Findings = {};

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const at = (screen: string) => `${viewport.name} ${screen}`;

      // Analyzer: step 1 (upload, paste), step 2 (job description), step 3 (results, each tab).
      await page.goto(`${base}/`);
      await page.getByRole("heading", { level: 1, name: "Resume Analyzer" }).waitFor();
      await audit(page, findings, at("analyzer › step 1 upload"));
      await page.getByRole("tab", { name: "Paste Text" }).click();
      await page.getByRole("textbox", { name: "Resume text" }).fill(resume);
      await audit(page, findings, at("analyzer › step 1 paste"));
      await page.getByRole("button", { name: "Use Text Resume" }).click();
      await page.getByRole("textbox", { name: /job description/i }).fill(job);
      await audit(page, findings, at("analyzer › step 2 job description"));
      await page.getByRole("button", { name: "Analyze Resume with AI" }).click();
      await page.getByText("Analysis Results").first().waitFor({ timeout: 60_000 });
      await auditEachTab(page, findings, at("analysis results"));

      await page.goto(`${base}/history`);
      await page.getByRole("heading", { level: 1, name: "Analysis History" }).waitFor();
      await page
        .getByRole("link", { name: /View Details/ })
        .first()
        .waitFor();
      await audit(page, findings, at("/history"));

      for (const [tab, label] of [
        ["", "Profile"],
        ["?tab=linkedin", "LinkedIn"],
        ["?tab=career", "Career Path"],
        ["?tab=billing", "Billing"],
      ] as const) {
        await page.goto(`${base}/settings${tab}`);
        await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
        await page.getByRole("tabpanel").first().waitFor();
        await page.waitForLoadState("networkidle");
        await audit(page, findings, at(`/settings › ${label} tab`));
      }

      await page.goto(`${base}/billing`);
      await page.getByRole("heading", { level: 1, name: "Billing" }).waitFor();
      await page.getByRole("button", { name: "Upgrade" }).first().waitFor();
      await audit(page, findings, at("/billing"));
      await page.getByRole("button", { name: "Upgrade" }).first().click();
      await page.getByRole("dialog", { name: "Choose Your Plan" }).waitFor();
      await audit(page, findings, at("/billing › Choose Your Plan dialog"));
      await page.keyboard.press("Escape");

      await page.goto(`${base}/checkout`);
      await page.getByRole("heading", { level: 1, name: "Complete Your Purchase" }).waitFor();
      await page
        .getByText(/Test payment mode/i)
        .first()
        .waitFor();
      await audit(page, findings, at("/checkout (test mode)"));
    }

    expect(findings).toEqual({});
  });
});
