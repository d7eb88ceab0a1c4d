import type { TSubscription } from "@resumelens/contract";
import { useNavigate } from "react-router";
import { PLANS, type PlanId } from "../../lib/plans.ts";
import { PlanCards } from "../plan-card.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog.tsx";

export type ChoosePlanDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentPlan: TSubscription;
};

/**
 * 'Choose Your Plan': Free and Lifetime side by side; choosing Lifetime goes to /checkout
 * (docs/product.md#billing-page).
 */
export function ChoosePlanDialog({ open, onOpenChange, currentPlan }: ChoosePlanDialogProps) {
  const navigate = useNavigate();

  function action(plan: PlanId) {
    if (plan === currentPlan) {
      return (
        <Button variant="outline" disabled>
          Current Plan
        </Button>
      );
    }
    if (plan === "free") {
      // No downgrade exists (docs/product.md#billing-flow): this only closes the dialog.
      return (
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Switch to Free
        </Button>
      );
    }
    return <Button onClick={() => navigate("/checkout")}>Upgrade to Lifetime</Button>;
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* sm: so it wins over the base max-w-lg (cn does not merge classes). */}
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Choose Your Plan</DialogTitle>
          <DialogDescription>
            Lifetime is a single payment of {PLANS.lifetime.price}: no subscription, no renewals.
          </DialogDescription>
        </DialogHeader>
        <PlanCards className="gap-6 pt-2 sm:grid-cols-2" action={action} />
      </DialogContent>
    </Dialog>
  );
}
