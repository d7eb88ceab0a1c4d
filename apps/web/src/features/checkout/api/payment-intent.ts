import {
  LIMITS,
  type TPaymentIntentResponse,
  type TPaymentOutcome,
  type TTestCardPayment,
  ZPaymentIntentResponse,
  ZPaymentOutcome,
} from "@resumelens/contract";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * POST /api/create-payment-intent {amount: 10} (docs/product.md#billing-flow); the server prices it and
 * answers the secret.
 */
export async function createPaymentIntent(): Promise<TPaymentIntentResponse> {
  const res = await apiRequest("POST", "/api/create-payment-intent", { amount: LIMITS.lifetimePriceUsd });
  return ZPaymentIntentResponse.parse(await res.json());
}

/** POST /api/test-payments/confirm: the local test-payment mode's stand-in for the card provider. */
export async function payWithTestCard(payment: TTestCardPayment): Promise<TPaymentOutcome> {
  const res = await apiRequest("POST", "/api/test-payments/confirm", payment);
  return ZPaymentOutcome.parse(await res.json());
}
