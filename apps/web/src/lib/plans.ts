import { LIMITS } from "@resumelens/contract";

/** The two plans as users see them (spec §1 and §2 Pricing). */
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
      "Priority email notifications",
      "PDF export",
      "Advanced recommendations",
    ],
  },
} as const;

export type PlanId = keyof typeof PLANS;
