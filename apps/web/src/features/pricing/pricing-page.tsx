import { LIMITS } from "@resumelens/contract";
import { ShieldCheck } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { BackLink } from "../../components/back-link.tsx";
import { PlanCards } from "../../components/plan-card.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useCurrentUser } from "../../lib/api/current-user.ts";
import { useAuth } from "../../lib/auth/auth-provider.tsx";
import type { PlanId } from "../../lib/plans.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";

type PlanActionProps = { plan: PlanId; currentPlan: PlanId | null; loading: boolean };

/** The button under each plan: anonymous → /auth; signed-in → Current Plan / Switch to Free / Upgrade. */
function PlanAction({ plan, currentPlan, loading }: PlanActionProps) {
  const navigate = useNavigate();

  if (currentPlan === null) {
    return (
      <Button asChild variant={plan === "lifetime" ? "default" : "outline"} size="lg">
        <Link to="/auth">{plan === "lifetime" ? "Get Lifetime Access" : "Get Started Free"}</Link>
      </Button>
    );
  }
  if (loading) {
    return (
      <Button size="lg" variant="outline" disabled>
        Loading your plan...
      </Button>
    );
  }
  if (plan === currentPlan) {
    return (
      <Button size="lg" variant="outline" disabled>
        Current Plan
      </Button>
    );
  }
  if (plan === "free") {
    // No downgrade exists: this only takes the user back to the analyzer.
    return (
      <Button size="lg" variant="outline" onClick={() => navigate("/")}>
        Switch to Free
      </Button>
    );
  }
  return (
    <Button size="lg" onClick={() => navigate("/checkout")}>
      Upgrade to Lifetime
    </Button>
  );
}

export default function PricingPage() {
  usePageTitle("Pricing");
  const { isAuthenticated } = useAuth();
  const { data: me, isLoading } = useCurrentUser({ enabled: isAuthenticated });
  // Free is every account's default plan (docs/product.md#plans).
  const currentPlan: PlanId | null = isAuthenticated ? (me?.subscription ?? "free") : null;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <BackLink />

      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold sm:text-5xl">Simple, honest pricing</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Start free. If ResumeLens helps, unlock unlimited analyses with a single payment: no subscription.
        </p>
      </div>

      <PlanCards
        headingLevel="h2"
        className="mx-auto mt-12 max-w-4xl gap-8 md:grid-cols-2"
        action={(id) => (
          <PlanAction plan={id} currentPlan={currentPlan} loading={isAuthenticated && isLoading} />
        )}
      />

      <div className="mx-auto mt-12 flex max-w-2xl flex-col items-center gap-2 text-center text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        <p>No hidden fees. No credit card needed for the Free plan.</p>
        <p>Lifetime is a one-time payment of ${LIMITS.lifetimePriceUsd}: no renewals, no surprise charges.</p>
      </div>
    </div>
  );
}
