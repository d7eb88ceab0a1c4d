import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for the few Stripe API endpoints we call, so the real `stripe` SDK (and, in
 * browser tests, a stand-in Stripe.js) can run the whole payment flow offline. It keeps Stripe's
 * shapes and rules that matter to us: secret-key auth, idempotency keys (same key and params →
 * same intent; same key, other params → error), intents that only succeed when confirmed with a
 * good card, declines that leave the intent payable with `last_payment_error`.
 */

export type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: "requires_payment_method" | "requires_confirmation" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string; type: string } | null;
  created: number;
  livemode: false;
};

/** Payment methods the fake understands, named like Stripe's test payment methods. */
export const FAKE_CARDS = {
  visa: "pm_card_visa",
  declined: "pm_card_chargeDeclined",
} as const;

/** Stripe's form encoding (`metadata[userId]=...`) read back into a flat key → value map. */
function readForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown, origin?: string) {
  res.writeHead(status, {
    "content-type": "application/json",
    "request-id": `req_${randomBytes(6).toString("hex")}`,
    ...(origin ? { "access-control-allow-origin": origin } : {}),
  });
  res.end(JSON.stringify(body));
}

const apiError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { type, message, ...extra },
});

export async function startStripeFake({
  secretKey,
  publishableKey,
}: {
  secretKey: string;
  publishableKey: string;
}) {
  const intents = new Map<string, FakeIntent>();
  const idempotency = new Map<string, { params: string; intent: FakeIntent }>();
  const retrievals = new Map<string, number>();
  let creations = 0;
  /** Answer this many intent reads with a 500, as during a Stripe incident. */
  let failingReads = 0;

  function createIntent(form: Record<string, string>): FakeIntent {
    const id = `pi_${randomBytes(12).toString("hex")}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const intent: FakeIntent = {
      id,
      object: "payment_intent",
      amount: Number(form.amount),
      currency: String(form.currency ?? "").toLowerCase(),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      description: form.description ?? null,
      receipt_email: form.receipt_email ?? null,
      metadata,
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    creations += 1;
    return intent;
  }

  /** Confirms an intent with a payment method, as Stripe does when the customer pays. */
  function confirm(intent: FakeIntent, paymentMethod: string): { status: number; body: unknown } {
    if (intent.status === "succeeded" || intent.status === "canceled") {
      return {
        status: 400,
        body: apiError(
          "invalid_request_error",
          `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
          { code: "payment_intent_unexpected_state" },
        ),
      };
    }
    if (paymentMethod === FAKE_CARDS.declined) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        code: "card_declined",
        message: "Your card was declined.",
        type: "card_error",
      };
      return {
        status: 402,
        body: apiError("card_error", "Your card was declined.", {
          code: "card_declined",
          payment_intent: intent,
        }),
      };
    }
    intent.status = "succeeded";
    intent.last_payment_error = null;
    return { status: 200, body: intent };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stripe.local");
    const origin = req.headers.origin;
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-origin": origin ?? "*",
        "access-control-allow-headers": "authorization, content-type",
        "access-control-allow-methods": "GET, POST",
      });
      res.end();
      return;
    }
    const body = await readBody(req);
    const form = readForm(body);
    const key = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "") || form.key || "";
    const confirmMatch = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    const retrieveMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);

    // The browser confirms with the publishable key and the client secret; the server uses the secret key.
    if (confirmMatch && req.method === "POST") {
      const intent = intents.get(confirmMatch[1] ?? "");
      const authorised =
        key === secretKey ||
        (key === publishableKey && intent && form.client_secret === intent.client_secret);
      if (!intent || !authorised) {
        send(
          res,
          404,
          apiError("invalid_request_error", "No such payment_intent", { code: "resource_missing" }),
          origin,
        );
        return;
      }
      const outcome = confirm(intent, form.payment_method ?? FAKE_CARDS.visa);
      send(res, outcome.status, outcome.body, origin);
      return;
    }
    if (key !== secretKey) {
      send(res, 401, apiError("invalid_request_error", "Invalid API Key provided."), origin);
      return;
    }
    if (url.pathname === "/v1/payment_intents" && req.method === "POST") {
      const idempotencyKey = req.headers["idempotency-key"];
      if (typeof idempotencyKey === "string") {
        const previous = idempotency.get(idempotencyKey);
        if (previous && previous.params !== body) {
          send(
            res,
            400,
            apiError(
              "idempotency_error",
              "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            ),
          );
          return;
        }
        if (previous) {
          send(res, 200, previous.intent);
          return;
        }
      }
      const intent = createIntent(form);
      if (typeof idempotencyKey === "string") idempotency.set(idempotencyKey, { params: body, intent });
      send(res, 200, intent);
      return;
    }
    if (retrieveMatch && req.method === "GET") {
      const id = retrieveMatch[1] ?? "";
      retrievals.set(id, (retrievals.get(id) ?? 0) + 1);
      if (failingReads > 0) {
        failingReads -= 1;
        send(res, 500, apiError("api_error", "An unknown error occurred"));
        return;
      }
      const intent = intents.get(id);
      if (!intent) {
        send(
          res,
          404,
          apiError("invalid_request_error", `No such payment_intent: '${id}'`, { code: "resource_missing" }),
        );
        return;
      }
      send(res, 200, intent);
      return;
    }
    send(
      res,
      404,
      apiError("invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    get creations() {
      return creations;
    },
    retrievals: (id: string) => retrievals.get(id) ?? 0,
    failReads: (count: number) => {
      failingReads = count;
    },
    /** An intent made directly at "Stripe", not through our API (another merchant's, say). */
    createIntent: (params: { amount: number; currency: string; metadata: Record<string, string> }) =>
      createIntent({
        amount: String(params.amount),
        currency: params.currency,
        ...Object.fromEntries(Object.entries(params.metadata).map(([k, v]) => [`metadata[${k}]`, v])),
      }),
    /** The customer pays (or fails to pay) the intent. */
    pay: (id: string, paymentMethod: string = FAKE_CARDS.visa) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      return confirm(intent, paymentMethod);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

/** A webhook delivery as Stripe would send it, signed with the SDK's own test helper. */
export function signedWebhook({
  secret,
  type,
  intent,
  eventId = `evt_${randomBytes(12).toString("hex")}`,
  timestamp = Math.floor(Date.now() / 1000),
}: {
  secret: string;
  type: string;
  intent: Partial<FakeIntent> & { id: string };
  eventId?: string;
  timestamp?: number;
}): { payload: string; signature: string; eventId: string } {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2025-01-01",
    created: timestamp,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { object: "payment_intent", ...intent } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { payload, signature, eventId };
}
