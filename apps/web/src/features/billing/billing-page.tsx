import type { TBilling } from "@resumelens/contract";
import { useMutation } from "@tanstack/react-query";
import { Download, LifeBuoy, LoaderCircle, Sparkles } from "lucide-react";
import { useState } from "react";
import { BackLink } from "../../components/back-link.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { useSupportEmail } from "../../lib/api/app-config.ts";
import { apiErrorMessage } from "../../lib/api-error.ts";
import { PLANS } from "../../lib/plans.ts";
import { supportMailto } from "../../lib/support-mailto.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useAuth } from "../auth/auth-provider.tsx";
import { downloadInvoice, useBilling } from "./api/billing.ts";
import { usePaymentReturn } from "./api/use-payment-return.ts";
import { BillingHistory } from "./components/billing-history.tsx";
import { ChoosePlanDialog } from "./components/choose-plan-dialog.tsx";
import { CurrentPlanCard } from "./components/current-plan-card.tsx";
import { UsageThisMonthCard } from "./components/usage-this-month-card.tsx";

const TITLE = "Billing";

/** /billing: plan, usage this month, the upgrade, payments and their receipts (§2 Billing). */
export default function BillingPage() {
  usePageTitle(TITLE);
  usePaymentReturn();
  const billing = useBilling();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <BackLink />
      <h1 className="text-3xl font-bold sm:text-4xl">{TITLE}</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Your plan, this month's usage and your payments.
      </p>

      <div className="mt-8">
        {billing.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading your billing details...
          </p>
        ) : billing.isError ? (
          <Alert variant="destructive" title="Could not load your billing details">
            Please refresh the page to try again.
          </Alert>
        ) : (
          <BillingDetails billing={billing.data} />
        )}
      </div>
    </div>
  );
}

function BillingDetails({ billing }: { billing: TBilling }) {
  const [choosing, setChoosing] = useState(false);
  const lifetime = billing.subscription === "lifetime";

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <CurrentPlanCard billing={billing} />
        <UsageThisMonthCard billing={billing} />
      </div>

      {lifetime ? null : (
        <Card className="border-primary/40 bg-primary-soft/40">
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <Sparkles aria-hidden="true" className="size-5 text-primary" />
              Upgrade to Lifetime
            </CardTitle>
            <CardDescription>
              Unlimited analyses, priority support and advanced recommendations for a one-time{" "}
              {PLANS.lifetime.price}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => setChoosing(true)}>Upgrade</Button>
          </CardContent>
        </Card>
      )}
      <ChoosePlanDialog open={choosing} onOpenChange={setChoosing} currentPlan={billing.subscription} />

      <BillingHistory payments={billing.payments} />

      <InvoiceAndSupport plan={billing.subscription} />
    </div>
  );
}

function InvoiceAndSupport({ plan }: { plan: TBilling["subscription"] }) {
  const { user } = useAuth();
  const supportEmail = useSupportEmail();

  const invoice = useMutation({
    mutationFn: downloadInvoice,
    onSuccess: () => {
      toast({ title: "Download Invoice", description: "Your invoice has been downloaded." });
    },
    onError: (error) => {
      toast({
        title: "Download Failed",
        description: apiErrorMessage(error, "Your invoice could not be downloaded. Please try again."),
        variant: "destructive",
      });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invoices and support</CardTitle>
        <CardDescription>
          Download an invoice for your records, or write to us about anything billing-related.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" disabled={invoice.isPending} onClick={() => invoice.mutate()}>
          {invoice.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {invoice.isPending ? "Downloading..." : "Download Invoice"}
        </Button>
        <a
          href={supportMailto({ supportEmail, accountEmail: user?.email, plan })}
          className={buttonClasses({ variant: "secondary" })}
        >
          <LifeBuoy aria-hidden="true" />
          Contact Support
        </a>
      </CardContent>
    </Card>
  );
}
