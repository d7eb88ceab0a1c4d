import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/cn.ts";
import { PLANS, type PlanId } from "../lib/plans.ts";
import { Badge } from "./ui/badge.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./ui/card.tsx";

export type PlanCardProps = {
  name: string;
  price: string;
  cadence: string;
  tagline: string;
  features: readonly string[];
  highlighted?: boolean;
  badge?: string;
  headingLevel?: "h2" | "h3";
  /** The call to action (a link or a button). */
  action: ReactNode;
};

export function PlanCard({
  name,
  price,
  cadence,
  tagline,
  features,
  highlighted = false,
  badge,
  headingLevel = "h3",
  action,
}: PlanCardProps) {
  return (
    <Card
      className={cn(
        "relative flex flex-col",
        highlighted && "border-2 border-primary shadow-elevated ring-4 ring-primary-soft",
      )}
    >
      {badge ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 shadow-sm" variant="default">
          {badge}
        </Badge>
      ) : null}
      <CardHeader>
        <CardTitle as={headingLevel} className="text-xl">
          {name}
        </CardTitle>
        <p className="flex items-baseline gap-1.5">
          <span className="text-4xl font-bold tracking-tight text-foreground">{price}</span>
          <span className="text-sm font-medium text-muted-foreground">{cadence}</span>
        </p>
        <CardDescription>{tagline}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2.5">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5 text-sm">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="[&>*]:w-full">{action}</CardFooter>
    </Card>
  );
}

/** Both plans, Lifetime highlighted; `action` gives each its button, `className` the grid's layout. */
export function PlanCards({
  action,
  headingLevel,
  className,
}: {
  action: (plan: PlanId) => ReactNode;
  headingLevel?: "h2" | "h3";
  className?: string;
}) {
  return (
    <div className={cn("grid", className)}>
      {(["free", "lifetime"] as const).map((id) => {
        const plan = PLANS[id];
        return (
          <PlanCard
            key={id}
            headingLevel={headingLevel}
            name={plan.name}
            price={plan.price}
            cadence={plan.cadence}
            tagline={plan.summary}
            features={plan.features}
            highlighted={id === "lifetime"}
            badge={id === "lifetime" ? "Best value" : undefined}
            action={action(id)}
          />
        );
      })}
    </div>
  );
}
