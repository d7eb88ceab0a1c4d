// `npm run test:pg`: the API suite against a PostgreSQL server. Each test file gets a fresh
// database on that server and drops it afterwards.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const server =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
if (!/^postgres(ql)?:\/\//.test(server)) {
  console.error(`test:pg needs a postgres:// URL in TEST_DATABASE_URL or DATABASE_URL (got ${server}).`);
  process.exit(1);
}
console.log(`API suite on PostgreSQL (${server.replace(/\/\/[^@]*@/, "//…@")})`);
const result = spawnSync(
  path.join(root, "node_modules", ".bin", "vitest"),
  ["run", "--project", "api", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: server, DATABASE_URL: "" },
  },
);
process.exit(result.status ?? 1);
