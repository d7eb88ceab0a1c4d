import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  // The manifest tells the server which chunks a signed-in user's first screen needs (modulepreload).
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, the router and the query client: every screen needs them, in one file.
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
            },
            // The icons the app uses, in one file rather than one tiny file each.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    root: import.meta.dirname,
    // Files share one module graph per worker (docs/decisions/2026-11-27-test-loop.md); setup.ts
    // resets what a file may leave behind (DOM, toasts, storage, timers, stubs).
    isolate: false,
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
  },
});
