import { z } from "zod";
import { ZSubscription } from "./auth.ts";
import { LIMITS } from "./limits.ts";

/** The one product we sell, priced by the server: $10.00 USD, one time. */
export const LIFETIME_PRODUCT = {
  id: "lifetime",
  name: "ResumeLens Lifetime Access",
  amountCents: LIMITS.lifetimePriceUsd * 100,
  currency: "usd",
} as const;

/**
 * Cards the local test-payment mode understands (the app runs in that mode when Stripe is not
 * configured; never in production). Any future expiry date and any 3-digit CVC go with them.
 */
export const TEST_CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
} as const;

/**
 * POST /api/create-payment-intent: the payload (docs/product.md#billing-flow). The amount is the server's, so
 * only 10 is accepted.
 */
export const ZCreatePaymentIntent = z.object({
  amount: z.literal(LIMITS.lifetimePriceUsd, {
    error: `Lifetime Access costs $${LIMITS.lifetimePriceUsd}.`,
  }),
});
export type TCreatePaymentIntent = z.infer<typeof ZCreatePaymentIntent>;

/**
 * The payment intent answer ({clientSecret}, docs/product.md#billing-flow) and what the checkout needs
 * besides.
 */
export const ZPaymentIntentResponse = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  mode: z.enum(["stripe", "test"]),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type TPaymentIntentResponse = z.infer<typeof ZPaymentIntentResponse>;

/**
 * POST /api/upgrade-plan: the payload (docs/product.md#billing-flow). 'lifetime' is only ever granted by a
 * payment (402).
 */
export const ZUpgradePlan = z.object({ plan: ZSubscription });
export type TUpgradePlan = z.infer<typeof ZUpgradePlan>;

/** POST /api/billing/confirm: the checkout (or the return to /billing) asks the server to fulfil. */
export const ZConfirmPayment = z.object({
  paymentIntentId: z.string().trim().min(1, "Missing payment").max(255),
});
export type TConfirmPayment = z.infer<typeof ZConfirmPayment>;

/** POST /api/test-payments/confirm: the local test-payment mode's card form. */
export const ZTestCardPayment = z.object({
  paymentIntentId: z.string().trim().min(1, "Missing payment").max(255),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "Your card number is incomplete.")),
  /** "MM / YY", "MM/YY" or "MMYY". */
  expiry: z
    .string()
    .transform((value) => value.replace(/[\s/]/g, ""))
    .pipe(z.string().regex(/^(0[1-9]|1[0-2])\d{2}$/, "Your card's expiration date is incomplete.")),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type TTestCardPayment = z.infer<typeof ZTestCardPayment>;

export const PAYMENT_STATUSES = ["pending", "processing", "succeeded", "failed", "canceled"] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** One row of the billing history. */
export const ZPayment = z.object({
  id: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: ZPaymentStatus,
  /** The provider's reason when a payment failed. */
  failureMessage: z.string().nullable(),
  /** Set once paid; the receipt PDF is at /api/billing/receipts/{id}. */
  receiptNumber: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;

/** GET /api/billing: the billing page's data. */
export const ZBilling = z.object({
  subscription: ZSubscription,
  purchasedAt: z.string().nullable(),
  currentMonth: z.object({
    analyses: z.number().int().nonnegative(),
    maxAnalyses: z.number().int().positive(),
  }),
  /** Every payment with status other than 'pending' (an intent nobody tried to pay is no history). */
  payments: z.array(ZPayment),
});
export type TBilling = z.infer<typeof ZBilling>;

/** POST /api/billing/confirm and /api/test-payments/confirm answer with the outcome. */
export const ZPaymentOutcome = z.object({
  status: ZPaymentStatus,
  subscription: ZSubscription,
  message: z.string().nullable(),
});
export type TPaymentOutcome = z.infer<typeof ZPaymentOutcome>;
