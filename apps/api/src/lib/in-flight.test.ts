import { MESSAGES } from "@resumelens/contract";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { inFlightPerSession } from "./in-flight.ts";

/** An app whose one route waits until `release()`; errors answered as the API answers them. */
function heldApp(limit: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const app = new Hono();
  app.use("*", inFlightPerSession(limit));
  app.get("/held", async (c) => {
    await gate;
    return c.text("done");
  });
  app.onError((error, c) =>
    error instanceof AppError
      ? c.json({ error: { code: error.code, message: error.message } }, 429, {
          "Retry-After": String(error.retryAfterSeconds),
        })
      : c.text("unexpected", 500),
  );
  const get = (cookie?: string) =>
    app.request("/held", { headers: cookie === undefined ? {} : { cookie: `theme=dark; ${cookie}` } });
  return { get, release };
}

describe("requests in flight per session", () => {
  it("answers 429 at once past the limit for one session cookie, and serves other sessions and anonymous callers", async () => {
    const { get, release } = heldApp(3);
    const alice = "resumelens.session_token=alice.sig";
    const held = [get(alice), get(alice), get(alice)];
    const refused = await get(alice);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toEqual({
      error: { code: "RATE_LIMITED", message: MESSAGES.tooManyAtOnce },
    });
    // Another browser, HTTPS's prefixed cookie, and a caller without a session are not held back.
    const others = [
      get("resumelens.session_token=bob.sig"),
      get("__Secure-resumelens.session_token=carol"),
      get(),
    ];
    release();
    expect((await Promise.all([...held, ...others])).map((response) => response.status)).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    // Once they are answered, the session may send again.
    expect((await get(alice)).status).toBe(200);
  });

  it("counts a request that failed as finished", async () => {
    const app = new Hono();
    app.use("*", inFlightPerSession(1));
    app.get("/fails", () => {
      throw new Error("boom");
    });
    app.get("/ok", (c) => c.text("ok"));
    app.onError((_error, c) => c.text("failed", 500));
    const headers = { cookie: "resumelens.session_token=dave" };
    expect((await app.request("/fails", { headers })).status).toBe(500);
    expect((await app.request("/ok", { headers })).status).toBe(200);
  });
});
