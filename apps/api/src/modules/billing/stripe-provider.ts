import type { TPaymentStatus } from "@resumelens/contract";
import Stripe from "stripe";
import type { PaymentProvider, ProviderIntent } from "./payment-provider.ts";

/** Seconds a webhook signature stays valid: Stripe's own default, against replays of old deliveries. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's intent states, in the words of our billing history. */
function statusOf(intent: Stripe.PaymentIntent): TPaymentStatus {
  switch (intent.status) {
    case "succeeded":
      return "succeeded";
    case "processing":
    case "requires_capture":
      return "processing";
    case "canceled":
      return "canceled";
    case "requires_payment_method":
      // After a decline Stripe puts the intent back here, keeping the reason.
      return intent.last_payment_error ? "failed" : "pending";
    default:
      return "pending";
  }
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: statusOf(intent),
    payable: ["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret,
    userId: intent.metadata?.userId ?? null,
    product: intent.metadata?.product ?? null,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

/**
 * Stripe through its official SDK. `apiUrl` points the SDK elsewhere than api.stripe.com; only
 * tests use it, with a local stand-in of the few endpoints we call.
 */
export function createStripeProvider({
  secretKey,
  webhookSecret,
  apiUrl,
}: {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}): PaymentProvider {
  const url = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "ResumeLens" },
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === "https:" ? 443 : 80),
          protocol: url.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });

  return {
    mode: "stripe",

    async createIntent(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          description: input.description,
          automatic_payment_methods: { enabled: true },
          receipt_email: input.email,
          metadata: { userId: input.userId, product: input.product, attempt: String(input.attempt) },
        },
        // One key per user and attempt: a retried or doubled request gets the same intent back.
        { idempotencyKey: `resumelens-${input.product}-${input.userId}-${input.attempt}` },
      );
      return toProviderIntent(intent);
    },

    async retrieveIntent(id) {
      try {
        return toProviderIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async verifyWebhook(rawBody, signature) {
      const event = await stripe.webhooks.constructEventAsync(
        rawBody,
        signature,
        webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
      const object = event.data.object as { object?: string; id?: string };
      return {
        id: event.id,
        type: event.type,
        intentId: object.object === "payment_intent" && typeof object.id === "string" ? object.id : null,
      };
    },
  };
}
