import { afterEach, describe, expect, it } from "vitest";
import { buildResumeDocx } from "../../../test/fixtures/resume-docx.ts";
import { DocumentPool, type WorkerOutput } from "./pool.ts";
import { DocumentRefused } from "./types.ts";

const TEST_WORKER = new URL("../../../test/fixtures/pool-worker.ts", import.meta.url);
const command = (text: string) => new TextEncoder().encode(text);

let pool: DocumentPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe("DocumentPool", () => {
  it("refuses a job past its time limit with 'timeout', replaces the worker and keeps working", async () => {
    pool = new DocumentPool({ size: 1, timeoutMs: 500, workerUrl: TEST_WORKER });
    expect(await pool.run(command("echo:warm"))).toBe("warm");
    const error = await pool.run(command("spin")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentRefused);
    expect(error).toMatchObject({ reason: "timeout" });
    expect(await pool.run(command("echo:after"))).toBe("after");
    expect(pool.spawned).toBe(2);
  });

  it("replaces a worker killed by its memory limit and refuses that job as too large", async () => {
    pool = new DocumentPool({
      size: 1,
      timeoutMs: 20_000,
      maxOldGenerationSizeMb: 48,
      workerUrl: TEST_WORKER,
    });
    const error = await pool.run(command("oom")).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "archive-bomb" });
    expect(await pool.run(command("echo:alive"))).toBe("alive");
    expect(pool.spawned).toBe(2);
  });

  it("runs jobs concurrently across workers and in order of arrival", async () => {
    pool = new DocumentPool({ size: 2, workerUrl: TEST_WORKER });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => pool?.run(command(`echo:${i}`))));
    expect(results).toEqual(Array.from({ length: 10 }, (_, i) => String(i)));
    expect(pool.spawned).toBe(2);
  });

  it("refuses new work past its queue limit", async () => {
    pool = new DocumentPool({ size: 1, maxQueue: 2, timeoutMs: 500, workerUrl: TEST_WORKER });
    const jobs = [pool.run(command("spin")), pool.run(command("echo:a"))];
    // A clear 503 "busy" for the caller, not a 500.
    await expect(pool.run(command("echo:b"))).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "ResumeLens is busy right now. Please try again in a moment.",
    });
    await Promise.allSettled(jobs);
  });

  it("parses a DOCX in the real document worker, and a refusal keeps its reason", async () => {
    pool = new DocumentPool({ size: 1 });
    const output = (await pool.run(await buildResumeDocx())) as WorkerOutput;
    expect(output.kind).toBe("docx");
    expect(output.layout.tables).toBe(true);
    expect(output.parsed.contact.name).toBe("Jordan Doe");
    await expect(pool.run(new Uint8Array([0x4d, 0x5a, 0, 0, 1, 2]))).rejects.toMatchObject({
      reason: "invalid-type",
    });
  });
});
