import type { Browser, Page } from "playwright-core";
import type { AppServer } from "./server.ts";

/** Signs up through the API, verifies by the outbox link in the browser and returns the signed-in page. */
export async function signedInPage(
  browser: Browser,
  server: AppServer,
  email = `user-${Date.now()}@example.com`,
): Promise<Page> {
  const before = server.outboxCount();
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password: "journey-pass-1", name: "" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(await server.mailLink(email, { after: before }));
  await page.waitForURL(`${server.baseUrl}/`);
  return page;
}
