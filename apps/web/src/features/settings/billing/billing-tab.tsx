import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { BillingLoader, PlanOverview } from "../../../components/billing/plan-overview.tsx";
import { useBilling } from "../../../lib/api/billing.ts";

/**
 * Settings → Billing (docs/product.md#settings): current plan, usage this month and the upgrade; the rest is
 * on /billing.
 */
export function BillingTab() {
  const billing = useBilling();
  return (
    <div className="flex flex-col gap-6">
      <BillingLoader billing={billing}>{(data) => <PlanOverview billing={data} />}</BillingLoader>
      <Link
        to="/billing"
        className="inline-flex items-center gap-1.5 self-start rounded text-sm font-medium text-primary hover:underline"
      >
        Billing history, receipts and invoices
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
