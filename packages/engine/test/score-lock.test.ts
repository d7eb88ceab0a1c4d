import { describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../src/index.ts";
import { currentScores, readLock } from "./score-lock.ts";

describe("score lock", () => {
  const lock = readLock();

  it("records the scores of this engine version", () => {
    expect(
      lock.engineVersion,
      `score-lock.json was recorded for engine ${lock.engineVersion}; run npm run score:lock for ${ENGINE_VERSION}`,
    ).toBe(ENGINE_VERSION);
  });

  // 98 analyses, the engine's data loaded first: seconds on a quiet machine, more on a shared one.
  it("keeps every score of the fixed set unless the engine version changes", { timeout: 60_000 }, () => {
    const now = currentScores();
    const moved = Object.entries(now)
      .filter(([name, score]) => lock.scores[name] !== score)
      .map(([name, score]) => `${name}: ${lock.scores[name]} → ${score}`);
    expect(
      moved,
      "scores moved without a version change: bump ENGINE_VERSION (packages/engine/src/analysis/analyze.ts), then npm run score:lock",
    ).toEqual([]);
    expect(Object.keys(lock.scores).sort()).toEqual(Object.keys(now).sort());
  });
});
