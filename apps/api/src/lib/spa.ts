import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { isAppRoute } from "@resumelens/contract";
import type { Hono } from "hono";
import type { AppContext } from "../app-context.ts";

/**
 * Serves the built web app: hashed assets with long caching (Brotli or gzip when the build made
 * compressed copies and the browser accepts them), and the app shell for every other
 * path, with status 200 for the app's routes and 404 for anything else (the app shows its 404 page).
 */
export function mountSpa(app: Hono<AppContext>, distDir: string): void {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return;
  const shell = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), distDir) || ".";

  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
    // The build writes .br and .gz copies next to each asset (apps/web/compress-dist.mjs).
    serveStatic({ root, precompressed: true }),
  );
  app.get(
    "*",
    serveStatic({
      root,
      rewriteRequestPath: (p) => (p === "/" || p.endsWith(".html") ? "/__no_such_file__" : p),
    }),
  );
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(shell, isAppRoute(c.req.path) ? 200 : 404);
  });
}
