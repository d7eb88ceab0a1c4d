// Bundles the API (and the workspace packages it imports as TypeScript) into dist/server.mjs, plus
// the document-parsing worker into dist/document-worker.mjs, next to it: pool.ts resolves the worker
// relative to its own import.meta.url, which in the bundle is dist/server.mjs.
// Third-party packages stay external and load from node_modules.
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;
const pkg = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@resumelens/"));

await build({
  entryPoints: {
    server: path.join(here, "src/server.ts"),
    "db/migrate-cli": path.join(here, "src/db/migrate-cli.ts"),
    "document-worker": path.join(here, "src/modules/documents/worker.ts"),
  },
  outdir: path.join(here, "dist"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
