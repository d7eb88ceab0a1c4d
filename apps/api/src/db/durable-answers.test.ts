import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified } from "../../test/harness.ts";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../app.ts";

/*
 * The HTTP side of durability (db/sqlite-durability.ts): an answer to a request that wrote waits
 * for Db.durable(), so nothing is acknowledged before it is on disk.
 */

const RESUME = `Jordan Doe
jordan.doe@example.com | +1 555 123 4567

EXPERIENCE
Software Engineer, Acme Corp, 2020 - Present
Built REST APIs in Node.js and PostgreSQL.

SKILLS
TypeScript, Node.js, PostgreSQL`;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

it("answers a write only after the database says it is durable", async () => {
  const { client } = await signUpVerified(h);
  const realDurable = h.deps.db.durable;
  let release: () => void = () => {};
  let waiting = 0;
  h.deps.db.durable = () => {
    waiting++;
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  try {
    let answered = false;
    const pending = client.post("/api/create-text-resume", { content: RESUME }).then((response) => {
      answered = true;
      return response;
    });
    const deadline = Date.now() + 30_000;
    while (waiting === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(waiting).toBe(1);
    expect(answered).toBe(false);
    release();
    expect((await pending).status).toBe(200);
  } finally {
    h.deps.db.durable = realDurable;
  }
});

it("answers 503 (health included) once the database cannot sync, instead of acknowledging anything", async () => {
  const { client } = await signUpVerified(h);
  const realDurable = h.deps.db.durable;
  h.deps.db.durable = () => Promise.reject(new Error("The database could not be synced to disk (EIO)"));
  try {
    const write = await client.post("/api/create-text-resume", { content: RESUME });
    expect(write.status).toBe(503);
    expect(((await write.json()) as { error: { message: string } }).error.message).toBe(
      DATABASE_UNAVAILABLE_MESSAGE,
    );
    expect((await client.get("/api/user/analyses")).status).toBe(503);
    expect((await h.client().get("/api/health")).status).toBe(503);
  } finally {
    h.deps.db.durable = realDurable;
  }
  expect((await h.client().get("/api/health")).status).toBe(200);
});

it("opens a file database with WAL syncs off the request thread when DATABASE_URL is a path", async () => {
  const file = await createHarness({ DATABASE_URL: path.join(h.dataDir, "file.db") });
  try {
    const { client } = await signUpVerified(file);
    const created = await client.post("/api/create-text-resume", { content: RESUME });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: number };
    expect((await client.get(`/api/resumes/${id}`)).status).toBe(200);
  } finally {
    await file.close();
  }
});
