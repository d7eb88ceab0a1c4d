import type { TBilling } from "@resumelens/contract";
import { useMutation } from "@tanstack/react-query";
import { Download, LifeBuoy, LoaderCircle } from "lucide-react";
import { BackLink } from "../../components/back-link.tsx";
import { BillingLoader, PlanOverview } from "../../components/billing/plan-overview.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { useSupportEmail } from "../../lib/api/app-config.ts";
import { downloadInvoice, useBilling } from "../../lib/api/billing.ts";
import { errorText } from "../../lib/api-error.ts";
import { useAuth } from "../../lib/auth/auth-provider.tsx";
import { supportMailto } from "../../lib/support-mailto.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { usePaymentReturn } from "./api/use-payment-return.ts";
import { BillingHistory } from "./components/billing-history.tsx";

const TITLE = "Billing";

/**
 * /billing: plan, usage this month, the upgrade, payments and their receipts (docs/product.md#billing-page).
 */
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
        <BillingLoader billing={billing}>{(data) => <BillingDetails billing={data} />}</BillingLoader>
      </div>
    </div>
  );
}

function BillingDetails({ billing }: { billing: TBilling }) {
  return (
    <div className="flex flex-col gap-6">
      <PlanOverview billing={billing} />
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
        description: errorText(error, {
          fallback: "Your invoice could not be downloaded. Please try again.",
        }),
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
