import { describe, expect, it } from "vitest";
import { buildLinkedInExportZip } from "../../apps/api/test/linkedin-fixtures.ts";
import { signedInPage } from "../support/account.ts";
import { axeViolations, watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

const SHOTS = process.env.JOURNEY_SHOTS ?? "/tmp";
const WHY =
  "LinkedIn does not allow other sites to read a profile from its address, so ResumeLens reads the file you download from LinkedIn.";

withAppAndBrowser();

describe("Settings → LinkedIn: the file that works comes first", () => {
  it("orders upload then URL, says why in one line, keeps the spec's URL check, and imports then syncs (1280 and 390 px)", async () => {
    const setup = await signedInPage(browser, server, `linkedin-${Date.now()}@example.com`);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
      await context.addCookies(await setup.context().cookies());
      const page = await context.newPage();
      const errors = watchErrors(page, server.baseUrl);
      await page.goto(`${server.baseUrl}/settings?tab=linkedin`);

      // Step 1 is the upload, step 2 the URL: on the page and in reading order.
      const step1 = page.getByRole("heading", {
        level: 3,
        name: /^Step 1: Upload your LinkedIn data export/,
      });
      const step2 = page.getByRole("heading", { level: 3, name: "Step 2: Add your profile's address" });
      await step1.waitFor();
      const chooseFile = page.getByRole("button", { name: "Choose File" });
      const url = page.getByLabel("LinkedIn profile URL");
      const y = async (locator: typeof step1) => (await locator.boundingBox())?.y ?? Number.NaN;
      expect(await y(step1)).toBeLessThan(await y(chooseFile));
      expect(await y(chooseFile)).toBeLessThan(await y(step2));
      expect(await y(step2)).toBeLessThan(await y(url));
      await page.getByText(WHY).waitFor();
      expect(await y(page.getByText(WHY))).toBeLessThan(await y(step1));
      await page.screenshot({ path: `${SHOTS}/linkedin-${viewport.width}-order.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      if (viewport.width === 1280) {
        // The URL rule still holds (docs/product.md#linkedin-url): blank gives 'Invalid URL' and no call.
        let syncCalls = 0;
        page.on("request", (request) => {
          if (request.url().endsWith("/api/linkedin/sync")) syncCalls += 1;
        });
        await page.getByRole("button", { name: "Sync Profile" }).click();
        await page.getByText("Invalid URL").first().waitFor();
        await page.getByText("Please enter a valid LinkedIn profile URL.").first().waitFor();
        expect(syncCalls).toBe(0);

        // The working path: file first, then the address.
        await page.getByTestId("linkedin-file-input").setInputFiles({
          name: "Basic_LinkedInDataExport_01-02-2026.zip",
          mimeType: "application/zip",
          buffer: Buffer.from(buildLinkedInExportZip()),
        });
        await page.getByText("Imported your LinkedIn data export.").first().waitFor();
        await page.getByText("Your profile's address is saved with your import").waitFor();
        await url.fill("https://www.linkedin.com/in/avery-quinn-example");
        await page.getByRole("button", { name: "Sync Profile" }).click();
        await page
          .getByText(/^Showing .* from your LinkedIn import\.$/)
          .first()
          .waitFor();
        expect(syncCalls).toBe(1);
        await page.getByTestId("linkedin-profile").getByText("linkedin.com/in/avery-quinn-example").waitFor();
        expect(await page.getByText("Sync Failed").count()).toBe(0);
      } else {
        // After the import the phone shows the same order and the imported profile; nothing overflows.
        await page.getByTestId("linkedin-profile").waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await page.screenshot({ path: `${SHOTS}/linkedin-${viewport.width}-done.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
