// `npm start`: build what is stale, then serve the whole product (API + web app) from one process.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Settings from .env, when present, under whatever the environment already sets.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
buildIfStale();
const server = spawn(process.execPath, [path.join(root, "apps/api/dist/server.mjs")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
