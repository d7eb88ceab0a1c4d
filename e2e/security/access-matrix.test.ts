import { UPLOAD_RESUME_FIELD } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLinkedInExportZip } from "../../apps/api/test/linkedin-fixtures.ts";
import { totp } from "../../apps/api/test/totp.ts";
import {
  analyse,
  createHarness,
  declaredRoutes,
  type Harness,
  JOB,
  RESUME,
  signUpVerified,
  type TestClient,
} from "./fixtures.ts";

/**
 * Every private endpoint × {anonymous, another user, the owner}. Enumerated from
 * apps/api/src/modules/{analyses,documents,exports,users,account,billing,linkedin,career}/*.routes.ts.
 *
 * - anonymous: 401, also when it claims to be the owner with x-user-id / x-user-email headers;
 * - another user: 404 for the owner's resources (never 403, which would confirm they exist), even
 *   with the owner's x-user-* headers; on self-scoped endpoints their own data, with nothing of the owner's;
 * - the owner: 2xx.
 */

type Actor = { client: TestClient; userId: string; email: string; password: string; backupCode: string };
type World = {
  owner: Actor;
  resumeId: number;
  analysisId: number;
  /** A second analysis of the owner's, for the DELETE row (the first is read by the others). */
  doomedAnalysisId: number;
  /** A comparison of the owner's (docs/product.md#multi-posting), run once the owner is on Lifetime. */
  comparisonId: number;
  paymentIntentId: string;
  role: string;
};
type Row = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: (w: World) => string;
  /** A multipart upload instead of JSON. */
  form?: () => FormData;
  /** The JSON body the actor sends (self-scoped bodies name the actor's own data). */
  body?: (w: World, actor: Actor) => unknown;
  /** Owner-scoped (the path or body names the owner's resource) or self-scoped (/api/user/*…). */
  scope: "owned" | "self";
  /** What the owner (and, for self-scoped rows, the other user) gets. */
  ok?: number;
};

const MATRIX: Row[] = [
  // analyses and exports
  { method: "GET", path: (w) => `/api/analysis/${w.analysisId}`, scope: "owned" },
  { method: "GET", path: (w) => `/api/comparisons/${w.comparisonId}`, scope: "owned" },
  {
    method: "POST",
    path: () => "/api/comparisons",
    // Each run different: the same one again within seconds would answer the first comparison.
    body: (w) => ({
      resumeId: w.resumeId,
      jobDescriptions: [`${JOB}\n\nTeam A ${Math.random()}`, `${JOB}\n\nTeam B ${Math.random()}`],
    }),
    scope: "owned",
  },
  { method: "POST", path: (w) => `/api/analysis/${w.analysisId}/export-pdf`, scope: "owned" },
  { method: "POST", path: (w) => `/api/export-package/${w.analysisId}`, scope: "owned" },
  { method: "GET", path: (w) => `/api/resumes/${w.resumeId}`, scope: "owned" },
  {
    method: "POST",
    path: () => "/api/analyze",
    body: (w) => ({ resumeId: w.resumeId, jobDescription: "x".repeat(60) }),
    scope: "owned",
  },
  {
    method: "POST",
    path: () => "/api/upload-resume",
    form: () => upload(UPLOAD_RESUME_FIELD, RESUME, "cv.txt"),
    scope: "self",
  },
  {
    method: "POST",
    path: () => "/api/create-text-resume",
    body: () => ({ content: RESUME }),
    scope: "self",
  },
  { method: "GET", path: () => "/api/user/analyses", scope: "self" },
  { method: "GET", path: () => "/api/user/analytics", scope: "self" },
  // users and account
  { method: "GET", path: () => "/api/auth/user", scope: "self" },
  {
    method: "POST",
    path: () => "/api/auth/sync-user",
    body: (_w, a) => ({ userId: a.userId, email: a.email, firstName: "Sam", lastName: "Doe" }),
    scope: "self",
  },
  {
    method: "PUT",
    path: () => "/api/user/profile",
    body: () => ({ firstName: "Sam", lastName: "Doe" }),
    scope: "self",
  },
  { method: "GET", path: () => "/api/user/preferences", scope: "self" },
  {
    method: "PUT",
    path: () => "/api/user/preferences",
    body: () => ({ emailNotifications: true }),
    scope: "self",
  },
  { method: "POST", path: () => "/api/user/export", scope: "self" },
  { method: "GET", path: () => "/api/user/sessions", scope: "self" },
  // billing
  { method: "GET", path: () => "/api/billing", scope: "self" },
  // The owner already paid for Lifetime in beforeAll (a receipt to read), so a new checkout is a 409.
  {
    method: "POST",
    path: () => "/api/create-payment-intent",
    body: () => ({ amount: 10 }),
    scope: "self",
    ok: 409,
  },
  { method: "GET", path: () => "/api/billing/invoice", scope: "self" },
  { method: "GET", path: (w) => `/api/billing/receipts/${w.paymentIntentId}`, scope: "owned" },
  {
    method: "POST",
    path: () => "/api/billing/confirm",
    body: (w) => ({ paymentIntentId: w.paymentIntentId }),
    scope: "owned",
  },
  {
    method: "POST",
    path: () => "/api/test-payments/confirm",
    body: (w) => ({
      paymentIntentId: w.paymentIntentId,
      cardNumber: "4242 4242 4242 4242",
      expiry: "12 / 34",
      cvc: "123",
    }),
    scope: "owned",
  },
  { method: "POST", path: () => "/api/upgrade-plan", body: () => ({ plan: "free" }), scope: "self" },
  // LinkedIn and career paths
  {
    method: "POST",
    path: () => "/api/linkedin/import",
    form: () => upload("file", buildLinkedInExportZip(), "Basic_LinkedInDataExport.zip"),
    scope: "self",
  },
  {
    method: "POST",
    path: () => "/api/linkedin/sync",
    body: () => ({ profileUrl: "https://www.linkedin.com/in/avery-quinn-demo" }),
    scope: "self",
  },
  { method: "GET", path: () => "/api/linkedin/profile", scope: "self" },
  { method: "DELETE", path: () => "/api/linkedin/profile", scope: "self", ok: 204 },
  { method: "GET", path: () => "/api/career-roles?q=software", scope: "self" },
  { method: "GET", path: (w) => `/api/career-path/${w.role}`, scope: "self" },
  { method: "GET", path: () => "/api/career-role", scope: "self" },
  {
    method: "PUT",
    path: () => "/api/career-role",
    body: () => ({ role: "registered-nurse" }),
    scope: "self",
  },
  // destructive rows last
  { method: "POST", path: () => "/api/user/sessions/sign-out-others", scope: "self" },
  { method: "DELETE", path: (w) => `/api/analysis/${w.doomedAnalysisId}`, scope: "owned", ok: 204 },
  {
    method: "POST",
    path: () => "/api/user/two-factor/disable",
    body: (_w, a) => ({ code: a.backupCode }),
    scope: "self",
  },
  {
    method: "DELETE",
    path: () => "/api/user",
    // Two-factor is off by now (the row above); the password re-authenticates the owner.
    body: (_w, a) => ({ confirmEmail: a.email, password: a.password }),
    scope: "self",
  },
];
const ACTORS = ["anonymous", "another user", "the owner"] as const;
/** Plus the spoofing cases: anonymous and the other user, each claiming the owner's identity. */
const SPOOFED_ACTORS = ["anonymous", "another user"] as const;
export const ACCESS_CASES = MATRIX.length * (ACTORS.length + SPOOFED_ACTORS.length);

let h: Harness;
let world: World;
let stranger: Actor;
let lastOwnerStatus = new Map<Row, number>();

async function actor(): Promise<Actor> {
  const user = await signUpVerified(h);
  const enabled = await user.client.post("/api/auth/two-factor/enable", { password: user.password });
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const confirmed = await user.client.post("/api/auth/two-factor/verify-totp", {
    code: totp(new URL(totpURI).searchParams.get("secret") ?? ""),
  });
  expect(confirmed.status).toBe(200);
  return { ...user, backupCode: backupCodes[0] ?? "" };
}

beforeAll(async () => {
  h = await createHarness();
  const owner = await actor();
  stranger = await actor();
  const { resumeId, analysisId } = await analyse(owner.client);
  // Another job: the same resume and job again within 10 s would answer the first analysis.
  const { analysisId: doomedAnalysisId } = await analyse(owner.client, RESUME, `${JOB}\n\nA second posting.`);
  const intent = await owner.client.post("/api/create-payment-intent", { amount: 10 });
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await owner.client.post("/api/test-payments/confirm", {
    paymentIntentId,
    cardNumber: "4242 4242 4242 4242",
    expiry: "12 / 34",
    cvc: "123",
  });
  expect(paid.status).toBe(200);
  const compared = await owner.client.post("/api/comparisons", {
    resumeId,
    jobDescriptions: [`${JOB}\n\nPlatform team.`, `${JOB}\n\nPayments team.`],
  });
  expect(compared.status, await compared.clone().text()).toBe(200);
  const { id: comparisonId } = (await compared.json()) as { id: number };
  // The other user has data of their own too, so a leak in either direction would show.
  await analyse(stranger.client);
  world = {
    owner,
    resumeId,
    analysisId,
    doomedAnalysisId,
    comparisonId,
    paymentIntentId,
    role: "software-developers",
  };
  lastOwnerStatus = new Map();
});
afterAll(async () => {
  await h?.close();
  console.log(`access matrix: ${ACCESS_CASES} endpoint×actor cases`);
});

function send(row: Row, client: TestClient, as: Actor | null, headers: Record<string, string> = {}) {
  const body = row.body?.(world, as ?? world.owner);
  return client.request(row.path(world), {
    method: row.method,
    headers,
    ...(row.form ? { body: row.form() } : body === undefined ? {} : { json: body }),
  });
}

/** Where the public (unauthenticated by design) endpoints are: everything else must be in MATRIX. */
const PUBLIC_ROUTES = [
  "GET /api/health",
  "GET /api/config",
  // The API's description: the same for everyone, nothing of anyone's in it.
  "GET /api/openapi.json",
  "POST /api/webhooks/stripe",
  // The link mailed to confirm an email a provider did not vouch for: its token and a cookie of the
  // browser that signed in are the credentials (apps/api/src/auth/social-signup.ts).
  "GET /api/auth/social-signup/confirm",
];

const TEMPLATE = {
  resumeId: ":id",
  analysisId: ":id",
  doomedAnalysisId: ":id",
  comparisonId: ":id",
  paymentIntentId: ":id",
  role: ":role",
} as unknown as World;
function routeOf(row: Row): string {
  return `${row.method} ${row.path(TEMPLATE).split("?")[0]}`;
}

function upload(field: string, content: string | Uint8Array, filename: string): FormData {
  const form = new FormData();
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], filename));
  return form;
}

function spoof(w: World): Record<string, string> {
  return { "x-user-id": w.owner.userId, "x-user-email": w.owner.email };
}

describe("access matrix: every private endpoint × {anonymous, another user, the owner}", () => {
  for (const row of MATRIX) {
    const name = routeOf(row);
    it(`${name}: anonymous 401, ${row.scope === "owned" ? "another user 404" : "another user only their own"}, the owner ${row.ok ?? "2xx"} (${row.scope})`, async () => {
      const anonymous = h.client();
      for (const headers of [{}, spoof(world)]) {
        const response = await send(row, anonymous, null, headers);
        expect(response.status, `anonymous ${JSON.stringify(headers)}`).toBe(401);
      }

      for (const headers of [{}, spoof(world)]) {
        const response = await send(row, stranger.client, stranger, headers);
        const text = await response.text();
        if (row.scope === "owned") {
          expect(response.status, `another user ${JSON.stringify(headers)}: ${text}`).toBe(404);
        } else {
          expect(response.status, `another user ${JSON.stringify(headers)}: ${text}`).toBeLessThan(300);
          expect(text).not.toContain(world.owner.email);
          expect(text).not.toContain(world.owner.userId);
        }
        // Self-scoped destructive rows act once, on the other user's own account.
        if (row.method === "DELETE" && row.path(world) === "/api/user") break;
        if (row.path(world).endsWith("two-factor/disable")) break;
      }

      const owned = await send(row, world.owner.client, world.owner);
      const text = await owned.text();
      lastOwnerStatus.set(row, owned.status);
      if (row.ok) expect(owned.status, text).toBe(row.ok);
      else expect([200, 201], text).toContain(owned.status);
    });
  }

  it("covers every route the app answers except the public ones", () => {
    const declared = declaredRoutes(h.app);
    expect(declared.length).toBeGreaterThan(30);
    const covered = new Set(MATRIX.map(routeOf));
    expect(declared.filter((route) => !covered.has(route) && !PUBLIC_ROUTES.includes(route))).toEqual([]);
  });

  it("left the owner's data intact after the other user's attempts, and the deletions really deleted", async () => {
    // The other user's DELETE on the owner's analysis did nothing; the owner's own DELETE did.
    expect(lastOwnerStatus.get(MATRIX.find((r) => r.method === "DELETE" && r.scope === "owned")!)).toBe(204);
    const fresh = h.client();
    const signIn = await fresh.post("/api/auth/sign-in/email", {
      email: world.owner.email,
      password: world.owner.password,
    });
    expect(signIn.status).not.toBe(200); // the owner deleted their account in the last row
    expect(MATRIX.length * ACTORS.length).toBeGreaterThan(60);
  });
});
