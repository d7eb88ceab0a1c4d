import { defineConfig } from "vitest/config";

// Resilience proofs: fuzzing in-process (with --expose-gc for the heap check), crash safety and
// graceful shutdown against the production bundle.
export default defineConfig({
  test: {
    name: "resilience",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    environment: "node",
    globalSetup: ["global-setup.ts"],
    pool: "forks",
    execArgv: ["--expose-gc"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
