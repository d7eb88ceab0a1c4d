import { TEST_CARDS, ZPaymentIntentResponse } from "@resumelens/contract";
import { strFromU8, unzipSync } from "fflate";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import { SAMPLE_JOB, SAMPLE_RESUME } from "../exports/test-fixtures.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

type ErrorBody = { error: { code: string; message: string } };

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

function del(client: TestClient, json: unknown) {
  return client.request("/api/user", { method: "DELETE", json });
}

/** A text resume whose text carries `marker`, and an analysis of it. */
async function resumeAndAnalysis(client: TestClient, marker: string) {
  const resume = await client.post("/api/create-text-resume", { content: `${SAMPLE_RESUME}\n${marker}\n` });
  expect(resume.status).toBe(200);
  const { id } = (await resume.json()) as { id: number };
  const analysis = await client.post("/api/analyze", { resumeId: id, jobDescription: SAMPLE_JOB });
  expect(analysis.status).toBe(200);
  return id;
}

async function payForLifetime(client: TestClient) {
  const intent = ZPaymentIntentResponse.parse(
    await (await client.post("/api/create-payment-intent", { amount: 10 })).json(),
  );
  const paymentIntentId = intent.clientSecret.split("_secret_")[0];
  const paid = await client.post("/api/test-payments/confirm", {
    paymentIntentId,
    cardNumber: TEST_CARDS.success,
    expiry: "12 / 34",
    cvc: "123",
  });
  expect(paid.status).toBe(200);
}

/** Every user table of the database, whatever the dialect. */
async function tableNames(): Promise<string[]> {
  const { db } = h.deps;
  const rows =
    db.kind === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  return rows.rows.map((row) => row.name);
}

/** Rows of every table (binary columns read as text too) that mention any of `needles`. */
async function rowsMentioning(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  const lowered = needles.map((needle) => needle.toLowerCase());
  for (const table of await tableNames()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      h.deps.db.kysely,
    );
    for (const row of rows) {
      const text = Object.values(row)
        .map((value) =>
          value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : JSON.stringify(value),
        )
        .join(" ")
        .toLowerCase();
      if (lowered.some((needle) => text.includes(needle))) found.push(`${table}: ${JSON.stringify(row)}`);
    }
  }
  return found;
}

async function countRows(table: string, column: string, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
    where ${sql.ref(column)} = ${userId}`.execute(h.deps.db.kysely);
  return Number(rows[0]?.n ?? 0);
}

describe("PUT /api/user/profile", () => {
  it("saves trimmed names, answers the updated user and clears a name sent empty", async () => {
    const { client } = await signUpVerified(h);
    const saved = await client.put("/api/user/profile", { firstName: "  Ada ", lastName: " Lovelace  " });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ user_metadata: { first_name: "Ada", last_name: "Lovelace" } });
    // Only spaces or tabs is a slip, not a way to clear: refused, and the saved name stays.
    for (const blank of ["   ", "\t", " \u3000 "]) {
      const refused = await client.put("/api/user/profile", { firstName: "Ada", lastName: blank });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe(
        "A name cannot be only spaces. Leave it empty to remove it.",
      );
    }
    expect(await (await client.get("/api/auth/user")).json()).toMatchObject({
      user_metadata: { first_name: "Ada", last_name: "Lovelace" },
    });
    const cleared = await client.put("/api/user/profile", { firstName: "Ada", lastName: "" });
    expect(await cleared.json()).toMatchObject({ user_metadata: { first_name: "Ada", last_name: null } });
    expect(await (await client.get("/api/auth/user")).json()).toMatchObject({
      user_metadata: { first_name: "Ada", last_name: null },
    });
  });

  it("refuses names over the limit, control characters and missing fields, changing nothing", async () => {
    const { client } = await signUpVerified(h);
    await client.put("/api/user/profile", { firstName: "Grace", lastName: "Hopper" });
    const tooLong = await client.put("/api/user/profile", { firstName: "a".repeat(81), lastName: "x" });
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toBe("Names are limited to 80 characters.");
    const exactly = await client.put("/api/user/profile", { firstName: "a".repeat(80), lastName: "Hopper" });
    expect(exactly.status).toBe(200);
    const control = await client.put("/api/user/profile", { firstName: "Gr\u0007ace", lastName: "Hopper" });
    expect(control.status).toBe(400);
    expect((await errorOf(control)).message).toBe("Names cannot contain control characters.");
    const newline = await client.put("/api/user/profile", { firstName: "Grace", lastName: "Hop\nper" });
    expect(newline.status).toBe(400);
    expect((await client.put("/api/user/profile", { firstName: "Grace" })).status).toBe(400);
    expect(await (await client.get("/api/auth/user")).json()).toMatchObject({
      user_metadata: { first_name: "a".repeat(80), last_name: "Hopper" },
    });
  });

  it("requires a session", async () => {
    const response = await h.client().put("/api/user/profile", { firstName: "A", lastName: "B" });
    expect(response.status).toBe(401);
  });
});

describe("GET and PUT /api/user/preferences", () => {
  it("defaults to email notifications on, then stores the choice per user", async () => {
    const alice = await signUpVerified(h);
    const bob = await signUpVerified(h);
    expect(await (await alice.client.get("/api/user/preferences")).json()).toEqual({
      emailNotifications: true,
    });
    const off = await alice.client.put("/api/user/preferences", { emailNotifications: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ emailNotifications: false });
    expect(await (await alice.client.get("/api/user/preferences")).json()).toEqual({
      emailNotifications: false,
    });
    expect(await (await bob.client.get("/api/user/preferences")).json()).toEqual({
      emailNotifications: true,
    });
  });

  it("validates the payload and requires a session", async () => {
    const { client } = await signUpVerified(h);
    expect((await client.put("/api/user/preferences", { emailNotifications: "no" })).status).toBe(400);
    expect((await h.client().get("/api/user/preferences")).status).toBe(401);
    expect((await h.client().put("/api/user/preferences", { emailNotifications: true })).status).toBe(401);
  });
});

describe("DELETE /api/user", () => {
  it("refuses a confirmation that is not the account's email, and requires a session", async () => {
    const alice = await signUpVerified(h);
    const bob = await signUpVerified(h);
    const wrong = await del(alice.client, { confirmEmail: bob.email });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe("The email you typed does not match your account's email.");
    const empty = await del(alice.client, { confirmEmail: "  " });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe("Type your email address to confirm.");
    expect((await del(h.client(), { confirmEmail: alice.email })).status).toBe(401);
    expect((await alice.client.get("/api/auth/user")).status).toBe(200);
    expect(await countRows("user", "id", alice.userId)).toBe(1);
  });

  it("erases every row of the user, keeps an anonymous payment record and leaves other users alone", async () => {
    const a = await signUpVerified(h);
    const b = await signUpVerified(h);
    await a.client.put("/api/user/profile", { firstName: "Alpha", lastName: "Tester" });
    await resumeAndAnalysis(a.client, "ALPHA-PRIVATE-MARKER");
    await payForLifetime(a.client);
    await h.deps.db.kysely
      .insertInto("linkedin_profile")
      .values({ user_id: a.userId, source: "profile-pdf", profile_json: '{"name":"Alpha"}' })
      .execute();
    // A second session (another browser) and a pending two-factor enrolment.
    const second = h.client();
    expect(
      (await second.post("/api/auth/sign-in/email", { email: a.email, password: a.password })).status,
    ).toBe(200);
    expect((await a.client.post("/api/auth/two-factor/enable", { password: a.password })).status).toBe(200);
    expect(await countRows("session", "userId", a.userId)).toBeGreaterThanOrEqual(2);

    await b.client.put("/api/user/profile", { firstName: "Bravo", lastName: "Keeper" });
    await resumeAndAnalysis(b.client, "BRAVO-PRIVATE-MARKER");
    const bBefore = {
      resumes: await countRows("resume", "user_id", b.userId),
      analyses: await countRows("analysis", "user_id", b.userId),
      sessions: await countRows("session", "userId", b.userId),
    };
    expect((await rowsMentioning([a.userId, a.email])).length).toBeGreaterThan(0);
    const archivedBefore = await h.deps.db.kysely.selectFrom("payment_archive").selectAll().execute();

    const response = await del(a.client, {
      confirmEmail: `  ${a.email.toUpperCase()} `,
      password: a.password,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(response.headers.getSetCookie().some((cookie) => /session_token=;/.test(cookie))).toBe(true);

    expect(await rowsMentioning([a.userId, a.email, "ALPHA-PRIVATE-MARKER"])).toEqual([]);
    expect((await a.client.get("/api/auth/user")).status).toBe(401);
    expect((await second.get("/api/auth/user")).status).toBe(401);
    const signIn = await h.client().post("/api/auth/sign-in/email", { email: a.email, password: a.password });
    expect(signIn.status).toBe(401);

    const archived = await h.deps.db.kysely.selectFrom("payment_archive").selectAll().execute();
    expect(archived.length).toBe(archivedBefore.length + 1);
    const kept = archived.find((row) => !archivedBefore.some((before) => before.id === row.id));
    expect(kept).toMatchObject({ amount_cents: 1000, currency: "usd", product: expect.any(String) });
    expect(kept?.receipt_number).toBeTruthy();
    expect(Object.keys(kept ?? {}).sort()).toEqual(
      [
        "amount_cents",
        "archived_at",
        "currency",
        "id",
        "paid_at",
        "product",
        "provider",
        "receipt_number",
      ].sort(),
    );

    expect(await countRows("resume", "user_id", b.userId)).toBe(bBefore.resumes);
    expect(await countRows("analysis", "user_id", b.userId)).toBe(bBefore.analyses);
    expect(await countRows("session", "userId", b.userId)).toBe(bBefore.sessions);
    const bMe = await b.client.get("/api/auth/user");
    expect(bMe.status).toBe(200);
    expect(await bMe.json()).toMatchObject({ email: b.email, user_metadata: { first_name: "Bravo" } });
  });
});

describe("POST /api/user/export", () => {
  it("is a ZIP of the caller's data only, without secrets", async () => {
    const a = await signUpVerified(h);
    const b = await signUpVerified(h);
    await a.client.put("/api/user/profile", { firstName: "Alpha", lastName: "Exporter" });
    const resumeId = await resumeAndAnalysis(a.client, "ALPHA-EXPORT-MARKER");
    await payForLifetime(a.client);
    await a.client.post("/api/auth/two-factor/enable", { password: a.password });
    await resumeAndAnalysis(b.client, "BRAVO-EXPORT-MARKER");
    await b.client.put("/api/user/profile", { firstName: "Bravo", lastName: "Other" });

    const stored = await h.deps.db.kysely
      .selectFrom("analysis")
      .select("result_json")
      .where("user_id", "=", a.userId)
      .executeTakeFirstOrThrow();

    h.setNow(new Date("2026-05-04T10:00:00Z"));
    const parse = vi.spyOn(JSON, "parse");
    let response: Response;
    let bytes: Uint8Array;
    try {
      response = await a.client.post("/api/user/export");
      bytes = new Uint8Array(await response.arrayBuffer());
      // Stored results are written into the export as stored, never parsed on the request thread.
      expect(parse.mock.calls.some(([input]) => input === stored.result_json)).toBe(false);
    } finally {
      parse.mockRestore();
      h.setNow(null);
    }
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="resumelens-data-2026-05-04.zip"',
    );
    const entries = unzipSync(bytes);
    const names = Object.keys(entries).sort();
    expect(names).toEqual(
      [
        "account.json",
        "analyses.json",
        "linkedin.json",
        "payments.json",
        "resumes.json",
        `resumes/${resumeId}-Text Resume.txt`,
      ].sort(),
    );
    const read = (name: string) => JSON.parse(strFromU8(entries[name] as Uint8Array)) as unknown;
    expect(read("account.json")).toMatchObject({
      user: { id: a.userId, email: a.email, emailVerified: true },
      profile: { firstName: "Alpha", lastName: "Exporter", emailNotifications: true },
      plan: { plan: "lifetime" },
      providers: [{ providerId: "credential" }],
    });
    expect(read("resumes.json")).toMatchObject([
      { id: resumeId, text: expect.stringContaining("ALPHA-EXPORT-MARKER") },
    ]);
    expect(read("analyses.json")).toEqual([
      expect.objectContaining({
        resumeId,
        jobDescription: SAMPLE_JOB.trim(),
        result: JSON.parse(stored.result_json),
      }),
    ]);
    expect(read("payments.json")).toMatchObject([{ status: "succeeded", amountCents: 1000 }]);
    expect(read("linkedin.json")).toBeNull();
    expect(strFromU8(entries[`resumes/${resumeId}-Text Resume.txt`] as Uint8Array)).toContain(
      "ALPHA-EXPORT-MARKER",
    );

    const everything = names.map((name) => strFromU8(entries[name] as Uint8Array)).join("\n");
    for (const foreign of [b.userId, b.email, "BRAVO-EXPORT-MARKER", "Bravo"]) {
      expect(everything).not.toContain(foreign);
    }
    // Secrets never leave: no password hash, session token, TOTP secret, backup codes or client secret.
    const secrets = await h.deps.db.kysely
      .selectFrom("twoFactor")
      .select(["secret", "backupCodes"])
      .where("userId", "=", a.userId)
      .executeTakeFirstOrThrow();
    const { rows: credential } = await sql<{ password: string }>`select password from account
      where ${sql.ref("userId")} = ${a.userId} and ${sql.ref("providerId")} = 'credential'`.execute(
      h.deps.db.kysely,
    );
    const tokens = await h.deps.db.kysely
      .selectFrom("session")
      .select("token")
      .where("userId", "=", a.userId)
      .execute();
    for (const secret of [
      secrets.secret,
      secrets.backupCodes,
      credential[0]?.password ?? "",
      ...tokens.map((t) => t.token),
    ]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/_secret_|password|"token"/i);
  });

  it("requires a session and is rate limited", async () => {
    expect((await h.client().post("/api/user/export")).status).toBe(401);
    const { client } = await signUpVerified(h);
    for (let i = 0; i < 5; i++) expect((await client.post("/api/user/export")).status).toBe(200);
    const limited = await client.post("/api/user/export");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});
