import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { signedInPage } from "../support/account.ts";
import { watchErrors } from "../support/browser.ts";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";

const corpus = path.resolve(import.meta.dirname, "../../../shared/corpus/pdfs");
const hasCorpus = existsSync(corpus);
if (!hasCorpus) console.log(`resume upload journey: ${corpus} is missing, skipping the PDF upload`);

withAppAndBrowser();

describe("step 1 of the analyzer in a real browser", () => {
  it.skipIf(!hasCorpus)("uploads a real PDF resume, shows it, and removes it", async () => {
    const page = await signedInPage(browser, server);
    const errors = watchErrors(page, server.baseUrl);
    const pdf = path.join(corpus, readdirSync(corpus).find((f) => f.includes("two-column")) ?? "");

    await page.getByText("Drop your resume here").waitFor();
    await page.locator('input[type="file"]').setInputFiles(pdf);
    await page.getByText("Upload successful").first().waitFor();
    await page.getByText(path.basename(pdf)).waitFor();
    await page.getByRole("button", { name: "Remove file" }).click();
    await page.getByText("Drop your resume here").waitFor();
    expect(errors).toEqual([]);
  });

  it("refuses a file that is not a resume format with the spec's message, before any upload", async () => {
    const page = await signedInPage(browser, server);
    await page.locator('input[type="file"]').setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    await page.getByText("Please upload a PDF, DOC, DOCX, or TXT file.").first().waitFor();
  });

  it("shows the server's specific refusal for a file with a valid extension but no text", async () => {
    const page = await signedInPage(browser, server);
    // A .txt whose bytes are an executable: the server decides by content, not by name.
    await page.locator('input[type="file"]').setInputFiles({
      name: "resume.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("MZ\u0090\u0000\u0003\u0000\u0000\u0000", "latin1"),
    });
    await page.getByText("Upload failed").first().waitFor();
  });

  it("creates a text resume from pasted text once it reaches 100 characters", async () => {
    const page = await signedInPage(browser, server);
    await page.getByRole("tab", { name: "Paste Text" }).click();
    const button = page.getByRole("button", { name: "Use Text Resume" });
    await page.getByRole("textbox", { name: "Resume text" }).fill("Too short to count as a resume.");
    expect(await button.isDisabled()).toBe(true);
    await page
      .getByRole("textbox", { name: "Resume text" })
      .fill(
        "Jane Doe, jane@example.com. Experience: Senior Software Engineer at Acme Corp, Jan 2020 - Present. Built Kubernetes operators in Go.",
      );
    await button.click();
    await page.getByRole("tab", { name: "Upload File" }).click();
    await page.getByText("Text Resume").first().waitFor();
  });
});
