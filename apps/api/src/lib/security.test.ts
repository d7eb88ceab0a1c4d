import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, uniqueEmail } from "../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await h.close();
});

describe("cross-origin requests", () => {
  it("refuses a sign-in POST from a foreign Origin", async () => {
    const { email, password } = await signUpVerified(h);
    const response = await h
      .client()
      .post("/api/auth/sign-in/email", { email, password }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a state change from a foreign Origin even with a valid session", async () => {
    const { client, userId, email } = await signUpVerified(h);
    const response = await client.post(
      "/api/auth/sync-user",
      { userId, email, firstName: "Evil", lastName: null },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(await (await client.get("/api/auth/user")).json()).toMatchObject({
      user_metadata: { first_name: null },
    });
  });

  it("refuses a cross-site request that carries no Origin but says where it came from", async () => {
    const { client, userId, email } = await signUpVerified(h);
    const response = await client.request("/api/auth/sync-user", {
      method: "POST",
      json: { userId, email, firstName: "Evil", lastName: null },
      headers: { origin: "", "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });
});

describe("sign-in rate limits", () => {
  it("limits attempts per email across many addresses", async () => {
    const { email } = await signUpVerified(h);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await h
        .client()
        .post(
          "/api/auth/sign-in/email",
          { email, password: "wrong-password" },
          { "x-forwarded-for": `10.1.0.${i}` },
        );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it("tells the user how long to wait, in Better Auth's error shape", async () => {
    const email = uniqueEmail();
    let last: Response | undefined;
    for (let i = 0; i < 9; i++) {
      last = await h
        .client()
        .post("/api/auth/sign-in/email", { email, password: "x" }, { "x-forwarded-for": "10.2.0.1" });
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await last?.json()) as { code: string; message: string };
    expect(body.code).toBe("RATE_LIMITED");
    expect(body.message).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it("limits attempts per IP across many emails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const response = await h
        .client()
        .post(
          "/api/auth/sign-in/email",
          { email: uniqueEmail(), password: "x" },
          { "x-forwarded-for": "10.3.0.1" },
        );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const otherIp = await h
      .client()
      .post(
        "/api/auth/sign-in/email",
        { email: uniqueEmail(), password: "x" },
        { "x-forwarded-for": "10.3.0.2" },
      );
    expect(otherIp.status).toBe(401);
  });
});

describe("responses", () => {
  it("send security headers", async () => {
    const response = await h.client().get("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("content-security-policy")).not.toContain(
      "'unsafe-inline' 'self' https://js",
    );
    expect(response.headers.get("content-security-policy")).toMatch(
      /script-src 'self' https:\/\/js\.stripe\.com;/,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("refuse oversized JSON bodies", async () => {
    const response = await h.client().post("/api/auth/sync-user", { blob: "x".repeat(300_000) });
    expect(response.status).toBe(413);
  });

  it("answer unknown API paths with a JSON 404", async () => {
    const response = await h.client().get("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such API endpoint." } });
  });
});
