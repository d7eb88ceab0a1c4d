import os from "node:os";
import { defineConfig } from "vitest/config";

// One runner for every workspace; each project keeps its own environment.
//
// `isolate: false`: the files of a project share one module graph per worker instead of importing
// the app afresh each (most of the suite's time was imports). A file owns what it creates (its
// harness, its database, its pools) and closes it; module state that outlives a file is either a
// cache or reset by the setup files. See docs/decisions/2026-11-27-test-loop.md.
export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one core out): much of a file's time is spent
    // waiting on worker threads, child processes and sockets, so two workers on two cores keep both
    // busy, with the linter and the type checker beside them (scripts/test.mjs).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: "engine",
          isolate: false,
          include: ["packages/engine/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "scripts",
          isolate: false,
          include: ["scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "contract",
          isolate: false,
          include: ["packages/contract/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          isolate: false,
          include: ["apps/api/src/**/*.test.ts"],
          environment: "node",
          setupFiles: ["apps/api/test/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vite.config.ts",
    ],
  },
});
