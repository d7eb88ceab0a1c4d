import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import { totp as totpFor } from "../../../test/totp.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** The code an authenticator shows for the secret of an otpauth:// URI. */
function totp(uri: string, at = Date.now()): string {
  return totpFor(new URL(uri).searchParams.get("secret") ?? "", at);
}

/** A six-digit code that is not valid now (nor in the neighbouring windows). */
function wrongCode(uri: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totp(uri, Date.now() + shift)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

/** The code of the step after the current one (still accepted), unlike the one enrolment just used. */
function nextCode(uri: string): string {
  return totp(uri, Date.now() + 30_000);
}

async function enrol(client: TestClient, password: string) {
  const response = await client.post("/api/auth/two-factor/enable", { password });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { totpURI: string; backupCodes: string[] };
  const confirmed = await client.post("/api/auth/two-factor/verify-totp", { code: totp(body.totpURI) });
  expect(confirmed.status).toBe(200);
  return body;
}

async function twoFactorEnabled(client: TestClient): Promise<boolean> {
  const session = (await (await client.get("/api/auth/get-session")).json()) as {
    user: { twoFactorEnabled: boolean };
  };
  return session.user.twoFactorEnabled;
}

async function signInWithPassword(email: string, password: string) {
  const client = h.client();
  const response = await client.post("/api/auth/sign-in/email", { email, password });
  expect(response.status).toBe(200);
  return { client, body: (await response.json()) as Record<string, unknown> };
}

describe("two-factor authentication (TOTP)", () => {
  it("enrols with the password: a ResumeLens TOTP URI and ten backup codes, active once a code confirms it", async () => {
    const { client, email, password } = await signUpVerified(h);
    const wrongPassword = await client.post("/api/auth/two-factor/enable", { password: "not my password" });
    expect(wrongPassword.status).toBe(400);

    const response = await client.post("/api/auth/two-factor/enable", { password });
    expect(response.status).toBe(200);
    const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("ResumeLens");
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(backupCodes).toHaveLength(10);
    // Not active until confirmed: sign-in still needs only the password.
    expect(await twoFactorEnabled(client)).toBe(false);
    expect((await signInWithPassword(email, password)).body.twoFactorRedirect).toBeUndefined();

    const refused = await client.post("/api/auth/two-factor/verify-totp", { code: wrongCode(totpURI) });
    expect(refused.status).toBe(401);
    expect(await twoFactorEnabled(client)).toBe(false);
    const confirmed = await client.post("/api/auth/two-factor/verify-totp", { code: totp(totpURI) });
    expect(confirmed.status).toBe(200);
    expect(await twoFactorEnabled(client)).toBe(true);
    // Secrets are stored encrypted, never as given to the user.
    const row = await h.deps.db.kysely.selectFrom("twoFactor").selectAll().executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(uri.searchParams.get("secret") ?? "-");
    expect(row.backupCodes).not.toContain(backupCodes[0] ?? "-");
  });

  it("asks for the code after the password, refuses a wrong code and signs in with the right one", async () => {
    const { client, email, password } = await signUpVerified(h);
    const { totpURI } = await enrol(client, password);

    const { client: browser, body } = await signInWithPassword(email, password);
    expect(body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect((await browser.get("/api/auth/user")).status).toBe(401);

    const wrong = await browser.post("/api/auth/two-factor/verify-totp", { code: wrongCode(totpURI) });
    expect(wrong.status).toBe(401);
    expect((await browser.get("/api/auth/user")).status).toBe(401);

    // The next step's code: the one that confirmed enrolment has been used (each code works once).
    const right = await browser.post("/api/auth/two-factor/verify-totp", { code: nextCode(totpURI) });
    expect(right.status).toBe(200);
    expect(await (await browser.get("/api/auth/user")).json()).toMatchObject({ email });
  });

  it("refuses a code without a pending sign-in", async () => {
    const response = await h.client().post("/api/auth/two-factor/verify-totp", { code: "123456" });
    expect(response.status).toBe(401);
  });

  it("accepts each backup code once", async () => {
    const { client, email, password } = await signUpVerified(h);
    const { backupCodes } = await enrol(client, password);
    const code = backupCodes[0] ?? "";

    const first = await signInWithPassword(email, password);
    const used = await first.client.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(used.status).toBe(200);
    expect((await first.client.get("/api/auth/user")).status).toBe(200);

    const second = await signInWithPassword(email, password);
    const reused = await second.client.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(reused.status).toBe(401);
    expect((await second.client.get("/api/auth/user")).status).toBe(401);
    const other = await second.client.post("/api/auth/two-factor/verify-backup-code", {
      code: backupCodes[1] ?? "",
    });
    expect(other.status).toBe(200);
  });

  it("is turned off only with a valid code, after which the password alone signs in", async () => {
    const { client, email, password } = await signUpVerified(h);
    const { totpURI, backupCodes } = await enrol(client, password);

    const wrong = await client.post("/api/user/two-factor/disable", { code: wrongCode(totpURI) });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      "That code is not valid. Check your authenticator app and try again.",
    );
    const badBackup = await client.post("/api/user/two-factor/disable", { code: "not-a-backup-code" });
    expect(badBackup.status).toBe(400);
    expect(await twoFactorEnabled(client)).toBe(true);
    expect((await h.client().post("/api/user/two-factor/disable", { code: totp(totpURI) })).status).toBe(401);

    const ok = await client.post("/api/user/two-factor/disable", { code: nextCode(totpURI) });
    expect(ok.status).toBe(200);
    expect(await twoFactorEnabled(client)).toBe(false);
    const rows = await h.deps.db.kysely
      .selectFrom("twoFactor")
      .select("id")
      .where("userId", "=", ((await (await client.get("/api/auth/user")).json()) as { id: string }).id)
      .execute();
    expect(rows).toEqual([]);
    expect((await signInWithPassword(email, password)).body.twoFactorRedirect).toBeUndefined();
    // Nothing left to disable.
    const again = await client.post("/api/user/two-factor/disable", { code: backupCodes[0] ?? "" });
    expect(again.status).toBe(400);
  });

  it("can be turned off with a backup code", async () => {
    const { client, password } = await signUpVerified(h);
    const { backupCodes } = await enrol(client, password);
    const ok = await client.post("/api/user/two-factor/disable", { code: backupCodes[2] ?? "" });
    expect(ok.status).toBe(200);
    expect(await twoFactorEnabled(client)).toBe(false);
  });
});
