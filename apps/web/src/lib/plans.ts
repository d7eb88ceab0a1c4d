import { LIMITS } from "@resumelens/contract";

/**
 * The two plans as users see them (docs/product.md#plans), held to what the server enforces: the
 * only server-side difference is the monthly analysis limit (analyses.service), and the History
 * score trend is drawn for Lifetime only. Every plan gets the same engine, recommendations, email
 * notifications and PDF/ZIP exports, so the spec's Lifetime perks 'PDF export', 'Priority email
 * notifications' and 'Advanced recommendations' are not sold here: they would be false.
 */
export const PLANS = {
  free: {
    id: "free",
    name: "Free",
    price: "$0",
    cadence: "/month",
    tagline: `${LIMITS.freeMonthlyAnalyses} analyses per month`,
    summary: "Everything you need to tune your next applications.",
    features: [
      `${LIMITS.freeMonthlyAnalyses} resume analyses per month`,
      "Smart skills matching",
      "Detailed improvement recommendations",
      "Email notifications",
      "Complete analysis reports",
      "PDF and ZIP export of your reports",
    ],
  },
  lifetime: {
    id: "lifetime",
    name: "Lifetime",
    price: `$${LIMITS.lifetimePriceUsd}`,
    cadence: "one-time",
    tagline: "Unlimited analyses, forever",
    summary: "Pay once and analyze as often as you like.",
    features: [
      "Everything in Free",
      "Unlimited analyses",
      "Score trends in your analysis history",
      "Priority support",
    ],
  },
} as const;

export type PlanId = keyof typeof PLANS;
