import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, createHarness, type Harness, type TestClient, uniqueEmail } from "../../test/harness.ts";
import { startOidcProvider } from "../../test/oidc.ts";
import { firstLink } from "../../test/smtp.ts";
import { OIDC_PROVIDER_ID } from "./auth.ts";

/**
 * A provider that does not vouch for an email (Facebook never does; here an OpenID provider saying
 * `email_verified: false` for logins with "+unverified") must not create an account or a session
 * until the address is confirmed from its mailbox, in the browser that signed in.
 */

let h: Harness;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider(`${BASE_URL}/api/auth/callback/${OIDC_PROVIDER_ID}`, {
    emailVerified: (login) => !login.includes("+unverified"),
  });
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

/** The whole provider round trip in `client`, ending with our callback's answer. */
async function providerSignIn(client: TestClient, login: string): Promise<Response> {
  const start = await client.post("/api/auth/sign-in/social", {
    provider: OIDC_PROVIDER_ID,
    callbackURL: "/",
    errorCallbackURL: "/auth",
    newUserCallbackURL: "/",
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  return finishAtProvider(client, url, login);
}

async function finishAtProvider(client: TestClient, authorizationUrl: string, login: string) {
  const back = await idp.authorize(authorizationUrl, login);
  expect(back.startsWith(`${BASE_URL}/api/auth/callback/${OIDC_PROVIDER_ID}?`)).toBe(true);
  return client.get(back);
}

async function userRows(email: string) {
  return h.deps.db.kysely
    .selectFrom("user")
    .select(["id", "emailVerified"])
    .where("email", "=", email)
    .execute();
}

function unverifiedLogin(): string {
  return uniqueEmail("social").replace("@", "+unverified@");
}

describe("a social sign-in with an email the provider does not vouch for", () => {
  it("creates no account and no session, and mails the address a confirmation link", async () => {
    const client = h.client();
    const email = unverifiedLogin();
    const before = h.smtp.messages.length;
    const callback = await providerSignIn(client, email);

    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get("location") ?? "", BASE_URL);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toBe("email_not_verified");
    expect(location.searchParams.get("error_description")).toContain(email);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect(await userRows(email)).toEqual([]);
    const mail = await h.smtp.waitFor(email, before);
    expect(mail.subject).toBe(`Confirm your email to sign in with ${OIDC_PROVIDER_ID}`);
  });

  it("signs the owner in once they confirm in the same browser: verified, with the provider linked", async () => {
    const client = h.client();
    const email = unverifiedLogin();
    const before = h.smtp.messages.length;
    await providerSignIn(client, email);
    const link = firstLink((await h.smtp.waitFor(email, before)).text);

    const confirmed = await client.get(link);
    expect(confirmed.status).toBe(302);
    const providerUrl = confirmed.headers.get("location") ?? "";
    expect(providerUrl.startsWith(idp.issuer)).toBe(true);
    const callback = await finishAtProvider(client, providerUrl, email);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/");
    expect(await (await client.get("/api/auth/user")).json()).toMatchObject({
      email,
      emailVerified: true,
      providers: [OIDC_PROVIDER_ID],
    });

    // The link worked once.
    const again = await client.get(link);
    expect(new URL(again.headers.get("location") ?? "", BASE_URL).searchParams.get("error")).toBe(
      "invalid_token",
    );
  });

  it("confirms nothing when the link is opened in another browser (the mailbox's owner did not sign in)", async () => {
    const attacker = h.client();
    const victimsEmail = unverifiedLogin();
    const before = h.smtp.messages.length;
    await providerSignIn(attacker, victimsEmail);
    const link = firstLink((await h.smtp.waitFor(victimsEmail, before)).text);

    const victim = h.client();
    const opened = await victim.get(link);
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get("location") ?? "", BASE_URL);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error_description")).toContain("in the browser where you started");

    // The attacker signing in again is asked again, and still gets no account.
    const retried = await providerSignIn(attacker, victimsEmail);
    expect(new URL(retried.headers.get("location") ?? "", BASE_URL).pathname).toBe("/auth");
    expect((await attacker.get("/api/auth/user")).status).toBe(401);
    expect(await userRows(victimsEmail)).toEqual([]);
  });

  it("keeps the owner's account out of reach after a reset, even for a provider attached before the fix", async () => {
    // An account an attacker made earlier through an unverified provider email: the user row,
    // never verified, and the attacker's provider identity attached to it.
    const email = unverifiedLogin();
    const signedUp = h.smtp.messages.length;
    const signUp = await h
      .client()
      .post("/api/auth/sign-up/email", { email, password: "attacker-pw", name: "" });
    expect(signUp.status).toBe(200);
    await h.smtp.waitFor(email, signedUp); // the verification mail nobody opens
    const [user] = await userRows(email);
    const now = new Date().toISOString();
    await h.deps.db.kysely
      .insertInto("account")
      .values({
        id: `legacy-${Date.now()}`,
        userId: user?.id ?? "",
        providerId: OIDC_PROVIDER_ID,
        accountId: email,
        createdAt: now,
        updatedAt: now,
      } as never)
      .execute();
    // Before the reset, that identity signs straight in (what the fix for new sign-ins prevents).
    const early = h.client();
    expect((await providerSignIn(early, email)).headers.get("location")).toBe("/");
    expect((await early.get("/api/auth/user")).status).toBe(200);

    // The real owner takes the address back with a password reset.
    const before = h.smtp.messages.length;
    await h.client().post("/api/auth/request-password-reset", { email, redirectTo: "/auth" });
    const mail = await h.smtp.waitFor(email, before);
    const token = new URL(firstLink(mail.text)).pathname.split("/").pop() ?? "";
    expect(
      (await h.client().post("/api/auth/reset-password", { token, newPassword: "owner's own" })).status,
    ).toBe(200);

    // The provider identity attached on nobody's proof of the address no longer signs in.
    const attacker = h.client();
    const callback = await providerSignIn(attacker, email);
    expect(callback.headers.get("location")).toContain("error=account_not_linked");
    expect((await attacker.get("/api/auth/user")).status).toBe(401);
  });
});
