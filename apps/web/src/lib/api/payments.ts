import { type TPaymentOutcome, ZPaymentOutcome } from "@resumelens/contract";
import type { QueryClient } from "@tanstack/react-query";
import { apiRequest } from "../api-client.ts";
import { ANALYTICS_QUERY_KEY } from "./analytics.ts";
import { currentUserQueryOptions } from "./current-user.ts";

/** GET /api/billing: the billing page's data, invalidated after every payment. */
export const BILLING_QUERY_KEY = ["/api/billing"] as const;

/** The payment toasts (docs/product.md#messages). */
export const PAYMENT_TOASTS = {
  succeeded: { title: "Payment Successful", description: "Welcome to Lifetime Access!" },
  failedTitle: "Payment Failed",
  failedFallback: "Your payment could not be completed. Please try again.",
  processing: {
    title: "Payment Processing",
    description: "Your payment is being processed. Your plan updates as soon as it clears.",
  },
} as const;

/** POST /api/billing/confirm: asks the server to read the payment's truth from the provider and fulfil it. */
export async function confirmPayment(paymentIntentId: string): Promise<TPaymentOutcome> {
  const res = await apiRequest("POST", "/api/billing/confirm", { paymentIntentId });
  return ZPaymentOutcome.parse(await res.json());
}

/** After a payment the plan, the usage allowance and the billing history all change. */
export async function invalidateAfterPayment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
  ]);
}

/** "$10.00": an amount in minor units in its currency. */
export function formatAmount(amountCents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
      amountCents / 100,
    );
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
