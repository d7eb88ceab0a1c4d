import { createRequire } from "node:module";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

import { CHROMIUM_FLAGS } from "./chromium.ts";

const require = createRequire(import.meta.url);

/** Debian's Chromium, launched with CHROMIUM_FLAGS. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
}

/**
 * The same user on a phone: a new touch context at 390×844 carrying `page`'s cookies (its session),
 * as when someone opens the app on another device. Close it when done.
 */
export async function phoneContextLike(browser: Browser, page: Page): Promise<BrowserContext> {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await phone.addCookies(await page.context().cookies());
  return phone;
}

/**
 * Collects uncaught page errors and console errors so a journey can assert there were none.
 * With `origin`, only errors raised while the page is on that origin count (not a provider's pages);
 * console errors located at an `ignore` URL prefix (a provider's API) do not count either.
 */
export function watchErrors(page: Page, origin?: string, options: { ignore?: string[] } = {}): string[] {
  const errors: string[] = [];
  const ours = () => origin === undefined || page.url().startsWith(origin);
  const ignored = (url: string) => (options.ignore ?? []).some((prefix) => url.startsWith(prefix));
  page.on("pageerror", (error) => {
    if (ours()) errors.push(`pageerror: ${error.message}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && ours() && !ignored(message.location().url)) {
      errors.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  return errors;
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Runs axe-core in the page (through the DevTools protocol, so the page's CSP does not block it),
 * once running finite animations and transitions have ended: a toast caught mid fade-in has
 * half-transparent text, which is not what anyone reads.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const source: string = require("axe-core").source;
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}
