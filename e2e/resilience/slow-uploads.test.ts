import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../support/server.ts";
import { RESUME_TEXT } from "./fixtures.ts";
import { type Client, signUp, spawnApp } from "./process.ts";

/*
 * Slow bodies (found by the outside probe after issue 14's first fixes): three signed-in users each
 * started an upload, declared 200,000 bytes, sent a few and held the connection. Each held one of
 * the three upload turns, and a fourth user's upload waited until they let go (23 s). Receiving a
 * body now has turns of its own and a deadline (upload-http.ts): the fourth upload goes through at
 * once, and the held ones are cut off with 408 when their time is up.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), "resumelens-slow-uploads-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts an upload on a raw socket: headers, the part's head and a few bytes; resolves with its status line when answered. */
function holdUpload(port: number, client: Client): { socket: net.Socket; answer: Promise<string> } {
  const boundary = "SlowBoundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const socket = net.connect(port, "127.0.0.1");
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  socket.write(
    `POST /api/upload-resume HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${client.baseUrl}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 200000\r\n\r\n${head}Jordan`,
  );
  const answer = new Promise<string>((resolve) => {
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n")) resolve(received.split("\r\n")[0] ?? "");
    });
    socket.on("close", () => resolve(received.split("\r\n")[0] ?? "closed"));
    socket.on("error", () => undefined);
  });
  return { socket, answer };
}

it("lets other users upload while three held uploads trickle in, and cuts those off with 408", async () => {
  const port = await freePort();
  const app = await spawnApp({ port, dataDir });
  const sockets: net.Socket[] = [];
  try {
    const users: Client[] = [];
    for (let i = 0; i < 4; i++)
      users.push(await signUp(app.baseUrl, dataDir, `slow-${i}-${Date.now()}@example.com`));
    const held = users.slice(0, 3).map((user) => holdUpload(port, user));
    sockets.push(...held.map((h) => h.socket));
    await new Promise((resolve) => setTimeout(resolve, 500));

    const form = new FormData();
    form.append("resume", new File([RESUME_TEXT], "resume.txt", { type: "text/plain" }));
    const started = performance.now();
    const upload = await (users[3] as Client).request("/api/upload-resume", { method: "POST", body: form });
    const took = performance.now() - started;
    console.info(
      `slow uploads: the fourth user's upload answered ${upload.status} in ${Math.round(took)} ms`,
    );
    expect(upload.status).toBe(200);
    // Well before the held bodies' deadline (10 s + 200,000 B at 64 KB/s ≈ 13 s): it did not wait for them.
    expect(took).toBeLessThan(8_000);

    // The held uploads are answered 408 once their time is up, and the turns are free again.
    const lines = await Promise.all(held.map((h) => h.answer));
    expect(
      lines.every((line) => line.startsWith("HTTP/1.1 408")),
      JSON.stringify(lines),
    ).toBe(true);
  } finally {
    for (const socket of sockets) socket.destroy();
    app.child.kill("SIGTERM");
    await app.exited;
  }
});
