import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { type Appearance, loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useId, useRef, useState } from "react";
import { PAYMENT_TOASTS } from "../../../lib/api/payments.ts";
import { CheckoutActions } from "./checkout-actions.tsx";

/*
 * Stripe's Payment Element. This module is only ever loaded lazily by the checkout page in
 * 'stripe' mode, so Stripe.js (which its import starts fetching) never reaches other screens.
 */

// One Stripe instance per publishable key for the life of the page, as Stripe asks.
const stripePromises = new Map<string, Promise<Stripe | null>>();

function getStripe(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

// The app's own tokens (index.css), so the embedded form reads as part of the page.
const APPEARANCE: Appearance = {
  theme: "stripe",
  variables: {
    colorPrimary: "#4f46e5",
    colorDanger: "#b91c1c",
    borderRadius: "8px",
    fontFamily: "inherit",
  },
};

export type StripePaymentFormProps = {
  publishableKey: string;
  clientSecret: string;
  /** The provider says the payment succeeded: fulfil it (server confirm) and leave. */
  onSucceeded: () => Promise<void> | void;
  onProcessing: () => void;
  onFailed: (message: string) => void;
};

export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  ...handlers
}: StripePaymentFormProps) {
  return (
    <Elements stripe={getStripe(publishableKey)} options={{ clientSecret, appearance: APPEARANCE }}>
      <PaymentForm {...handlers} />
    </Elements>
  );
}

function PaymentForm({
  onSucceeded,
  onProcessing,
  onFailed,
}: Omit<StripePaymentFormProps, "publishableKey" | "clientSecret">) {
  const stripe = useStripe();
  const elements = useElements();
  const formId = `${useId()}-form`;
  const [submitting, setSubmitting] = useState(false);
  // State reaches the handler only after a render: a ref stops the second click of a double click.
  const inFlight = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || submitting || inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      // Cards that need 3-D Secure or a bank redirect come back to /billing, which confirms there.
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/billing` },
        redirect: "if_required",
      });
      if (result.error) {
        onFailed(result.error.message ?? PAYMENT_TOASTS.failedFallback);
      } else if (result.paymentIntent.status === "succeeded") {
        await onSucceeded();
      } else if (result.paymentIntent.status === "processing") {
        onProcessing();
      } else {
        onFailed(PAYMENT_TOASTS.failedFallback);
      }
    } catch (error) {
      onFailed(error instanceof Error && error.message ? error.message : PAYMENT_TOASTS.failedFallback);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form id={formId} onSubmit={submit} className="flex flex-col gap-5">
      <PaymentElement options={{ layout: "tabs" }} />
      <CheckoutActions submitting={submitting} disabled={!stripe || !elements} form={formId} />
    </form>
  );
}
