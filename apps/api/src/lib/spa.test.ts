import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { SESSION_DATA_ELEMENT_ID } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../test/harness.ts";
import { chunkFiles, scriptJson } from "./spa.ts";

let h: Harness;
let dist: string;

const MANIFEST = {
  "index.html": { file: "assets/index-e1.js", isEntry: true, imports: ["_framework.js"] },
  "_framework.js": { file: "assets/framework-f1.js" },
  "_tabs.js": { file: "assets/tabs-t1.js", imports: ["_framework.js"] },
  "src/features/analyzer/analyzer-page.tsx": {
    file: "assets/analyzer-page-a1.js",
    isDynamicEntry: true,
    imports: ["index.html", "_framework.js", "_tabs.js"],
  },
  "src/features/history/history-page.tsx": { file: "assets/history-page-h1.js", isDynamicEntry: true },
};

/** The session the shell embeds, parsed, or undefined when it has none. */
function embedded(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${SESSION_DATA_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1] ?? "") : undefined;
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "resumelens-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><title>ResumeLens</title><script type="module" src="/assets/index-e1.js"></script></head><body><div id=root></div></body></html>',
  );
  // Vite's build manifest (build.manifest): the entry, the analyzer page and what they import.
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log('app')");
  writeFileSync(path.join(dist, "assets", "app-abc123.js.br"), brotliCompressSync("console.log('app')"));
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  h = await createHarness({ WEB_DIST_DIR: dist }, { serveWeb: true });
});
afterAll(async () => {
  await h.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("serving the web app", () => {
  it("sends the build's Brotli copy of an asset to browsers that accept it, the plain file to others", async () => {
    const compressed = await h
      .client()
      .get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("content-type")).toMatch(/javascript/);
    expect(compressed.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(
      "console.log('app')",
    );

    const plain = await h.client().get("/assets/app-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe("console.log('app')");
  });

  it.each([
    "/",
    "/auth",
    "/pricing",
    "/privacy",
    "/history",
    "/settings",
    "/billing",
    "/checkout",
    "/analysis/12",
    "/compare/7",
  ])("answers the app route %s with the shell and 200", async (route) => {
    const response = await h.client().get(route);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<div id=root>");
  });

  it.each(["/nope", "/auth/extra", "/analysis/abc", "/compare/x", "/index.htm"])(
    "answers the unknown path %s with the shell and 404",
    async (route) => {
      const response = await h.client().get(route);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toContain("<div id=root>");
    },
  );

  it("serves hashed assets with long caching and files from the root", async () => {
    const asset = await h.client().get("/assets/app-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await h.client().get("/favicon.svg")).status).toBe(200);
    expect((await h.client().get("/assets/missing.js")).status).toBe(404);
  });

  it("keeps API paths out of the app shell", async () => {
    const response = await h.client().get("/api/unknown");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
  });
});

describe("the app shell and the session", () => {
  it("tells the app a visitor is signed out (null), preloads nothing and may be revalidated by anyone", async () => {
    const response = await h.client().get("/");
    const html = await response.text();
    expect(embedded(html)).toBeNull();
    expect(html).not.toContain("modulepreload");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("vary")).toMatch(/Cookie/);
  });

  it("gives a signed-in user their session without its token, and preloads the analyzer's code on /", async () => {
    const { client, email, userId } = await signUpVerified(h);
    const response = await client.get("/");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const html = await response.text();
    const data = embedded(html) as { session: Record<string, unknown>; user: Record<string, unknown> };
    expect(data.user).toMatchObject({ id: userId, email, emailVerified: true });
    expect(data.session).toMatchObject({ userId });
    expect(data.session.token).toBeUndefined();
    expect(html).not.toContain(client.cookies.get("resumelens.session_token")?.split(".")[0] ?? "∅");
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual(["/assets/analyzer-page-a1.js", "/assets/tabs-t1.js"]);

    // Other pages carry the session but no analyzer preload.
    const history = await (await client.get("/history")).text();
    expect((embedded(history) as { user: { id: string } }).user.id).toBe(userId);
    expect(history).not.toContain("modulepreload");
  });

  it("escapes what a user typed so it cannot close the script element", async () => {
    // Better Auth takes the name given at sign-up as it is; the session carries it.
    const payload = "</script><script>alert(1)</script><!--";
    const { client } = await signUpVerified(h, undefined, undefined, payload);
    const html = await (await client.get("/")).text();
    expect(html).not.toContain("<script>alert(1)");
    // The entry script and the session data, nothing the user typed.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect((embedded(html) as { user: { name: string } }).user.name).toBe(payload);
  });

  it("treats an invalid or signed-out session cookie as a visitor", async () => {
    const forged = await h.client().get("/", { cookie: "resumelens.session_token=forged.value" });
    expect(embedded(await forged.text())).toBeNull();

    const { client } = await signUpVerified(h);
    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect(embedded(await (await client.get("/")).text())).toBeNull();
  });

  it("renews a day-old session with its cookie; API routes leave the renewal to the shell", async () => {
    const { client, userId } = await signUpVerified(h);
    const expiry = async () =>
      String(
        (
          await h.deps.db.kysely
            .selectFrom("session")
            .select("expiresAt")
            .where("userId", "=", userId)
            .executeTakeFirstOrThrow()
        ).expiresAt,
      );
    const signedInExpiry = await expiry();
    // Two days later the session is due for renewal (updateAge is one day).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 24 * 3600 * 1000 });
    try {
      const api = await client.get("/api/user/analytics");
      expect(api.status).toBe(200);
      expect(api.headers.getSetCookie()).toEqual([]);
      expect(await expiry()).toBe(signedInExpiry);

      const shell = await client.get("/");
      expect(embedded(await shell.text())).toMatchObject({ user: { id: userId } });
      expect(await expiry()).not.toBe(signedInExpiry);
      const renewed = shell.headers.getSetCookie().find((c) => c.startsWith("resumelens.session_token="));
      expect(renewed).toMatch(/Max-Age=2592000/i);
    } finally {
      vi.useRealTimers();
    }
  });

  it("compresses the shell for browsers that accept it", async () => {
    const { client } = await signUpVerified(h);
    const compressed = await client.get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    expect(compressed.headers.get("vary")).toMatch(/Accept-Encoding/i);
    const html = gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString();
    expect(embedded(html)).toMatchObject({ user: { emailVerified: true } });

    const plain = await h.client().get("/pricing", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("<div id=root>");
  });

  it("does not serve the build's dot-directories", async () => {
    const response = await h.client().get("/.vite/manifest.json");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("analyzer-page");
  });
});

describe("chunkFiles", () => {
  it("lists a module's chunk and its static imports, less what the entry loads", () => {
    expect(chunkFiles(MANIFEST, ["src/features/analyzer/analyzer-page.tsx"])).toEqual([
      "/assets/analyzer-page-a1.js",
      "/assets/tabs-t1.js",
    ]);
    expect(chunkFiles(MANIFEST, ["src/missing.tsx"])).toEqual([]);
    expect(chunkFiles({}, ["src/features/analyzer/analyzer-page.tsx"])).toEqual([]);
  });
});

describe("scriptJson", () => {
  it("escapes <, U+2028 and U+2029 and stays valid JSON", () => {
    const value = { name: "</script><!-- \u2028\u2029" };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
