import type { TPaymentIntentResponse } from "@resumelens/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, type Routes, TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";
import { formatCardNumber, formatCvc, formatExpiry } from "./api/card-format.ts";

function me(subscription: "free" | "lifetime") {
  return () =>
    json({
      id: TEST_USER.id,
      email: TEST_USER.email,
      emailVerified: true,
      user_metadata: { first_name: "Jane", last_name: "Doe" },
      subscription,
      usageCount: 1,
      maxUsage: subscription === "lifetime" ? 999 : 3,
      providers: ["credential"],
    });
}

const INTENT: TPaymentIntentResponse = {
  clientSecret: "pi_test_1_secret_abc",
  paymentIntentId: "pi_test_1",
  mode: "test",
  amountCents: 1000,
  currency: "usd",
};

const BILLING = {
  subscription: "free",
  purchasedAt: null,
  currentMonth: { analyses: 0, maxAnalyses: 3 },
  payments: [],
};

function renderCheckout({
  subscription = "free",
  routes = {},
}: {
  subscription?: "free" | "lifetime";
  routes?: Routes;
} = {}) {
  return renderApp({
    path: "/checkout",
    signedInAs: TEST_USER,
    routes: {
      "GET /api/auth/user": me(subscription),
      "POST /api/create-payment-intent": () => json(INTENT),
      "GET /api/billing": () => json(BILLING),
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

describe("checkout page, test payment mode", () => {
  it("shows a spinner until the payment secret arrives, then the marked test card form", async () => {
    let answer: (res: Response) => void = () => {};
    const { server } = renderCheckout({
      routes: { "POST /api/create-payment-intent": () => new Promise<Response>((r) => (answer = r)) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Complete Your Purchase" })).toBeTruthy();
    expect(await screen.findByRole("status", { name: "Preparing secure payment form" })).toBeTruthy();
    expect(screen.getByText("Lifetime Access")).toBeTruthy();
    expect(screen.getByText("one-time")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Pay $10" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("link", { name: "Back to Billing" }).getAttribute("href")).toBe("/billing");

    answer(json(INTENT));
    const number = await screen.findByLabelText("Card number");
    expect(screen.queryByRole("status", { name: "Preparing secure payment form" })).toBeNull();
    expect(number.getAttribute("inputmode")).toBe("numeric");
    expect(number.getAttribute("autocomplete")).toBe("cc-number");
    expect(screen.getByLabelText("Expiry").getAttribute("placeholder")).toBe("MM / YY");
    expect(screen.getByLabelText("CVC")).toBeTruthy();
    expect(screen.getByText("Test payment mode: no real card is charged")).toBeTruthy();
    expect(screen.getByText(/any future date and any CVC/).textContent).toContain("4242 4242 4242 4242");

    const creates = server.requestsTo("POST", "/api/create-payment-intent");
    expect(creates).toHaveLength(1);
    expect(creates[0]?.body).toEqual({ amount: 10 });
  });

  it("pays with the test card: success toast and back to /billing", async () => {
    const { user, server } = renderCheckout({
      routes: {
        "POST /api/test-payments/confirm": () =>
          json({ status: "succeeded", subscription: "lifetime", message: null }),
      },
    });
    await user.type(await screen.findByLabelText("Card number"), "4242424242424242");
    expect((screen.getByLabelText("Card number") as HTMLInputElement).value).toBe("4242 4242 4242 4242");
    await user.type(screen.getByLabelText("Expiry"), "1234");
    expect((screen.getByLabelText("Expiry") as HTMLInputElement).value).toBe("12 / 34");
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Pay $10" }));

    const toast = await findToast("Payment Successful");
    expect(toast.textContent).toContain("Welcome to Lifetime Access!");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/billing"));
    const [payment] = server.requestsTo("POST", "/api/test-payments/confirm");
    expect(payment?.body).toEqual({
      paymentIntentId: "pi_test_1",
      cardNumber: "4242 4242 4242 4242",
      expiry: "12 / 34",
      cvc: "123",
    });
    expect(server.requestsTo("POST", "/api/create-payment-intent")).toHaveLength(1);
  });

  it("sends one payment for a double click on Pay $10", async () => {
    const { user, server } = renderCheckout({
      routes: {
        "POST /api/test-payments/confirm": () =>
          json({ status: "succeeded", subscription: "lifetime", message: null }),
      },
    });
    await user.type(await screen.findByLabelText("Card number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry"), "1234");
    await user.type(screen.getByLabelText("CVC"), "123");
    const pay = screen.getByRole("button", { name: "Pay $10" });
    // Both clicks land before React re-renders the button as disabled.
    fireEvent.click(pay);
    fireEvent.click(pay);
    await findToast("Payment Successful");
    expect(server.requestsTo("POST", "/api/test-payments/confirm")).toHaveLength(1);
    expect(server.requestsTo("POST", "/api/create-payment-intent")).toHaveLength(1);
  });

  it("shows 'Processing...' while paying and the decline message afterwards, staying on the page", async () => {
    let answer: (res: Response) => void = () => {};
    const { user } = renderCheckout({
      routes: { "POST /api/test-payments/confirm": () => new Promise<Response>((r) => (answer = r)) },
    });
    await user.type(await screen.findByLabelText("Card number"), "4000000000000002");
    await user.type(screen.getByLabelText("Expiry"), "1234");
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect((screen.getByRole("button", { name: "Processing..." }) as HTMLButtonElement).disabled).toBe(true);

    answer(
      json({ error: { code: "PAYMENT_REQUIRED", message: "Your card was declined." } }, { status: 402 }),
    );
    const toast = await findToast("Payment Failed");
    expect(toast.getAttribute("data-variant")).toBe("destructive");
    expect(toast.textContent).toContain("Your card was declined.");
    expect(screen.getByTestId("location").textContent).toBe("/checkout");
    expect((screen.getByRole("button", { name: "Pay $10" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("checks the card fields before calling the server", async () => {
    const { user, server } = renderCheckout();
    await user.type(await screen.findByLabelText("Card number"), "4242");
    await user.click(screen.getByRole("button", { name: "Pay $10" }));

    const number = screen.getByLabelText("Card number");
    expect(number.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(number);
    expect(screen.getByText("Your card number is incomplete.")).toBeTruthy();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeTruthy();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(server.requestsTo("POST", "/api/test-payments/confirm")).toHaveLength(0);
  });

  it("formats card fields as they are typed", () => {
    expect(formatCardNumber("4242-4242 4242x4242 999")).toBe("4242 4242 4242 4242 999");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("12/3")).toBe("12 / 3");
    expect(formatExpiry("12 / 345")).toBe("12 / 34");
    expect(formatCvc("12a345")).toBe("1234");
  });
});

describe("checkout page, other states", () => {
  it("tells a Lifetime user they already own it, and starts no payment", async () => {
    const { server } = renderCheckout({ subscription: "lifetime" });
    expect(
      await screen.findByRole("heading", { level: 2, name: "You already have Lifetime Access" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Billing" }).getAttribute("href")).toBe("/billing");
    expect(screen.queryByRole("button", { name: "Pay $10" })).toBeNull();
    expect(server.requestsTo("POST", "/api/create-payment-intent")).toHaveLength(0);
  });

  it("goes back to /billing with the server's message when the payment cannot be started", async () => {
    const { server } = renderCheckout({
      routes: {
        "POST /api/create-payment-intent": () =>
          json(
            { error: { code: "CONFLICT", message: "You already have Lifetime Access." } },
            { status: 409 },
          ),
      },
    });
    const toast = await findToast("Payment Failed");
    expect(toast.getAttribute("data-variant")).toBe("destructive");
    expect(toast.textContent).toContain("You already have Lifetime Access.");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/billing"));
    expect(await screen.findByRole("heading", { level: 1, name: "Billing" })).toBeTruthy();
    expect(server.requestsTo("POST", "/api/create-payment-intent")).toHaveLength(1);
  });
});
