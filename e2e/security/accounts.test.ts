import { randomBytes } from "node:crypto";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLink } from "../../apps/api/test/smtp.ts";
import { totp } from "../../apps/api/test/totp.ts";
import { createHarness, type Harness, signUpVerified, type TestClient } from "./fixtures.ts";

/**
 * Issue 14: limits and accounts hold against a determined user. A stolen session must not become a
 * takeover, second-factor codes work once, locks and counters belong to their own account, names
 * hold no control characters, and the data export is neither started by another site nor built in
 * memory.
 */

const EVIL = "https://evil.example";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

let addresses = 0;
/** A fresh client address per request: what an attacker rotating proxies looks like. */
function fromNewAddress(): Record<string, string> {
  addresses += 1;
  return { "x-forwarded-for": `198.51.${(addresses >> 8) & 255}.${addresses & 255}` };
}

function secretOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get("secret") ?? "";
}

async function enrolTwoFactor(client: TestClient, password: string) {
  const enabled = await client.post("/api/auth/two-factor/enable", { password });
  expect(enabled.status).toBe(200);
  const body = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const usedAt = Date.now();
  const code = totp(secretOf(body.totpURI), usedAt);
  const confirmed = await client.post("/api/auth/two-factor/verify-totp", { code });
  expect(confirmed.status).toBe(200);
  return { ...body, secret: secretOf(body.totpURI), usedCode: code, usedAt };
}

async function signIn(email: string, password: string, headers: Record<string, string> = {}) {
  const client = h.client();
  const response = await client.post("/api/auth/sign-in/email", { email, password }, headers);
  return { client, response };
}

async function twoFactorEnabled(client: TestClient): Promise<boolean> {
  const session = (await (await client.get("/api/auth/get-session")).json()) as {
    user: { twoFactorEnabled: boolean };
  };
  return session.user.twoFactorEnabled;
}

/** Eight wrong passwords from eight addresses: the per-email lock of the sign-in form. */
async function lockSignIn(email: string) {
  for (let i = 0; i < 8; i++) {
    const { response } = await signIn(email, `wrong guess ${i}`, fromNewAddress());
    expect(response.status).toBe(401);
  }
}

describe("a stolen session cannot be turned into a takeover", () => {
  it("limits password checks per account, across endpoints and addresses", async () => {
    const { client: stolen, email, password } = await signUpVerified(h);
    const guesses = [
      () => stolen.post("/api/auth/verify-password", { password: "guess-1" }, fromNewAddress()),
      () =>
        stolen.post(
          "/api/auth/change-password",
          { currentPassword: "guess-2", newPassword: "attacker-pass" },
          fromNewAddress(),
        ),
      () => stolen.post("/api/auth/two-factor/enable", { password: "guess-3" }, fromNewAddress()),
      () => stolen.post("/api/auth/verify-password", { password: "guess-4" }, fromNewAddress()),
      () => stolen.post("/api/auth/verify-password", { password: "guess-5" }, fromNewAddress()),
    ];
    for (const guess of guesses) expect((await guess()).status).toBe(400);

    // The budget is spent: even the right password is not checked now, on any of the endpoints.
    for (const attempt of [
      () => stolen.post("/api/auth/verify-password", { password }, fromNewAddress()),
      () =>
        stolen.post(
          "/api/auth/change-password",
          { currentPassword: password, newPassword: "attacker-pass" },
          fromNewAddress(),
        ),
      () => stolen.post("/api/auth/two-factor/enable", { password }, fromNewAddress()),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBeTruthy();
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many password attempts/);
    }
    expect(await twoFactorEnabled(stolen)).toBe(false);
    // The owner is not locked out of signing in by it.
    expect((await signIn(email, password)).response.status).toBe(200);
  });

  it("cannot remove, read or re-mint the second factor with the password alone", async () => {
    const { client, password } = await signUpVerified(h);
    await enrolTwoFactor(client, password);

    const disable = await client.post("/api/auth/two-factor/disable", { password });
    expect(disable.status).toBe(404);
    const uri = await client.post("/api/auth/two-factor/get-totp-uri", { password });
    expect(uri.status).toBe(404);
    expect(await uri.text()).not.toContain("otpauth");
    const codes = await client.post("/api/auth/two-factor/generate-backup-codes", { password });
    expect(codes.status).toBe(404);
    expect(await twoFactorEnabled(client)).toBe(true);

    // Our route asks for a code, and a password is not one.
    const withPassword = await client.post("/api/user/two-factor/disable", { code: password });
    expect(withPassword.status).toBe(400);
    expect(await twoFactorEnabled(client)).toBe(true);
  });

  it("ends every other session when the password changes", async () => {
    const { client, email, password } = await signUpVerified(h);
    const { client: other, response } = await signIn(email, password);
    expect(response.status).toBe(200);
    expect((await other.get("/api/auth/user")).status).toBe(200);

    // The caller does not ask for it (revokeOtherSessions is left out): the server does it anyway.
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword: "a brand new password",
    });
    expect(changed.status).toBe(200);
    expect((await other.get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  it("lists the account's sessions (browser, device, last active, this one marked) and signs out the others", async () => {
    const { email, password } = await signUpVerified(h);
    const { client: mine } = await signIn(email, password, { "user-agent": CHROME_MAC });
    const { client: theirs } = await signIn(email, password, { "user-agent": FIREFOX_WINDOWS });

    const listed = await mine.get("/api/user/sessions");
    expect(listed.status).toBe(200);
    const { sessions } = (await listed.json()) as {
      sessions: { browser: string; device: string; lastActiveAt: string; current: boolean }[];
    };
    // The sign-up's verification link signed in a third browser.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ browser: "Chrome 131", device: "macOS", current: true });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions).toContainEqual(
      expect.objectContaining({ browser: "Firefox 128", device: "Windows", current: false }),
    );
    for (const session of sessions) expect(Number.isNaN(Date.parse(session.lastActiveAt))).toBe(false);
    const tokens = await h.deps.db.kysely.selectFrom("session").select("token").execute();
    const text = JSON.stringify(sessions);
    for (const { token } of tokens) expect(text).not.toContain(token);
    // Better Auth's own list answers the tokens: not served.
    const theirList = await mine.get("/api/auth/list-sessions");
    expect(theirList.status).toBe(404);
    const theirText = await theirList.text();
    for (const { token } of tokens) expect(theirText).not.toContain(token);

    const out = await mine.post("/api/user/sessions/sign-out-others");
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ signedOut: 2 });
    expect((await theirs.get("/api/auth/user")).status).toBe(401);
    expect((await mine.get("/api/auth/user")).status).toBe(200);
    const after = (await (await mine.get("/api/user/sessions")).json()) as { sessions: unknown[] };
    expect(after.sessions).toHaveLength(1);
    expect((await h.client().get("/api/user/sessions")).status).toBe(401);
    expect((await h.client().post("/api/user/sessions/sign-out-others")).status).toBe(401);
  });
});

describe("each authenticator code works once", () => {
  it("refuses a code that already signed someone in, per user and time step", async () => {
    const { client, email, password } = await signUpVerified(h);
    const { secret, usedCode } = await enrolTwoFactor(client, password);

    // The code that confirmed enrolment cannot finish a sign-in.
    const first = await signIn(email, password);
    expect(await first.response.json()).toMatchObject({ twoFactorRedirect: true });
    const replayed = await first.client.post("/api/auth/two-factor/verify-totp", { code: usedCode });
    expect(replayed.status).toBe(401);
    expect((await first.client.get("/api/auth/user")).status).toBe(401);

    // A code of another step works, once: two sign-ins racing with it, one wins.
    const fresh = totp(secret, Date.now() + 30_000);
    const [a, b] = await Promise.all([signIn(email, password), signIn(email, password)]);
    const results = await Promise.all([
      a.client.post("/api/auth/two-factor/verify-totp", { code: fresh }),
      b.client.post("/api/auth/two-factor/verify-totp", { code: fresh }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);

    // Nor does an earlier step's code, never used, once a later one was (RFC 6238 §5.2).
    const earlier = await signIn(email, password);
    const older = await earlier.client.post("/api/auth/two-factor/verify-totp", {
      code: totp(secret, Date.now() - 30_000),
    });
    expect(older.status).toBe(401);
    expect((await earlier.client.get("/api/auth/user")).status).toBe(401);

    // Nor can a used code turn two-factor off.
    const disable = await client.post("/api/user/two-factor/disable", { code: fresh });
    expect(disable.status).toBe(400);
    expect(await twoFactorEnabled(client)).toBe(true);
  });
});

describe("locks and counters belong to their own account", () => {
  it("lifts the sign-in lock when the owner resets the password", async () => {
    const { email } = await signUpVerified(h);
    await lockSignIn(email);
    expect((await signIn(email, "correct horse", fromNewAddress())).response.status).toBe(429);

    const before = h.smtp.messages.length;
    const request = await h.client().post("/api/auth/request-password-reset", { email, redirectTo: "/auth" });
    expect(request.status).toBe(200);
    const mail = await h.smtp.waitFor(email, before);
    const token = new URL(firstLink(mail.text)).pathname.split("/").pop() ?? "";
    const reset = await h
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "the owner's new one" });
    expect(reset.status).toBe(200);

    expect((await signIn(email, "the owner's new one")).response.status).toBe(200);
  });

  it("deleting an account leaves the counters of a look-alike email alone", async () => {
    const deleted = await signUpVerified(h);
    const victim = await signUpVerified(h, `alice-${deleted.email}`);
    await lockSignIn(victim.email);
    // The deleted user has counters of their own (a sign-in lock, an export).
    await lockSignIn(deleted.email);
    expect((await deleted.client.post("/api/user/export")).status).toBe(200);

    const gone = await deleted.client.request("/api/user", {
      method: "DELETE",
      json: { confirmEmail: deleted.email, password: deleted.password },
    });
    expect(gone.status).toBe(200);

    expect((await signIn(victim.email, victim.password, fromNewAddress())).response.status).toBe(429);
    const keys = (await h.deps.db.kysely.selectFrom("rate_limit").select("key").execute()).map((r) => r.key);
    expect(
      keys.filter((key) => key.endsWith(`:${deleted.email}`) || key.endsWith(`:${deleted.userId}`)),
    ).toEqual([]);
    expect(keys).toContain(`email:/api/auth/sign-in/email:${victim.email}`);
  });

  it("deleting an account leaves a look-alike email's pending verifications alone", async () => {
    const deleted = await signUpVerified(h);
    const victim = `ab${deleted.email}`;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const row = (identifier: string, email: string) => ({
      id: crypto.randomUUID(),
      identifier,
      value: JSON.stringify({ email, providerId: "google", binding: "b" }),
      expiresAt: later,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    await h.deps.db.kysely
      .insertInto("verification")
      .values([
        row("social-pending:victim", victim),
        row(victim, victim),
        row("social-pending:own", deleted.email.toUpperCase()),
        row(deleted.email, deleted.email),
      ] as never)
      .execute();

    const gone = await deleted.client.request("/api/user", {
      method: "DELETE",
      json: { confirmEmail: deleted.email, password: deleted.password },
    });
    expect(gone.status).toBe(200);
    const left = (await h.deps.db.kysely.selectFrom("verification").select("identifier").execute()).map(
      (r) => r.identifier,
    );
    expect(left).toEqual(expect.arrayContaining(["social-pending:victim", victim]));
    expect(left).not.toContain("social-pending:own");
    expect(left).not.toContain(deleted.email);
  });
});

describe("names hold no control characters", () => {
  it("strips them from the sign-in sync and refuses them in the profile form", async () => {
    const { client, userId, email } = await signUpVerified(h);
    const synced = await client.post("/api/auth/sync-user", {
      userId,
      email,
      firstName: "Ma\u0007llory\u202E",
      lastName: "O\u0085Neil\u001b[31m",
    });
    expect(synced.status).toBe(200);
    const me = (await (await client.get("/api/auth/user")).json()) as {
      user_metadata: { first_name: string; last_name: string };
    };
    expect(me.user_metadata).toEqual({ first_name: "Mallory", last_name: "ONeil[31m" });

    for (const name of [
      "Eve\u202Egnp.exe",
      "Tab\u0009bed",
      "Next\u0085Line",
      "Line\u2028Break",
      // Invisible: a zero-width space, a byte-order mark, a tag character, a Hangul filler alone.
      "Zero\u200Bwidth",
      "Bo\uFEFFm",
      "Tag\u{E0041}",
      "\u3164",
    ]) {
      const refused = await client.put("/api/user/profile", { firstName: name, lastName: "Doe" });
      expect(refused.status, JSON.stringify(name)).toBe(400);
    }
    // Joiners are part of real names and stay.
    const persian = "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645";
    const saved = await client.put("/api/user/profile", { firstName: persian, lastName: "Doe" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ user_metadata: { first_name: persian } });
  });
});

describe("the data export", () => {
  it("is a POST under the cross-site rules, never a GET a link can start", async () => {
    const { client } = await signUpVerified(h);
    expect((await client.get("/api/user/export")).status).toBe(404);
    const foreign = await client.post("/api/user/export", undefined, { origin: EVIL });
    expect(foreign.status).toBe(403);
    const crossSite = await client.request("/api/user/export", {
      method: "POST",
      headers: { origin: "", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const mine = await client.post("/api/user/export");
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("application/zip");
  });

  it("streams: files are read as the download reaches them, not gathered in memory first", async () => {
    const { client, userId } = await signUpVerified(h);
    const original = [randomBytes(1_500_000), randomBytes(1_500_000), randomBytes(1_500_000)];
    const ids: number[] = [];
    for (const [index, content] of original.entries()) {
      const row = await h.deps.db.kysely
        .insertInto("resume")
        .values({
          user_id: userId,
          filename: `cv-${index}.pdf`,
          mime: "application/pdf",
          size_bytes: content.length,
          sha256: "0".repeat(64),
          text: `resume ${index}`,
          parsed_json: null,
          content,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }

    const response = await client.post("/api/user/export");
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    if (first.value) chunks.push(first.value);
    // The download has begun; the last file has not been read yet, so a change made now shows.
    const replaced = randomBytes(1_000_000);
    await h.deps.db.kysely
      .updateTable("resume")
      .set({ content: replaced })
      .where("id", "=", ids[2] ?? 0)
      .execute();
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
    }
    const archive = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      archive.set(chunk, offset);
      offset += chunk.length;
    }
    // Many small pieces, not one buffer of the whole archive.
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(1_000_000);
    const entries = unzipSync(archive);
    expect(
      Buffer.from(entries[`resumes/${ids[0]}-cv-0.pdf`] ?? []).equals(original[0] ?? Buffer.alloc(0)),
    ).toBe(true);
    expect(Buffer.from(entries[`resumes/${ids[2]}-cv-2.pdf`] ?? []).equals(replaced)).toBe(true);
    const resumes = JSON.parse(Buffer.from(entries["resumes.json"] ?? []).toString("utf8")) as {
      id: number;
    }[];
    expect(resumes.map((resume) => resume.id)).toEqual(ids);
  });
});

describe("deleting an account takes the owner, not just their session cookie", () => {
  async function del(client: TestClient, json: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await client.request("/api/user", { method: "DELETE", json, headers });
    const body = (await response.json()) as { error?: { message?: string } };
    return { status: response.status, message: body.error?.message };
  }
  async function userExists(userId: string) {
    const row = await h.deps.db.kysely
      .selectFrom("user")
      .select("id")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  it("asks for the password and, with two-factor on, a current code", async () => {
    const { client, email, password, userId } = await signUpVerified(h);
    const { secret } = await enrolTwoFactor(client, password);
    // The probe: the email alone, from another address, used to erase a 2FA-protected account.
    expect(await del(client, { confirmEmail: email }, fromNewAddress())).toEqual({
      status: 400,
      message: "Enter your password to delete your account.",
    });
    expect(await del(client, { confirmEmail: email, password: "a guess" }, fromNewAddress())).toMatchObject({
      status: 400,
      message: "Enter a code from your authenticator app or a backup code.",
    });
    const code = totp(secret, Date.now() + 30_000);
    expect(await del(client, { confirmEmail: email, password: "a guess", code }, fromNewAddress())).toEqual({
      status: 400,
      message: "That password is not correct.",
    });
    expect(await del(client, { confirmEmail: email, password }, fromNewAddress())).toMatchObject({
      status: 400,
      message: "Enter a code from your authenticator app or a backup code.",
    });
    expect(
      await del(client, { confirmEmail: email, password, code: "000000" }, fromNewAddress()),
    ).toMatchObject({ status: 400, message: expect.stringMatching(/^That code is not valid/) });
    expect(await userExists(userId)).toBe(true);

    expect((await del(client, { confirmEmail: email, password, code })).status).toBe(200);
    expect(await userExists(userId)).toBe(false);
  });

  it("draws on the account's password budget, shared with the other password checks", async () => {
    const { client, email, password, userId } = await signUpVerified(h);
    for (let i = 0; i < 4; i++) {
      const wrong = await del(client, { confirmEmail: email, password: `guess ${i}` }, fromNewAddress());
      expect(wrong.status).toBe(400);
    }
    expect((await client.post("/api/auth/verify-password", { password: "guess 5" })).status).toBe(400);
    const spent = await del(client, { confirmEmail: email, password }, fromNewAddress());
    expect(spent.status).toBe(429);
    expect(spent.message).toMatch(/^Too many password attempts/);
    expect(await userExists(userId)).toBe(true);
  });

  it("asks an account without a password to have signed in within the last minutes", async () => {
    const { client, email, userId } = await signUpVerified(h);
    // A social-only account: no credential row.
    await h.deps.db.kysely
      .deleteFrom("account")
      .where("userId", "=", userId)
      .where("providerId", "=", "credential")
      .execute();
    h.setNow(new Date(Date.now() + 11 * 60_000));
    try {
      const stale = await del(client, { confirmEmail: email, password: "anything" });
      expect(stale).toEqual({
        status: 403,
        message:
          "For your security, please sign out and sign in again, then delete your account within 10 minutes.",
      });
      expect(await userExists(userId)).toBe(true);
    } finally {
      h.setNow(null);
    }
    // The session is minutes old (the verification link signed this browser in).
    expect((await del(client, { confirmEmail: email })).status).toBe(200);
    expect(await userExists(userId)).toBe(false);
  });
});

describe("one account's failures never lock another account or its owner", () => {
  it("keeps the per-address code budget per account", async () => {
    const office = { "x-forwarded-for": "203.0.113.77" };
    const alice = await signUpVerified(h);
    await enrolTwoFactor(alice.client, alice.password);
    const bob = await signUpVerified(h);
    const { secret: bobSecret } = await enrolTwoFactor(bob.client, bob.password);

    // Alice (or someone with her password) mistypes ten codes from the office address, and someone
    // sends codes with no sign-in at all.
    const { client: aliceSignIn } = await signIn(alice.email, alice.password, office);
    for (let i = 0; i < 10; i++) {
      const wrong = await aliceSignIn.post("/api/auth/two-factor/verify-totp", { code: "000000" }, office);
      // 401, then 400 once Better Auth gives up on the challenge; never our 429 before the tenth.
      expect([400, 401]).toContain(wrong.status);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const anonymous = await h.client().post("/api/auth/two-factor/verify-totp", { code: "000000" }, office);
      statuses.push(anonymous.status);
    }
    expect(statuses.at(-1)).toBe(429);

    // Bob signs in from the same address with the right code.
    const { client: bobSignIn, response } = await signIn(bob.email, bob.password, office);
    expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
    const code = totp(bobSecret, Date.now() + 30_000);
    const verified = await bobSignIn.post("/api/auth/two-factor/verify-totp", { code }, office);
    expect(verified.status).toBe(200);
    expect((await bobSignIn.get("/api/auth/user")).status).toBe(200);
  });

  it("counts only failed sign-ins, and a success clears the count", async () => {
    const { email, password } = await signUpVerified(h);
    // Many correct sign-ins in a row (several tabs, a script, a shared computer): all succeed.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(email, password, fromNewAddress())).response.status).toBe(200);
    }
    // Seven mistakes, a success, seven more: the success cleared the first seven.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 7; i++) {
        expect((await signIn(email, `typo ${i}`, fromNewAddress())).response.status).toBe(401);
      }
      expect((await signIn(email, password, fromNewAddress())).response.status).toBe(200);
    }
  });

  it("a stranger's lock does not keep the owner out of a browser they signed in with before", async () => {
    const { email, password } = await signUpVerified(h);
    const owner = h.client();
    expect((await owner.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    await owner.post("/api/auth/sign-out");

    await lockSignIn(email);
    // A browser that never signed in to this account is locked out, whatever its address...
    expect((await signIn(email, password, fromNewAddress())).response.status).toBe(429);
    // ...and a forged or copied-from-elsewhere device cookie does not help.
    const forger = h.client();
    forger.cookies.set("resumelens.known_device", `${"A".repeat(22)}.${"B".repeat(22)}`);
    expect((await forger.post("/api/auth/sign-in/email", { email, password })).status).toBe(429);
    // The owner's browser is not.
    expect((await owner.post("/api/auth/sign-in/email", { email, password }, fromNewAddress())).status).toBe(
      200,
    );
  });

  it("a known browser still has a budget of its own", async () => {
    const { email, password } = await signUpVerified(h);
    const owner = h.client();
    expect((await owner.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    for (let i = 0; i < 8; i++) {
      const wrong = await owner.post(
        "/api/auth/sign-in/email",
        { email, password: `guess ${i}` },
        fromNewAddress(),
      );
      expect(wrong.status).toBe(401);
    }
    const spent = await owner.post("/api/auth/sign-in/email", { email, password }, fromNewAddress());
    expect(spent.status).toBe(429);
    // Spending it did not lock other browsers.
    expect((await signIn(email, password, fromNewAddress())).response.status).toBe(200);
  });
});

describe("Better Auth's own user endpoints keep the app's name rules", () => {
  it("does not serve update-user, which skipped them", async () => {
    const { client } = await signUpVerified(h);
    for (const body of [
      { name: "Ma\u0007llory\u202E\u2028" },
      { name: "x".repeat(10_000) },
      { image: "javascript:alert(1)" },
    ]) {
      const response = await client.post("/api/auth/update-user", body);
      expect(response.status).toBe(404);
    }
    const session = (await (await client.get("/api/auth/get-session")).json()) as {
      user: { name: string; image: string | null };
    };
    expect(session.user.name).toBe("");
    expect(session.user.image ?? null).toBeNull();
  });

  it("refuses such names and pictures at sign-up", async () => {
    for (const body of [
      { name: "Eve\u202Egnp.exe" },
      { name: "Bell\u0007" },
      { name: "Line\u2028Break" },
      { name: "x".repeat(81) },
      { name: "", image: "javascript:alert(1)" },
      { name: "", image: "data:text/html,<script>alert(1)</script>" },
    ]) {
      const response = await h.client().post("/api/auth/sign-up/email", {
        email: `names-${Math.random().toString(36).slice(2)}@example.com`,
        password: "correct horse",
        ...body,
      });
      expect(response.status).toBe(400);
    }
    const ok = await h.client().post("/api/auth/sign-up/email", {
      email: `names-${Math.random().toString(36).slice(2)}@example.com`,
      password: "correct horse",
      name: "Ada Lovelace",
      image: "https://example.com/ada.png",
    });
    expect(ok.status).toBe(200);
  });
});
