import { MESSAGES } from "@resumelens/contract";
import { describe, expect, it, vi } from "vitest";
import { readMultipartFile } from "./multipart.ts";
import { UploadGate } from "./upload-gate.ts";

const limits = { global: 2, perUser: 1, maxWaiting: 3, maxWaitMs: 10_000 } as const;

describe("UploadGate", () => {
  it("lets `global` uploads run, one per user, and gives a freed turn to the oldest user with none running", async () => {
    const gate = new UploadGate(limits);
    const releaseA = await gate.acquire("a");
    const order: string[] = [];
    const a2 = gate.acquire("a").then((release) => {
      order.push("a2");
      return release;
    });
    const releaseB = await gate.acquire("b");
    const c = gate.acquire("c").then((release) => {
      order.push("c");
      return release;
    });
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    // b's turn frees: a already runs one, so c (younger) goes before a's second.
    releaseB();
    (await c)();
    expect(order).toEqual(["c"]);
    releaseA();
    (await a2)();
    expect(order).toEqual(["c", "a2"]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("answers 503 with the busy text when too many wait, and to those that wait too long", async () => {
    vi.useFakeTimers();
    try {
      const gate = new UploadGate(limits);
      await gate.acquire("a");
      await gate.acquire("b");
      const waiting = [gate.acquire("c"), gate.acquire("d"), gate.acquire("e")].map((turn) =>
        turn.then(
          () => "granted",
          (error: unknown) => error,
        ),
      );
      const busy = { code: "UNAVAILABLE", message: MESSAGES.serverBusy };
      await expect(gate.acquire("f")).rejects.toMatchObject(busy);
      expect(gate.load).toEqual({ running: 2, waiting: 3 });
      await vi.advanceTimersByTimeAsync(limits.maxWaitMs);
      for (const outcome of await Promise.all(waiting)) expect(outcome).toMatchObject(busy);
      expect(gate.load).toEqual({ running: 2, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a release counts once", async () => {
    const gate = new UploadGate(limits);
    const release = await gate.acquire("a");
    release();
    release();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});

function multipart(parts: string[], boundary = "XyZ", contentType?: string): Request {
  const body = `preamble\r\n${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("")}--${boundary}--\r\nepilogue`;
  return new Request("http://x/", {
    method: "POST",
    headers: { "content-type": contentType ?? `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

const PACE = { graceMs: 10_000, minBytesPerSecond: 64 * 1024 };

describe("readMultipartFile", () => {
  it("gives up on a body that has not arrived by its deadline (grace plus its length at the minimum pace)", async () => {
    const encoder = new TextEncoder();
    // Declares 2,000 bytes, sends 40, then nothing: a held connection.
    const trickle = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(`--XyZ\r\nContent-Disposition: form-data; name="resume"; filename="a.txt"\r\n\r\n`),
        );
      },
    });
    const held = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XyZ", "content-length": "2000" },
      body: trickle,
      duplex: "half",
    } as RequestInit);
    const started = performance.now();
    const pace = { graceMs: 150, minBytesPerSecond: 20_000 }; // 150 ms + 2,000 B at 20 kB/s = 250 ms
    expect(await readMultipartFile(held, "resume", 4096, pace)).toEqual({ ok: false, why: "too-slow" });
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(240);
    expect(took).toBeLessThan(5_000);
    // A body that arrives in time is read whole under the same pace.
    const prompt = multipart([filePart("resume", "a.txt", "on time")]);
    const file = await readMultipartFile(prompt, "resume", 4096, pace);
    expect(file.ok && new TextDecoder().decode(file.bytes)).toBe("on time");
  });

  const filePart = (name: string, filename: string, content: string) =>
    `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n${content}`;

  it("finds the file of the field among other parts, byte for byte", async () => {
    const request = multipart([
      'Content-Disposition: form-data; name="other"\r\n\r\nvalue',
      filePart("resume", "Jordan Dœ.txt", "line one\r\n--Xy, not the boundary\r\nline two"),
    ]);
    const file = await readMultipartFile(request, "resume", 1024, PACE);
    expect(file.ok && { name: file.name, text: new TextDecoder().decode(file.bytes) }).toEqual({
      name: "Jordan Dœ.txt",
      text: "line one\r\n--Xy, not the boundary\r\nline two",
    });
  });

  it("reads what FormData sends (quoted boundary, filename*)", async () => {
    const form = new FormData();
    form.append("resume", new File([new Uint8Array([0, 1, 2, 255])], 'a "quoted" name.pdf'));
    const request = new Request("http://x/", { method: "POST", body: form });
    const file = await readMultipartFile(request, "resume", 1024, PACE);
    expect(file.ok && [...file.bytes]).toEqual([0, 1, 2, 255]);
    expect(file.ok && file.name).toBe("a %22quoted%22 name.pdf");
    const extended = multipart([
      `Content-Disposition: form-data; name="resume"; filename="plain.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.txt\r\n\r\nx`,
    ]);
    const named = await readMultipartFile(extended, "resume", 1024, PACE);
    expect(named.ok && named.name).toBe("résumé.txt");
  });

  it("tells a missing file from a body that is not multipart", async () => {
    const missing = async (request: Request) => readMultipartFile(request, "resume", 1024, PACE);
    expect(
      await missing(multipart(['Content-Disposition: form-data; name="resume"\r\n\r\nnot a file'])),
    ).toEqual({
      ok: false,
      why: "missing",
    });
    expect(await missing(new Request("http://x/", { method: "POST", body: "{}" }))).toEqual({
      ok: false,
      why: "missing",
    });
    expect(
      await missing(
        new Request("http://x/", {
          method: "POST",
          headers: { "content-type": "multipart/form-data" },
          body: "x",
        }),
      ),
    ).toEqual({ ok: false, why: "not-multipart" });
    const unterminated = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: '--b\r\nContent-Disposition: form-data; name="resume"; filename="r.txt"\r\n\r\nno end',
    });
    expect(await missing(unterminated)).toEqual({ ok: false, why: "not-multipart" });
  });

  it("stops past the body limit, declared or counted", async () => {
    const request = multipart([filePart("resume", "r.txt", "x".repeat(2000))]);
    expect(await readMultipartFile(request, "resume", 1024, PACE)).toEqual({ ok: false, why: "too-large" });
    const chunked = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: new ReadableStream({
        pull(controller) {
          controller.enqueue(new Uint8Array(600));
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(await readMultipartFile(chunked, "resume", 1024, PACE)).toEqual({ ok: false, why: "too-large" });
  });
});
