import type { TPaymentIntentResponse } from "@resumelens/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { type ReactNode, StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../app/router.tsx";
import { json, type Routes, TEST_CONFIG, TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";

/*
 * Stripe's libraries load Stripe.js from the network and render iframes: this file (only) replaces
 * them with stand-ins that record what the checkout hands them.
 */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  elementsOptions: [] as unknown[],
}));

vi.mock("@stripe/stripe-js", () => ({
  loadStripe: (key: string) => {
    stripe.loadStripe(key);
    return Promise.resolve({ confirmPayment: stripe.confirmPayment });
  },
}));

vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    stripe.elementsOptions.push(options);
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ fake: "elements" }),
}));

const INTENT: TPaymentIntentResponse = {
  clientSecret: "pi_live_1_secret_abc",
  paymentIntentId: "pi_live_1",
  mode: "stripe",
  amountCents: 1000,
  currency: "usd",
};

function renderStripeCheckout(routes: Routes = {}, strict = false) {
  return renderApp({
    path: "/checkout",
    signedInAs: TEST_USER,
    children: strict ? (
      <StrictMode>
        <AppRoutes />
      </StrictMode>
    ) : undefined,
    routes: {
      "GET /api/config": () =>
        json({ ...TEST_CONFIG, paymentMode: "stripe", stripePublishableKey: "pk_test_123" }),
      "GET /api/auth/user": () =>
        json({
          id: TEST_USER.id,
          email: TEST_USER.email,
          emailVerified: true,
          user_metadata: { first_name: "Jane", last_name: "Doe" },
          subscription: "free",
          usageCount: 0,
          maxUsage: 3,
          providers: ["credential"],
        }),
      "POST /api/create-payment-intent": () => json(INTENT),
      "GET /api/billing": () =>
        json({
          subscription: "lifetime",
          purchasedAt: "2025-06-01T10:00:00.000Z",
          currentMonth: { analyses: 0, maxAnalyses: 999 },
          payments: [],
        }),
      ...routes,
    },
  });
}

async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole("region", { name: /Notifications/ });
  const [titleEl] = await within(region).findAllByText(title);
  const toast = titleEl?.closest("[data-variant]");
  if (!(toast instanceof HTMLElement)) throw new Error(`No toast around "${title}"`);
  return toast;
}

afterEach(() => {
  stripe.loadStripe.mockReset();
  stripe.confirmPayment.mockReset();
  stripe.elementsOptions = [];
});

describe("checkout page, Stripe mode", () => {
  it("renders Stripe's Payment Element with the intent's secret, one intent even under StrictMode", async () => {
    const { server } = renderStripeCheckout({}, true);
    expect(await screen.findByTestId("payment-element")).toBeTruthy();
    expect(screen.queryByText(/Test payment mode/)).toBeNull();
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(stripe.elementsOptions.at(-1)).toMatchObject({ clientSecret: "pi_live_1_secret_abc" });
    expect(new Set(stripe.loadStripe.mock.calls.map(([key]) => key))).toEqual(new Set(["pk_test_123"]));
    expect(server.requestsTo("POST", "/api/create-payment-intent")).toHaveLength(1);
  });

  it("confirms with Stripe, then with the server, and goes to /billing", async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: "pi_live_1", status: "succeeded" } });
    const { user, server } = renderStripeCheckout({
      "POST /api/billing/confirm": () =>
        json({ status: "succeeded", subscription: "lifetime", message: null }),
    });
    await screen.findByTestId("payment-element");
    await user.click(screen.getByRole("button", { name: "Pay $10" }));

    expect((await findToast("Payment Successful")).textContent).toContain("Welcome to Lifetime Access!");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/billing"));
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { fake: "elements" },
      confirmParams: { return_url: `${window.location.origin}/billing` },
      redirect: "if_required",
    });
    expect(server.requestsTo("POST", "/api/billing/confirm").map((r) => r.body)).toEqual([
      { paymentIntentId: "pi_live_1" },
    ]);
  });

  it("shows the provider's message when Stripe refuses the card", async () => {
    let finish: (value: unknown) => void = () => {};
    stripe.confirmPayment.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user, server } = renderStripeCheckout();
    await screen.findByTestId("payment-element");
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect((screen.getByRole("button", { name: "Processing..." }) as HTMLButtonElement).disabled).toBe(true);

    finish({ error: { type: "card_error", message: "Your card has insufficient funds." } });
    const toast = await findToast("Payment Failed");
    expect(toast.getAttribute("data-variant")).toBe("destructive");
    expect(toast.textContent).toContain("Your card has insufficient funds.");
    expect(screen.getByTestId("location").textContent).toBe("/checkout");
    expect(server.requestsTo("POST", "/api/billing/confirm")).toHaveLength(0);
    expect(await screen.findByRole("button", { name: "Pay $10" })).toBeTruthy();
  });
});
