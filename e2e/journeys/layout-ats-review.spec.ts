import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { layoutResumePdf } from "../../apps/api/test/pdf-fixtures.ts";
import { signedInPage } from "../support/account.ts";
import { axeViolations, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

/**
 * The layout the extractor sees in an uploaded file reaches the ATS review in the app: a
 * two-column PDF's results name the multi-column layout on the ATS tab. Screenshots go to SHOTS.
 */

const root = path.resolve(import.meta.dirname, "../..");
const job = readFileSync(path.join(root, "packages/engine/test/fixtures/software-engineer/job.txt"), "utf8");
const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp/e2e-shots";
const MULTI_COLUMN = "The file uses a multi-column layout.";

withAppAndBrowser();

describe("an uploaded file's layout in the ATS review", () => {
  it("a two-column PDF, analyzed: the ATS tab names the multi-column layout, on a 1280×800 screen", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await signedInPage(browser, server);
    const errors = watchErrors(page, server.baseUrl);
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    // On a failure: what the page showed and what the server said.
    const explain = async (error: unknown) => {
      await page.screenshot({ path: `${SHOTS}/layout-ats-failed.png` });
      console.log(server.logs().slice(-3000), errors, page.url());
      throw error;
    };

    await page.locator('input[type="file"]').setInputFiles({
      name: "jordan-rivera-two-column.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(await layoutResumePdf("two-column")),
    });
    await page.getByText("Upload successful").first().waitFor({ timeout: 60_000 }).catch(explain);
    await page.getByRole("textbox", { name: /job description/i }).fill(job);
    await page.getByRole("button", { name: "Analyze Resume with AI" }).click();
    await page.waitForURL(/\/analysis\/\d+$/, { timeout: 90_000 }).catch(explain);
    await page.getByRole("heading", { level: 1, name: "Analysis Results" }).waitFor();

    await page.getByRole("tab", { name: "ATS Analysis" }).click();
    const issue = page.getByRole("list", { name: "ATS issues" }).getByRole("listitem").filter({
      hasText: MULTI_COLUMN,
    });
    await issue.waitFor().catch(explain);
    expect(await issue.textContent()).toContain("Use a single-column layout for the version you upload.");
    await issue.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/layout-ats-multi-column-desktop.png` });

    await page.waitForTimeout(350);
    const violations = await axeViolations(page);
    expect(
      violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });
});
