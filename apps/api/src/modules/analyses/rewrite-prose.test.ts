import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { type TStoredAnalysis, ZStoredAnalysis } from "@resumelens/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JOB } from "../../../test/fixtures/job-posting.ts";
import { RESUME } from "../../../test/fixtures/resume-text.ts";
import {
  createHarness,
  createTextResume,
  type Harness,
  signUpVerified,
  type TestClient,
} from "../../../test/harness.ts";
import { EnvError, loadEnv } from "../../env.ts";
import { documentPool } from "../documents/pool.ts";
import { llmSettings } from "./rewrite-prose.ts";

/*
 * The optional LLM step of an analysis against a local OpenAI-compatible stand-in: a real HTTP
 * server answering POST /v1/chat/completions as the model would. Nothing of ours is mocked: the
 * app, its database, the worker pool, the HTTP completer and the fact check all run for real.
 */

const MODEL = "stand-in-model";
/** The least environment loadEnv accepts in tests. */
const ENV = { NODE_ENV: "test", DATA_DIR: tmpdir(), AUTH_SECRET: "x".repeat(32) };
/** Every analysis here runs at this instant, so the engine gives the same result each time. */
const NOW = new Date("2026-06-15T12:00:00Z");

type ChatBody = { model: string; messages: { role: string; content: string }[] };
type Recommendation = { index: number; title: string; description: string };

/** What the stand-in does with the next requests. */
type Behaviour = "reword-first" | "add-a-number" | "hang";

let server: Server;
let standInUrl: string;
let behaviour: Behaviour = "reword-first";
let received: ChatBody[] = [];
const hanging = new Set<ServerResponse>();

const REWORDED_PREFIX = "Put simply: ";

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
    res.writeHead(404).end();
    return;
  }
  let text = "";
  for await (const chunk of req) text += chunk;
  const body = JSON.parse(text) as ChatBody;
  received.push(body);
  if (behaviour === "hang") {
    hanging.add(res);
    return;
  }
  const { recommendations } = JSON.parse(body.messages[1]?.content ?? "{}") as {
    recommendations: Recommendation[];
  };
  const first = recommendations[0];
  const rewrites =
    first === undefined
      ? []
      : behaviour === "reword-first"
        ? [{ index: first.index, description: `${REWORDED_PREFIX}${first.description}` }]
        : [{ index: first.index, description: `${first.description} Doing this raises your score by 25%.` }];
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: "chatcmpl-test",
      object: "chat.completion",
      model: body.model,
      choices: [
        {
          index: 0,
          finish_reason: "stop",
          message: { role: "assistant", content: JSON.stringify({ recommendations: rewrites }) },
        },
      ],
    }),
  );
}

let h: Harness;
/** What the engine alone gives for RESUME and JOB at NOW, through POST /api/analyze without an LLM. */
let baseline: TStoredAnalysis;

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  standInUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No LLM_* settings: POST /api/analyze is the engine alone.
  h = await createHarness();
  h.setNow(NOW);
  const { client } = await signUpVerified(h);
  const response = await client.post("/api/analyze", {
    resumeId: await createResume(client),
    jobDescription: JOB,
  });
  expect(response.status).toBe(200);
  baseline = ZStoredAnalysis.parse(await response.json());
}, 120_000);

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
  for (const harness of harnesses.values()) await (await harness).close();
});

beforeEach(() => {
  behaviour = "reword-first";
  received = [];
});

const createResume = (client: TestClient) => createTextResume(client, RESUME);

/** One app per LLM configuration (the settings are read from the environment at start-up). */
const harnesses = new Map<string, Promise<Harness>>();
function harnessWith(llm: Record<string, string>): Promise<Harness> {
  const key = JSON.stringify(llm);
  let harness = harnesses.get(key);
  if (!harness) {
    harness = createHarness(llm).then((created) => {
      created.setNow(NOW);
      return created;
    });
    harnesses.set(key, harness);
  }
  return harness;
}

/**
 * A new user's analysis of RESUME against JOB through POST /api/analyze, on an app started with
 * the given LLM_* settings, then read back through GET /api/analysis/:id.
 */
async function analyzeWith(llm: Record<string, string>): Promise<{ stored: TStoredAnalysis; ms: number }> {
  const app = await harnessWith(llm);
  const { client } = await signUpVerified(app);
  const resumeId = await createResume(client);
  const started = performance.now();
  const response = await client.post("/api/analyze", { resumeId, jobDescription: JOB });
  const ms = performance.now() - started;
  expect(response.status).toBe(200);
  const created = ZStoredAnalysis.parse(await response.json());
  const read = await client.get(`/api/analysis/${created.id}`);
  expect(read.status).toBe(200);
  const stored = ZStoredAnalysis.parse(await read.json());
  expect(stored).toEqual(created);
  return { stored, ms };
}

/** Everything an analysis says apart from its identity: what the engine decided. */
function findings(analysis: TStoredAnalysis) {
  const { id: _id, createdAt: _createdAt, resumeId: _resumeId, ...rest } = analysis;
  return rest;
}

/** The environment that points the app at the stand-in. */
const configured = (): Record<string, string> => ({
  LLM_BASE_URL: standInUrl,
  LLM_MODEL: MODEL,
  LLM_TIMEOUT_MS: "2000",
  LLM_BUDGET_MS: "4000",
});

describe("the analysis job with an LLM", () => {
  it("has recommendations to reword and none marked without an LLM", () => {
    expect(baseline.recommendations.length).toBeGreaterThanOrEqual(2);
    expect(baseline.recommendations.some((r) => "rewritten" in r)).toBe(false);
    expect(received).toEqual([]);
  });

  it("stores a faithful rewording, marked, and changes nothing else", async () => {
    const checksBefore = documentPool().jobs["rewrite-check"];
    const { stored } = await analyzeWith(configured());
    expect(received).toHaveLength(1);
    // The model's answer was read and fact-checked in the worker pool, not on the request thread.
    expect(documentPool().jobs["rewrite-check"]).toBe(checksBefore + 1);
    expect(received[0]?.model).toBe(MODEL);
    // The resume and the posting are not sent as such (only the recommendations, which quote them).
    expect(received[0]?.messages[1]?.content).not.toContain("jordan.doe@example.com");
    expect(received[0]?.messages[1]?.content).not.toContain("Brightline Health");

    const [first, ...rest] = stored.recommendations;
    const [engineFirst, ...engineRest] = baseline.recommendations;
    expect(first).toEqual({
      ...engineFirst,
      description: `${REWORDED_PREFIX}${engineFirst?.description}`,
      rewritten: true,
    });
    expect(rest).toEqual(engineRest);
    expect({ ...findings(stored), recommendations: [] }).toEqual({
      ...findings(baseline),
      recommendations: [],
    });
    // The score columns the history and the trend read are the engine's.
    const row = await (await harnessWith(configured())).deps.db.kysely
      .selectFrom("analysis")
      .select(["overall_score", "result_json"])
      .where("id", "=", stored.id)
      .executeTakeFirstOrThrow();
    expect(row.overall_score).toBe(baseline.overallScore);
    expect(JSON.parse(row.result_json).recommendations[0].rewritten).toBe(true);
  });

  it("keeps the engine's text when the rewording adds a fact", async () => {
    behaviour = "add-a-number";
    const { stored } = await analyzeWith(configured());
    expect(received).toHaveLength(1);
    expect(findings(stored)).toEqual(findings(baseline));
  });

  it("completes with the engine's text when the model is too slow", async () => {
    behaviour = "hang";
    const { stored, ms } = await analyzeWith({
      ...configured(),
      LLM_TIMEOUT_MS: "300",
      LLM_BUDGET_MS: "1000",
    });
    // Asked once, given up after the timeout, not asked again.
    expect(received).toHaveLength(1);
    expect(findings(stored)).toEqual(findings(baseline));
    // Without the timeout the stand-in would never answer and this would hang.
    expect(ms).toBeLessThan(20_000);
  });

  it("completes with the engine's text when the endpoint is down", async () => {
    const down = createServer();
    down.listen(0, "127.0.0.1");
    await once(down, "listening");
    const { port } = down.address() as AddressInfo;
    await new Promise((resolve) => down.close(resolve));

    const { stored } = await analyzeWith({ ...configured(), LLM_BASE_URL: `http://127.0.0.1:${port}` });
    expect(findings(stored)).toEqual(findings(baseline));
    expect(received).toEqual([]);
  });

  it("is the engine alone when no LLM is configured", async () => {
    const { stored } = await analyzeWith({});
    expect(received).toEqual([]);
    expect(findings(stored)).toEqual(findings(baseline));
  });
});

describe("LLM settings", () => {
  it("are off without LLM_BASE_URL, with the timeout and budget defaults", () => {
    const env = loadEnv(ENV);
    expect(llmSettings(env)).toBeNull();
    expect([env.LLM_TIMEOUT_MS, env.LLM_BUDGET_MS]).toEqual([8000, 12_000]);
  });

  it("carry the endpoint, model, key and limits", () => {
    const env = loadEnv({
      ...ENV,
      LLM_BASE_URL: "http://localhost:11434",
      LLM_MODEL: "llama3.2",
      LLM_API_KEY: "sk-local",
      LLM_TIMEOUT_MS: "5000",
      LLM_BUDGET_MS: "9000",
    });
    expect(llmSettings(env)).toEqual({
      baseUrl: "http://localhost:11434",
      model: "llama3.2",
      apiKey: "sk-local",
      timeoutMs: 5000,
      budgetMs: 9000,
    });
  });

  it("refuse an endpoint without a model, or one that is not http(s)", () => {
    const problems = (source: Record<string, string>) => {
      try {
        loadEnv({ ...ENV, ...source });
      } catch (error) {
        if (error instanceof EnvError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems({ LLM_BASE_URL: "http://localhost:11434" })).toEqual([
      expect.stringMatching(/^LLM_MODEL: is required with LLM_BASE_URL/),
    ]);
    expect(problems({ LLM_BASE_URL: "localhost:11434", LLM_MODEL: "m" })).toEqual([
      "LLM_BASE_URL: must be an http or https URL",
    ]);
    expect(problems({ LLM_BASE_URL: "http://x", LLM_MODEL: "m", LLM_TIMEOUT_MS: "0" })).toEqual([
      expect.stringMatching(/^LLM_TIMEOUT_MS:/),
    ]);
  });
});
