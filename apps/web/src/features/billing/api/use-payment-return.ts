import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { toast } from "../../../components/ui/use-toast.ts";
import { STRIPE_RETURN_PARAMS } from "../../../lib/api/billing.ts";
import { confirmPayment, invalidateAfterPayment, PAYMENT_TOASTS } from "../../../lib/api/payments.ts";
import { errorText } from "../../../lib/api-error.ts";

/**
 * Stripe sends the buyer back to /billing?payment_intent=pi_...&redirect_status=... after a
 * redirect-based payment (docs/product.md#billing-flow). The parameters are only a hint: the server is asked
 * once to read the
 * payment from the provider, the URL is cleaned so a reload does not ask again, and the outcome is
 * toasted.
 */
export function usePaymentReturn(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const paymentIntentId = searchParams.get("payment_intent");

  const confirm = useMutation({
    mutationFn: confirmPayment,
    onSuccess: async (outcome) => {
      if (outcome.status === "succeeded") {
        toast(PAYMENT_TOASTS.succeeded);
      } else if (outcome.status === "processing") {
        toast(PAYMENT_TOASTS.processing);
      } else {
        toast({
          title: PAYMENT_TOASTS.failedTitle,
          description: outcome.message ?? PAYMENT_TOASTS.failedFallback,
          variant: "destructive",
        });
      }
      await invalidateAfterPayment(queryClient);
    },
    onError: (error) => {
      toast({
        title: PAYMENT_TOASTS.failedTitle,
        description: errorText(error, { fallback: PAYMENT_TOASTS.failedFallback }),
        variant: "destructive",
      });
    },
  });
  const { mutate } = confirm;

  useEffect(() => {
    // The ref survives StrictMode's second effect run, so the server is asked exactly once.
    if (!paymentIntentId || handled.current) return;
    handled.current = true;
    mutate(paymentIntentId);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        for (const name of STRIPE_RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [paymentIntentId, mutate, setSearchParams]);
}
