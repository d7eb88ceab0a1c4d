// `npm run test:e2e`: browser journeys in Debian's Chromium against the production bundle.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `Chromium is not at ${chromium}. Install it with: apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
}
const result = spawnSync(
  path.join(root, "node_modules", ".bin", "vitest"),
  ["run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
process.exit(result.status ?? 1);
