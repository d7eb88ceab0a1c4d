import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLink } from "../../apps/api/test/smtp.ts";
import { signedWebhook } from "../../apps/api/test/stripe-fake.ts";
import {
  analyse,
  createHarness,
  declaredRoutes,
  type Harness,
  JOB,
  signUpVerified,
  type TestClient,
} from "./fixtures.ts";

const EVIL = "https://evil.example";
/** Better Auth's state-changing endpoints the app uses, besides ours from the route files. */
const AUTH_POSTS = [
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-up/email",
  "POST /api/auth/sign-out",
  "POST /api/auth/request-password-reset",
  "POST /api/auth/reset-password",
  "POST /api/auth/change-password",
  "POST /api/auth/two-factor/enable",
  "POST /api/auth/two-factor/verify-totp",
];
const WEBHOOK = "POST /api/webhooks/stripe";
/** Upload routes take multipart bodies with their own (5 MB) limit, tested in their modules. */
const UPLOADS = ["POST /api/upload-resume", "POST /api/linkedin/import"];

/** Every state-changing route, with its :params filled in so the handler would act on it. */
function stateChanging(ids: { analysisId: number }): { method: string; path: string }[] {
  return [...declaredRoutes(h.app), ...AUTH_POSTS]
    .filter((route) => !route.startsWith("GET "))
    .map((route) => {
      const [method = "", path = ""] = route.split(" ");
      return {
        method,
        path: path.replace(":id", String(ids.analysisId)).replace(":role", "software-developers"),
      };
    });
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { serveWeb: true });
});
afterAll(async () => {
  await h?.close();
});

describe("CSRF: state-changing requests from another site are refused", () => {
  it("refuses a foreign Origin, Origin: null and Sec-Fetch-Site: cross-site on every state-changing route but the webhook", async () => {
    const { client } = await signUpVerified(h);
    const { analysisId } = await analyse(client);
    const routes = stateChanging({ analysisId });
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path } of routes) {
      const attacks: Record<string, string>[] = [
        { origin: EVIL },
        { origin: "null" },
        { origin: "http://localhost:3000.evil.example" },
        { "sec-fetch-site": "cross-site" },
      ];
      for (const headers of attacks) {
        const response = await sendRaw(h, client, method, path, headers);
        const label = `${method} ${path} ${JSON.stringify(headers)}`;
        if (`${method} ${path}` === WEBHOOK) {
          expect(response.status, label).not.toBe(403);
        } else {
          expect(response.status, label).toBe(403);
          expect(await response.json(), label).toMatchObject({ error: { code: "FORBIDDEN" } });
        }
      }
    }
    // And nothing changed: the analysis is still there, the session still works.
    expect((await client.get(`/api/analysis/${analysisId}`)).status).toBe(200);
  });

  it("a cross-site preference change does not happen, the same request from the app does", async () => {
    const { client } = await signUpVerified(h);
    const forged = await client.request("/api/user/preferences", {
      method: "PUT",
      headers: { origin: EVIL },
      json: { emailNotifications: false },
    });
    expect(forged.status).toBe(403);
    expect(await (await client.get("/api/user/preferences")).json()).toEqual({ emailNotifications: true });
    expect((await client.put("/api/user/preferences", { emailNotifications: false })).status).toBe(200);
    expect(await (await client.get("/api/user/preferences")).json()).toEqual({ emailNotifications: false });
  });

  it("answers no CORS: a foreign origin gets no Access-Control-Allow-Origin, even on a preflight", async () => {
    const { client } = await signUpVerified(h);
    const read = await client.get("/api/auth/user", { origin: EVIL });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await client.request("/api/user/profile", {
      method: "OPTIONS",
      headers: { origin: EVIL, "access-control-request-method": "PUT" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("exempts only the Stripe webhook, which is refused unless signed", async () => {
    const secret = "whsec_security_suite_0123456789";
    const stripe = await createHarness({
      STRIPE_SECRET_KEY: "sk_test_security",
      STRIPE_PUBLISHABLE_KEY: "pk_test_security",
      STRIPE_WEBHOOK_SECRET: secret,
    });
    try {
      const deliver = (payload: string, signature?: string) =>
        stripe.app.request("/api/webhooks/stripe", {
          method: "POST",
          body: payload,
          headers: {
            "content-type": "application/json",
            origin: EVIL,
            ...(signature ? { "stripe-signature": signature } : {}),
          },
        });
      const event = signedWebhook({ secret, type: "charge.refunded", intent: { id: "pi_security" } });
      expect((await deliver(event.payload)).status).toBe(400);
      const forged = signedWebhook({
        secret: "whsec_not_ours_000000000000",
        type: "charge.refunded",
        intent: { id: "pi_x" },
      });
      expect((await deliver(forged.payload, forged.signature)).status).toBe(400);
      const tampered = event.payload.replace("charge.refunded", "payment_intent.succeeded");
      expect((await deliver(tampered, event.signature)).status).toBe(400);
      expect((await deliver(event.payload, event.signature)).status).toBe(200);
      // Any other path under /api/webhooks/ is no way around the origin check either.
      const other = await stripe.client().request("/api/webhooks/../user/preferences", {
        method: "PUT",
        headers: { origin: EVIL },
        json: { emailNotifications: false },
      });
      expect([401, 403, 404]).toContain(other.status);
    } finally {
      await stripe.close();
    }
  });
});

describe("security headers and session cookies", () => {
  /** The directives of a CSP header, by name. */
  function csp(header: string | null): Map<string, string[]> {
    return new Map(
      (header ?? "")
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name = "", ...values]) => [name, values]),
    );
  }

  it("sends a strict CSP, nosniff, a Referrer-Policy and no framing on pages, API answers, errors and downloads", async () => {
    const { client } = await signUpVerified(h);
    const { analysisId } = await analyse(client);
    const responses = {
      "the SPA": await client.get("/"),
      "a deep SPA route": await client.get("/history"),
      "an API answer": await client.get("/api/auth/user"),
      "an API error": await client.get("/api/analysis/999999"),
      "an unknown API path": await client.get("/api/nope"),
      "a download": await client.post(`/api/export-package/${analysisId}`),
      "an anonymous 401": await h.client().get("/api/user/analyses"),
    };
    for (const [what, response] of Object.entries(responses)) {
      const policy = csp(response.headers.get("content-security-policy"));
      const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
      expect(scripts, what).not.toContain("'unsafe-inline'");
      expect(scripts, what).not.toContain("'unsafe-eval'");
      expect(scripts, what).not.toContain("*");
      expect(
        scripts.some((source) => source.startsWith("data:") || source === "http:" || source === "https:"),
        what,
      ).toBe(false);
      expect(policy.get("frame-ancestors"), what).toEqual(["'none'"]);
      expect(policy.get("object-src"), what).toEqual(["'none'"]);
      expect(policy.get("base-uri"), what).toEqual(["'self'"]);
      expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
      expect(
        ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"],
        what,
      ).toContain(response.headers.get("referrer-policy"));
      expect(response.headers.get("x-frame-options"), what).toBe("DENY");
      expect(response.headers.get("access-control-allow-origin"), what).toBeNull();
    }
    expect(responses["the SPA"].headers.get("content-type")).toMatch(/text\/html/);
    // Nobody else's markup: the served index.html carries no inline script the CSP would have to
    // allow. Its one inline element is the session's JSON data block, which browsers never execute.
    const html = await responses["the SPA"].text();
    expect(html).toMatch(/<script[^>]+src=/);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>\s*\S/g)].map((m) => m[1]?.trim());
    expect(inline).toEqual(['type="application/json" id="session-data"']);
  });

  it("sets session cookies HttpOnly and SameSite=Lax; Secure, __Secure- and HSTS when BASE_URL is https", async () => {
    for (const baseUrl of ["http://localhost:3000", "https://resumelens.example"]) {
      const app = baseUrl === "http://localhost:3000" ? h : await createHarness({ BASE_URL: baseUrl });
      try {
        const { email, password } = await signUpVerified(app);
        const signIn = await app.client().post("/api/auth/sign-in/email", { email, password });
        expect(signIn.status).toBe(200);
        const cookies = signIn.headers.getSetCookie();
        const session = cookies.filter((cookie) => /session_token=/.test(cookie));
        expect(session.length, baseUrl).toBeGreaterThan(0);
        for (const cookie of cookies) {
          expect(cookie, baseUrl).toMatch(/;\s*HttpOnly/i);
          expect(cookie, baseUrl).toMatch(/;\s*SameSite=Lax/i);
          expect(cookie, baseUrl).toMatch(/;\s*Path=\//i);
          if (baseUrl.startsWith("https")) {
            expect(cookie, baseUrl).toMatch(/;\s*Secure/i);
            expect(cookie, baseUrl).toMatch(/^__Secure-/);
          } else expect(cookie, baseUrl).not.toMatch(/;\s*Secure/i);
        }
        const hsts = await app.app.request(`${baseUrl}/api/health`);
        if (baseUrl.startsWith("https"))
          expect(hsts.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      } finally {
        if (app !== h) await app.close();
      }
    }
  });
});

describe("brute force", () => {
  it("limits sign-in per address: the 31st attempt from one address within 15 minutes is refused, whatever the accounts", async () => {
    const attacker = h.client();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await attacker.post("/api/auth/sign-in/email", {
        email: `nobody-${i}-${Date.now()}@example.com`,
        password: "wrong password",
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    const last = await attacker.post("/api/auth/sign-in/email", {
      email: "x@example.com",
      password: "y-y-y-y",
    });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await last.json()) as { message: string }).message).toMatch(
      /Too many sign-in attempts\. Please wait \d+ minutes?/,
    );
  });

  it("limits sign-in per account across addresses (and spellings of the email): 8 tries, then even the right password waits", async () => {
    const victim = await signUpVerified(h);
    for (let i = 0; i < 8; i += 1) {
      // A fresh address each time, as a botnet would; the address limit never triggers.
      const email = i % 2 === 0 ? victim.email : victim.email.toUpperCase();
      const response = await h.client().post("/api/auth/sign-in/email", { email, password: `guess-${i}` });
      expect(response.status).toBe(401);
    }
    const right = await h
      .client()
      .post("/api/auth/sign-in/email", { email: victim.email, password: victim.password });
    expect(right.status).toBe(429);
    // Another account from the same kind of fresh address is not affected.
    const other = await signUpVerified(h);
    const fine = await h
      .client()
      .post("/api/auth/sign-in/email", { email: other.email, password: other.password });
    expect(fine.status).toBe(200);
  });

  it("makes a password-reset link work once, sends its token only to our own origin, and ends the old sessions", async () => {
    const user = await signUpVerified(h);
    const foreign = await h.client().post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: `${EVIL}/steal`,
    });
    expect(foreign.status).not.toBe(200);

    const before = h.smtp.messages.length;
    const request = await h
      .client()
      .post("/api/auth/request-password-reset", { email: user.email, redirectTo: "/auth" });
    expect(request.status).toBe(200);
    const mail = await h.smtp.waitFor(user.email, before);
    const link = firstLink(mail.text);
    expect(new URL(link).origin).toBe("http://localhost:3000");
    // Following the link lands on the app with the token.
    const browser = h.client();
    const landed = await browser.get(link);
    expect(landed.status).toBe(302);
    const location = new URL(landed.headers.get("location") ?? "", "http://localhost:3000");
    expect(location.origin).toBe("http://localhost:3000");
    const token = location.searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(10);

    const first = await browser.post("/api/auth/reset-password", { token, newPassword: "new-secret-1" });
    expect(first.status).toBe(200);
    const second = await h.client().post("/api/auth/reset-password", { token, newPassword: "attacker-pass" });
    expect(second.status).toBe(400);
    const again = await h.client().get(link);
    expect(
      new URL(again.headers.get("location") ?? "", "http://localhost:3000").searchParams.get("token"),
    ).not.toBe(token);

    expect((await user.client.get("/api/auth/user")).status).toBe(401);
    const attacker = await h
      .client()
      .post("/api/auth/sign-in/email", { email: user.email, password: "attacker-pass" });
    expect(attacker.status).toBe(401);
    const owner = await h
      .client()
      .post("/api/auth/sign-in/email", { email: user.email, password: "new-secret-1" });
    expect(owner.status).toBe(200);
  });
});

describe("request size limits", () => {
  const OVER = "x".repeat(256 * 1024 + 1);

  it("refuses a JSON body over 256 KB on every state-changing JSON route with 413 and a clear message", async () => {
    const { client } = await signUpVerified(h);
    const { analysisId } = await analyse(client);
    const routes = stateChanging({ analysisId }).filter((r) => !UPLOADS.includes(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path } of routes) {
      const body = JSON.stringify({ email: "a@example.com", password: "secret-1", padding: OVER });
      const response = await client.request(path, {
        method,
        body,
        headers: { "content-type": "application/json" },
      });
      expect(response.status, `${method} ${path}`).toBe(413);
      expect(await response.json(), `${method} ${path}`).toMatchObject({
        error: { code: "PAYLOAD_TOO_LARGE", message: "The request is too large." },
      });
    }
  });

  it("refuses an oversized body sent without Content-Length (chunked) too", async () => {
    const { client } = await signUpVerified(h);
    for (const path of ["/api/user/profile", "/api/auth/sync-user", "/api/auth/sign-in/email"]) {
      const bytes = new TextEncoder().encode(
        JSON.stringify({ firstName: OVER, email: "a@example.com", password: OVER }),
      );
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024));
          controller.close();
        },
      });
      const response = await client.request(path, {
        method: path.endsWith("profile") ? "PUT" : "POST",
        body: stream,
        headers: { "content-type": "application/json" },
        duplex: "half",
      } as RequestInit);
      expect(response.status, path).toBe(413);
    }
  });

  it("caps job descriptions at 20,000 characters with a clear message", async () => {
    const { client } = await signUpVerified(h);
    const created = await client.post("/api/create-text-resume", { content: JOB.repeat(2) });
    const { id: resumeId } = (await created.json()) as { id: number };
    const tooLong = `${JOB} ${"a".repeat(20_000)}`.slice(0, 20_001);
    const refused = await client.post("/api/analyze", { resumeId, jobDescription: tooLong });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { message: "The job description is limited to 20,000 characters." },
    });
    const accepted = await client.post("/api/analyze", {
      resumeId,
      jobDescription: tooLong.slice(0, 20_000),
    });
    expect(accepted.status).toBe(200);
  });
});

/**
 * Sends with the client's cookies and exactly the given headers (TestClient would add the app's Origin):
 * what a browser sends when another site submits a form to us.
 */
export function sendRaw(
  harness: Harness,
  client: TestClient,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: BodyInit = "{}",
) {
  return harness.app.request(path, {
    method,
    body: method === "GET" ? undefined : body,
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": "10.250.0.1",
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      ...headers,
    },
  });
}
