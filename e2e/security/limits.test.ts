import { MESSAGES, NUL_CHARACTER_MESSAGE } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyse,
  createHarness,
  declaredRoutes,
  type Harness,
  JOB,
  RESUME,
  signUpVerified,
} from "./fixtures.ts";

/*
 * Limits and inputs against a determined user, on both databases: the free plan's limit survives
 * deletions; ids no record can have, NUL characters and malformed URLs answer 4xx with a clear
 * message (PostgreSQL used to answer 500); every API answer is private, no-store.
 */

const PG_SERVER = process.env.SECURITY_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Ids no stored record can have: PostgreSQL's integer ends at 2^31 - 1. */
const IMPOSSIBLE_IDS = ["2147483648", "4294967296", "99999999999", "99999999999999999999999"];
const MALFORMED_IDS = ["abc", "1.5", "-1", "0", "1e3", "%00", "12%00"];

/** Opens a harness on PostgreSQL: createHarness reads TEST_DATABASE_URL when it runs. */
async function harnessOn(database: "SQLite" | "PostgreSQL"): Promise<Harness> {
  const previous = process.env.TEST_DATABASE_URL;
  if (database === "PostgreSQL") process.env.TEST_DATABASE_URL = PG_SERVER;
  else delete process.env.TEST_DATABASE_URL;
  try {
    return await createHarness();
  } finally {
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
  }
}

async function expectError(response: Response, statuses: number[], label: string, message?: string) {
  expect(statuses, `${label}: ${response.status}`).toContain(response.status);
  const body = (await response.json()) as { error?: { code?: string; message?: string } };
  expect(body.error?.message, label).toBeTruthy();
  if (message !== undefined) expect(body.error?.message, label).toBe(message);
}

describe.each(["SQLite", "PostgreSQL"] as const)("on %s", (database) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harnessOn(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("a free user cannot win analyses back by deleting them", async () => {
    const { client } = await signUpVerified(h);
    const { resumeId } = await analyse(client);
    for (let i = 0; i < 2; i++) {
      expect((await client.post("/api/analyze", { resumeId, jobDescription: `${JOB}\n${i}` })).status).toBe(
        200,
      );
    }
    const history = (await (await client.get("/api/user/analyses")).json()) as { id: number }[];
    for (const { id } of history) {
      expect((await client.request(`/api/analysis/${id}`, { method: "DELETE" })).status).toBe(204);
    }
    const again = await client.post("/api/analyze", { resumeId, jobDescription: JOB });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      error: { code: "LIMIT_REACHED", message: "Monthly limit reached" },
    });
    expect(await (await client.get("/api/user/analytics")).json()).toEqual({
      currentMonth: { analyses: 3, maxAnalyses: 3 },
      subscription: "free",
    });
  });

  it("answers 4xx, never 500, for an id no record can have on every route with an id", async () => {
    const { client } = await signUpVerified(h);
    const routes = declaredRoutes(h.app).filter((route) => route.includes("/:id"));
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) {
      const [method = "GET", template = ""] = route.split(" ");
      for (const id of [...IMPOSSIBLE_IDS, ...MALFORMED_IDS, "2147483647"]) {
        const response = await client.request(template.replace(":id", id), { method });
        await expectError(response, [400, 404], `${route} with ${id}`);
      }
    }
    for (const resumeId of [2147483648, 1e20, -1, 1.5]) {
      const response = await client.post("/api/analyze", { resumeId, jobDescription: JOB });
      await expectError(response, [400, 404], `analyze resumeId ${resumeId}`);
    }
  });

  it("refuses NUL characters in every text field, query and path with 400 and says why", async () => {
    const { client, email } = await signUpVerified(h);
    const { resumeId } = await analyse(client);
    const nul = (text: string) => `${text.slice(0, 60)}\u0000${text.slice(60)}`;
    const cases: [string, () => Promise<Response>][] = [
      ["job description", () => client.post("/api/analyze", { resumeId, jobDescription: nul(JOB) })],
      ["text resume", () => client.post("/api/create-text-resume", { content: nul(RESUME) })],
      [
        "profile name",
        () => client.put("/api/user/profile", { firstName: "Gr\u0000ace", lastName: "Hopper" }),
      ],
      [
        "sync-user name",
        () =>
          client.post("/api/auth/sync-user", { userId: "x", email, firstName: "A\u0000", lastName: null }),
      ],
      [
        "LinkedIn URL",
        () => client.post("/api/linkedin/sync", { profileUrl: "linkedin.com/in/jane-doe?x=\u0000" }),
      ],
      ["payment id", () => client.post("/api/billing/confirm", { paymentIntentId: "tpi_\u0000" })],
      [
        "test card payment id",
        () =>
          client.post("/api/test-payments/confirm", {
            paymentIntentId: "tpi_\u0000",
            cardNumber: "4242 4242 4242 4242",
            expiry: "12/34",
            cvc: "123",
          }),
      ],
      [
        "account deletion",
        () => client.request("/api/user", { method: "DELETE", json: { confirmEmail: `${email}\u0000` } }),
      ],
      [
        "sign-in email",
        () => h.client().post("/api/auth/sign-in/email", { email: `${email}\u0000`, password: "x" }),
      ],
      [
        "sign-up name",
        () =>
          h.client().post("/api/auth/sign-up/email", {
            email: `n${email}`,
            password: "secret-pass",
            name: "A\u0000",
          }),
      ],
      ["receipt id", () => client.get("/api/billing/receipts/tpi_%00")],
      ["career role search", () => client.get("/api/career-roles?q=nurse%00")],
      ["verification token", () => h.client().get("/api/auth/verify-email?token=%00")],
    ];
    for (const [label, send] of cases) {
      const response = await send();
      expect(response.status, label).toBe(400);
      const body = (await response.json()) as { error?: { message?: string } };
      expect(body.error?.message, label).toBeTruthy();
      // Our own schemas may name the field's rule first (names refuse every control character).
      if (!label.includes("name")) expect(body.error?.message, label).toBe(NUL_CHARACTER_MESSAGE);
    }
    // Nothing was stored or deleted on the way.
    expect((await client.get("/api/auth/user")).status).toBe(200);
    const history = (await (await client.get("/api/user/analyses")).json()) as unknown[];
    expect(history).toHaveLength(1);
  });

  it("refuses a LinkedIn URL with a malformed % escape as an invalid URL", async () => {
    const { client } = await signUpVerified(h);
    for (const profileUrl of [
      "https://www.linkedin.com/in/jane%zzdoe",
      "https://www.linkedin.com/in/jane-doe%E2%82",
      "linkedin.com/in/%%%",
      "https://www.linkedin.com/in/jane%",
    ]) {
      const response = await client.post("/api/linkedin/sync", { profileUrl });
      await expectError(response, [400], profileUrl, MESSAGES.invalidLinkedInUrl);
    }
  });

  it("marks every API answer private and not storable, errors included", async () => {
    const { client } = await signUpVerified(h);
    const { analysisId } = await analyse(client);
    const paths = declaredRoutes(h.app)
      .filter((route) => route.startsWith("GET "))
      .map((route) =>
        (route.split(" ")[1] ?? "").replace(":id", String(analysisId)).replace(":role", "software-engineer"),
      );
    const anonymous = h.client();
    const requests: [string, Promise<Response>][] = [
      ...paths.map((path) => [`signed in GET ${path}`, client.get(path)] as [string, Promise<Response>]),
      ...paths.map((path) => [`anonymous GET ${path}`, anonymous.get(path)] as [string, Promise<Response>]),
      ["analyze", client.post("/api/analyze", { resumeId: 1, jobDescription: "short" })],
      ["unknown endpoint", client.get("/api/nothing-here")],
      ["someone else's analysis", h.client().get(`/api/analysis/${analysisId}`)],
      [
        "bad JSON",
        client.request("/api/create-text-resume", {
          method: "POST",
          body: "{",
          headers: { "content-type": "application/json" },
        }),
      ],
      ["export", client.post(`/api/export-package/${analysisId}`)],
      ["better auth session", client.get("/api/auth/get-session")],
    ];
    for (const [label, pending] of requests) {
      const response = await pending;
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl, `${label} (${response.status})`).toMatch(/\bno-store\b/);
      expect(cacheControl, label).not.toMatch(/\bpublic\b/);
      await response.arrayBuffer();
    }
  });
});
