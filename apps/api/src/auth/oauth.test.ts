import { LIMITS } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, createHarness, type Harness, signUpVerified, uniqueEmail } from "../../test/harness.ts";
import { startOidcProvider } from "../../test/oidc.ts";
import { rateLimitKey } from "../lib/rate-limit.ts";
import { OIDC_PROVIDER_ID } from "./auth.ts";
import { SIGN_INS } from "./auth-guard.ts";

let h: Harness;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider(`${BASE_URL}/api/auth/callback/${OIDC_PROVIDER_ID}`);
  h = await createHarness({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
  });
});
afterAll(async () => {
  await h?.close();
  await idp?.close();
});

async function startSignIn(client: ReturnType<Harness["client"]>) {
  const response = await client.post("/api/auth/sign-in/social", {
    provider: OIDC_PROVIDER_ID,
    callbackURL: "/",
    errorCallbackURL: "/auth",
    newUserCallbackURL: "/",
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url.startsWith(idp.issuer)).toBe(true);
  return url;
}

describe("OAuth sign-in through a real OpenID Connect provider", () => {
  it("advertises the provider in /api/config", async () => {
    const config = await (await h.client().get("/api/config")).json();
    expect(config).toMatchObject({ socialProviders: [], oidcProvider: OIDC_PROVIDER_ID });
  });

  it("creates a verified user with a free plan and signs them in", async () => {
    const client = h.client();
    const email = uniqueEmail("social");
    const authorizationUrl = await startSignIn(client);
    const back = await idp.authorize(authorizationUrl, email);
    expect(back.startsWith(`${BASE_URL}/api/auth/callback/${OIDC_PROVIDER_ID}?`)).toBe(true);

    const callback = await client.get(back);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/");
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email,
      emailVerified: true,
      subscription: "free",
      providers: [OIDC_PROVIDER_ID],
    });
  });

  it("signs a returning user into the same account", async () => {
    const email = uniqueEmail("returning");
    const first = h.client();
    await first.get(await idp.authorize(await startSignIn(first), email));
    const firstId = ((await (await first.get("/api/auth/user")).json()) as { id: string }).id;

    const second = h.client();
    await second.get(await idp.authorize(await startSignIn(second), email));
    expect(((await (await second.get("/api/auth/user")).json()) as { id: string }).id).toBe(firstId);
  });

  it("sends a social sign-in for an existing email/password account back to /auth with account_not_linked", async () => {
    const { email } = await signUpVerified(h);
    const client = h.client();
    const back = await idp.authorize(await startSignIn(client), email);
    const callback = await client.get(back);
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get("location") ?? "", BASE_URL);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toBe("account_not_linked");
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses a callback whose state was not issued to this browser", async () => {
    const victim = h.client();
    const back = await idp.authorize(await startSignIn(victim), uniqueEmail("csrf"));
    const attacker = h.client();
    const callback = await attacker.get(back);
    expect((await attacker.get("/api/auth/user")).status).toBe(401);
    expect(callback.headers.get("location")).not.toBe("/");
  });

  it(`keeps the ${LIMITS.sessionsPerAccount} most recent sessions of a provider account too`, async () => {
    const email = uniqueEmail("many");
    const browsers = [];
    for (let i = 0; i < LIMITS.sessionsPerAccount + 2; i++) {
      const client = h.client();
      expect((await client.get(await idp.authorize(await startSignIn(client), email))).status).toBe(302);
      browsers.push(client);
    }
    const signedIn = await Promise.all(
      browsers.map(async (client) => (await client.get("/api/auth/user")).status === 200),
    );
    expect(signedIn).toEqual(browsers.map((_, i) => i >= 2));
  });

  it("sends a provider sign-in past the account's hourly budget back to /auth with the message, signed out", async () => {
    const email = uniqueEmail("budget");
    const first = h.client();
    await first.get(await idp.authorize(await startSignIn(first), email));
    const { id } = (await (await first.get("/api/auth/user")).json()) as { id: string };
    await h.deps.db.kysely
      .updateTable("rate_limit")
      .set({ count: SIGN_INS.rule.limit })
      .where("key", "=", rateLimitKey(SIGN_INS.scope, id))
      .execute();

    const client = h.client();
    const callback = await client.get(await idp.authorize(await startSignIn(client), email));
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get("location") ?? "", BASE_URL);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toBe("RATE_LIMITED");
    expect(location.searchParams.get("error_description")).toMatch(/^Too many sign-ins to this account\./);
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });
});
