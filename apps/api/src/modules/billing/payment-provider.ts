import type { TPaymentStatus } from "@resumelens/contract";

/** A payment intent as we need it, whichever provider holds it. */
export type ProviderIntent = {
  id: string;
  status: TPaymentStatus;
  /** Whether the customer can still pay this intent (again, after a decline). */
  payable: boolean;
  amountCents: number;
  currency: string;
  clientSecret: string | null;
  /** Who and what we created the intent for (Stripe metadata; our row in test mode). */
  userId: string | null;
  product: string | null;
  /** The provider's reason for the last failed attempt. */
  failureMessage: string | null;
};

export type CreateIntentInput = {
  userId: string;
  email: string;
  product: string;
  description: string;
  amountCents: number;
  currency: string;
  /** Attempt number of this user for this product: part of the idempotency key. */
  attempt: number;
};

/** A verified webhook event, reduced to what we act on. */
export type ProviderEvent = { id: string; type: string; intentId: string | null };

/**
 * The card provider behind one interface: Stripe for real, or the local test-payment mode. The
 * billing service never knows which; it only ever grants a plan after re-reading the intent here.
 */
export type PaymentProvider = {
  mode: "stripe" | "test";
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Checks a webhook's signature over the raw body; throws when it is not genuine or too old. */
  verifyWebhook(rawBody: string, signature: string): Promise<ProviderEvent>;
};
