import { type TBilling, ZBilling } from "@resumelens/contract";
import { useQuery } from "@tanstack/react-query";
import { downloadFile } from "../download-file.ts";
import { BILLING_QUERY_KEY } from "./payments.ts";

/** GET /api/billing through the default fetcher; a malformed answer fails the query. */
export function useBilling() {
  return useQuery<TBilling>({ queryKey: BILLING_QUERY_KEY, select: (data) => ZBilling.parse(data) });
}

/** The name to save the invoice under if the server does not give one. */
export const INVOICE_FALLBACK_FILENAME = "resumelens-invoice.txt";

/** GET /api/billing/invoice: the free plan's $0.00 text invoice, or the Lifetime receipt PDF. */
export function downloadInvoice(): Promise<void> {
  return downloadFile("/api/billing/invoice", INVOICE_FALLBACK_FILENAME);
}

/** GET /api/billing/receipts/{id}: the PDF receipt of one succeeded payment, same-origin with cookies. */
export function receiptUrl(paymentId: string): string {
  return `/api/billing/receipts/${encodeURIComponent(paymentId)}`;
}

/** The query parameters Stripe appends to the return_url after a redirect-based payment. */
export const STRIPE_RETURN_PARAMS = [
  "payment_intent",
  "payment_intent_client_secret",
  "redirect_status",
] as const;
