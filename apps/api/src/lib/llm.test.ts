import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chatCompletionsUrl, createOpenAiCompleter, MAX_ANSWER_BYTES } from "./llm.ts";

const API_KEY = "sk-test-0123456789";
const MODEL = "tiny-test-model";

type Mode = "ok" | "error-500" | "not-json" | "hang" | "empty-choices" | "huge" | "huge-chunked";
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
  if (mode === "huge")
    return send(200, { choices: [{ message: { content: "x".repeat(MAX_ANSWER_BYTES) } }] });
  if (mode === "huge-chunked") {
    // No content-length: the size is only known while reading.
    res.writeHead(200, { "content-type": "application/json" });
    const chunk = "x".repeat(64 * 1024);
    res.write(`{"choices":[{"message":{"content":"`);
    for (let i = 0; i < 8 && !res.destroyed; i++) res.write(chunk);
    res.end(`"}}]}`);
    return;
  }
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

  it.each<[string, Mode, RegExp]>([
    ["a server error", "error-500", /HTTP 500/],
    ["a body that is not JSON", "not-json", /not JSON/],
    ["an answer without choices", "empty-choices", /no choices/],
  ])("throws on %s", async (_, failure, message) => {
    mode = failure;
    const complete = createOpenAiCompleter({ baseUrl, model: MODEL, apiKey: API_KEY });
    await expect(complete(REQUEST)).rejects.toThrow(message);
  });

  it.each<[string, Mode]>([
    ["declares", "huge"],
    ["streams", "huge-chunked"],
  ])("refuses an answer that %s more than MAX_ANSWER_BYTES", async (_, size) => {
    mode = size;
    const complete = createOpenAiCompleter({ baseUrl, model: MODEL, apiKey: API_KEY });
    await expect(complete(REQUEST)).rejects.toThrow(/larger than/);
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
