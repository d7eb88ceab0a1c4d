import { randomUUID } from "node:crypto";
import { LIMITS } from "@resumelens/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../test/harness.ts";
import { totp } from "../../test/totp.ts";
import { toBool } from "../db/database.ts";
import { migrateOurTables } from "../db/migrations.ts";
import { rateLimitKey } from "../lib/rate-limit.ts";
import { SIGN_INS } from "./auth-guard.ts";
import { USER_AGENT_MAX } from "./session-limits.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** The header the outside probe signed in with: 15 KB that made the old patterns backtrack. */
const HOSTILE_UA = "Android ".repeat(15_000 / 8);

async function signIn(email: string, password: string, userAgent = "Mozilla/5.0 Chrome/131.0") {
  const client = h.client();
  const response = await client.post(
    "/api/auth/sign-in/email",
    { email, password },
    { "user-agent": userAgent },
  );
  return { client, response };
}

async function sessionRows(userId: string) {
  return h.deps.db.kysely
    .selectFrom("session")
    .select(["id", sql<string | null>`"userAgent"`.as("userAgent")])
    .where("userId", "=", userId)
    .execute();
}

async function signedIn(client: TestClient): Promise<boolean> {
  return (await client.get("/api/auth/user")).status === 200;
}

/** Spends `count` of the account's sign-ins at once (the counter the session hook reads). */
async function spendSignIns(userId: string, count: number) {
  await h.deps.db.kysely
    .insertInto("rate_limit")
    .values({
      key: rateLimitKey(SIGN_INS.scope, userId),
      count,
      reset_at: Date.now() + SIGN_INS.rule.windowMs,
    })
    .onConflict((oc) => oc.column("key").doUpdateSet({ count }))
    .execute();
}

/**
 * Sessions written straight into the table, as an account could hold them before the limits, last
 * active from `from` on (a millisecond apart).
 */
async function insertSessions(userId: string, count: number, userAgent: string, from: number) {
  const [template] = await h.deps.db.kysely
    .selectFrom("session")
    .select(["expiresAt", sql<Date | string>`"createdAt"`.as("createdAt")])
    .where("userId", "=", userId)
    .execute();
  // The stored form of a date: a Date on PostgreSQL, ISO text on SQLite (as Better Auth writes it).
  const stamp = (date: Date) => (template?.createdAt instanceof Date ? date : date.toISOString());
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const at = new Date(from + i);
    await sql`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt", "ipAddress", "userAgent")
      values (${randomUUID()}, ${randomUUID()}, ${userId}, ${stamp(new Date(now + 86_400_000))}, ${stamp(at)}, ${stamp(at)}, ${"10.0.0.1"}, ${userAgent})`.execute(
      h.deps.db.kysely,
    );
  }
}

describe("sessions per account", () => {
  it(`keeps at most ${USER_AGENT_MAX} characters of a hostile User-Agent`, async () => {
    const { email, password, userId } = await signUpVerified(h);
    const { response } = await signIn(email, password, HOSTILE_UA);
    expect(response.status).toBe(200);
    const lengths = (await sessionRows(userId)).map((row) => row.userAgent?.length ?? 0);
    expect(Math.max(...lengths)).toBe(USER_AGENT_MAX);
  });

  it(`keeps the ${LIMITS.sessionsPerAccount} most recent sessions: a sign-in beyond signs out the oldest`, async () => {
    const { client: first, email, password, userId } = await signUpVerified(h);
    const browsers = [first];
    for (let i = 0; i < LIMITS.sessionsPerAccount + 4; i++) {
      const { client, response } = await signIn(email, password, HOSTILE_UA);
      expect(response.status).toBe(200);
      browsers.push(client);
    }
    expect(await sessionRows(userId)).toHaveLength(LIMITS.sessionsPerAccount);
    const stillIn = await Promise.all(browsers.map(signedIn));
    expect(stillIn).toEqual(browsers.map((_, i) => i >= browsers.length - LIMITS.sessionsPerAccount));

    const last = browsers.at(-1) as TestClient;
    const { sessions } = (await (await last.get("/api/user/sessions")).json()) as {
      sessions: { device: string; current: boolean }[];
    };
    expect(sessions).toHaveLength(LIMITS.sessionsPerAccount);
    expect(sessions[0]).toMatchObject({ current: true, device: "Android tablet" });
  });

  it(`refuses a sign-in past the hourly budget (${SIGN_INS.rule.limit}) with 429 and a message, and signs nobody out`, async () => {
    const { email, password, userId } = await signUpVerified(h); // the first sign-in
    for (let i = 1; i < SIGN_INS.rule.limit; i++) {
      expect((await signIn(email, password)).response.status).toBe(200);
    }
    const before = (await sessionRows(userId)).map((row) => row.id).sort();

    const { client, response } = await signIn(email, password);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(3_000);
    expect(await response.json()).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many sign-ins to this account. Please wait 60 minutes and try again.",
    });
    expect(await signedIn(client)).toBe(false);
    expect(before).toHaveLength(LIMITS.sessionsPerAccount);
    expect((await sessionRows(userId)).map((row) => row.id).sort()).toEqual(before);
    // A wrong password is answered as before: the budget tells a stranger nothing.
    expect((await signIn(email, "not the password")).response.status).toBe(401);
  });

  it("the sign-in after confirming an email spends the budget too", async () => {
    const email = `confirm-${Date.now()}@example.com`;
    const client = h.client();
    const before = h.smtp.messages.length;
    await client.post("/api/auth/sign-up/email", { email, password: "secret1", name: "" });
    const link = /https?:\/\/[^\s<>"]+/.exec((await h.smtp.waitFor(email, before)).text)?.[0] ?? "";
    const user = await h.deps.db.kysely
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await spendSignIns(user.id, SIGN_INS.rule.limit);

    const verify = await client.get(link);
    expect(verify.status).toBe(429);
    expect(await signedIn(client)).toBe(false);
    expect(await sessionRows(user.id)).toHaveLength(0);
    // The address is confirmed all the same (Better Auth marks it before making the session).
    const confirmed = await h.deps.db.kysely
      .selectFrom("user")
      .select("emailVerified")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(toBool(confirmed.emailVerified)).toBe(true);
  });

  it("a two-factor sign-in counts once, and the password alone signs nobody out", async () => {
    const { client, email, password, userId } = await signUpVerified(h);
    const enable = await client.post("/api/auth/two-factor/enable", { password });
    const secret =
      new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get("secret") ?? "";
    expect((await client.post("/api/auth/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);
    await insertSessions(
      userId,
      LIMITS.sessionsPerAccount,
      "Mozilla/5.0 Firefox/133.0",
      Date.now() - 3_600_000,
    );
    const full = (await sessionRows(userId)).map((row) => row.id);
    expect(full.length).toBeGreaterThan(LIMITS.sessionsPerAccount);
    await spendSignIns(userId, SIGN_INS.rule.limit - 1);

    // The password step: no session yet, nobody signed out.
    const { client: browser, response } = await signIn(email, password);
    expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await sessionRows(userId)).map((row) => row.id).sort()).toEqual([...full].sort());
    // The code: the last sign-in of the budget (the password step spent it), capped like any other.
    const code = totp(secret, Date.now() + 30_000);
    expect((await browser.post("/api/auth/two-factor/verify-totp", { code })).status).toBe(200);
    expect(await signedIn(browser)).toBe(true);
    expect(await sessionRows(userId)).toHaveLength(LIMITS.sessionsPerAccount);
    expect((await signIn(email, password)).response.status).toBe(429);
  });
});

describe("the sessions list", () => {
  it(`reads at most ${LIMITS.sessionsPerAccount} sessions, the caller's first, of an account that holds more`, async () => {
    const { client, userId } = await signUpVerified(h);
    // All more recently active than the caller's own.
    await insertSessions(userId, 150, HOSTILE_UA.slice(0, USER_AGENT_MAX), Date.now() + 1_000);
    const response = await client.get("/api/user/sessions");
    expect(response.status).toBe(200);
    const { sessions } = (await response.json()) as { sessions: { current: boolean; device: string }[] };
    expect(sessions).toHaveLength(LIMITS.sessionsPerAccount);
    expect(sessions[0]?.current).toBe(true);
    expect(
      sessions.slice(1).every((session) => !session.current && session.device === "Android tablet"),
    ).toBe(true);
  });

  it("cuts the User-Agents stored before the limit (migration 0009)", async () => {
    const { userId } = await signUpVerified(h);
    await insertSessions(userId, 2, HOSTILE_UA, Date.now() - 1_000);
    // As if the database were from before 0009: that migration runs again, alone.
    await sql`delete from app_migration where name = ${"0009_session_user_agent_cap"}`.execute(
      h.deps.db.kysely,
    );
    await migrateOurTables(h.deps.db.kysely as never, h.deps.db.kind);
    const lengths = (await sessionRows(userId)).map((row) => row.userAgent?.length ?? 0);
    expect(lengths).toHaveLength(3);
    expect(Math.max(...lengths)).toBe(USER_AGENT_MAX);
  });
});
