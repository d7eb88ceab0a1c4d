import { LIMITS, MESSAGES } from "@resumelens/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildResumeDocx } from "../../../test/fixtures/resume-docx.ts";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import { buildLinkedInExportZip } from "../../../test/linkedin-fixtures.ts";
import { withLyingEntry } from "../../../test/zip-bombs.ts";
import { parseExportZip } from "../linkedin/export-zip.ts";
import { REFUSAL_MESSAGES } from "./errors.ts";
import { DocumentPool, documentPool } from "./pool.ts";
import { DocumentRefused } from "./types.ts";

/*
 * Issue 14: one request must never freeze the server, and one user must not take it over. Files
 * that lie about their sizes are stopped by limits on the real inflated bytes, CPU work on untrusted
 * input runs in the worker pool, text per document is bounded, and a user's uploads are limited in
 * rate, storage and duplicates.
 */

const RESUME = `Jordan Doe
jordan.doe@example.com | +1 555 123 4567 | Portland, OR

EXPERIENCE
Senior Software Engineer, Acme Corp - Portland, OR
January 2020 - Present
• Led the migration of billing services to TypeScript, cutting incidents by 40%.

SKILLS
TypeScript, Node.js, PostgreSQL`;

const BOMB = REFUSAL_MESSAGES["archive-bomb"];
const MB = 1024 * 1024;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  h.setNow(null);
  await h.close();
});
afterEach(() => {
  h.setNow(null);
});

function upload(
  client: TestClient,
  bytes: Uint8Array,
  filename: string,
  field = "resume",
  path = "/api/upload-resume",
) {
  const form = new FormData();
  form.append(
    field,
    new File([bytes as Uint8Array<ArrayBuffer>], filename, { type: "application/octet-stream" }),
  );
  return client.request(path, { method: "POST", body: form });
}

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { error?: { message: string } };
  return { status: response.status, message: body.error?.message ?? "" };
}

async function resumeCount(userId: string): Promise<number> {
  const row = await h.deps.db.kysely
    .selectFrom("resume")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("archives that lie about their sizes", () => {
  it("refuses a LinkedIn export whose Profile.csv declares 100 bytes and inflates to 64 MB", async () => {
    const bomb = await withLyingEntry(buildLinkedInExportZip(), "Profile.csv", 64 * MB);
    // The pure reader stops on the real output, not on what the archive declares.
    expect(() => parseExportZip(bomb)).toThrow(expect.objectContaining({ reason: "archive-bomb" }));
    const { client } = await signUpVerified(h);
    const before = documentPool().jobs["linkedin-export"];
    expect(await errorOf(await upload(client, bomb, "export.zip", "file", "/api/linkedin/import"))).toEqual({
      status: 422,
      message: BOMB,
    });
    // Read in the worker pool, never on the request thread.
    expect(documentPool().jobs["linkedin-export"]).toBe(before + 1);
  });

  it("still imports an honest export through the pool", async () => {
    const { client } = await signUpVerified(h);
    const response = await upload(
      client,
      buildLinkedInExportZip(),
      "export.zip",
      "file",
      "/api/linkedin/import",
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe("Avery Quinn");
  });

  it("stops a DOCX whose document.xml declares 100 bytes and inflates to 64 MB by its own limit, not by killing the worker", async () => {
    const bomb = await withLyingEntry(await buildResumeDocx(), "word/document.xml", 64 * MB);
    const pool = new DocumentPool({ size: 1 });
    try {
      const error = await pool.run(bomb).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DocumentRefused);
      expect(error).toMatchObject({ reason: "archive-bomb" });
      // The same worker answers: the bomb never got near its heap limit.
      expect(pool.spawned).toBe(1);
    } finally {
      await pool.close();
    }
  });
});

describe("text per document is bounded", () => {
  it("refuses a text file of more than 1,000,000 characters as too large to process", async () => {
    const { client } = await signUpVerified(h);
    const huge = new TextEncoder().encode(`${RESUME}\n${"Built APIs in Go. ".repeat(70_000)}`);
    expect(await errorOf(await upload(client, huge, "resume.txt"))).toEqual({ status: 422, message: BOMB });
  });

  it("stores at most 100,000 characters of an uploaded document's text", async () => {
    const { client, userId } = await signUpVerified(h);
    const long = new TextEncoder().encode(
      `${RESUME}\n${"• Built APIs in Go and PostgreSQL.\n".repeat(8_000)}`,
    );
    const response = await upload(client, long, "resume.txt");
    expect(response.status).toBe(200);
    const row = await h.deps.db.kysely
      .selectFrom("resume")
      .select("text")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.text.length).toBeLessThanOrEqual(100_000);
    expect(row.text.startsWith("Jordan Doe")).toBe(true);
  });

  it("reads a text file padded with a million spaces as the resume inside it", async () => {
    const { client } = await signUpVerified(h);
    const padded = new TextEncoder().encode(`${RESUME}\n${" ".repeat(900_000)}\nEnd`);
    expect((await upload(client, padded, "resume.txt")).status).toBe(200);
  });
});

describe("pasted text", () => {
  it("is normalised and parsed in the worker pool", async () => {
    const { client } = await signUpVerified(h);
    const before = documentPool().jobs.text;
    const response = await client.post("/api/create-text-resume", { content: RESUME });
    expect(response.status).toBe(200);
    expect(documentPool().jobs.text).toBe(before + 1);
  });
});

describe("per-user limits", () => {
  it(`allows ${LIMITS.uploadsPerMinute} uploads and pastes a minute, then answers 429 until the minute is over`, async () => {
    const { client, userId } = await signUpVerified(h);
    const start = new Date("2031-03-01T10:00:00.000Z");
    h.setNow(start);
    for (let i = 0; i < LIMITS.uploadsPerMinute; i++) {
      const response = await client.post("/api/create-text-resume", { content: `${RESUME}\nRun ${i}` });
      expect(response.status, `paste ${i}`).toBe(200);
    }
    expect(
      await errorOf(await client.post("/api/create-text-resume", { content: `${RESUME}\nOne more` })),
    ).toEqual({
      status: 429,
      message: MESSAGES.uploadRateLimited,
    });
    expect(await errorOf(await upload(client, new TextEncoder().encode(RESUME), "resume.txt"))).toEqual({
      status: 429,
      message: MESSAGES.uploadRateLimited,
    });
    expect(await resumeCount(userId)).toBe(LIMITS.uploadsPerMinute);
    h.setNow(new Date(start.getTime() + 61_000));
    expect((await client.post("/api/create-text-resume", { content: `${RESUME}\nLater` })).status).toBe(200);
  });

  it("refuses to store past the user's storage quota, and stores nothing", async () => {
    const { client, userId } = await signUpVerified(h);
    // Resumes already stored, close to the quota.
    await h.deps.db.kysely
      .insertInto("resume")
      .values({
        user_id: userId,
        filename: "big.pdf",
        mime: "application/pdf",
        size_bytes: LIMITS.userStorageMaxBytes - 100,
        sha256: "0".repeat(64),
        text: "",
        parsed_json: null,
        content: Buffer.alloc(0),
      })
      .execute();
    expect(await errorOf(await client.post("/api/create-text-resume", { content: RESUME }))).toEqual({
      status: 403,
      message: MESSAGES.storageQuotaReached,
    });
    expect(await errorOf(await upload(client, new TextEncoder().encode(RESUME), "resume.txt"))).toEqual({
      status: 403,
      message: MESSAGES.storageQuotaReached,
    });
    expect(await resumeCount(userId)).toBe(1);
  });

  it("stores a double-clicked paste or upload once and answers both with the first resume", async () => {
    const { client, userId } = await signUpVerified(h);
    const pastes = await Promise.all([
      client.post("/api/create-text-resume", { content: RESUME }),
      client.post("/api/create-text-resume", { content: RESUME }),
    ]);
    const pasted = (await Promise.all(pastes.map((r) => r.json()))) as { id: number }[];
    expect(pastes.map((r) => r.status)).toEqual([200, 200]);
    expect(pasted[1]?.id).toBe(pasted[0]?.id);
    // The second click after the first has finished is the same resume too.
    const again = (await (await client.post("/api/create-text-resume", { content: RESUME })).json()) as {
      id: number;
    };
    expect(again.id).toBe(pasted[0]?.id);

    const file = new TextEncoder().encode(`${RESUME}\nUploaded`);
    const uploads = await Promise.all([
      upload(client, file, "resume.txt"),
      upload(client, file, "resume.txt"),
    ]);
    const uploaded = (await Promise.all(uploads.map((r) => r.json()))) as { id: number; filename: string }[];
    expect(uploaded[1]).toEqual(uploaded[0]);
    expect(await resumeCount(userId)).toBe(2);
    // A double click counts once against the upload rate.
    const counter = await h.deps.db.kysely
      .selectFrom("rate_limit")
      .select("count")
      .where("key", "=", `uploads:${userId}`)
      .executeTakeFirstOrThrow();
    expect(Number(counter.count)).toBe(2);
  });

  it("stores the same text again once the double-click window is over", async () => {
    const { client } = await signUpVerified(h);
    const start = new Date("2031-04-01T10:00:00.000Z");
    h.setNow(start);
    const first = (await (await client.post("/api/create-text-resume", { content: RESUME })).json()) as {
      id: number;
    };
    h.setNow(new Date(start.getTime() + 11_000));
    const second = (await (await client.post("/api/create-text-resume", { content: RESUME })).json()) as {
      id: number;
    };
    expect(second.id).not.toBe(first.id);
  });
});
