/**
 * The scores of a fixed set (the 14 labelled fixtures and the 42 evaluation pairs, full and
 * weakened) under the current engine version. `score-lock.json` records them; the test fails
 * when they move while ENGINE_VERSION stays the same, so stored analyses never change meaning
 * silently. After a deliberate change: bump ENGINE_VERSION, then `npm run score:lock`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { analyzeResume, ENGINE_VERSION } from "../src/index.ts";
import { loadPairs } from "./eval/metrics.ts";
import { loadFixtures, NOW } from "./support.ts";

export const LOCK_PATH = fileURLToPath(new URL("./score-lock.json", import.meta.url));

export type ScoreLock = { engineVersion: string; scores: Record<string, number> };

/** Every score of the fixed set, by a stable name. */
export function currentScores(): Record<string, number> {
  const score = (resumeText: string, jobDescription: string) =>
    analyzeResume({ resumeText, jobDescription }, { now: NOW }).overallScore;
  const scores: Record<string, number> = {};
  for (const f of loadFixtures()) scores[`fixture/${f.slug}`] = score(f.resume, f.job);
  for (const p of loadPairs()) {
    scores[`pair/${p.id}/full`] = score(p.resume, p.job);
    scores[`pair/${p.id}/weakened`] = score(p.weakened, p.job);
  }
  return scores;
}

export function readLock(): ScoreLock {
  return JSON.parse(readFileSync(LOCK_PATH, "utf8")) as ScoreLock;
}

export function writeLock(): ScoreLock {
  const lock = { engineVersion: ENGINE_VERSION, scores: currentScores() };
  writeFileSync(LOCK_PATH, `${JSON.stringify(lock, null, 2)}\n`);
  return lock;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const lock = writeLock();
  console.log(`score-lock.json: ${Object.keys(lock.scores).length} scores for engine ${lock.engineVersion}`);
}
