import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, type Harness, signUpVerified, TestClient, uniqueEmail } from "../../test/harness.ts";
import { startSmtp } from "../../test/smtp.ts";
import { createApp } from "../app.ts";
import type { AppDeps } from "../app-context.ts";
import { createDeps } from "../deps.ts";
import { loadEnv } from "../env.ts";
import { createLogger } from "./logger.ts";

/**
 * The logs are structured JSON lines with a request id, and carry nothing a user typed or holds:
 * no resume text, no password, no session or verification token. The app runs at debug level
 * with a capturing logger while a user signs up, signs in, uploads, pastes and analyzes.
 */

const fixture = (name: string) =>
  readFileSync(
    path.resolve(import.meta.dirname, "../../../../packages/engine/test/fixtures/software-engineer", name),
    "utf8",
  );
const resumeText = fixture("resume.txt");
const jobDescription = fixture("job.txt");

const lines: string[] = [];
let deps: AppDeps;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let dataDir: string;
let h: Harness;

beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = mkdtempSync(path.join(tmpdir(), "resumelens-logs-"));
  const env = loadEnv({
    NODE_ENV: "test",
    BASE_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: ":memory:",
    AUTH_SECRET: "logs-secret-logs-secret-logs-secret-0123456789",
    LOG_LEVEL: "debug",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    TRUST_PROXY: "true",
  });
  deps = await createDeps(env, { logger: createLogger("debug", (line) => lines.push(line)) });
  const app = createApp(deps);
  // What signUpVerified needs of a harness: a client factory and the SMTP server.
  h = { client: () => new TestClient(app, BASE_URL), smtp } as unknown as Harness;
});
afterAll(async () => {
  await deps?.db.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("logs", () => {
  it("are JSON lines with request ids and hold no resume text, password or token", async () => {
    const password = "log-secret-Pa55word!";
    const email = uniqueEmail("logs");
    const { client } = await signUpVerified(h, email, password);
    const verificationMail = smtp.messages.find((mail) => mail.to.includes(email));
    const verificationToken = /token=([^&\s"]+)/.exec(verificationMail?.text ?? "")?.[1];

    // A wrong password, then the right one: a fresh session whose token we know.
    expect(
      (await client.post("/api/auth/sign-in/email", { email, password: `${password}-wrong` })).status,
    ).toBe(401);
    expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    const sessionCookie = [...client.cookies.values()].join("; ");

    const pasted = await client.post("/api/create-text-resume", { content: resumeText });
    expect(pasted.status).toBe(200);
    const form = new FormData();
    form.append("resume", new Blob([resumeText], { type: "text/plain" }), "resume.txt");
    const upload = await client.request("/api/upload-resume", { method: "POST", body: form });
    expect(upload.status).toBe(200);
    const { id: resumeId } = (await upload.json()) as { id: number };
    const analyzed = await client.post("/api/analyze", { resumeId, jobDescription });
    expect(analyzed.status).toBe(200);
    expect((await client.get(`/api/resumes/${resumeId}`)).status).toBe(200);
    expect((await client.post("/api/create-text-resume", { content: "" })).status).toBe(400);
    const traced = await client.get("/api/user/analyses", { "x-request-id": "trace-me-123" });
    expect(traced.headers.get("x-request-id")).toBe("trace-me-123");

    expect(lines.length).toBeGreaterThan(8);
    const entries = lines.map((line) => {
      expect(line.endsWith("\n")).toBe(true);
      return JSON.parse(line) as Record<string, unknown>;
    });
    for (const entry of entries) {
      expect(typeof entry.time).toBe("string");
      expect(typeof entry.level).toBe("string");
      expect(typeof entry.message).toBe("string");
    }
    const requests = entries.filter((entry) => entry.message === "request");
    expect(requests.length).toBeGreaterThan(8);
    for (const entry of requests) expect(entry.requestId).toEqual(expect.any(String));
    expect(requests.some((entry) => entry.requestId === "trace-me-123")).toBe(true);

    const all = lines.join("");
    const secrets = [
      password,
      ...sessionCookie.split("; ").flatMap((pair) => {
        const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
        return [value, value.split(".")[0] ?? value];
      }),
      ...(verificationToken ? [verificationToken] : []),
      // Every distinctive line of the resume and the job description.
      ...`${resumeText}\n${jobDescription}`
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.length >= 24),
    ];
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(all, `logs contain ${secret.slice(0, 20)}…`).not.toContain(secret);
  });
});
