import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ZAnalysisResult } from "@resumelens/contract";
import { analyzeResume, engineData, enrichAnalysis } from "@resumelens/engine";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chatCompletionsUrl, createOpenAiCompleter } from "./llm.ts";

const API_KEY = "sk-test-0123456789";
const MODEL = "tiny-test-model";

type Mode = "ok" | "error-500" | "not-json" | "hang" | "empty-choices";
type ChatRequest = {
  model: string;
  messages: { role: string; content: string }[];
  max_tokens: number;
  temperature: number;
  response_format: { type: string };
};

/**
 * A small OpenAI-compatible server: checks the key and the request shape like a real one would,
 * answers with whatever `answer` builds from the request, or fails the way `mode` says.
 */
let server: Server;
let baseUrl: string;
let mode: Mode = "ok";
let answer: (request: ChatRequest) => string = () => "{}";
let received: { path: string; authorization: string | undefined; body: ChatRequest }[] = [];
const hanging = new Set<ServerResponse>();

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  if (req.method !== "POST" || req.url !== "/v1/chat/completions") return send(404, { error: "not found" });
  const authorization = req.headers.authorization;
  if (authorization !== `Bearer ${API_KEY}`) return send(401, { error: { message: "Invalid API key" } });
  let text = "";
  for await (const chunk of req) text += chunk;
  let body: ChatRequest;
  try {
    body = JSON.parse(text);
  } catch {
    return send(400, { error: { message: "body is not JSON" } });
  }
  const valid =
    req.headers["content-type"] === "application/json" &&
    body.model === MODEL &&
    body.messages?.length === 2 &&
    body.messages[0]?.role === "system" &&
    body.messages[1]?.role === "user" &&
    body.messages.every((m) => typeof m.content === "string" && m.content.length > 0) &&
    Number.isInteger(body.max_tokens) &&
    typeof body.temperature === "number" &&
    body.response_format?.type === "json_object";
  if (!valid) return send(400, { error: { message: "bad request shape" } });
  received.push({ path: req.url, authorization, body });
  if (mode === "error-500") return send(500, { error: { message: "model crashed" } });
  if (mode === "not-json") return send(200, "<html>502 Bad Gateway</html>");
  if (mode === "empty-choices") return send(200, { id: "x", object: "chat.completion", choices: [] });
  if (mode === "hang") {
    hanging.add(res);
    return;
  }
  send(200, {
    id: "chatcmpl-1",
    object: "chat.completion",
    model: MODEL,
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: answer(body) } }],
  });
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  mode = "ok";
  answer = () => "{}";
  received = [];
});

const REQUEST = { system: "Answer in JSON.", user: '{"task":"say hi"}', maxTokens: 50, temperature: 0.2 };

describe("chatCompletionsUrl", () => {
  it.each([
    ["http://localhost:11434", "http://localhost:11434/v1/chat/completions"],
    ["http://localhost:11434/", "http://localhost:11434/v1/chat/completions"],
    ["https://api.openai.com/v1", "https://api.openai.com/v1/chat/completions"],
    ["http://gpu-box:8000/v1/", "http://gpu-box:8000/v1/chat/completions"],
    ["https://proxy.example/llm", "https://proxy.example/llm/v1/chat/completions"],
  ])("%s", (base, url) => {
    expect(chatCompletionsUrl(base)).toBe(url);
  });

  it("refuses what is not an http(s) URL", () => {
    expect(() => chatCompletionsUrl("localhost:11434")).toThrow(/http or https/);
    expect(() => chatCompletionsUrl("not a url")).toThrow(/not a URL/);
  });
});

describe("createOpenAiCompleter", () => {
  it("posts a JSON-mode chat completion with the key and returns the message content", async () => {
    answer = (request) => JSON.stringify({ echo: request.messages[1]?.content });
    const complete = createOpenAiCompleter({ baseUrl: `${baseUrl}/v1/`, model: MODEL, apiKey: API_KEY });
    expect(JSON.parse(await complete(REQUEST))).toEqual({ echo: REQUEST.user });
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toMatchObject({
      model: MODEL,
      messages: [
        { role: "system", content: REQUEST.system },
        { role: "user", content: REQUEST.user },
      ],
      max_tokens: 50,
      temperature: 0.2,
      response_format: { type: "json_object" },
    });
  });

  it("uses the fetch it is given", async () => {
    const urls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    const complete = createOpenAiCompleter({ baseUrl, model: MODEL, apiKey: API_KEY, fetch: recording });
    await complete(REQUEST);
    expect(urls).toEqual([`${baseUrl}/v1/chat/completions`]);
  });

  it.each<[string, Mode, RegExp]>([
    ["a server error", "error-500", /HTTP 500/],
    ["a body that is not JSON", "not-json", /not JSON/],
    ["an answer without choices", "empty-choices", /no choices/],
  ])("throws on %s", async (_, failure, message) => {
    mode = failure;
    const complete = createOpenAiCompleter({ baseUrl, model: MODEL, apiKey: API_KEY });
    await expect(complete(REQUEST)).rejects.toThrow(message);
  });

  it("throws on a wrong or missing key", async () => {
    await expect(
      createOpenAiCompleter({ baseUrl, model: MODEL, apiKey: "sk-wrong" })(REQUEST),
    ).rejects.toThrow(/HTTP 401/);
    await expect(createOpenAiCompleter({ baseUrl, model: MODEL })(REQUEST)).rejects.toThrow(/HTTP 401/);
  });

  it("gives up when the signal aborts", async () => {
    mode = "hang";
    const complete = createOpenAiCompleter({ baseUrl, model: MODEL, apiKey: API_KEY });
    const controller = new AbortController();
    const pending = complete({ ...REQUEST, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow();
  });
});

const RESUME = `Priya Raman
Backend Engineer | priya.raman@example.com | (555) 410-2299 | Austin, TX

SUMMARY
Backend engineer with six years of experience building APIs and data services.

EXPERIENCE
Backend Engineer, Lakeside Health - Austin, TX
January 2021 - Present
• Worked on REST APIs in Python and Django for the patient scheduling product
• Responsible for PostgreSQL schema changes and query tuning
• Reduced p95 latency from 900 ms to 300 ms by adding Redis caching

Software Engineer, Copperline Freight - Dallas, TX
June 2018 - December 2020
• Built shipment tracking services in Python
• Helped with deployments using Docker and Jenkins

EDUCATION
B.S. Computer Science, University of Texas at Dallas, 2018

SKILLS
Python, Django, PostgreSQL, Redis, Docker, Jenkins, REST APIs, Git`;

const JOB = `Senior Backend Engineer - Northwind Clinics

We are hiring a Senior Backend Engineer to build the services behind our patient apps.

Requirements
- 5+ years of experience in backend development
- Strong Python and Django
- Experience with PostgreSQL
- Experience with Kubernetes and AWS
- Experience designing REST APIs

Nice to have
- Experience with Terraform
- Experience with Kafka

Benefits
- Health insurance and 401(k)`;

const NOW = new Date("2026-06-15T00:00:00Z");
const WORKED_ON = "Worked on REST APIs in Python and Django for the patient scheduling product";

describe("enrichment end to end through the HTTP completer", () => {
  const engineResult = () => analyzeResume({ resumeText: RESUME, jobDescription: JOB }, { now: NOW });
  const enrich = (timeoutMs = 2000) =>
    enrichAnalysis({
      result: engineResult(),
      resumeText: RESUME,
      jobDescription: JOB,
      complete: createOpenAiCompleter({ baseUrl, model: MODEL, apiKey: API_KEY }),
      taxonomy: engineData().taxonomy,
      timeoutMs,
    });

  /** A model that rewords recommendation 0 faithfully, invents Kafka work in recommendation 1, and fixes one bullet. */
  const wellBehavedModel = (request: ChatRequest) => {
    const user = JSON.parse(request.messages[1]?.content ?? "{}") as {
      recommendations: { index: number; description: string }[];
      resumeBullets: string[];
    };
    const [first, second] = user.recommendations;
    return JSON.stringify({
      recommendations: [
        ...(first ? [{ index: first.index, description: `Put simply: ${first.description}` }] : []),
        ...(second
          ? [{ index: second.index, description: `${second.description} Kafka experience would help too.` }]
          : []),
      ],
      rewrites: user.resumeBullets.includes(WORKED_ON)
        ? [
            {
              original: WORKED_ON,
              suggestion: "Built REST APIs in Python and Django for the patient scheduling product",
            },
            { original: WORKED_ON, suggestion: "A duplicate for the same line is ignored" },
            {
              original: "Helped with deployments using Docker and Jenkins",
              suggestion: "Ran deployments with Docker, Jenkins and Kubernetes",
            },
          ]
        : [],
    });
  };

  it("accepts the faithful rewrites, rejects the invented ones and keeps every score", async () => {
    answer = wellBehavedModel;
    const before = engineResult();
    expect(before.recommendations.length).toBeGreaterThanOrEqual(2);
    const outcome = await enrich();
    expect(outcome.enriched).toBe(true);
    expect(received).toHaveLength(1);
    const after = ZAnalysisResult.parse(outcome.result);
    expect(after.recommendations[0]?.description).toBe(
      `Put simply: ${before.recommendations[0]?.description}`,
    );
    expect(after.recommendations.slice(1)).toEqual(before.recommendations.slice(1));
    expect(after.recommendations.map((r) => r.title)).toEqual(before.recommendations.map((r) => r.title));
    expect({ ...after, recommendations: [] }).toEqual({ ...before, recommendations: [] });
    expect(outcome.rewrites).toEqual([
      {
        original: WORKED_ON,
        suggestion: "Built REST APIs in Python and Django for the patient scheduling product",
      },
    ]);
  });

  it.each<[string, Mode]>([
    ["a server error", "error-500"],
    ["a body that is not JSON", "not-json"],
    ["an answer without choices", "empty-choices"],
  ])("falls back silently on %s", async (_, failure) => {
    mode = failure;
    const outcome = await enrich();
    expect(outcome).toEqual({ result: engineResult(), enriched: false, rewrites: [] });
    expect(received).toHaveLength(1);
  });

  it("falls back silently on garbage content", async () => {
    answer = () => "Sure! Here are some ideas: make it better.";
    expect(await enrich()).toEqual({ result: engineResult(), enriched: false, rewrites: [] });
  });

  it("falls back silently when the server hangs", async () => {
    mode = "hang";
    // Without the timeout this would wait for the test's own 30 s limit and fail.
    const outcome = await enrich(150);
    expect(outcome).toEqual({ result: engineResult(), enriched: false, rewrites: [] });
    expect(received).toHaveLength(1);
  });
});
