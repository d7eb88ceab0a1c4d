import { defineConfig } from "vitest/config";

// Browser journeys: a real server process, a real database and Debian's Chromium.
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["journeys/**/*.spec.ts", "documents/**/*.spec.ts"],
    globalSetup: ["support/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
