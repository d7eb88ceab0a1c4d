import { defineConfig } from "vitest/config";

// Scale-out proofs: several production-bundle processes sharing one PostgreSQL, no browser.
export default defineConfig({
  test: {
    name: "scale",
    root: import.meta.dirname,
    include: ["**/*.spec.ts"],
    globalSetup: ["global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
