import { defineConfig } from "vitest/config";

// The security proof suite: the API in-process on a real database and SMTP server, and the production
// bundle in Debian's Chromium for what only a browser can show (XSS, CSP).
export default defineConfig({
  test: {
    name: "security",
    root: import.meta.dirname,
    environment: "node",
    include: ["**/*.test.ts"],
    globalSetup: ["../support/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
