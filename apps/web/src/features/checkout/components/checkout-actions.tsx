import { ArrowLeft, Lock } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { PLANS } from "../../../lib/plans.ts";

export type CheckoutActionsProps = {
  /** A payment is being confirmed: 'Processing...' and no second click. */
  submitting: boolean;
  /** The form cannot be paid yet (the payment form is still loading). */
  disabled?: boolean;
  /** The id of the form the Pay button submits, when it is rendered outside it. */
  form?: string;
};

/** 'Back to Billing' and 'Pay $10' ('Processing...' while working), under every payment form. */
export function CheckoutActions({ submitting, disabled = false, form }: CheckoutActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Button asChild variant="outline" size="lg">
        <Link to="/billing">
          <ArrowLeft aria-hidden="true" />
          Back to Billing
        </Link>
      </Button>
      <Button type="submit" form={form} size="lg" disabled={disabled || submitting}>
        <Lock aria-hidden="true" />
        {submitting ? "Processing..." : `Pay ${PLANS.lifetime.price}`}
      </Button>
    </div>
  );
}
