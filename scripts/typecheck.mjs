// `npm run typecheck`: `tsc -p` on every TypeScript project, incrementally (see
// docs/decisions/2026-11-27-test-loop.md). Each project keeps its build info under
// node_modules/.cache/tsc, so a second run re-checks only what changed since the first.
//
// Not `tsc -b`: our packages are imported as source (their `exports` point at src/index.ts), and
// `tsc -b` decides a project is up to date from the project's own files only, so an edit in
// packages/engine would leave apps/api "up to date" and unchecked. `tsc -p --incremental` compares
// every file of the program, imported sources included.
//
// Usage: node scripts/typecheck.mjs [--jobs N] [project…]
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The projects, slowest first so that parallel runs finish together. */
export const PROJECTS = ["apps/api", "e2e", "apps/web", ".", "packages/engine", "packages/contract"];

/**
 * Type-checks `projects` with at most `jobs` compilers at once. Each compiler's output is printed whole
 * when it ends, so parallel runs do not interleave. Resolves to the projects that failed.
 */
export async function typecheck({ projects = PROJECTS, jobs = 1, print = console.log } = {}) {
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  const failed = [];
  const queue = [...projects];
  async function worker() {
    for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
      const started = performance.now();
      const { code, output } = await run(process.execPath, [tsc, "-p", project, "--pretty", "false"]);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      print(`tsc -p ${project}: ${code === 0 ? "ok" : "FAILED"} in ${seconds}s`);
      if (output.trim()) print(output.trimEnd());
      if (code !== 0) failed.push(project);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, () => worker()));
  return failed;
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const jobsAt = args.indexOf("--jobs");
  // A compiler is single-threaded: one per core, and no more than two (each takes up to ~1 GB).
  const jobs = jobsAt >= 0 ? Number(args.splice(jobsAt, 2)[1]) : Math.min(2, os.availableParallelism());
  const projects = args.length > 0 ? args : PROJECTS;
  const failed = await typecheck({ projects, jobs });
  if (failed.length > 0) {
    console.error(`Type errors in: ${failed.join(", ")}`);
    process.exit(1);
  }
}
