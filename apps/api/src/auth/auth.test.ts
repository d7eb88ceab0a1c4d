import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, uniqueEmail } from "../../test/harness.ts";
import { firstLink } from "../../test/smtp.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("sign-up and email verification", () => {
  it("signs up without signing in, mails a link that verifies and signs in", async () => {
    const client = h.client();
    const email = uniqueEmail("alice");
    const before = h.smtp.messages.length;

    const signUp = await client.post("/api/auth/sign-up/email", { email, password: "secret1", name: "" });
    expect(signUp.status).toBe(200);
    expect([...client.cookies.keys()].some((name) => name.includes("session_token"))).toBe(false);
    expect((await client.get("/api/auth/user")).status).toBe(401);

    const signInEarly = await client.post("/api/auth/sign-in/email", { email, password: "secret1" });
    expect(signInEarly.status).toBe(403);
    expect(((await signInEarly.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");

    const mail = await h.smtp.waitFor(email, before);
    expect(mail.subject).toBe("Confirm your ResumeLens email");
    const link = firstLink(mail.text);
    expect(link.startsWith("http://localhost:3000/api/auth/verify-email?token=")).toBe(true);

    const verify = await client.get(link);
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/");

    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email,
      emailVerified: true,
      user_metadata: { first_name: null, last_name: null },
      subscription: "free",
      usageCount: 0,
      maxUsage: 3,
      providers: ["credential"],
    });
  });

  it("refuses passwords shorter than 6 characters", async () => {
    const response = await h
      .client()
      .post("/api/auth/sign-up/email", { email: uniqueEmail(), password: "12345", name: "" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("PASSWORD_TOO_SHORT");
  });

  it("accepts a 6-character password", async () => {
    const response = await h
      .client()
      .post("/api/auth/sign-up/email", { email: uniqueEmail(), password: "123456", name: "" });
    expect(response.status).toBe(200);
  });

  it("does not reveal whether an email is already registered", async () => {
    const { email } = await signUpVerified(h);
    const again = await h.client().post("/api/auth/sign-up/email", { email, password: "another1", name: "" });
    expect(again.status).toBe(200);
  });

  it("a verification link signs in only once", async () => {
    const client = h.client();
    const email = uniqueEmail();
    const before = h.smtp.messages.length;
    await client.post("/api/auth/sign-up/email", { email, password: "secret1", name: "" });
    const link = firstLink((await h.smtp.waitFor(email, before)).text);
    expect((await client.get(link)).headers.get("location")).toBe("/");
    const stranger = h.client();
    await stranger.get(link);
    expect((await stranger.get("/api/auth/user")).status).toBe(401);
  });
});

describe("the spec's credential rules on the server", () => {
  it.each([
    ["/api/auth/sign-up/email", { email: "", password: "secret1", name: "" }],
    ["/api/auth/sign-up/email", { email: "a@example.com", password: "", name: "" }],
    ["/api/auth/sign-in/email", { password: "secret1" }],
    ["/api/auth/sign-in/email", { email: "  ", password: "secret1" }],
  ])("%s without an email or a password says what is needed", async (path, body) => {
    const response = await h.client().post(path, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      "You must provide either an email or phone number and a password",
    );
  });
});

describe("password reset", () => {
  it("mails a link whose token works once and ends other sessions", async () => {
    const { email, client: oldSession } = await signUpVerified(h);
    const before = h.smtp.messages.length;
    const request = await h.client().post("/api/auth/request-password-reset", { email, redirectTo: "/auth" });
    expect(request.status).toBe(200);
    const mail = await h.smtp.waitFor(email, before);
    expect(mail.subject).toBe("Reset your ResumeLens password");
    const link = new URL(firstLink(mail.text));
    const token = link.pathname.split("/").pop() ?? "";
    expect(token.length).toBeGreaterThan(10);

    const reset = await h.client().post("/api/auth/reset-password", { token, newPassword: "brand-new-pass" });
    expect(reset.status).toBe(200);
    const again = await h.client().post("/api/auth/reset-password", { token, newPassword: "another-pass" });
    expect(again.status).toBe(400);

    expect((await oldSession.get("/api/auth/user")).status).toBe(401);
    const signIn = await h.client().post("/api/auth/sign-in/email", { email, password: "brand-new-pass" });
    expect(signIn.status).toBe(200);
  });
});

describe("sessions", () => {
  it("signs in with a session cookie that is HttpOnly and SameSite=Lax, and signs out", async () => {
    const { email, password } = await signUpVerified(h);
    const client = h.client();
    const signIn = await client.post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((value) => value.startsWith("resumelens.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await client.get("/api/auth/user")).status).toBe(200);

    expect((await client.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  it("rejects a wrong password with Better Auth's message", async () => {
    const { email } = await signUpVerified(h);
    const response = await h.client().post("/api/auth/sign-in/email", { email, password: "wrong-password" });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe("Invalid email or password");
  });

  it("never trusts x-user-id or x-user-email headers", async () => {
    const { userId, email } = await signUpVerified(h);
    const response = await h.client().get("/api/auth/user", { "x-user-id": userId, "x-user-email": email });
    expect(response.status).toBe(401);
  });

  it("marks the cookie Secure behind HTTPS", async () => {
    const secure = await createHarness({ BASE_URL: "https://resumelens.example" });
    try {
      const { email, password } = await signUpVerified(secure);
      const client = secure.client();
      const response = await client.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email, password },
        headers: { origin: "https://resumelens.example" },
      });
      const cookie = response.headers.getSetCookie().find((value) => value.includes("session_token="));
      expect(cookie).toMatch(/; Secure/i);
    } finally {
      await secure.close();
    }
  });
});
