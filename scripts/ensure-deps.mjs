// Installs dependencies when they are missing or older than the lockfile. No dependencies of its own:
// it runs before anything is installed.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`ResumeLens needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

const lockfile = path.join(root, "package-lock.json");
const marker = path.join(root, "node_modules", ".package-lock.json");
const fresh =
  existsSync(marker) && (!existsSync(lockfile) || statSync(marker).mtimeMs >= statSync(lockfile).mtimeMs);
if (!fresh) {
  // `npm install`, not `npm ci`: the registry mirror this project builds against lacks some optional
  // platform packages (Biome for macOS and Windows), which `npm ci` refuses as "missing from lock file".
  const args = ["install", "--no-audit", "--no-fund"];
  console.log(`Installing dependencies (npm ${args[0]})…`);
  const result = spawnSync("npm", args, { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
