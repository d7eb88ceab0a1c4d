import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BASE_URL,
  createHarness,
  type Harness,
  signUpVerified,
  type TestClient,
} from "../../../test/harness.ts";
import { startOidcProvider } from "../../../test/oidc.ts";
import { LINK_NEEDS_VERIFIED_EMAIL, OIDC_PROVIDER_ID } from "../../auth/auth.ts";
import { fromBool } from "../../db/database.ts";

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

function startLink(client: TestClient) {
  return client.post("/api/auth/link-social", {
    provider: OIDC_PROVIDER_ID,
    callbackURL: `/settings?linked=${OIDC_PROVIDER_ID}`,
    errorCallbackURL: "/settings",
  });
}

async function providers(client: TestClient): Promise<string[]> {
  return ((await (await client.get("/api/auth/user")).json()) as { providers: string[] }).providers;
}

describe("linking a provider account from Settings", () => {
  it("links the provider to the signed-in user, who can then sign in with it", async () => {
    const { client, email, userId } = await signUpVerified(h);
    const start = await startLink(client);
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const back = await idp.authorize(url, email);
    const callback = await client.get(back);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`/settings?linked=${OIDC_PROVIDER_ID}`);
    expect(await providers(client)).toEqual(["credential", OIDC_PROVIDER_ID]);

    // Now a social sign-in with that identity reaches the same account (no conflict any more).
    const other = h.client();
    const signIn = await other.post("/api/auth/sign-in/social", {
      provider: OIDC_PROVIDER_ID,
      callbackURL: "/",
      errorCallbackURL: "/auth",
    });
    const { url: signInUrl } = (await signIn.json()) as { url: string };
    const done = await other.get(await idp.authorize(signInUrl, email));
    expect(done.headers.get("location")).toBe("/");
    expect(((await (await other.get("/api/auth/user")).json()) as { id: string }).id).toBe(userId);
  });

  it("refuses a provider identity with another email and links nothing", async () => {
    const { client } = await signUpVerified(h);
    const { url } = (await (await startLink(client)).json()) as { url: string };
    const callback = await client.get(await idp.authorize(url, "someone.else@example.com"));
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get("location") ?? "", BASE_URL);
    expect(location.pathname).toBe("/settings");
    expect(location.searchParams.get("error")).toBeTruthy();
    expect(await providers(client)).toEqual(["credential"]);
  });

  it("requires a verified email and a session", async () => {
    expect((await startLink(h.client())).status).toBe(401);
    const { client, userId } = await signUpVerified(h);
    await h.deps.db.kysely
      .updateTable("user")
      .set({ emailVerified: fromBool(h.deps.db, false) })
      .where("id", "=", userId)
      .execute();
    const refused = await startLink(client);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: LINK_NEEDS_VERIFIED_EMAIL });
  });
});
