import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, uniqueEmail } from "../../test/harness.ts";
import { firstLink } from "../../test/smtp.ts";
import { RESET_REQUEST_MINIMUM_MS } from "./auth-guard.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** The web's forgot-password form: the reset link leads to this page. */
const RESET_PAGE = "/auth/reset-password";

async function requestReset(email: string) {
  const started = Date.now();
  const response = await h
    .client()
    .post("/api/auth/request-password-reset", { email, redirectTo: RESET_PAGE });
  return { response, ms: Date.now() - started, body: await response.json() };
}

describe("forgot password, over real SMTP", () => {
  it("answers the same, no sooner than the floor, whether or not the address has an account", async () => {
    const { email } = await signUpVerified(h);
    const before = h.smtp.messages.length;
    const known = await requestReset(email);
    const unknown = await requestReset(uniqueEmail("nobody"));
    expect(known.response.status).toBe(200);
    expect(unknown.response.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // Both wait out the same floor, so the time taken does not tell the two apart either.
    expect(known.ms).toBeGreaterThanOrEqual(RESET_REQUEST_MINIMUM_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_REQUEST_MINIMUM_MS - 5);
    // Only the real account gets a mail.
    const mail = await h.smtp.waitFor(email, before);
    expect(mail.subject).toBe("Reset your ResumeLens password");
    expect(h.smtp.messages.slice(before).filter((m) => m.subject.startsWith("Reset"))).toHaveLength(1);
  });

  it("leads the mailed link to the reset page with the token, and an used link there with an error", async () => {
    const { email } = await signUpVerified(h);
    const before = h.smtp.messages.length;
    await requestReset(email);
    const link = firstLink((await h.smtp.waitFor(email, before)).text);
    const opened = await h.client().get(link);
    expect(opened.status).toBe(302);
    const landing = new URL(opened.headers.get("location") ?? "", "http://localhost:3000");
    expect(landing.origin).toBe("http://localhost:3000");
    expect(landing.pathname).toBe(RESET_PAGE);
    const token = landing.searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(10);

    const reset = await h.client().post("/api/auth/reset-password", { token, newPassword: "fresh-pass-1" });
    expect(reset.status).toBe(200);
    const reopened = await h.client().get(link);
    expect(new URL(reopened.headers.get("location") ?? "", "http://x").searchParams.get("error")).toBe(
      "INVALID_TOKEN",
    );
  });

  it("holds the sign-up password rule on the server", async () => {
    const { email, password } = await signUpVerified(h);
    const before = h.smtp.messages.length;
    await requestReset(email);
    const link = firstLink((await h.smtp.waitFor(email, before)).text);
    const token = new URL(link).pathname.split("/").pop() ?? "";
    const short = await h.client().post("/api/auth/reset-password", { token, newPassword: "12345" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { code: string }).code).toBe("PASSWORD_TOO_SHORT");
    // The refused attempt used nothing up: the old password still works, the token still resets.
    expect((await h.client().post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    expect((await h.client().post("/api/auth/reset-password", { token, newPassword: "123456" })).status).toBe(
      200,
    );
  });

  it("lifts the sign-in lock: after 8 wrong passwords, the reset lets the owner straight in", async () => {
    const { email } = await signUpVerified(h);
    const stranger = h.client();
    for (let i = 0; i < 8; i++) {
      expect((await stranger.post("/api/auth/sign-in/email", { email, password: `guess-${i}` })).status).toBe(
        401,
      );
    }
    const owner = h.client();
    expect((await owner.post("/api/auth/sign-in/email", { email, password: "correct horse" })).status).toBe(
      429,
    );

    const before = h.smtp.messages.length;
    await requestReset(email);
    const token = new URL(firstLink((await h.smtp.waitFor(email, before)).text)).pathname.split("/").pop();
    expect(
      (await h.client().post("/api/auth/reset-password", { token, newPassword: "owner-new-1" })).status,
    ).toBe(200);
    expect((await owner.post("/api/auth/sign-in/email", { email, password: "owner-new-1" })).status).toBe(
      200,
    );
  });
});

/** The token of the newest reset link mailed to `email` since message `before`. */
async function mailedResetToken(email: string, before: number): Promise<string> {
  const link = firstLink((await h.smtp.waitFor(email, before)).text);
  return new URL(link).pathname.split("/").pop() ?? "";
}

/** A reset link for `email`, requested now: its token. */
async function resetToken(email: string): Promise<string> {
  const before = h.smtp.messages.length;
  expect((await requestReset(email)).response.status).toBe(200);
  return mailedResetToken(email, before);
}

/** What the spec's invalid or expired link gets: the page with ?error=INVALID_TOKEN, and 400 INVALID_TOKEN on use. */
async function expectInvalidLink(token: string) {
  const opened = await h.client().get(`/api/auth/reset-password/${token}?callbackURL=${RESET_PAGE}`);
  expect(opened.status).toBe(302);
  expect(new URL(opened.headers.get("location") ?? "", "http://x").searchParams.get("error")).toBe(
    "INVALID_TOKEN",
  );
  const used = await h.client().post("/api/auth/reset-password", { token, newPassword: "stale-link-1" });
  expect(used.status).toBe(400);
  expect(((await used.json()) as { code: string }).code).toBe("INVALID_TOKEN");
}

describe("a reset link lives only while it is the newest word on the password", () => {
  it("ends when a newer link is sent; the newer one works", async () => {
    const { email } = await signUpVerified(h);
    const older = await resetToken(email);
    const newer = await resetToken(email);
    await expectInvalidLink(older);
    expect(
      (await h.client().post("/api/auth/reset-password", { token: newer, newPassword: "newer-1" })).status,
    ).toBe(200);
    expect((await h.client().post("/api/auth/sign-in/email", { email, password: "newer-1" })).status).toBe(
      200,
    );
  });

  it("ends when another link is used", async () => {
    const { email, userId } = await signUpVerified(h);
    const used = await resetToken(email);
    // A second live link of the same account (two requests crossing, or one issued before this rule).
    const other = "other-link-token-0123456789";
    // Written straight into the table: Better Auth's own write would end `used` (the rule above).
    const now = new Date();
    const later = new Date(now.getTime() + 3_600_000);
    await sql`insert into verification (id, identifier, value, "expiresAt", "createdAt", "updatedAt")
      values (${`other-${userId}`}, ${`reset-password:${other}`}, ${userId}, ${later.toISOString()}, ${now.toISOString()}, ${now.toISOString()})`.execute(
      h.deps.db.kysely,
    );
    const opened = await h.client().get(`/api/auth/reset-password/${other}?callbackURL=${RESET_PAGE}`);
    expect(new URL(opened.headers.get("location") ?? "", "http://x").searchParams.get("token")).toBe(other);

    expect(
      (await h.client().post("/api/auth/reset-password", { token: used, newPassword: "used-1" })).status,
    ).toBe(200);
    await expectInvalidLink(other);
  });

  it("ends when the password is changed in Settings", async () => {
    const { client, email, password } = await signUpVerified(h);
    const token = await resetToken(email);
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword: "changed-in-settings-1",
    });
    expect(changed.status).toBe(200);
    await expectInvalidLink(token);
    expect(
      (await h.client().post("/api/auth/sign-in/email", { email, password: "changed-in-settings-1" })).status,
    ).toBe(200);
  });

  it("a wrong current password in Settings ends nothing", async () => {
    const { client, email } = await signUpVerified(h);
    const token = await resetToken(email);
    const refused = await client.post("/api/auth/change-password", {
      currentPassword: "not my password",
      newPassword: "changed-in-settings-1",
    });
    expect(refused.status).toBe(400);
    expect(
      (await h.client().post("/api/auth/reset-password", { token, newPassword: "still-valid-1" })).status,
    ).toBe(200);
  });
});

describe("confirmation mail resend", () => {
  it("waits a minute between two mails to one address, whether or not it has an account", async () => {
    const email = uniqueEmail("pending");
    const client = h.client();
    expect(
      (await client.post("/api/auth/sign-up/email", { email, password: "secret1", name: "" })).status,
    ).toBe(200);
    const first = await client.post("/api/auth/send-verification-email", { email, callbackURL: "/history" });
    expect(first.status).toBe(200);
    const second = await client.post("/api/auth/send-verification-email", { email, callbackURL: "/history" });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await second.json()) as { message: string }).message).toBe(
      "Too many verification emails. Please wait 1 minute and try again.",
    );

    const nobody = uniqueEmail("nobody");
    expect((await client.post("/api/auth/send-verification-email", { email: nobody })).status).toBe(200);
    expect((await client.post("/api/auth/send-verification-email", { email: nobody })).status).toBe(429);
  });

  it("mails a link that signs in and returns to the page asked for", async () => {
    const email = uniqueEmail("deep");
    const client = h.client();
    const before = h.smtp.messages.length;
    await client.post("/api/auth/sign-up/email", {
      email,
      password: "secret1",
      name: "",
      callbackURL: "/history",
    });
    const link = firstLink((await h.smtp.waitFor(email, before)).text);
    const verify = await client.get(link);
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/history");
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });
});

describe("return addresses: only our own origin", () => {
  const FOREIGN = [
    "//evil.example/steal",
    "https://evil.example/steal",
    "/\\evil.example/steal",
    "\\\\evil.example",
    "javascript:alert(1)",
    "http://localhost:3000.evil.example/",
    "/%2F%2Fevil.example",
  ];

  it.each(FOREIGN)("sign-up refuses callbackURL %s", async (url) => {
    const response = await h.client().post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "secret1",
      name: "",
      callbackURL: url,
    });
    expect(response.status).toBe(403);
  });

  it.each(FOREIGN)("social sign-in refuses callbackURL and errorCallbackURL %s", async (url) => {
    const client = h.client();
    const callback = await client.post("/api/auth/sign-in/social", { provider: "github", callbackURL: url });
    expect(callback.status).toBe(403);
    const error = await client.post("/api/auth/sign-in/social", {
      provider: "github",
      callbackURL: "/history",
      errorCallbackURL: url,
    });
    expect(error.status).toBe(403);
  });

  it.each(FOREIGN)("a password-reset request refuses redirectTo %s", async (url) => {
    const response = await h
      .client()
      .post("/api/auth/request-password-reset", { email: uniqueEmail(), redirectTo: url });
    expect(response.status).toBe(403);
  });

  it.each(FOREIGN)("the verification link refuses callbackURL %s", async (url) => {
    const email = uniqueEmail();
    const client = h.client();
    const before = h.smtp.messages.length;
    await client.post("/api/auth/sign-up/email", { email, password: "secret1", name: "" });
    const link = new URL(firstLink((await h.smtp.waitFor(email, before)).text));
    link.searchParams.set("callbackURL", url);
    const response = await client.get(link.toString());
    expect(response.status).not.toBe(302);
    expect(response.headers.get("location")).toBeNull();
  });

  it("accepts our own paths", async () => {
    const response = await h.client().post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "secret1",
      name: "",
      callbackURL: "/history?x=1",
    });
    expect(response.status).toBe(200);
  });
});
