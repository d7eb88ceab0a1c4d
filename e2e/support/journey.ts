import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type AppServer, startServer } from "./server.ts";

/** The spec file's app (production bundle on a free port) and Chromium, set by `withAppAndBrowser`. */
export let server: AppServer;
export let browser: Browser;

/**
 * Starts the app and Chromium once before the calling spec file's tests and stops them after. The
 * file imports `server` and `browser` from here: live bindings, set when its tests run.
 */
export function withAppAndBrowser(): void {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
