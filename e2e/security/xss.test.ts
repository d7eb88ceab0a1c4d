import { unzipSync } from "fflate";
import type { BrowserContext, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { browser, server, withAppAndBrowser } from "../support/journey.ts";
import { analyse, createHarness, JOB, RESUME, signUpVerified } from "./fixtures.ts";

/** Each payload, if it ever became markup or script, bumps window.__xss or opens a dialog. */
const PAYLOADS = [
  "<script>window.__xss++</script>",
  '<img src=x onerror="window.__xss++">',
  "<svg onload=window.__xss++><circle r=1 /></svg>",
  '"><img src=x onerror=window.__xss++>',
  "'><svg/onload=window.__xss++>",
  "</textarea></title></style><script>window.__xss++</script>",
  '<a href="javascript:window.__xss++">click me</a>',
  "[markdown link](javascript:window.__xss++)",
  "javascript:alert(document.domain)",
  '<iframe srcdoc="<script>parent.__xss++</script>"></iframe>',
  "<details open ontoggle=window.__xss++>",
  "<body onload=alert(1)>",
  "{{constructor.constructor('window.__xss++')()}}",
];
const HOSTILE_JOB = `Senior Engineer <img src=x onerror="window.__xss++"> "><svg onload=alert(1)>
${PAYLOADS.join("\n")}
${JOB}`;
const HOSTILE_RESUME = `${RESUME.split("\n").slice(0, 3).join("\n")}
${PAYLOADS.join("\n")}
${RESUME.split("\n").slice(3).join("\n")}`;

/** Markup that would run if it reached the DOM; our own bundle has none of it. */
const EXECUTABLE_SELECTOR = [
  "script:not([src])",
  "iframe",
  "object",
  "embed",
  "[onerror]",
  "[onload]",
  "[ontoggle]",
  "[onclick]",
  '[href^="javascript:" i]',
  '[src^="javascript:" i]',
].join(", ");

withAppAndBrowser();

type Watched = { page: Page; dialogs: string[]; violations: () => Promise<string[]> };

/** A page whose every document starts with window.__xss = 0 and whose dialogs are recorded. */
async function watched(context: BrowserContext): Promise<Watched> {
  await context.addInitScript(() => {
    const w = window as unknown as { __xss: number; __csp: string[] };
    w.__xss = 0;
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (event) => w.__csp.push(event.violatedDirective));
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return {
    page,
    dialogs,
    violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}

async function signIn(context: BrowserContext, email: string) {
  const before = server.outboxCount();
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password: "xss-journey-1", name: "" }),
  });
  expect(response.status).toBe(200);
  const w = await watched(context);
  await w.page.goto(await server.mailLink(email, { after: before }));
  await w.page.waitForURL(`${server.baseUrl}/`);
  return w;
}

async function expectInert({ page, dialogs }: Watched, screen: string) {
  await page.waitForTimeout(300);
  const state = await page.evaluate((selector) => {
    const found = [...document.querySelectorAll(selector)].map((el) => el.outerHTML.slice(0, 120));
    return { counter: (window as unknown as { __xss: number }).__xss, found };
  }, EXECUTABLE_SELECTOR);
  expect(state.counter, `${screen}: a payload ran`).toBe(0);
  expect(state.found, `${screen}: executable markup in the DOM`).toEqual([]);
  expect(dialogs, `${screen}: a payload opened a dialog`).toEqual([]);
}

describe("XSS: hostile resume and job description text stays text", () => {
  it("renders inert on every screen, even with the CSP switched off (escaping alone holds)", async () => {
    // bypassCSP: the page's CSP would stop most of these anyway; this proves the escaping does too.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
    try {
      const w = await signIn(context, `xss-${Date.now()}@example.com`);
      const { page } = w;
      await page.getByRole("tab", { name: "Paste Text" }).click();
      await page.getByRole("textbox", { name: "Resume text" }).fill(HOSTILE_RESUME);
      await page.getByRole("button", { name: "Use Text Resume" }).click();
      await page.getByRole("textbox", { name: /job description/i }).fill(HOSTILE_JOB);
      await expectInert(w, "the upload screen");
      await page.getByRole("button", { name: "Analyze Resume with AI" }).click();
      await page.getByText("Analysis Results").first().waitFor({ timeout: 60_000 });
      await expectInert(w, "the results");
      for (const tab of [
        "Skills Analysis",
        "ATS Analysis",
        "Market Analysis",
        "Experience Gap",
        "Recommendations",
      ]) {
        await page.getByRole("tab", { name: tab }).click();
        await page.getByRole("tabpanel").first().waitFor();
        await expectInert(w, `the ${tab} tab`);
      }
      await page.goto(`${server.baseUrl}/history`);
      await page.getByText("Analysis History").first().waitFor();
      await expectInert(w, "history");
      // The history entry shows the hostile job title as text.
      expect(await page.locator("body").textContent()).toContain("Senior Engineer");
      await page
        .getByRole("link", { name: /View Details/ })
        .first()
        .click();
      await page.getByText("Analysis Results").first().waitFor();
      await expectInert(w, "the analysis reopened from history");
      for (const path of ["/settings", "/billing"]) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.waitForLoadState("networkidle");
        await expectInert(w, path);
      }
    } finally {
      await context.close();
    }
  });

  it("the CSP blocks inline script (and the same page without the CSP would have run it: the check can fail)", async () => {
    const run = async (bypassCSP: boolean) => {
      const context = await browser.newContext({ bypassCSP });
      try {
        const w = await watched(context);
        await w.page.goto(`${server.baseUrl}/`);
        await w.page.evaluate(() => {
          const script = document.createElement("script");
          script.textContent = "window.__xss++";
          document.head.append(script);
          const img = document.createElement("img");
          img.setAttribute("onerror", "window.__xss++");
          img.src = "data:,not-an-image";
          document.body.append(img);
        });
        await w.page.waitForTimeout(500);
        return {
          ran: await w.page.evaluate(() => (window as unknown as { __xss: number }).__xss),
          violations: await w.violations(),
        };
      } finally {
        await context.close();
      }
    };
    const enforced = await run(false);
    expect(enforced.ran).toBe(0);
    expect(enforced.violations).toContain("script-src-elem");
    const bypassed = await run(true);
    expect(bypassed.ran).toBeGreaterThan(0);
  });

  it("escapes the exports (HTML report inert in a browser; Markdown and PDF keep the text literally) and the mails", async () => {
    const h = await createHarness();
    try {
      const { client, email } = await signUpVerified(h);
      const mailsBefore = h.smtp.messages.length;
      const { analysisId } = await analyse(client, HOSTILE_RESUME, HOSTILE_JOB);
      const exported = await client.post(`/api/export-package/${analysisId}`);
      expect(exported.status).toBe(200);
      const zip = unzipSync(new Uint8Array(await exported.arrayBuffer()));
      const names = Object.keys(zip);
      const file = (suffix: string) => {
        const name = names.find((n) => n.endsWith(suffix));
        expect(name, `a ${suffix} in ${names.join(", ")}`).toBeDefined();
        return zip[name ?? ""] ?? new Uint8Array();
      };
      const html = new TextDecoder().decode(file(".html"));
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<(?:img|svg|iframe|details|body|a)\b[^>]*\son\w+\s*=/i);
      expect(html).not.toMatch(/<[^>]+(?:href|src)\s*=\s*["']?\s*javascript:/i);
      expect(html).not.toMatch(/<iframe|<svg\b[^>]*onload/i);
      // The payload is there, as escaped text.
      expect(html).toMatch(/(?:&lt;|&#60;|&#x3c;)script(?:&gt;|&#62;|&#x3e;)window\.__xss\+\+/i);

      // Rendered in a browser without any CSP, the report runs nothing.
      const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: true });
      try {
        const w = await watched(context);
        await w.page.goto(`${server.baseUrl}/api/health`);
        await w.page.setContent(html, { waitUntil: "load" });
        await expectInert(w, "the exported HTML report");
      } finally {
        await context.close();
      }

      const markdown = new TextDecoder().decode(file(".md"));
      for (const payload of ['<img src=x onerror="window.__xss++">', "<script>window.__xss++</script>"]) {
        expect(markdown).toContain(payload);
      }
      const pdf = await getDocumentProxy(file(".pdf"));
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text.replace(/\s+/g, " ")).toContain("<script>window.__xss++</script>");

      // The analysis-ready mail carries no user text at all, so nothing to inject.
      const mail = await h.smtp.waitFor(email, mailsBefore);
      expect(mail.subject).toBe("Your analysis is ready");
      expect(mail.text).not.toMatch(/<script|onerror|onload|javascript:/i);
    } finally {
      await h.close();
    }
  });
});
