import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";

let h: Harness;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "resumelens-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>ResumeLens</title><div id=root></div>");
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
  ])("answers the app route %s with the shell and 200", async (route) => {
    const response = await h.client().get(route);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<div id=root>");
  });

  it.each(["/nope", "/auth/extra", "/analysis/abc", "/index.htm"])(
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
