// The committed data files are exactly what `npm run data:build` produces, and the build is
// reproducible. Needs the shared open data next to the repository (../shared/data); skipped
// without it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  buildData,
  DATA_FILES,
  DEFAULT_OUT_DIR,
  DEFAULT_SHARED_DIR,
} from "../../../../scripts/build-data.ts";

const exists = existsSync(DEFAULT_SHARED_DIR);
if (!exists) console.log(`data build test skipped: no shared data at ${DEFAULT_SHARED_DIR}`);

describe("data:build", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!exists)(
    "is reproducible and matches the committed files",
    () => {
      const runs = [0, 1].map(() => {
        const outDir = mkdtempSync(path.join(tmpdir(), "resumelens-data-"));
        dirs.push(outDir);
        buildData({ sharedDir: DEFAULT_SHARED_DIR, outDir });
        return outDir;
      });
      for (const file of DATA_FILES) {
        const [a, b] = runs.map((dir) => readFileSync(path.join(dir, file)));
        expect(a?.equals(b as Buffer), `${file} differs between two builds`).toBe(true);
        const committed = readFileSync(path.join(DEFAULT_OUT_DIR, file));
        expect(
          committed.equals(a as Buffer),
          `${file} is stale: run \`npm run data:build\` and commit the result`,
        ).toBe(true);
      }
    },
    60_000,
  );
});
