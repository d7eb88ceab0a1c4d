// `npm test`: lint, typecheck and the Vitest suite, with the time each stage took.
//
// The linter and the type checker run beside Vitest (one worker per core, vitest.config.ts) instead of
// before it: on a warm cache they need little of a core, and Vitest's workers spend much of their time
// waiting on threads, processes and sockets. Their output is
// held back and printed after Vitest's, so the two never interleave. Every stage runs even when an
// earlier one fails (one run shows every problem); the exit code is non-zero when any stage failed.
//
// Usage: node scripts/test.mjs [vitest arguments…]
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { typecheck } from "./typecheck.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const deps = spawnSync(process.execPath, [path.join(root, "scripts", "ensure-deps.mjs")], {
  cwd: root,
  stdio: "inherit",
});
if (deps.status !== 0) process.exit(deps.status ?? 1);

/** @type {{ name: string, ok: boolean, seconds: number }[]} */
const results = [];
const held = [];

async function stage(name, body) {
  const started = performance.now();
  const ok = await body();
  results.push({ name, ok, seconds: (performance.now() - started) / 1000 });
}

function run(command, args, { inherit = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", (error) => resolve({ ok: false, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ ok: code === 0, output }));
  });
}

const started = performance.now();
await Promise.all([
  (async () => {
    await stage("lint (biome check .)", async () => {
      const { ok, output } = await run(bin("biome"), ["check", "."]);
      held.push("== lint (biome check .)", output.trimEnd());
      return ok;
    });
    await stage("typecheck (tsc -p, incremental)", async () => {
      held.push("== typecheck");
      const failed = await typecheck({ jobs: 1, print: (line) => held.push(line) });
      return failed.length === 0;
    });
  })(),
  stage("unit and integration (vitest run)", async () => {
    const { ok } = await run(bin("vitest"), ["run", ...process.argv.slice(2)], { inherit: true });
    return ok;
  }),
]);

console.log(held.filter((line) => line !== "").join("\n"));
console.log("\n== npm test: time per stage (lint and typecheck run beside vitest)");
for (const { name, ok, seconds } of results) {
  console.log(`${ok ? "ok    " : "FAILED"} ${seconds.toFixed(1).padStart(6)}s  ${name}`);
}
console.log(`       ${((performance.now() - started) / 1000).toFixed(1).padStart(6)}s  total`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
