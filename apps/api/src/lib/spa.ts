import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { isAppRoute, SESSION_DATA_ELEMENT_ID } from "@resumelens/contract";
import type { Context, Hono } from "hono";
import { compress } from "hono/compress";
import type { AppContext } from "../app-context.ts";

/**
 * The page a signed-in visitor of "/" sees first: the shell asks the browser to fetch its code
 * (modulepreload) alongside the entry script instead of after it. Only what the first paint needs:
 * the account menu and the results view load after it.
 */
const SIGNED_IN_HOME_MODULES = ["src/features/analyzer/analyzer-page.tsx"];

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The scripts that `modules` load, from Vite's build manifest: each module's chunk and the chunks it
 * imports statically, less those the entry already loads (the shell preloads them itself).
 */
export function chunkFiles(manifest: Manifest, modules: string[]): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported, into);
  };
  if (entryKey) visit(entryKey, loaded);
  const needed = new Set<string>();
  for (const module of modules) visit(module, needed);
  return [...needed]
    .filter((key) => !loaded.has(key))
    .map((key) => `/${manifest[key]?.file}`)
    .sort();
}

/**
 * JSON safe inside a <script type="application/json"> element: "<" is escaped so no value can close
 * the element (or open a comment), whatever a user put in their name.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Serves the built web app: hashed assets with long caching (Brotli or gzip when the build made
 * compressed copies and the browser accepts them), and the app shell for every other
 * path, with status 200 for the app's routes and 404 for anything else (the app shows its 404 page).
 *
 * The shell is gzip-compressed for browsers that accept it. For a signed-in visitor it carries their session (the answer /api/auth/get-session would
 * give, less the session token) and preloads the scripts of their first screen, so the app renders
 * it without waiting for a session round trip first. Such a shell is private to its browser.
 */
export function mountSpa(app: Hono<AppContext>, distDir: string): void {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return;
  const shell = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), distDir) || ".";
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  const homePreloads = chunkFiles(manifest, SIGNED_IN_HOME_MODULES);

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
      // The shell is rendered below; dot-directories (the build manifest) are not for browsers.
      rewriteRequestPath: (p) =>
        p === "/" || p.endsWith(".html") || p.includes("/.") ? "/__no_such_file__" : p,
    }),
  );
  const visitorShell = shellWithSession(shell, null, []);
  // The shell is a few kilobytes: compressing it per request (gzip) costs well under a millisecond.
  app.get("*", compress(), async (c) => {
    const signedIn = await signedInShell(c, shell, homePreloads);
    c.header("Vary", "Cookie");
    // Personal pages: never in a shared cache, always revalidated (no-store would also bar the
    // back/forward cache). The visitors' shell is the same for all, revalidated too.
    c.header("Cache-Control", signedIn ? "private, no-cache" : "no-cache");
    return c.html(signedIn ?? visitorShell, isAppRoute(c.req.path) ? 200 : 404);
  });
}

/** The shell carrying what the server knows of the session: the signed-in user's, or null. */
function shellWithSession(shell: string, data: unknown, preloads: string[]): string {
  const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
  return shell
    .replace("</head>", `${links}</head>`)
    .replace(
      "<body>",
      `<body><script type="application/json" id="${SESSION_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`,
    );
}

/** The shell for a signed-in visitor, with their session and preloads, or null for anyone else. */
async function signedInShell(
  c: Context<AppContext>,
  shell: string,
  homePreloads: string[],
): Promise<string | null> {
  // Visitors without a session cookie cost no database read.
  if (!c.req.header("cookie")?.includes("session_token=")) return null;
  const { auth } = c.get("deps");
  const { headers, response } = await auth.api.getSession({
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  // A refreshed session (updateAge) comes with a renewed cookie, which the browser must receive.
  for (const setCookie of headers.getSetCookie()) c.header("Set-Cookie", setCookie, { append: true });
  if (!response) return null;
  const { token: _token, ...session } = response.session;
  return shellWithSession(shell, { session, user: response.user }, c.req.path === "/" ? homePreloads : []);
}
