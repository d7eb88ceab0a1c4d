import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../test/harness.ts";
import { apiRouteTable, documentedRouteTable } from "./route-table.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[] }>>;
};

async function document(): Promise<OpenApiDocument> {
  const response = await h.client().get("/api/openapi.json");
  expect(response.status).toBe(200);
  return (await response.json()) as OpenApiDocument;
}

describe("GET /api/openapi.json", () => {
  it("describes exactly the routes the app answers (a new route cannot be left out)", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const served = apiRouteTable(h.app);
    expect(served.length).toBeGreaterThan(30);
    expect(documentedRouteTable(doc)).toEqual(served);
  });

  it("marks every route but the public ones as needing the session, and those answer 401 without one", async () => {
    const doc = await document();
    const open: string[] = [];
    const anonymous = h.client();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!operation.security?.length) {
          open.push(name);
          continue;
        }
        const url = path.replaceAll(/\{[^}]+\}/g, "1");
        const response = await anonymous.request(url, { method: method.toUpperCase() });
        expect(response.status, name).toBe(401);
        expect(await response.json(), name).toEqual({
          error: { code: "UNAUTHORIZED", message: "Please sign in to continue." },
        });
      }
    }
    expect(open.sort()).toEqual([
      "GET /api/auth/social-signup/confirm",
      "GET /api/config",
      "GET /api/health",
      "GET /api/openapi.json",
      "POST /api/webhooks/stripe",
    ]);
  });

  it("carries the contract's request schemas", async () => {
    const doc = (await document()) as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>
      >;
    };
    const analyze = doc.paths["/api/analyze"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(analyze).toMatchObject({ type: "object", required: ["resumeId", "jobDescription"] });
  });
});

describe("validation from the route definitions", () => {
  it("answers bad ids and bodies with the same codes and texts as before, before any query", async () => {
    const { client } = await signUpVerified(h);
    const cases: [string, RequestInit & { json?: unknown }, number, string][] = [
      ["/api/analysis/abc", {}, 400, "The analysis id must be a positive whole number."],
      ["/api/analysis/99999999999", {}, 404, "Analysis not found"],
      [`/api/analysis/${"9".repeat(5000)}`, {}, 404, "Analysis not found"],
      ["/api/resumes/abc", {}, 404, "Resume not found"],
      ["/api/billing/receipts/not%20an%20id", {}, 404, "Receipt not found"],
      ["/api/career-path/NOT_A_SLUG", {}, 400, "A role is a slug of lower-case letters, digits and hyphens."],
      [`/api/career-roles?q=${"x".repeat(101)}`, {}, 400, "A role search can be at most 100 characters."],
      [
        "/api/analyze",
        { method: "POST", body: "{not json", headers: { "content-type": "application/json" } },
        400,
        "The request body must be JSON.",
      ],
      [
        "/api/analyze",
        { method: "POST", json: { resumeId: 1 }, headers: { "idempotency-key": "has space" } },
        400,
        "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
      ],
    ];
    for (const [url, init, status, message] of cases) {
      const response = await client.request(url, init);
      const body = (await response.json()) as { error: { message: string } };
      expect({ url, status: response.status, message: body.error.message }).toEqual({ url, status, message });
    }
  });
});
