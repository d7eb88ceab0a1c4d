// `npm run dev`: the API with reload on port 3001 and Vite with HMR on 5173, which proxies /api.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Settings from .env, when present, under whatever the environment already sets.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, PORT: "3001", BASE_URL: process.env.BASE_URL ?? "http://localhost:5173" };

const children = [
  spawn(bin("tsx"), ["watch", "apps/api/src/server.ts"], { cwd: root, stdio: "inherit", env }),
  spawn(bin("vite"), ["apps/web"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, API_PORT: "3001" },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
