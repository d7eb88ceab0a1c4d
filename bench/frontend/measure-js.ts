/** Gzipped size of every script a page load fetches, measured from a real browser load. */
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";

export type ScriptSize = { url: string; raw: number; gzip: number };

/** Loads `url` in `page`, waits for the network to go quiet and returns the scripts it fetched. */
export async function scriptsLoadedBy(
  page: Page,
  url: string,
  settle?: () => Promise<unknown>,
): Promise<ScriptSize[]> {
  const pending: Promise<ScriptSize | null>[] = [];
  const onResponse = (response: import("playwright-core").Response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }))
        .catch(() => null),
    );
  };
  page.on("response", onResponse);
  await page.goto(url, { waitUntil: "networkidle" });
  if (settle) await settle();
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  const seen = new Map<string, ScriptSize>();
  for (const size of await Promise.all(pending)) if (size) seen.set(size.url, size);
  return [...seen.values()].sort((a, b) => b.gzip - a.gzip);
}

export const total = (sizes: ScriptSize[], key: "raw" | "gzip" = "gzip") =>
  sizes.reduce((sum, s) => sum + s[key], 0);
