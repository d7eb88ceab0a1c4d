// Bundles the API (and the workspace packages it imports as TypeScript) into dist/server.mjs.
// Third-party packages stay external and load from node_modules.
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;
const pkg = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@resumelens/"));

await build({
  entryPoints: [path.join(here, "src/server.ts"), path.join(here, "src/db/migrate-cli.ts")],
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
