import { LIFETIME_PRODUCT, type TPaymentIntentResponse } from "@resumelens/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, Check, ShieldCheck } from "lucide-react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { useAppConfig } from "../../lib/api/app-config.ts";
import { useCurrentUser } from "../../lib/api/current-user.ts";
import {
  confirmPayment,
  formatAmount,
  invalidateAfterPayment,
  PAYMENT_TOASTS,
} from "../../lib/api/payments.ts";
import { errorText } from "../../lib/api-error.ts";
import { loadChunk } from "../../lib/lazy-page.ts";
import { PLANS } from "../../lib/plans.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { createPaymentIntent } from "./api/payment-intent.ts";
import { CheckoutActions } from "./components/checkout-actions.tsx";
import { TestCardForm } from "./components/test-card-form.tsx";

// Stripe.js is only needed in 'stripe' mode, and only here: it loads with its own chunk.
const StripePaymentForm = lazy(() => loadChunk(() => import("./components/stripe-payment-form.tsx")));

const TITLE = "Complete Your Purchase";
const PREPARING = "Preparing secure payment form";

/** /checkout: the Lifetime purchase (docs/product.md#checkout, docs/product.md#billing-flow). */
export default function CheckoutPage() {
  usePageTitle(TITLE);
  const me = useCurrentUser({ enabled: true });

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">{TITLE}</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        One payment, unlimited analyses for as long as ResumeLens exists.
      </p>
      <div className="mt-8">
        {me.isPending ? (
          <Spinner label="Loading your account" />
        ) : me.data?.subscription === "lifetime" ? (
          <AlreadyLifetime />
        ) : (
          <Purchase />
        )}
      </div>
    </div>
  );
}

/** A Lifetime user has nothing to buy: no payment intent is created for them. */
function AlreadyLifetime() {
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <BadgeCheck aria-hidden="true" className="size-5 text-primary" />
          You already have Lifetime Access
        </CardTitle>
        <CardDescription>
          Your account already includes unlimited analyses. There is nothing to pay and you will not be
          charged.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/billing">Go to Billing</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Purchase() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  const intent = useMutation({
    mutationFn: createPaymentIntent,
    onError: async (error) => {
      // docs/product.md#messages: a failed intent creation sends the user back to /billing.
      toast({
        title: PAYMENT_TOASTS.failedTitle,
        description: errorText(error, { fallback: "The payment could not be started. Please try again." }),
        variant: "destructive",
      });
      void navigate("/billing", { replace: true });
      // A 409 means the plan changed elsewhere (another tab bought Lifetime): refresh what we show.
      await invalidateAfterPayment(queryClient);
    },
  });
  const { mutate } = intent;

  useEffect(() => {
    // The ref survives StrictMode's second effect run: one intent per visit.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  async function succeeded() {
    await invalidateAfterPayment(queryClient);
    toast(PAYMENT_TOASTS.succeeded);
    void navigate("/billing");
  }

  function failed(message: string) {
    toast({ title: PAYMENT_TOASTS.failedTitle, description: message, variant: "destructive" });
  }

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <OrderSummary />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Payment details</CardTitle>
          {/* Only true with Stripe: the test mode's form posts to this server, which charges nothing. */}
          {intent.data?.mode === "stripe" ? (
            <CardDescription className="flex items-center gap-1.5">
              <ShieldCheck aria-hidden="true" className="size-4" />
              Card details go straight to Stripe, never to ResumeLens.
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {intent.data ? (
            <PaymentForm
              intent={intent.data}
              onSucceeded={succeeded}
              onFailed={failed}
              onStripeSucceeded={async () => {
                try {
                  await confirmPayment(intent.data.paymentIntentId);
                } catch {
                  // The provider took the money; the webhook fulfils it even if this call failed.
                  toast(PAYMENT_TOASTS.processing);
                  void navigate("/billing");
                  return;
                }
                await succeeded();
              }}
              onProcessing={() => {
                toast(PAYMENT_TOASTS.processing);
                void navigate("/billing");
              }}
            />
          ) : (
            <PreparingForm />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function PreparingForm() {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex min-h-40 items-center justify-center">
        <Spinner label={PREPARING} className="[&_svg]:size-8" />
      </div>
      <CheckoutActions submitting={false} disabled />
    </div>
  );
}

type PaymentFormProps = {
  intent: TPaymentIntentResponse;
  onSucceeded: () => Promise<void>;
  onStripeSucceeded: () => Promise<void>;
  onProcessing: () => void;
  onFailed: (message: string) => void;
};

/** The server said which provider this intent belongs to; the form follows it. */
function PaymentForm({ intent, onSucceeded, onStripeSucceeded, onProcessing, onFailed }: PaymentFormProps) {
  const { config, isLoading } = useAppConfig();

  if (intent.mode === "test") {
    return (
      <TestCardForm paymentIntentId={intent.paymentIntentId} onSucceeded={onSucceeded} onFailed={onFailed} />
    );
  }
  if (isLoading) return <PreparingForm />;
  if (!config.stripePublishableKey) {
    return (
      <Alert variant="destructive" title="Card payments are unavailable">
        Please try again later, or contact support.
      </Alert>
    );
  }
  return (
    <Suspense fallback={<PreparingForm />}>
      <StripePaymentForm
        publishableKey={config.stripePublishableKey}
        clientSecret={intent.clientSecret}
        onSucceeded={onStripeSucceeded}
        onProcessing={onProcessing}
        onFailed={onFailed}
      />
    </Suspense>
  );
}

function OrderSummary() {
  const total = formatAmount(LIFETIME_PRODUCT.amountCents, LIFETIME_PRODUCT.currency);
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle as="h2">Order summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-baseline justify-between gap-2">
          <p className="font-semibold">Lifetime Access</p>
          <p className="flex items-baseline gap-1.5">
            <span className="text-2xl font-bold">{PLANS.lifetime.price}</span>
            <span className="text-sm text-muted-foreground">{PLANS.lifetime.cadence}</span>
          </p>
        </div>
        <ul className="space-y-2">
          {PLANS.lifetime.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5 text-sm">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <div className="flex items-baseline justify-between border-t border-border pt-4 font-semibold">
          <span>Total due today</span>
          <span className="tabular-nums">{total}</span>
        </div>
        <p className="text-xs text-muted-foreground">One-time payment. No subscription, no renewals.</p>
      </CardContent>
    </Card>
  );
}
