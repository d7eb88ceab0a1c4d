// Builds the web app and the API bundle when their output is missing or older than their sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(path.join(root, dir)) > built);
}

function run(command, args) {
  // Always a production build: test runners set NODE_ENV=test, which would make Vite bundle React's
  // development build (twice the size, dev-only warnings) into what `npm start` then serves.
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildIfStale({ force = false } = {}) {
  if (force || stale(path.join(root, "apps/web/dist/index.html"), ["apps/web", "packages/contract"])) {
    console.log("Building the web app…");
    run("npm", ["run", "build", "-w", "@resumelens/web"]);
  }
  if (force || stale(path.join(root, "apps/api/dist/server.mjs"), ["apps/api/src", "packages"])) {
    console.log("Building the API…");
    run("npm", ["run", "build", "-w", "@resumelens/api"]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfStale({ force: process.argv.includes("--force") });
