/**
 * The optional LLM (docs/decisions/2026-11-27-llm-rewrite.md): a Completer for any OpenAI-compatible chat
 * endpoint — OpenAI,
 * Ollama (http://localhost:11434), vLLM, llama.cpp's server — over plain fetch. It throws on
 * anything unexpected; enrichAnalysis in the engine turns every failure into the engine's own text.
 * The analysis job reaches it through modules/analyses/rewrite-prose.ts when LLM_BASE_URL is set.
 */
import type { Completer } from "@resumelens/engine";
import { z } from "zod";

export type OpenAiCompleterOptions = {
  /** The server's root, with or without a trailing `/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token; local servers usually need none. */
  apiKey?: string;
};

const ZChatCompletion = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().min(1) }) }))
    .min(1, "the answer has no choices"),
});

/**
 * The most we read of one answer. A chat completion of a few thousand tokens is well under 64 KB;
 * a misconfigured or hostile endpoint must not make the API buffer (and then parse) megabytes.
 */
export const MAX_ANSWER_BYTES = 256 * 1024;

class AnswerTooLarge extends Error {}

/** The body as text, refusing (and cancelling) one longer than `max` bytes. */
async function readCapped(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > max) {
    await response.body?.cancel();
    throw new AnswerTooLarge(`The LLM endpoint's answer is larger than ${max} bytes`);
  }
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    // Leaving the loop (the throw) cancels the stream, which closes the connection.
    if (size > max) {
      throw new AnswerTooLarge(`The LLM endpoint's answer is larger than ${max} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Builds a Completer that posts one JSON-mode chat completion per call. */
export function createOpenAiCompleter(options: OpenAiCompleterOptions): Completer {
  const { model, apiKey } = options;
  const url = chatCompletionsUrl(options.baseUrl);
  return async ({ system, user, maxTokens, temperature, signal }) => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      },
      body: JSON.stringify({
        model,
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
        max_tokens: maxTokens,
        temperature,
        response_format: { type: "json_object" },
        stream: false,
      }),
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`The LLM endpoint answered HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(await readCapped(response, MAX_ANSWER_BYTES));
    } catch (error) {
      if (error instanceof AnswerTooLarge) throw error;
      throw new Error("The LLM endpoint answered with a body that is not JSON");
    }
    const parsed = ZChatCompletion.safeParse(body);
    if (!parsed.success)
      throw new Error(`Unexpected LLM answer: ${parsed.error.issues[0]?.message ?? "bad shape"}`);
    return parsed.data.choices[0]?.message.content ?? "";
  };
}

/** `http://host:11434`, `…/v1` or `…/v1/` → `…/v1/chat/completions`. */
export function chatCompletionsUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`LLM base URL is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`LLM base URL must be http or https: ${baseUrl}`);
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/v1$/, "");
  return `${url.origin}${path}/v1/chat/completions`;
}
